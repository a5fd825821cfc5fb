"""A rule's scan by runs of matches finds what one search after another finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core.errors import DecisionBudgetExceededError
from engine_core.matching import RegexMatcher

#: Patterns with pieces to split, glued values, look-arounds and possible empty matches.
PATTERNS = (
    r"[0-9]+(?:[ -][0-9]+)*",
    r"(?<![0-9])[0-9]{2,6}(?![0-9])",
    r"(?<=a)b*",
    r"a|(?=b)",
    r"[a-z]+@[a-z]+",
)


def _even_digits(value: str) -> bool:
    """A validator that refuses some candidates, so that pieces are searched."""
    return sum(map(int, filter(str.isdigit, value))) % 2 == 0


@settings(max_examples=300, deadline=None)
@given(
    pattern=st.sampled_from(PATTERNS),
    text=st.text(st.sampled_from("0123 -ab@xz"), max_size=40),
    checked=st.booleans(),
    bounds=st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40)),
)
def test_runs_of_matches_find_what_single_searches_find(
    pattern: str, text: str, checked: bool, bounds: tuple[int, int, int]
) -> None:
    """Same spans for whole texts and windows, with and without a validator."""
    matcher = RegexMatcher(pattern, validator=_even_digits if checked else None)
    start, end, last = sorted(min(bound, len(text)) for bound in bounds)
    expected = matcher._search(text, start, end, last, len(text), [])
    assert matcher._scan(text, start, end, last, len(text)) == expected
    whole = matcher._search(text, 0, len(text), len(text), len(text), [])
    assert matcher.find(text) == whole


def test_a_search_past_its_timeout_still_stops_the_decision() -> None:
    """The timeout bounds each search as before: a catastrophic pattern is stopped."""
    matcher = RegexMatcher(r"^(?:(a+)\1*)+$", flags=["MULTILINE"], timeout=0.01)
    with pytest.raises(DecisionBudgetExceededError):
        matcher.find("a" * 30 + "b")
    with pytest.raises(DecisionBudgetExceededError):  # after matches: searched one at a time
        matcher.find("aaa\n" * 3 + "a" * 30 + "b")
