"""One pass for every prefilter: a Hyperscan database over all of a pack's prefilters.

A pack's rules each name a prefilter (a regular expression every match
contains). Searching each prefilter separately costs one pass over the text
per prefilter; on large texts that dominates. Hyperscan (when installed: it
ships wheels for Linux x86-64) finds every prefilter's matches in one pass.

Hits must be a *superset* of what the ``regex`` module would report (the
windowed scan is exact for any superset of hits), so only prefilters whose
meaning is the same on Latin-1 bytes are accelerated: ASCII text, no
``\\d``/``\\w``/``\\b``-style escapes, no negated classes, no ``(?`` constructs
but ``(?:``. The text is encoded Latin-1 with every other character replaced
by ``?``: one byte per character, so offsets are character offsets, and a
replaced character is one such a prefilter cannot require.
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Sequence
from typing import Any

__all__ = ["AnchorScanner", "accelerable"]

_UNSAFE = re.compile(r"\\[A-Za-z0-9]|\[\^|\(\?(?!:)|[^\x20-\x7e]")

_hyperscan: Any
try:  # pragma: no cover - depends on the platform
    _hyperscan = importlib.import_module("hyperscan")
except ImportError:  # pragma: no cover
    _hyperscan = None


def accelerable(source: str) -> bool:
    """True when ``source`` matches the same on Latin-1 bytes as on text (see module doc)."""
    return _hyperscan is not None and not _UNSAFE.search(source)


class AnchorScanner:
    """Finds the hits of several prefilters in one Hyperscan pass."""

    def __init__(self, database: Any, sources: Sequence[str]) -> None:
        self._database = database
        self.sources = tuple(sources)
        self._local = threading.local()

    @classmethod
    def build(cls, sources: Sequence[str]) -> AnchorScanner | None:
        """Compile the accelerable ``sources``; None when Hyperscan or every source is unusable."""
        usable = [source for source in sources if accelerable(source)]
        if not usable or _hyperscan is None:
            return None
        database = _hyperscan.Database(mode=_hyperscan.HS_MODE_BLOCK)
        try:
            database.compile(
                expressions=[source.encode("ascii") for source in usable],
                ids=list(range(len(usable))),
                flags=[_hyperscan.HS_FLAG_SOM_LEFTMOST] * len(usable),
            )
        except _hyperscan.error:  # an expression Hyperscan cannot take: stay on `regex`
            return None
        return cls(database, usable)

    def _scratch(self) -> Any:
        # Hyperscan scratch space must not be shared between threads.
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            assert _hyperscan is not None
            scratch = _hyperscan.Scratch(self._database)
            self._local.scratch = scratch
        return scratch

    def scan(self, text: str, start: int, stop: int) -> dict[str, list[tuple[int, int]]]:
        """Return, per accelerated source with hits, its unordered hits in ``text[start:stop]``."""
        data = text[start:stop].encode("latin-1", "replace")
        hits: dict[int, list[tuple[int, int]]] = {}

        def on_match(identifier: int, begin: int, end: int, _flags: int, _context: object) -> None:
            found = hits.get(identifier)
            if found is None:
                hits[identifier] = found = []
            found.append((begin + start, end + start))

        self._database.scan(data, match_event_handler=on_match, scratch=self._scratch())
        return {self.sources[identifier]: found for identifier, found in hits.items()}
