"""A batch scan: input files in, redacted copies out in input order, a report of counts."""

from __future__ import annotations

import csv
import json
import os
import secrets
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .formats import FileJob, FileProblem, file_job
from .payload import BatchError, PackPayload, install_engine
from .report import ScanReport
from .runners import DaskRunner, InProcessRunner, Pending, ProcessRunner, Runner
from .sources import discover

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Engine

__all__ = ["ON_BLOCK", "ScanProgress", "scan"]

#: What happens to a record whose verdict is a block.
ON_BLOCK = ("withhold", "redact")


class ScanProgress(Protocol):
    """Told how much there is to scan, then how much is done after each chunk."""

    def start(self, files: int, total_bytes: int) -> None:
        """The scan starts: ``files`` files, ``total_bytes`` bytes of input."""
        ...

    def advance(self, records: int, nbytes: int) -> None:
        """A chunk is written: ``records`` more records, ``nbytes`` more input bytes."""
        ...


def scan(
    inputs: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    pack: PackPayload | None = None,
    format: str = "auto",
    fields: Iterable[str] | None = None,
    workers: int | None = None,
    dask: str | None = None,
    on_block: str = "withhold",
    report: str | os.PathLike[str] | None = None,
    progress: ScanProgress | None = None,
) -> ScanReport:
    """Write a redacted copy of every input file under ``out`` and return the counts.

    ``pack`` defaults to the built-in pack. ``workers`` processes on this
    machine (default: the CPU count), or ``dask`` (``"local"`` or a scheduler
    address). Records that cannot be evaluated are withheld and counted
    (``ScanReport.ok`` is then false); a file that cannot be read is reported
    and gets no copy. Raises :class:`BatchError` when the scan cannot run.
    """
    if on_block not in ON_BLOCK:
        raise BatchError(f"unknown on_block {on_block!r}: use {' or '.join(ON_BLOCK)}")
    if workers is not None and workers < 1:
        raise BatchError("workers must be at least 1")
    if isinstance(inputs, str | os.PathLike):
        inputs = [inputs]  # one path, not the characters of one
    chosen = None if fields is None else tuple(fields)
    if chosen is not None and not chosen:
        chosen = None
    target = Path(out)
    sources, skipped = discover([Path(item) for item in inputs], target, format)
    if report is not None and Path(report).resolve() in {s.path.resolve() for s in sources}:
        raise BatchError(f"the report would overwrite an input: {report}")
    payload = pack or PackPayload.builtin()
    # Unseal here first: a bad pack or license is one clear error before any worker starts.
    engine = install_engine(payload)
    payload, count = _plan_workers(engine, payload, workers, dask)
    jobs = [file_job(source, target, chosen, on_block == "withhold") for source in sources]
    result = ScanReport([job.report for job in jobs], skipped)
    if progress is not None:
        progress.start(len(jobs), sum(source.path.stat().st_size for source in sources))
    runner: Runner
    if dask is not None:
        runner = DaskRunner(payload, dask, count)
    elif count == 1:
        runner = InProcessRunner(engine)
    else:
        runner = ProcessRunner(payload, count)
    try:
        _run(runner, jobs, progress)
    finally:
        runner.close()
    if report is not None:
        _write_report(Path(report), result)
    return result


def _plan_workers(
    engine: Engine, payload: PackPayload, workers: int | None, dask: str | None
) -> tuple[PackPayload, int]:
    """Return the payload workers load and how many workers run.

    A license with decision quotas must count every worker's decisions in one
    store: with the per-process memory store, several workers would each get
    the whole quota, so that needs ``--workers 1`` (the default then) or a
    shared store (``ENGINE_QUOTA_STORAGE=redis://...``), which workers use too.
    """
    count = workers or os.cpu_count() or 1
    quota = getattr(engine.license, "quota", None)
    if quota is None or not quota.enforced:
        return payload, count
    uri = quota.store.uri
    if not uri.startswith("memory"):
        return payload.with_quota_storage(uri), count
    if dask is None and workers is None:
        return payload, 1
    if dask is None and count == 1:
        return payload, 1
    raise BatchError(
        f"{quota.label} has decision quotas counted per process (memory quota storage): "
        "several workers would each get the whole quota. Use --workers 1, or share the "
        "quota: ENGINE_QUOTA_STORAGE=redis://..."
    )


def _problem(exc: Exception) -> str:
    """Why a file could not be read (never a value from it)."""
    if isinstance(exc, FileProblem | BatchError):
        return str(exc)
    if isinstance(exc, OSError):
        return f"cannot read or write the file: {exc.strerror or type(exc).__name__}"
    if isinstance(exc, csv.Error):
        return f"unreadable CSV: {exc}"
    return f"unreadable file ({type(exc).__name__})"


def _run(runner: Runner, jobs: list[FileJob], progress: ScanProgress | None) -> None:
    """Feed every file's chunks to the runner; write results back in input order."""
    window: deque[tuple[Pending | None, FileJob, Any, int]] = deque()

    def drain_one() -> None:
        pending, job, context, nbytes = window.popleft()
        if pending is None:
            try:
                job.finish()
            except OSError as exc:
                job.fail(_problem(exc))
                job.discard()
            return
        try:
            result = pending.result()
        except Exception as exc:
            detail = str(exc) if isinstance(exc, BatchError) else type(exc).__name__
            raise BatchError(f"a worker failed; nothing more is written ({detail})") from None
        if job.report.error is None:
            try:
                job.write(result, context)
            except Exception as exc:
                job.fail(_problem(exc))
            else:
                job.report.tally.merge(result.tally)
        if progress is not None:
            progress.advance(result.tally.records, nbytes)

    try:
        for job in jobs:
            chunks = job.chunks()
            while True:
                try:
                    chunk, nbytes, context = next(chunks)
                except StopIteration:
                    break
                except Exception as exc:
                    job.fail(_problem(exc))
                    chunks.close()
                    break
                window.append((runner.submit(chunk), job, context, nbytes))
                while len(window) > runner.slots:
                    drain_one()
            window.append((None, job, None, 0))
        while window:
            drain_one()
    except BaseException:
        for job in jobs:
            job.discard()
        raise


def _write_report(path: Path, report: ScanReport) -> None:
    """Write the report as JSON under a temporary name, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{secrets.token_hex(4)}.partial")
    partial.write_text(json.dumps(report.to_dict(), indent=2) + "\n", encoding="utf-8")
    os.replace(partial, path)
