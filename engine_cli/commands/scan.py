"""`engine-pack scan`: write redacted copies of text, JSON Lines, CSV and Parquet files."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import typer

from ..common import LicenseOption, fail, require_license_path

if TYPE_CHECKING:  # pragma: no cover
    from rich.progress import TaskID

    from engine_core.batch import ScanReport

PREFIX = "Scan error:"


class InputFormat(StrEnum):
    """The --format choices (engine_core.batch.FORMATS, and auto)."""

    auto = "auto"
    text = "text"
    jsonl = "jsonl"
    csv = "csv"
    parquet = "parquet"


class OnBlock(StrEnum):
    """The --on-block choices (engine_core.batch.ON_BLOCK)."""

    withhold = "withhold"
    redact = "redact"


class ProgressBar:
    """Records and MB/s on standard error, shown only when it is a terminal (rich)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TransferSpeedColumn,
        )

        console = Console(stderr=True)
        self.records = 0
        self.task: TaskID | None = None
        self.progress = Progress(
            TextColumn("Scanning"),
            BarColumn(),
            DownloadColumn(),
            TransferSpeedColumn(),
            TextColumn("{task.fields[records]:,} records"),
            TimeElapsedColumn(),
            console=console,
            disable=not console.is_terminal,
        )

    def start(self, files: int, total_bytes: int) -> None:
        """Show the bar for ``total_bytes`` of input."""
        self.task = self.progress.add_task("scan", total=total_bytes, records=0)
        self.progress.start()

    def advance(self, records: int, nbytes: int) -> None:
        """Count a written chunk."""
        self.records += records
        if self.task is not None:
            self.progress.update(self.task, advance=nbytes, records=self.records)

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.progress.stop()


def _warn_if_unencrypted(address: str) -> None:
    """Warn when the license would cross a network unencrypted to reach the Dask workers."""
    from engine_server.server import is_loopback

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tls" and not is_loopback(parts.hostname or ""):
        print(
            f"Warning: the license (with its content key) travels to the Dask workers at "
            f"{address} unencrypted: use a tls:// address or a private network.",
            file=sys.stderr,
        )


def _outcome(report: ScanReport) -> str:
    """The one error line of a scan that withheld records or failed files (no values)."""
    total = report.total
    parts = []
    if total.withheld:
        reasons = ", ".join(f"{name}: {n}" for name, n in sorted(total.withheld_reasons.items()))
        parts.append(
            f"{total.withheld} records could not be evaluated and were withheld ({reasons})"
        )
    for failed in report.failed_files:
        parts.append(f"{failed.path} was not written ({failed.error})")
    return "; ".join(parts)


def scan(
    inputs: list[Path] = typer.Argument(..., help="Files or folders to clean.", show_default=False),
    out: Path = typer.Option(
        ..., "--out", help="Folder for the redacted copies (same paths).", show_default=False
    ),
    pack: Path | None = typer.Option(None, "--pack", help="Sealed pack.", show_default=False),
    builtin: bool = typer.Option(
        False, "--builtin", help="Use the built-in pack under the community license."
    ),
    license: Path | None = LicenseOption,
    format: InputFormat = typer.Option(
        InputFormat.auto, "--format", help="Input format; auto: from each file's suffix."
    ),
    field: list[str] | None = typer.Option(
        None,
        "--field",
        help="JSON, CSV or Parquet field to evaluate (repeatable; default: every string field).",
        show_default=False,
    ),
    workers: int | None = typer.Option(
        None,
        "--workers",
        min=1,
        help="Worker processes (default: the CPU count); with --dask local, Dask workers.",
        show_default=False,
    ),
    dask: str | None = typer.Option(
        None,
        "--dask",
        metavar="local|ADDRESS",
        help="Run on Dask: local starts a LocalCluster; an address joins a scheduler.",
        show_default=False,
    ),
    on_block: OnBlock = typer.Option(
        OnBlock.withhold,
        "--on-block",
        help="withhold: a blocked record is written as [BLOCKED]; redact: its cleaned text.",
    ),
    report: Path | None = typer.Option(
        None, "--report", help="Write counts per file and in total as JSON.", show_default=False
    ),
) -> None:
    """Write a redacted copy of every record; exit 1 if any record had to be withheld."""
    if builtin == (pack is not None):
        raise typer.BadParameter("give exactly one of --pack or --builtin")
    if builtin and license is not None:
        raise typer.BadParameter("--builtin runs under the community license: drop --license")
    if dask is not None and dask != "local" and workers is not None:
        raise typer.BadParameter("--workers sizes a local cluster; a running one has its own")
    try:
        from engine_core.batch import PackPayload
        from engine_core.batch import scan as scan_files

        if builtin:
            payload = PackPayload.builtin()
        else:
            assert pack is not None
            payload = PackPayload.from_files(pack, require_license_path(license))
        if dask is not None and dask != "local":
            _warn_if_unencrypted(dask)
        with ProgressBar() as bar:
            outcome = scan_files(
                inputs,
                out,
                pack=payload,
                format=format.value,
                fields=field or None,
                workers=workers,
                dask=dask,
                on_block=on_block.value,
                report=report,
                progress=bar,
            )
    except Exception as exc:
        fail(PREFIX, exc)
    total = outcome.total
    typer.echo(
        f"Scanned {len(outcome.files)} files, {total.records} records "
        f"({total.records_with_findings} with findings, {total.blocked} blocked, "
        f"{total.withheld} withheld) into {out}"
    )
    if outcome.skipped:
        typer.echo(f"Skipped {len(outcome.skipped)} files of unknown format (see --format)")
    if not outcome.ok:
        fail(PREFIX, _outcome(outcome))
