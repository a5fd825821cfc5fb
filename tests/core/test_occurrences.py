"""Verbatim propagation finds every occurrence of a value, on small and large texts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core.evaluation.occurrences import LARGE_TEXT, PREFIX, KnownValues, occurrences

#: Latin-1 and other letters, so that "?" in the scan bytes stands for several characters,
#: and lone surrogates (a JSON string may carry one; they are not UTF-8).
ALPHABET = "ab1-? é\u0416\u4e2d\U0001f600\ud800\udfff"


def _naive(text: str, values: list[str], start: int) -> set[tuple[int, str]]:
    found = set()
    for value in values:
        position = text.find(value, start)
        while position >= 0:
            found.add((position, value))
            position = text.find(value, position + 1)
    return found


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=ALPHABET, max_size=40),
    st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=5), min_size=1, max_size=5),
    st.integers(min_value=0, max_value=10),
)
def test_every_occurrence_is_found(text: str, values: list[str], start: int) -> None:
    values = list(dict.fromkeys(values))
    expected = _naive(text, values, start)
    assert set(occurrences(text, values, start)) == expected


@settings(max_examples=10, deadline=None)
@given(
    st.text(alphabet=ALPHABET, max_size=40),
    st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=5), min_size=1, max_size=5),
)
def test_large_texts_find_the_same_occurrences(piece: str, values: list[str]) -> None:
    """Above LARGE_TEXT the search runs on Hyperscan; it must agree with a plain search."""
    values = list(dict.fromkeys(values))
    text = piece + "z" * LARGE_TEXT + piece + "\u0416".join(values)
    assert set(occurrences(text, values, 1)) == _naive(text, values, 1)


@settings(max_examples=10, deadline=None)
@given(
    st.text(alphabet=ALPHABET, max_size=40),
    st.text(alphabet="ab\u0416\u4e2d", min_size=PREFIX, max_size=PREFIX),
    st.lists(st.text(alphabet="ab\u0416", max_size=6), min_size=1, max_size=6),
)
def test_large_texts_find_values_sharing_their_first_characters(
    piece: str, head: str, tails: list[str]
) -> None:
    """On Hyperscan values are searched by their first PREFIX characters: values that share
    them (or whose "?" bytes do) are each found where they occur, and only there."""
    values = list(dict.fromkeys(head + tail for tail in tails))
    text = piece + "z" * LARGE_TEXT + "".join(values) + piece + "\u0416".join(reversed(values))
    assert set(occurrences(text, values, 1)) == _naive(text, values, 1)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.text(alphabet="ab1-", min_size=1, max_size=4), min_size=0, max_size=120),
    st.text(alphabet="ab1- ", max_size=60),
    st.integers(min_value=0, max_value=10),
)
def test_a_stream_s_known_values_find_every_occurrence(
    values: list[str], text: str, start: int
) -> None:
    """A stream's known values (kept in levels of automata as they arrive) find every
    occurrence of each, however many there are, and remember the longest and the owner
    each value came with first."""
    known: KnownValues[int] = KnownValues()
    for position, value in enumerate(values):
        known.add(value, position)
    assert len(known) == len(set(values))
    assert all(value in known for value in values)
    assert all(known.owner(value) == values.index(value) for value in values)
    assert known.longest == max(map(len, values), default=0)
    assert sorted(known.occurrences(text, start)) == sorted(_naive(text, values, start))


#: A stream's known values, and the text a long piece is filled with around them.
_KNOWN_VALUE = st.text(alphabet="ab1-", min_size=3, max_size=6)
_FILLER = st.text(alphabet="ab1- ", min_size=1, max_size=30)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(_KNOWN_VALUE, min_size=20, max_size=40),
            st.integers(min_value=0, max_value=40),
        ),
        min_size=6,
        max_size=12,
    ),
    _FILLER,
)
def test_known_values_built_into_one_automaton_still_find_everything(
    batches: list[tuple[list[str], int]], piece: str
) -> None:
    """A long stream's searches build the levels into one automaton from time to time
    (once they searched as long as a build takes); values added before and after, and the
    levels merged since, still find every occurrence, each with its first owner."""
    known: KnownValues[int] = KnownValues()
    values: list[str] = []
    filler = piece * (4000 // len(piece) + 1)  # long: the levels search enough to be built
    for batch, start in batches:
        for value in batch:
            known.add(value, len(values))
            values.append(value)
        text = filler + " ".join(values)
        assert sorted(known.occurrences(text, start)) == sorted(_naive(text, values, start))
    assert all(known.owner(value) == values.index(value) for value in values)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(_KNOWN_VALUE, min_size=1, max_size=40),
            st.integers(min_value=0, max_value=40),
            st.integers(min_value=0, max_value=6000),
        ),
        min_size=1,
        max_size=12,
    ),
    _FILLER,
)
def test_a_stream_s_own_search_and_the_levels_together_find_each_occurrence_once(
    batches: list[tuple[list[str], int, int]], piece: str
) -> None:
    """A stream searches its newest known values with its own values (``recent``) and asks
    the levels for the others: together they find every occurrence exactly once, however
    long the pieces, with each value's first owner."""
    known: KnownValues[int] = KnownValues()
    values: list[str] = []
    for batch, start, length in batches:
        for value in batch:
            known.add(value, len(values))
            values.append(value)
        text = (piece * (length // len(piece) + 1))[:length] + " ".join(values)
        newest = known.recent(len(text) - start)
        assert all(owner == values.index(value) for value, owner in newest.items())
        found = known.occurrences(text, start, recent=False) + sorted(
            _naive(text, list(newest), start)
        )
        assert sorted(found) == sorted(_naive(text, values, start))


def test_a_value_given_twice_is_found_once_per_occurrence() -> None:
    assert sorted(occurrences("abcabc", ["abc", "abc", "bc"])) == [
        (0, "abc"),
        (1, "bc"),
        (3, "abc"),
        (4, "bc"),
    ]
