"""Reading one input file into chunks of whole records, and writing its redacted copy.

The parent process of a scan runs these: it cuts each file into chunks of
about :data:`CHUNK_BYTES` (whole lines, whole CSV records, or
:data:`PARQUET_ROWS` Parquet rows), hands them to workers, and writes the
results back in input order. A copy is written under a temporary name and
renamed when complete; a file that fails leaves no copy behind.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Generator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .payload import BatchError
from .records import Chunk, ChunkResult, iter_csv_records
from .report import FileReport
from .sources import PARTIAL_SUFFIX, SourceFile

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow

__all__ = ["CHUNK_BYTES", "PARQUET_ROWS", "FileJob", "FileProblem", "file_job"]

#: About this many input bytes go to a worker at a time.
CHUNK_BYTES = 1 << 20
#: Parquet rows per chunk (and per written record batch).
PARQUET_ROWS = 4096

_BOM = b"\xef\xbb\xbf"


class FileProblem(Exception):
    """An input file cannot be scanned; the message names the problem, never a value."""


class FileJob:
    """One input file: its chunks, and its copy written under a temporary name."""

    def __init__(
        self, source: SourceFile, out: Path, fields: tuple[str, ...] | None, withhold: bool
    ) -> None:
        self.source = source
        self.target = out / source.relative
        self.fields = fields
        self.withhold = withhold
        self.report = FileReport(str(source.relative), source.format)
        self._partial: Path | None = None
        self._handle: IO[bytes] | None = None

    def _open(self) -> IO[bytes]:
        self.target.parent.mkdir(parents=True, exist_ok=True)
        name = f".{self.target.name}.{secrets.token_hex(4)}{PARTIAL_SUFFIX}"
        self._partial = self.target.with_name(name)
        descriptor = os.open(self._partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        self._handle = os.fdopen(descriptor, "wb")
        return self._handle

    def chunks(self) -> Generator[tuple[Chunk, int, Any], None, None]:
        """Yield (chunk, input bytes it covers, context for :meth:`write`)."""
        raise NotImplementedError

    def write(self, result: ChunkResult, context: Any) -> None:
        """Append a chunk's redacted copy to the output."""
        assert self._handle is not None
        assert isinstance(result.output, bytes)
        self._handle.write(result.output)

    def fail(self, problem: str) -> None:
        """Mark the file failed: its copy is discarded."""
        if self.report.error is None:
            self.report.error = problem

    def _close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def finish(self) -> None:
        """Complete the copy (rename it into place), or discard it when the file failed."""
        if self.report.error is not None:
            self.discard()
            return
        if self._partial is None:
            self._open()
        self._close()
        assert self._partial is not None
        mode = stat.S_IMODE(self.source.path.stat().st_mode) & 0o666
        os.chmod(self._partial, mode)  # the copy is as private as its source
        os.replace(self._partial, self.target)
        self._partial = None

    def discard(self) -> None:
        """Remove the unfinished copy."""
        self._close()
        if self._partial is not None:
            self._partial.unlink(missing_ok=True)
            self._partial = None


class LinesJob(FileJob):
    """Text and JSON Lines: chunks of whole lines."""

    def chunks(self) -> Generator[tuple[Chunk, int, Any], None, None]:
        """Yield chunks of whole lines (a byte-order mark is copied as it is)."""
        fields = None if self.fields is None else frozenset(self.fields)
        with open(self.source.path, "rb") as handle:
            output = self._open()
            carry = b""
            block = handle.read(CHUNK_BYTES)
            if block.startswith(_BOM):
                output.write(_BOM)
                block = block[len(_BOM) :]
            while block:
                data = carry + block if carry else block
                cut = data.rfind(b"\n") + 1
                if cut:  # else a line longer than a chunk: read on
                    yield Chunk(self.source.format, data[:cut], self.withhold, fields), cut, None
                carry = data[cut:]
                block = handle.read(CHUNK_BYTES)
            if carry:  # the last line has no line break
                yield Chunk(self.source.format, carry, self.withhold, fields), len(carry), None


def _chosen_columns(names: list[str], fields: tuple[str, ...], kind: str) -> list[int]:
    """The columns named by ``fields``; a file with none of them would go out unevaluated."""
    chosen = [index for index, name in enumerate(names) if name in fields]
    if not chosen:
        raise FileProblem(f"no {kind} column named {' or '.join(map(repr, fields))}")
    return chosen


