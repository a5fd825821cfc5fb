"""Every occurrence of a few known values in a text (verbatim propagation's search).

Aho-Corasick reads about 30 MB/s: fine for a request, the largest cost of a
large mostly-clean text. On large texts the values go into a Hyperscan
literal database instead, searched over the text's scan bytes (one byte per
character, ``engine_core.anchors``): a hit is checked against the text, since
every character outside Latin-1 reads as ``?`` there.
"""

from __future__ import annotations

from collections.abc import Sequence

import ahocorasick

from ..anchors import HYPERSCAN as _hyperscan
from ..anchors import scan_bytes

__all__ = ["LARGE_TEXT", "occurrences"]

#: From this many characters on, a Hyperscan database is worth compiling...
LARGE_TEXT = 1 << 18
#: ... for at most this many values (its compile time grows with them).
MANY_VALUES = 512


def occurrences(text: str, values: Sequence[str], start: int = 0) -> list[tuple[int, str]]:
    """Return ``(position, value)`` for every occurrence in ``text[start:]`` of each value."""
    if not values:
        return []
    if _hyperscan is not None and len(text) - start >= LARGE_TEXT and len(values) <= MANY_VALUES:
        try:
            return _by_hyperscan(text, values, start)
        except _hyperscan.error:  # pragma: no cover - a database Hyperscan refuses
            pass
    automaton = ahocorasick.Automaton()
    for value in values:
        automaton.add_word(value, value)
    automaton.make_automaton()
    return [(last + 1 - len(value), value) for last, value in automaton.iter(text, start)]


def _by_hyperscan(text: str, values: Sequence[str], start: int) -> list[tuple[int, str]]:
    expressions = [
        "".join(f"\\x{byte:02x}" for byte in scan_bytes(value).data).encode("ascii")
        for value in values
    ]
    database = _hyperscan.Database(mode=_hyperscan.HS_MODE_BLOCK)
    database.compile(expressions=expressions, ids=list(range(len(values))))
    found: list[tuple[int, str]] = []

    def on_match(identifier: int, _begin: int, end: int, _flags: int, _context: object) -> None:
        value = values[identifier]
        position = start + end - len(value)
        if text.startswith(value, position):  # a "?" byte stands for any non-Latin-1 character
            found.append((position, value))

    database.scan(scan_bytes(text[start:]).data, match_event_handler=on_match)
    return found
