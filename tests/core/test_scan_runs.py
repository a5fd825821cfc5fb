"""A rule's scan by runs of matches finds what one search after another finds, and scan
windows do not depend on the order of the prefilter hits."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core.errors import DecisionBudgetExceededError
from engine_core.evaluation.scanning import _WINDOW_MERGE_GAP, _ScanGroup, _windows
from engine_core.matching import PROBE_RATIO, RegexMatcher
from engine_core.prefilter_derivation import first_characters

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


#: Patterns whose matches start with known characters (look-behinds and all).
STARTING_PATTERNS = (
    r"[0-9](?<![a-z].)[0-9]{0,3}(?:-[0-9]{1,2})?[ ]?[ab]?",
    r"[0-9]+(?:[ -][0-9]+)*",
    r"(?<![0-9])[0-9]{2,6}(?![0-9])",
    r"[ab](?:[0-9]{1,2}|-a)(?= )",
)


@settings(max_examples=300, deadline=None)
@given(
    pattern=st.sampled_from(STARTING_PATTERNS),
    text=st.text(st.sampled_from("0123 -ab@xz"), min_size=240, max_size=300),
    checked=st.booleans(),
    start=st.integers(0, 30),
    width=st.integers(1, 12),
)
def test_a_window_attempted_where_matches_start_finds_what_its_searches_find(
    pattern: str, text: str, checked: bool, start: int, width: int
) -> None:
    """A window whose starts are few beside the text read past them is attempted only
    where a match can start: the spans are those of one search after another."""
    validator = _even_digits if checked else None
    starts = first_characters(pattern)
    assert starts is not None
    matcher = RegexMatcher(pattern, validator=validator, starts_with=starts)
    last = start + width
    end = len(text)
    assert end - last > PROBE_RATIO * width  # the attempts are used
    searching = RegexMatcher(pattern, validator=validator)
    expected = searching._search(text, start, end, last, end, [])
    assert matcher.find_in_window(text, start, end, last) == expected
    # A stream's candidates in the window: the same one pass, attempted or searched.
    assert matcher.candidates_in_window(text, start, end, last) == (
        searching.candidates_in_window(text, start, end, last)
    )


# A timing test: the regex module's clock is the process's CPU time (see the fixture).
@pytest.mark.usefixtures("no_background_compile")
def test_a_search_past_its_timeout_still_stops_the_decision() -> None:
    """The timeout bounds each search as before: a catastrophic pattern is stopped."""
    matcher = RegexMatcher(r"^(?:(a+)\1*)+$", flags=["MULTILINE"], timeout=0.01)
    with pytest.raises(DecisionBudgetExceededError):
        matcher.find("a" * 30 + "b")
    with pytest.raises(DecisionBudgetExceededError):  # after matches: searched one at a time
        matcher.find("aaa\n" * 3 + "a" * 30 + "b")


# A timing test: the regex module's clock is the process's CPU time (see the fixture).
@pytest.mark.usefixtures("no_background_compile")
def test_many_quick_matches_outlast_the_timeout_of_one_search() -> None:
    """The timeout bounds each search, not a run of them: a long text full of candidates
    whose whole run takes longer than one search's timeout is still read to its end, by
    the values' scan and by a stream's candidates alike."""
    text = "1234 5678 " * 60_000
    quick = RegexMatcher(r"[0-9]{4}", validator=_even_digits, timeout=0.005)
    patient = RegexMatcher(r"[0-9]{4}", validator=_even_digits, timeout=60)
    expected = patient.candidates(text)
    assert len(expected[1]) == 120_000
    assert quick.candidates(text) == expected
    end = len(text)
    assert quick.candidates_in_window(text, 0, end, end) == expected
    assert quick.find(text) == expected[0]


def _reference_windows(
    hits: list[tuple[int, int]], before: int, after: int, lead: int, exhaustive: bool
) -> list[tuple[int, int, int]]:
    """Windows as the scanner's proof defines them: each hit reaches from where a match
    containing it may start to its end; hits sorted by that start join a window they
    reach within ``_WINDOW_MERGE_GAP`` characters of its end."""
    reach = sorted(
        (
            max(end - before, start - lead) if exhaustive else start - lead,
            max(end, start + 1),
        )
        for start, end in hits
    )
    joined: list[list[int]] = []
    for low, last in reach:
        if joined and low <= joined[-1][1] - 1 + after + _WINDOW_MERGE_GAP:
            joined[-1][1] = max(joined[-1][1], last)
        else:
            joined.append([low, last])
    return [(low, last - 1 + after, last) for low, last in joined]


@settings(max_examples=300, deadline=None)
@given(
    bounds=st.tuples(st.integers(0, 30), st.integers(0, 5), st.integers(0, 30)),
    hits=st.lists(
        st.tuples(st.integers(0, 200), st.integers(0, 10)).map(lambda hit: (hit[0], sum(hit))),
        min_size=1,
        max_size=12,
    ),
    exhaustive=st.booleans(),
)
def test_windows_of_hits_in_any_order_are_those_of_sorted_hits(
    bounds: tuple[int, int, int], hits: list[tuple[int, int]], exhaustive: bool
) -> None:
    """Hits given by their end (as the one pass reports them), by their start or in no
    order: the same windows."""
    before, context, lead = bounds
    group = _ScanGroup(
        regex.compile("x"),
        "x",
        (),
        (),
        before,
        before + context,
        min(lead, before),
        0.5,
        frozenset(),
    )
    expected = _reference_windows(hits, before, before + context, min(lead, before), exhaustive)
    for order in (sorted(hits, key=lambda hit: hit[1]), hits, list(reversed(hits))):
        assert _windows(group, order, exhaustive=exhaustive) == expected
        assert _windows(group, iter(order), exhaustive=exhaustive) == expected