class CsvJob(FileJob):
    """CSV: the header row is copied as it is; chunks of whole records follow."""

    def chunks(self) -> Generator[tuple[Chunk, int, Any], None, None]:
        """Yield chunks of whole CSV records (a quoted field may span lines)."""
        with open(
            self.source.path, encoding="utf-8", errors="surrogateescape", newline=""
        ) as handle:
            output = self._open()
            records = iter_csv_records(handle)
            first = next(records, None)
            if first is None:
                return
            header, raw = first
            output.write(raw.encode("utf-8", "surrogateescape"))
            if header:
                header[0] = header[0].removeprefix("\ufeff")
            columns = None
            if self.fields is not None:
                columns = tuple(_chosen_columns(header, self.fields, "CSV"))
            parts: list[str] = []
            size = 0
            for _row, raw in records:
                parts.append(raw)
                size += len(raw)
                if size >= CHUNK_BYTES:
                    yield self._chunk(parts, columns, len(header))
                    parts, size = [], 0
            if parts:
                yield self._chunk(parts, columns, len(header))

    def _chunk(
        self, parts: list[str], columns: tuple[int, ...] | None, width: int
    ) -> tuple[Chunk, int, Any]:
        data = "".join(parts).encode("utf-8", "surrogateescape")
        chunk = Chunk("csv", data, self.withhold, columns=columns, width=width)
        return chunk, len(data), None


def _pyarrow() -> Any:
    try:
        import pyarrow.parquet
    except ImportError:
        raise BatchError(
            "reading Parquet needs pyarrow: pip install 'engine-pack[batch]'"
        ) from None
    return pyarrow.parquet


def _holds_strings(kind: pyarrow.DataType) -> bool:
    import pyarrow as pa

    types = pa.types
    if types.is_string(kind) or types.is_large_string(kind) or types.is_string_view(kind):
        return True
    if types.is_dictionary(kind):
        return _holds_strings(kind.value_type)
    if types.is_map(kind):
        return _holds_strings(kind.key_type) or _holds_strings(kind.item_type)
    if (
        types.is_list(kind)
        or types.is_large_list(kind)
        or types.is_fixed_size_list(kind)
        or types.is_list_view(kind)
        or types.is_large_list_view(kind)
    ):
        return _holds_strings(kind.value_type)
    if types.is_struct(kind):
        return any(_holds_strings(kind.field(index).type) for index in range(kind.num_fields))
    return False


class ParquetJob(FileJob):
    """Parquet: batches of rows; the parent sends only the evaluated columns' values."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._writer: Any = None
        self._schema: Any = None
        self._selected: list[int] = []

    def chunks(self) -> Generator[tuple[Chunk, int, Any], None, None]:
        """Yield chunks of :data:`PARQUET_ROWS` rows (values of the evaluated columns)."""
        parquet = _pyarrow()
        reader = parquet.ParquetFile(self.source.path)
        schema = reader.schema_arrow
        names = schema.names
        if self.fields is None:
            selected = [i for i in range(len(names)) if _holds_strings(schema.field(i).type)]
        else:
            selected = _chosen_columns(names, self.fields, "Parquet")
        metadata = reader.metadata
        compression = "snappy"
        if metadata.num_row_groups and metadata.num_columns:
            compression = metadata.row_group(0).column(0).compression.lower()
        self._open()
        self._close()  # pyarrow writes the file itself
        self._schema, self._selected = schema, selected
        self._writer = parquet.ParquetWriter(
            str(self._partial),
            schema,
            compression="none" if compression == "uncompressed" else compression,
        )
        size, rows = self.source.path.stat().st_size, max(metadata.num_rows, 1)
        for batch in reader.iter_batches(batch_size=PARQUET_ROWS, use_threads=False):
            data = {str(i): batch.column(i).to_pylist() for i in selected}
            chunk = Chunk("columns", data, self.withhold)
            yield chunk, size * batch.num_rows // rows, batch

    def write(self, result: ChunkResult, context: Any) -> None:
        """Write a record batch: the evaluated columns replaced, the others as read."""
        import pyarrow as pa

        assert isinstance(result.output, dict)
        arrays = list(context.columns)
        for index in self._selected:
            kind = self._schema.field(index).type
            arrays[index] = pa.array(result.output[str(index)], type=kind)
        self._writer.write_batch(pa.RecordBatch.from_arrays(arrays, schema=self._schema))

    def _close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        super()._close()


_JOBS: dict[str, type[FileJob]] = {
    "text": LinesJob,
    "jsonl": LinesJob,
    "csv": CsvJob,
    "parquet": ParquetJob,
}


def file_job(
    source: SourceFile, out: Path, fields: tuple[str, ...] | None, withhold: bool
) -> FileJob:
    """Return the job that reads and writes ``source`` in its format."""
    return _JOBS[source.format](source, out, fields, withhold)
