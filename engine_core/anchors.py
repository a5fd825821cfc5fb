"""One pass for every prefilter: a Hyperscan database over all of a pack's prefilters.

A pack's rules each name a prefilter (a regular expression every match
contains). Searching each prefilter separately costs one pass over the text
per prefilter; on large texts that dominates. Hyperscan (when installed: it
ships wheels for Linux x86-64) finds every prefilter's matches in one pass.

Hits must be a *superset* of what the ``regex`` module would report (the
windowed scan is exact for any superset of hits), so only prefilters whose
meaning is the same on Latin-1 bytes are accelerated: ASCII text, no
``\\d``/``\\w``/``\\b``-style escapes, no ``(?`` constructs but ``(?:``, and
negated classes only without ``?`` or escapes. The text is encoded Latin-1
with every other character replaced by ``?``: one byte per character, so
offsets are character offsets, and a replaced character is one such a
prefilter cannot require (a class can only require it by naming ``?``, and a
negated class that leaves ``?`` out admits it, as it admits the character).
"""

from __future__ import annotations

import codecs
import importlib
import re
import threading
import time
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from . import deadline

__all__ = [
    "COMPILE_THREAD",
    "HYPERSCAN",
    "AnchorScanner",
    "ScanBytes",
    "accelerable",
    "scan_bytes",
]

_UNSAFE = re.compile(r"\\[A-Za-z0-9]|\[\^(?:\]|[^\]]*[\\?])|\(\?(?!:)|[^\x20-\x7e]")

#: The name of every thread compiling a database in the background begins with this.
COMPILE_THREAD = "engine-pack-compile:"
#: At most this many optional parts are searched by their own databases; more, by one pass
#: of the database holding every source (its hits of the parts not asked for are dropped).
#: Each pass has a fixed cost, which weighs less on a long text (measured: one part's pass
#: costs what the whole database adds over the base at about 12 parts on 1 KB of prose,
#: at about 40 on 1 MB).
SEPARATE_PARTS = 12
SEPARATE_PARTS_LONG = 32
#: From this many bytes on, a text is long (SEPARATE_PARTS_LONG applies).
LONG_SCAN = 1 << 16
#: A prefilter's hits between two looks at the decision's deadline during the one pass.
CHECK_EVERY_HITS = 4096

#: The ``hyperscan`` module, or None where it is not installed (every user of it goes
#: through this one import).
HYPERSCAN: Any
try:  # pragma: no cover - depends on the platform
    HYPERSCAN = importlib.import_module("hyperscan")
except ImportError:  # pragma: no cover
    HYPERSCAN = None


class ScanBytes(NamedTuple):
    """A text as Hyperscan reads it, and what that encoding replaced.

    ``data`` has one byte per character (Latin-1, every other character as
    ``?``); ``replaced`` lists each run of replaced characters as (offset,
    characters). Together they give back the text, so a digest of both is a
    digest of the text, without encoding it a second time.
    """

    data: bytes
    replaced: tuple[tuple[int, str], ...]


_recorded = threading.local()


