"""Evaluating one chunk of records: the worker side of a batch scan.

A chunk arrives as raw bytes of whole records (text lines, JSON Lines, CSV
records) or as column values (Parquet, read by the parent) and leaves as the
bytes (or values) of its redacted copy, with the chunk's counts. Every record
is evaluated or withheld: a record that cannot be read or evaluated is
written as ``[WITHHELD]``, never as it came in. A record without findings is
copied byte for byte; only records with findings are re-serialised.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import EngineRuntimeError
from .report import Tally

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Engine

__all__ = [
    "BLOCKED",
    "CSV_FIELD_LIMIT",
    "WITHHELD",
    "Chunk",
    "ChunkResult",
    "iter_csv_records",
    "scan_chunk",
]

#: What a blocked record's evaluated fields become under ``on_block="withhold"``.
BLOCKED = "[BLOCKED]"
#: What a record that could not be evaluated becomes.
WITHHELD = "[WITHHELD]"
#: CSV fields may be this long (the csv module's default, 128 KiB, is small for exports).
CSV_FIELD_LIMIT = 1 << 30

_WITHHELD_JSON = json.dumps(WITHHELD).encode("utf-8")


@dataclass(slots=True)
class Chunk:
    """Whole records of one file, with what to evaluate in them.

    ``format`` is ``text``, ``jsonl``, ``csv`` (``data`` is raw bytes) or
    ``columns`` (``data`` maps Parquet column indices, as strings, to values).
    ``fields`` names the top-level JSON keys to evaluate (None: every string);
    ``columns`` the CSV column indices (None: all) of rows ``width`` wide.
    """

    format: str
    data: bytes | dict[str, list[Any]]
    withhold_blocked: bool = True
    fields: frozenset[str] | None = None
    columns: tuple[int, ...] | None = None
    width: int = 0


@dataclass(slots=True)
class ChunkResult:
    """The redacted copy of a chunk (bytes, or column values) and its counts."""

    output: bytes | dict[str, list[Any]]
    tally: Tally


class _Unreadable(Exception):
    """A record that cannot be evaluated; ``args[0]`` is the reason (never a value)."""


#: What one text's evaluation leaves: cleaned text, findings, blocked, (category, count) pairs.
_Outcome = tuple[str, bool, bool, tuple[tuple[str, int], ...]]
#: Texts up to this long are remembered within a chunk (levels, names, paths repeat in logs).
_CACHED_CHARS = 256
_Cache = dict[str, _Outcome] | None


def _outcome(engine: Engine, text: str) -> _Outcome:
    result = engine.evaluate(text)
    counts = tuple((trigger.category, len(trigger.spans)) for trigger in result.triggers)
    return result.remedy.clean_text, bool(result.triggers), result.blocked, counts


def decision_cache(engine: Engine) -> _Cache:
    """A per-chunk memo of outcomes, or None when every decision must reach the license.

    A pack's verdict depends only on the text, so a repeated text within one
    chunk can reuse its outcome; but a license with a decision quota counts
    every evaluation, so then nothing is remembered.
    """
    from ..licensing.context import CommunityLicense

    license = engine.license
    if isinstance(license, CommunityLicense):
        return {}
    from ..licensing.file_context import FileLicenseContext

    if isinstance(license, FileLicenseContext) and license.quota is None:
        return {}
    return None


class _Record:
    """Evaluates the texts of one record and remembers what fired."""

    __slots__ = ("blocked", "cache", "categories", "engine", "findings")

    def __init__(self, engine: Engine, cache: _Cache) -> None:
        self.engine = engine
        self.cache = cache
        self.findings = False
        self.blocked = False
        self.categories: Counter[str] = Counter()

    def clean(self, text: str) -> str:
        """Evaluate one text and return its cleaned form."""
        if not text:
            return text
        cache = self.cache
        if cache is None:
            outcome = _outcome(self.engine, text)
        else:
            found = cache.get(text)
            if found is None:
                found = _outcome(self.engine, text)
                if len(text) <= _CACHED_CHARS:
                    cache[text] = found
            outcome = found
        cleaned, findings, blocked, counts = outcome
        if findings:
            self.findings = True
            for category, count in counts:
                self.categories[category] += count
        if blocked:
            self.blocked = True
        return cleaned

    def done(self, tally: Tally) -> None:
        """Count this record as evaluated."""
        tally.count(findings=self.findings, blocked=self.blocked, categories=self.categories)


def _reason(exc: BaseException) -> str:
    """Why a record was withheld: a kind, never the record's contents."""
    if isinstance(exc, _Unreadable):
        return str(exc.args[0])
    if isinstance(exc, json.JSONDecodeError):
        return "invalid JSON"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, UnicodeError):
        return "not UTF-8"
    if isinstance(exc, EngineRuntimeError):
        return type(exc).__name__
    return f"evaluation failed ({type(exc).__name__})"


