"""A phone rule that needs a phone word scans only near the words, with the same spans."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine_plugins.phone_numbers import PhoneMatcher

from .conftest import catalogue_engine

PIECES = st.sampled_from(
    [
        "phone ",
        "call me on ",
        "020 7946 0958",
        "+44 20 7946 0958",
        "(02) 9876 5432",
        "0412 345 678",
        "612 07 26 02",  # Spain's: a label region of intl.phone_en (right after "Phone: ")
        "Phone: ",
        "1-2",
        "12.34.56",
        "word ",
        "and ",
        "x",
        " ",
        "/",
        "-",
        "\n",
    ]
)


def _whole_range(matcher: PhoneMatcher, text: str) -> list[tuple[int, int]]:
    """The rule's spans by one scan of the whole text (what the ranges must reproduce)."""
    context = matcher.required_context
    assert context is not None
    assert matcher.validator is not None
    spans: list[tuple[int, int]] = []
    for match in matcher.pattern.finditer(text):
        begin, finish = match.span()
        if finish > begin and context.distance(text, begin, finish) is not None:
            found = matcher._numbers(text, begin, finish, matcher.validator)
            spans.extend(found or matcher._labelled_numbers(text, begin, finish))
    return spans


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join))
def test_scanning_near_the_words_finds_what_the_whole_scan_finds(text: str) -> None:
    engine = catalogue_engine("intl.phone_en")
    (rule,) = engine.compiled_pack.rules
    matcher = rule.matcher
    assert isinstance(matcher, PhoneMatcher)
    assert matcher.find(text) == _whole_range(matcher, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join), st.lists(PIECES, max_size=6).map("".join))
def test_every_value_lies_in_a_run_the_stream_keeps_whole(text: str, later: str) -> None:
    """A stream never cuts inside the runs of phone characters that can hold a value of a
    rule needing a word: every value, of the text as it is or after more text arrives
    (a word among it), lies inside one of the runs the rule gives as candidates."""
    engine = catalogue_engine("intl.phone_en")
    (rule,) = engine.compiled_pack.rules
    matcher = rule.matcher
    assert isinstance(matcher, PhoneMatcher)
    words = matcher._words_around(text, 0, len(text))
    runs = list(matcher._worded_runs(text, 0, len(text), len(text), None, words))
    longer = text + later
    for begin, finish in matcher.find(longer):
        if finish <= len(text):
            assert any(low <= begin and finish <= high for low, high in runs), (begin, finish)
