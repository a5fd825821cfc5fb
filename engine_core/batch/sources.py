"""Which files a batch scan reads, in which format, and where each one's copy goes.

A file argument's copy goes to ``OUT/<its name>``; the files under a folder
argument go to ``OUT/<their path relative to that folder>``. With ``auto``
the format comes from the file's suffix; files in a folder whose suffix says
nothing are skipped (and listed), a file argument whose suffix says nothing
is an error.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .payload import BatchError

__all__ = ["FORMATS", "PARTIAL_SUFFIX", "SUFFIX_FORMATS", "SourceFile", "discover"]

#: The formats a scan reads and writes.
FORMATS = ("text", "jsonl", "csv", "parquet")
#: Suffixes ``auto`` recognises (compared in lower case).
SUFFIX_FORMATS = {
    ".txt": "text",
    ".log": "text",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".parquet": "parquet",
    ".pq": "parquet",
}
#: Suffix of the temporary name an output has until it is complete.
PARTIAL_SUFFIX = ".engine-partial"


@dataclass(frozen=True)
class SourceFile:
    """An input file, its format, and its copy's path relative to the output folder."""

    path: Path
    relative: PurePosixPath
    format: str


def _format_of(path: Path, requested: str) -> str | None:
    if requested != "auto":
        return requested
    return SUFFIX_FORMATS.get(path.suffix.lower())


def _walk(folder: Path, out: Path) -> list[Path]:
    """Every file under ``folder`` in a stable order, leaving out the output folder."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        dirs[:] = sorted(name for name in dirs if (here / name).resolve() != out)
        found.extend(here / name for name in sorted(files) if not name.endswith(PARTIAL_SUFFIX))
    return found


def discover(
    inputs: list[Path], out: Path, requested: str = "auto"
) -> tuple[list[SourceFile], list[str]]:
    """Return the files to scan and the skipped ones; raise BatchError on a bad argument."""
    if requested != "auto" and requested not in FORMATS:
        raise BatchError(f"unknown format {requested!r}: use auto, {', '.join(FORMATS)}")
    if not inputs:
        raise BatchError("no input given")
    out = out.resolve()
    sources: list[SourceFile] = []
    skipped: list[str] = []
    for given in inputs:
        if given.is_dir():
            for path in _walk(given, out):
                relative = PurePosixPath(path.relative_to(given).as_posix())
                fmt = _format_of(path, requested)
                if fmt is None:
                    skipped.append(str(path))
                else:
                    sources.append(SourceFile(path, relative, fmt))
        elif given.is_file():
            fmt = _format_of(given, requested)
            if fmt is None:
                raise BatchError(
                    f"cannot tell the format of {given} from its suffix: pass --format "
                    f"({', '.join(FORMATS)})"
                )
            sources.append(SourceFile(given, PurePosixPath(given.name), fmt))
        else:
            raise BatchError(f"input not found: {given}")
    _check_outputs(sources, out)
    return sources, skipped


def _check_outputs(sources: list[SourceFile], out: Path) -> None:
    """Refuse two inputs with one output path, and an output that would overwrite an input."""
    seen: dict[PurePosixPath, Path] = {}
    inputs = {source.path.resolve() for source in sources}
    for source in sources:
        other = seen.setdefault(source.relative, source.path)
        if other != source.path:
            raise BatchError(
                f"{other} and {source.path} would both be written to {out / source.relative}"
            )
        if (out / source.relative).resolve() in inputs:
            raise BatchError(f"the copy of {source.path} would overwrite an input: choose --out")