def _walk(value: Any, visit: Callable[[str], str]) -> Any:
    """Return ``value`` with every string inside it replaced by ``visit(string)``."""
    if isinstance(value, str):
        return visit(value)
    if isinstance(value, dict):
        return {key: _walk(item, visit) for key, item in value.items()}
    if isinstance(value, list):
        return [_walk(item, visit) for item in value]
    if isinstance(value, tuple):  # Parquet map entries
        return tuple(_walk(item, visit) for item in value)
    return value


def _blocked(_: str) -> str:
    return BLOCKED


def _withheld(_: str) -> str:
    return WITHHELD


# --- line formats -------------------------------------------------------------------


def _split_lines(data: bytes) -> list[tuple[bytes, bytes]]:
    """Split whole lines into (content, ending) pairs; the ending keeps any ``\\r``."""
    pieces = data.split(b"\n")
    last = len(pieces) - 1
    lines = []
    for index, piece in enumerate(pieces):
        ending = b"\n"
        if index == last:
            if not piece:
                break
            ending = b""
        if piece.endswith(b"\r"):
            piece, ending = piece[:-1], b"\r" + ending
        lines.append((piece, ending))
    return lines


def _text_record(engine: Engine, raw: bytes, chunk: Chunk, tally: Tally, cache: _Cache) -> bytes:
    try:
        record = _Record(engine, cache)
        cleaned = record.clean(raw.decode("utf-8"))
        if not record.findings:
            output = raw
        elif record.blocked and chunk.withhold_blocked:
            output = BLOCKED.encode("utf-8")
        else:
            output = cleaned.encode("utf-8")
    except Exception as exc:
        tally.withhold(_reason(exc))
        return WITHHELD.encode("utf-8")
    record.done(tally)
    return output


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # A repeated key would hide its first value from the scan while the raw line kept it.
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Unreadable("duplicate JSON key")
    return obj