def _replace_and_record(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: ``?`` for each character, and note what was replaced where."""
    assert isinstance(error, UnicodeEncodeError)
    _recorded.runs.append((error.start, error.object[error.start : error.end]))
    return "?" * (error.end - error.start), error.end


codecs.register_error("engine_pack.scan_replace", _replace_and_record)


def _compiled(sources: Sequence[str], ids: Iterable[int]) -> Any:
    """Return a block-mode database of ``sources[i]`` for each ``i`` in ``ids`` (reported as i)."""
    assert HYPERSCAN is not None
    chosen = list(ids)
    database = HYPERSCAN.Database(mode=HYPERSCAN.HS_MODE_BLOCK)
    database.compile(
        expressions=[sources[index].encode("ascii") for index in chosen],
        ids=chosen,
        flags=[HYPERSCAN.HS_FLAG_SOM_LEFTMOST] * len(chosen),
    )
    return database


def scan_bytes(text: str) -> ScanBytes:
    """Return ``text`` as Hyperscan scans it, with the runs of replaced characters."""
    if text.isascii():  # the common case: a copy of the string's own bytes
        return ScanBytes(text.encode("ascii"), ())
    runs: list[tuple[int, str]] = []
    _recorded.runs = runs
    try:
        data = text.encode("latin-1", "engine_pack.scan_replace")
    finally:
        del _recorded.runs
    return ScanBytes(data, tuple(runs))


def accelerable(source: str) -> bool:
    """True when ``source`` matches the same on Latin-1 bytes as on text (see module doc)."""
    return HYPERSCAN is not None and not _UNSAFE.search(source)


#: A repeated negated class (``[^ @]{1,64}@``) matches at almost every byte; Hyperscan
#: runs a database holding one far slower for every pattern in it, so such prefilters get
#: their own (a single one, such as a guard, costs nothing special).
_BROAD = re.compile(r"\[\^[^\]]*\][*+{]")


class AnchorScanner:
    """Finds the hits of several prefilters in one Hyperscan pass (a few with broad ones).

    ``optional`` sources each have a part (a small int): a scan may leave a part out
    (the prefilters of context-required rules, when the text has none of their
    words). The sources without a part are compiled apart (their *base*), each part
    on its own, and, where there are many parts, every source together in one more
    database and every optional source in another. A scan needing a few parts reads
    the text with the base and those parts (hits of the parts left out are never
    reported); one needing more reads it once with the database holding them all and
    drops the hits of the parts left out: Hyperscan's cost grows with each pass over
    the bytes, Python's with each hit.
    """

    def __init__(
        self,
        base: Sequence[Any],
        by_part: Mapping[int, Any],
        sources: Sequence[str],
        parts: Sequence[int | None],
    ) -> None:
        self._base = tuple(base)
        self._by_part = dict(by_part)
        #: Every source, and every optional source, in one database each (many parts only),
        #: once compiled: until then a scan reads the base and each part it needs.
        self._joined: tuple[Any, Any] | None = None
        self._joined_ready = threading.Event()
        self._databases = (*self._base, *self._by_part.values())
        #: Where each part's database sits among the databases.
        self._part_slot = {part: len(self._base) + slot for slot, part in enumerate(self._by_part)}
        self.sources = tuple(sources)
        #: Each source's part (None: always searched), by its identifier.
        self._part_of = tuple(parts)
        #: The same sources as a set: membership is checked once per prefilter group.
        self.accelerated = frozenset(self.sources)
        self._local = threading.local()

    @classmethod
    def build(
        cls, sources: Sequence[str], optional: Mapping[str, int] | None = None
    ) -> AnchorScanner | None:
        """Compile the accelerable ``sources``; None when Hyperscan or every source is unusable.

        ``optional`` gives some sources a part (a small int) a scan may leave out.
        """
        usable = [source for source in sources if accelerable(source)]
        if not usable or HYPERSCAN is None:
            return None
        given = optional or {}
        parts = [given.get(source) for source in usable]
        always = [index for index, part in enumerate(parts) if part is None]
        broad = [index for index in always if _BROAD.search(usable[index])]
        lean = [index for index in always if index not in broad]
        members: dict[int, list[int]] = {}
        for index, part in enumerate(parts):
            if part is not None:
                members.setdefault(part, []).append(index)
        try:
            base = [_compiled(usable, ids) for ids in (lean, broad) if ids]
            by_part = {part: _compiled(usable, ids) for part, ids in sorted(members.items())}
        except HYPERSCAN.error:  # an expression Hyperscan cannot take: use `regex`
            return None
        scanner = cls(base, by_part, usable, parts)
        if len(members) > SEPARATE_PARTS:
            # The joined databases take as long to compile as all the others: they are built
            # on a thread of their own (Hyperscan's compiler releases the GIL), so a pack is
            # ready at once; scans needing many parts read them once they exist.
            optional_ids = [index for index, part in enumerate(parts) if part is not None]
            threading.Thread(
                target=scanner._join,
                args=(usable, optional_ids),
                name=f"{COMPILE_THREAD}joined",
                daemon=True,
            ).start()
        else:
            scanner._joined_ready.set()
        return scanner

    def _join(self, sources: Sequence[str], optional_ids: Sequence[int]) -> None:
        """Compile the joined databases (on a thread of their own, see :meth:`build`)."""
        try:
            self._joined = (
                _compiled(sources, range(len(sources))),
                _compiled(sources, optional_ids),
            )
        except HYPERSCAN.error:  # pragma: no cover - each source compiled on its own already
            pass
        finally:
            self._joined_ready.set()

    def wait_joined(self, timeout: float | None = None) -> bool:
        """Wait until the joined databases are compiled (or known not to be); True when done."""
        return self._joined_ready.wait(timeout)

    def _joined_scratches(self) -> tuple[Any, ...]:
        """Return this thread's scratch for each joined database (they exist: see scan)."""
        scratches: tuple[Any, ...] | None = getattr(self._local, "joined", None)
        if scratches is None:
            assert HYPERSCAN is not None
            assert self._joined is not None
            scratches = tuple(HYPERSCAN.Scratch(database) for database in self._joined)
            self._local.joined = scratches
        return scratches

    def _scratches(self) -> tuple[Any, ...]:
        """Return this thread's scratch for each database, in the order of ``_databases``."""
        # Hyperscan scratch space must not be shared between threads.
        scratches: tuple[Any, ...] | None = getattr(self._local, "scratches", None)
        if scratches is None:
            assert HYPERSCAN is not None
            scratches = tuple(HYPERSCAN.Scratch(database) for database in self._databases)
            self._local.scratches = scratches
        return scratches

    def scan(
        self,
        text: str,
        start: int,
        stop: int,
        encoded: bytes | None = None,
        *,
        parts: Collection[int] | None = None,
        optional_only: bool = False,
    ) -> dict[str, list[tuple[int, int]]]:
        """Return, per accelerated source with hits, its unordered hits in ``text[start:stop]``.

        ``encoded`` is ``scan_bytes(text).data`` when the caller already has it; with
        ``parts``, only those parts of the optional sources are searched (None: all);
        with ``optional_only``, the sources without a part are not searched.
        """
        if encoded is None:
            data = scan_bytes(text[start:stop]).data
        else:  # one byte per character: the range's bytes are a slice
            data = encoded if start == 0 and stop == len(encoded) else encoded[start:stop]
        hits: defaultdict[int, list[tuple[int, int]]] = defaultdict(list)
        ends_by = deadline.current()
        stop_after = ends_by if ends_by is not None else 0

        def on_match(identifier: int, begin: int, end: int, _flags: int, _context: object) -> None:
            hits[identifier].append((begin + start, end + start))

        def on_match_until(
            identifier: int, begin: int, end: int, _flags: int, _context: object
        ) -> bool:
            found = hits[identifier]
            found.append((begin + start, end + start))
            # A checkpoint every few thousand hits of a prefilter: True stops the pass.
            return len(found) % CHECK_EVERY_HITS == 0 and time.perf_counter_ns() > stop_after

        handler = on_match if ends_by is None else on_match_until
        wanted = list(self._by_part) if parts is None else [p for p in parts if p in self._by_part]
        # A few parts: their own small passes (no hits of the parts left out); more: one
        # pass of a joined database (docs/architecture.md, "Prefilters").
        separate = SEPARATE_PARTS_LONG if len(data) >= LONG_SCAN else SEPARATE_PARTS
        joined_databases = self._joined if len(wanted) > separate else None
        joined = joined_databases is not None
        if joined_databases is not None:
            index = 1 if optional_only else 0
            searched = [(joined_databases[index], self._joined_scratches()[index])]
        else:
            scratches = self._scratches()
            slots = [
                *(() if optional_only else range(len(self._base))),
                *(self._part_slot[part] for part in wanted),
            ]
            searched = [(self._databases[slot], scratches[slot]) for slot in slots]
        for database, scratch in searched:
            try:
                database.scan(data, match_event_handler=handler, scratch=scratch)
            except HYPERSCAN.ScanTerminated:
                deadline.check(ends_by)  # stopped by its deadline: the decision is over budget
                raise
        sources = self.sources
        if not joined or parts is None:
            return {sources[identifier]: found for identifier, found in hits.items()}
        # A joined database found every part: keep the parts asked for.
        part_of = self._part_of
        return {
            sources[identifier]: found
            for identifier, found in hits.items()
            if (part := part_of[identifier]) is None or part in parts
        }
