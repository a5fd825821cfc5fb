"""Every occurrence of a few known values in a text (verbatim propagation's search).

Aho-Corasick (``ahocorasick_rs``: one C call per search) reads about 130 MB/s
of dense records: fine for a request and a stream's pieces, a large cost on a
large mostly-clean text. On large texts the values go into a Hyperscan literal
database instead, searched over the text's scan bytes (one byte per character,
``engine_core.anchors``): a hit is checked against the text, since every
character outside Latin-1 reads as ``?`` there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import ahocorasick
import ahocorasick_rs

from ..anchors import HYPERSCAN as _hyperscan
from ..anchors import scan_bytes

__all__ = ["LARGE_TEXT", "KnownValues", "occurrences"]

#: From this many characters on, a Hyperscan database is worth compiling...
LARGE_TEXT = 1 << 18
#: ... when the text has at least this many characters per value: compiling a value costs
#: what the automaton takes to read about this many (measured: Hyperscan's compile grows
#: from ~10 to ~25 us a value between 128 and 512 values; the automaton reads 5-9 ns a
#: character; 512 values on 1 MB took 14 ms on Hyperscan, 8.6 ms on the automaton).
CHARS_PER_COMPILED_VALUE = 4096


def occurrences(
    text: str, values: Sequence[str], start: int = 0, encoded: bytes | None = None
) -> list[tuple[int, str]]:
    """Return ``(position, value)`` for every occurrence in ``text[start:]`` of each value
    (``encoded``: ``scan_bytes(text).data`` when the caller has it)."""
    if not values:
        return []
    chars = len(text) - start
    if (
        _hyperscan is not None
        and chars >= LARGE_TEXT
        and chars >= CHARS_PER_COMPILED_VALUE * len(values)
    ):
        try:
            return _by_hyperscan(text, values, start, encoded)
        except _hyperscan.error:  # pragma: no cover - a database Hyperscan refuses
            pass
    return _Automaton(values).occurrences(text, start)


#: Hyperscan's compile time grows with a literal's length (241 values of up to 51
#: characters: 25 ms whole, 12 ms by their first 8): values are searched by their first
#: PREFIX characters, and each hit is checked against the text.
PREFIX = 8


def _by_hyperscan(
    text: str, values: Sequence[str], start: int, encoded: bytes | None
) -> list[tuple[int, str]]:
    by_prefix: dict[bytes, list[str]] = {}
    for value in values:
        by_prefix.setdefault(scan_bytes(value[:PREFIX]).data, []).append(value)
    prefixes = list(by_prefix)
    sharing = [by_prefix[prefix] for prefix in prefixes]
    database = _hyperscan.Database(mode=_hyperscan.HS_MODE_BLOCK)
    # Pure literals (Hyperscan's literal API): compiled in about half the time of patterns.
    database.compile(expressions=prefixes, ids=list(range(len(prefixes))), literal=True)
    found: list[tuple[int, str]] = []

    def on_match(identifier: int, _begin: int, end: int, _flags: int, _context: object) -> None:
        position = start + end - len(prefixes[identifier])  # one byte per character
        for value in sharing[identifier]:
            if text.startswith(value, position):  # "?" stands for any non-Latin-1 character
                found.append((position, value))

    data = encoded if encoded is not None and not start else scan_bytes(text[start:]).data
    database.scan(data, match_event_handler=on_match)
    return found


Owner = TypeVar("Owner")

#: Characters an automaton searches in the time one value takes to build into one
#: (a contiguous NFA, measured: about 7 ns a character against 1.1-1.5 us a value).
_CHARS_PER_BUILT_VALUE = 160


class KnownValues(Generic[Owner]):
    """Values found so far in a stream, each with its owner (the rule that found it first),
    and every occurrence of them in a new piece of text, found in time that does not grow
    with how many there are (docs/architecture.md, Streaming).

    Rebuilding one automaton of all values at every scan would make a long stream's work
    quadratic. The newest values are searched together with what the caller searches
    the piece for anyway (:meth:`recent`: built into its automaton each time), until
    building them in costs more than one more automaton's pass over the piece; then they
    become a level, merged with every level not larger than it, so the levels at least
    double in size from the newest to the oldest and each value is built O(log n) times.
    Every level is one more search of each new piece, so once the levels past the first
    have searched as long as building all values into one automaton takes, they are
    built into one: that build costs at most the searches it ends, so the work stays
    within twice the cheaper of the two.
    """

    def __init__(self) -> None:
        self._owners: dict[str, Owner] = {}  # in the order values arrived
        self._order: list[str] = []
        self._levels: list[tuple[int, _Automaton]] = []
        self._recent = 0  # the newest values, not yet in a level
        self.longest = 0  # the length of the longest value
        # Characters searched by levels past the first since they were last built into one.
        self._searched_past_first = 0

    def __contains__(self, value: object) -> bool:
        return value in self._owners

    def __len__(self) -> int:
        return len(self._order)

    def owner(self, value: str) -> Owner:
        """Return the owner ``value`` was added with."""
        return self._owners[value]

    def add(self, value: str, owner: Owner) -> None:
        """Remember ``value`` with its ``owner`` (a known value keeps its first owner)."""
        if value in self._owners:
            return
        self._owners[value] = owner
        self._order.append(value)
        self.longest = max(self.longest, len(value))
        self._recent += 1

    def _settle(self, chars: int) -> None:
        """Build the recent values into a level (merged with every level not larger) when
        building them into a search of ``chars`` characters costs more than its pass."""
        if self._recent * _CHARS_PER_BUILT_VALUE <= chars:
            return
        size, self._recent = self._recent, 0
        while self._levels and self._levels[-1][0] <= size:
            size += self._levels.pop()[0]
        self._levels.append((size, _Automaton(self._order[len(self._order) - size :])))

    def _collapse(self, size: int) -> None:
        """Build every level (the first ``size`` values) into one automaton."""
        self._levels = [(size, _Automaton(self._order[:size]))]
        self._searched_past_first = 0

    def recent(self, chars: int) -> dict[str, Owner]:
        """Return the newest values, not in a level, with their owners, for a caller that
        searches ``chars`` characters for values of its own and adds these to that search
        (then :meth:`occurrences` with ``recent`` false finds the others)."""
        self._settle(chars)
        order = self._order
        return {value: self._owners[value] for value in order[len(order) - self._recent :]}

    def occurrences(
        self, text: str, start: int = 0, *, recent: bool = True
    ) -> list[tuple[int, str]]:
        """Return ``(position, value)`` for every occurrence in ``text[start:]`` of each value
        (``recent`` false: of the values in levels only, see :meth:`recent`)."""
        if recent:
            self._settle(len(text) - start)
        if len(self._levels) > 1:
            self._searched_past_first += (len(self._levels) - 1) * (len(text) - start)
            in_levels = len(self._order) - self._recent
            if self._searched_past_first >= _CHARS_PER_BUILT_VALUE * in_levels:
                self._collapse(in_levels)
        found = [hit for _, automaton in self._levels for hit in automaton.occurrences(text, start)]
        if recent and self._recent:
            newest = self._order[len(self._order) - self._recent :]
            found.extend(_Automaton(newest).occurrences(text, start))
        return found


class _Automaton:
    """An Aho-Corasick automaton of some values: every occurrence of each, in one C call."""

    __slots__ = ("_any_text", "_search", "_values")

    def __init__(self, values: Sequence[str]) -> None:
        # Each value once (a value given twice would be reported twice by ahocorasick-rs).
        self._values = tuple(dict.fromkeys(value for value in values if value))
        self._search: Any = None
        # pyahocorasick, built the first time a text or value is not UTF-8 (a lone surrogate,
        # which a JSON string may carry): ahocorasick-rs reads UTF-8 only.
        self._any_text: Any = None
        if self._values and _is_utf8(self._values):
            # A contiguous NFA builds as fast as the values arrive (about 1 us each) and reads
            # about twice as fast as pyahocorasick; a DFA reads faster but builds 7x slower.
            self._search = ahocorasick_rs.AhoCorasick(
                self._values, implementation=ahocorasick_rs.Implementation.ContiguousNFA
            ).find_matches_as_indexes

    def occurrences(self, text: str, start: int = 0) -> list[tuple[int, str]]:
        """Return ``(position, value)`` for every occurrence in ``text[start:]`` of each value."""
        values = self._values
        if not values:
            return []
        if self._search is not None:
            try:
                matches = self._search(text[start:] if start else text, overlapping=True)
            except UnicodeEncodeError:
                pass
            else:
                return [(start + first, values[index]) for index, first, _ in matches]
        if self._any_text is None:
            self._any_text = ahocorasick.Automaton()
            for value in values:
                self._any_text.add_word(value, value)
            self._any_text.make_automaton()
        return [(last + 1 - len(value), value) for last, value in self._any_text.iter(text, start)]


def _is_utf8(values: Sequence[str]) -> bool:
    """True when no value holds a lone surrogate: given one, ahocorasick-rs builds an
    automaton that finds nothing at all (a text holding one raises UnicodeEncodeError)."""
    joined = "".join(values)
    if joined.isascii():
        return True
    try:
        joined.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