#: Line breaks some line readers split on; JSON leaves them raw inside strings.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def _dump_json(value: Any) -> bytes:
    """One JSON line: compact, non-ASCII kept, Unicode line breaks escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.translate(_LINE_BREAKS).encode("utf-8")


def _jsonl_record(engine: Engine, raw: bytes, chunk: Chunk, tally: Tally, cache: _Cache) -> bytes:
    if not raw.strip():
        return raw  # a blank line holds no record
    try:
        value = json.loads(raw.decode("utf-8"), object_pairs_hook=_unique_keys)
        record = _Record(engine, cache)
        visit = record.clean
        if chunk.fields is None:
            cleaned = _walk(value, visit)
        elif isinstance(value, dict):
            cleaned = {k: _walk(v, visit) if k in chunk.fields else v for k, v in value.items()}
        else:
            raise _Unreadable("not a JSON object")
        if not record.findings:
            output = raw
        else:
            if record.blocked and chunk.withhold_blocked:
                if chunk.fields is None:
                    cleaned = _walk(value, _blocked)
                else:
                    cleaned = {
                        k: _walk(v, _blocked) if k in chunk.fields else v for k, v in value.items()
                    }
            output = _dump_json(cleaned)
    except Exception as exc:
        tally.withhold(_reason(exc))
        return _WITHHELD_JSON
    record.done(tally)
    return output


_LINE_RECORD = {"text": _text_record, "jsonl": _jsonl_record}


def _scan_lines(engine: Engine, chunk: Chunk, tally: Tally, cache: _Cache) -> bytes:
    assert isinstance(chunk.data, bytes)
    convert = _LINE_RECORD[chunk.format]
    parts: list[bytes] = []
    for raw, ending in _split_lines(chunk.data):
        parts.append(convert(engine, raw, chunk, tally, cache))
        parts.append(ending)
    return b"".join(parts)


# --- CSV ----------------------------------------------------------------------------


def _line_ending(raw: str) -> str:
    if raw.endswith("\r\n"):
        return "\r\n"
    if raw.endswith(("\n", "\r")):
        return raw[-1]
    return ""


def _csv_row(cells: list[str], ending: str) -> str:
    buffer = io.StringIO()
    # Written with \r\n so that cells holding line breaks are always quoted; then the
    # record gets its own ending back.
    csv.writer(buffer, lineterminator="\r\n").writerow(cells)
    return buffer.getvalue()[:-2] + ending


def _csv_record(
    engine: Engine, row: list[str], raw: str, chunk: Chunk, tally: Tally, cache: _Cache
) -> str:
    if not row:
        return raw  # a blank line holds no record
    try:
        raw.encode("utf-8")  # undecodable input bytes were kept as lone surrogates
        if len(row) != chunk.width:
            raise _Unreadable("wrong number of CSV fields")
        record = _Record(engine, cache)
        indices = range(len(row)) if chunk.columns is None else chunk.columns
        cleaned = list(row)
        for index in indices:
            cleaned[index] = record.clean(row[index])
        if not record.findings:
            output = raw
        else:
            if record.blocked and chunk.withhold_blocked:
                for index in indices:
                    cleaned[index] = BLOCKED
            output = _csv_row(cleaned, _line_ending(raw))
    except Exception as exc:
        tally.withhold(_reason(exc))
        return _csv_row([WITHHELD] * max(chunk.width, 1), _line_ending(raw))
    record.done(tally)
    return output


def iter_csv_records(lines: Iterable[str]) -> Iterator[tuple[list[str], str]]:
    """Yield ``(row, raw)`` for each CSV record of ``lines``; ``raw`` is the record's exact text.

    ``lines`` must come from a text stream opened with ``newline=""`` (as the
    csv module requires); the parent and the workers read records alike.
    """
    if csv.field_size_limit() < CSV_FIELD_LIMIT:
        csv.field_size_limit(CSV_FIELD_LIMIT)
    taken: list[str] = []

    def feed() -> Iterator[str]:
        for line in lines:
            taken.append(line)
            yield line

    for row in csv.reader(feed()):
        raw = "".join(taken)
        taken.clear()
        yield row, raw


def _scan_csv(engine: Engine, chunk: Chunk, tally: Tally, cache: _Cache) -> bytes:
    assert isinstance(chunk.data, bytes)
    text = chunk.data.decode("utf-8", "surrogateescape")
    parts = [
        _csv_record(engine, row, raw, chunk, tally, cache)
        for row, raw in iter_csv_records(io.StringIO(text, newline=""))
    ]
    return "".join(parts).encode("utf-8", "surrogateescape")


# --- columns (Parquet) ----------------------------------------------------------------


def _scan_columns(
    engine: Engine, chunk: Chunk, tally: Tally, cache: _Cache
) -> dict[str, list[Any]]:
    assert isinstance(chunk.data, dict)
    columns = chunk.data
    names = list(columns)
    rows = len(columns[names[0]]) if names else 0
    output: dict[str, list[Any]] = {name: [] for name in names}
    for row in range(rows):
        values = [columns[name][row] for name in names]
        try:
            record = _Record(engine, cache)
            cleaned = [_walk(value, record.clean) for value in values]
            if not record.findings:
                cleaned = values
            elif record.blocked and chunk.withhold_blocked:
                cleaned = [_walk(value, _blocked) for value in values]
        except Exception as exc:
            tally.withhold(_reason(exc))
            cleaned = [_walk(value, _withheld) for value in values]
        else:
            record.done(tally)
        for name, value in zip(names, cleaned, strict=True):
            output[name].append(value)
    return output


def scan_chunk(engine: Engine, chunk: Chunk) -> ChunkResult:
    """Evaluate every record of a chunk; return its redacted copy and counts."""
    tally = Tally()
    cache = decision_cache(engine)
    output: bytes | dict[str, list[Any]]
    if chunk.format in _LINE_RECORD:
        output = _scan_lines(engine, chunk, tally, cache)
    elif chunk.format == "csv":
        output = _scan_csv(engine, chunk, tally, cache)
    elif chunk.format == "columns":
        output = _scan_columns(engine, chunk, tally, cache)
    else:
        raise ValueError(f"unknown chunk format {chunk.format!r}")
    return ChunkResult(output, tally)
