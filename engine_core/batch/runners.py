"""Where chunks are evaluated: in this process, in worker processes, or on a Dask cluster.

Every runner loads the pack once per worker from a :class:`PackPayload` sent
in memory (the sealed pack and the license, whose content key unseals it)
and then evaluates chunks with that engine. Chunks go out as raw bytes and
come back as the bytes of their redacted copy, so little is pickled.

Dask: the payload travels to every worker inside a worker plugin, through
the scheduler, over the cluster's network. It holds the license's content
key, so that network must be private or use TLS (``tls://`` addresses and
Dask's TLS settings); anyone who can reach an unencrypted Dask cluster can
read what it carries, and run code on it (see docs/architecture.md).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from .payload import BatchError, PackPayload, engine_for, install_engine
from .records import Chunk, ChunkResult, scan_chunk

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Engine

__all__ = ["DaskRunner", "InProcessRunner", "Pending", "ProcessRunner", "Runner"]


class Pending(Protocol):
    """A chunk being evaluated (a concurrent or a Dask future)."""

    def result(self) -> Any:
        """Wait for and return the ChunkResult (or raise the worker's error)."""
        ...


class Runner(Protocol):
    """Evaluates chunks somewhere; ``slots`` chunks may be in flight at once."""

    slots: int

    def submit(self, chunk: Chunk) -> Pending:
        """Start evaluating a chunk."""
        ...

    def close(self) -> None:
        """Stop the workers this runner started."""
        ...


class InProcessRunner:
    """Evaluates each chunk at once in this process (``--workers 1``)."""

    slots = 1

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def submit(self, chunk: Chunk) -> Pending:
        """Evaluate the chunk now; the returned future is already done."""
        future: Future[ChunkResult] = Future()
        try:
            future.set_result(scan_chunk(self.engine, chunk))
        except Exception as exc:
            future.set_exception(exc)
        return future

    def close(self) -> None:
        """Nothing to stop."""


def _process_setup(payload: PackPayload) -> None:
    install_engine(payload)


def _process_task(token: str, chunk: Chunk) -> ChunkResult:
    return scan_chunk(engine_for(token), chunk)


class ProcessRunner:
    """Worker processes on this machine, each with the pack loaded once at start."""

    def __init__(self, payload: PackPayload, workers: int) -> None:
        self.token = payload.token
        self.slots = 2 * workers + 1
        # Spawned, not forked: the parent may run threads (progress display, hashing).
        self.pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_process_setup,
            initargs=(payload,),
        )

    def submit(self, chunk: Chunk) -> Pending:
        """Queue the chunk for the next free worker."""
        return self.pool.submit(_process_task, self.token, chunk)

    def close(self) -> None:
        """Stop the worker processes (pending chunks are cancelled)."""
        self.pool.shutdown(wait=True, cancel_futures=True)


def _dask_task(token: str, chunk: Chunk) -> ChunkResult:
    return scan_chunk(engine_for(token), chunk)


class DaskRunner:
    """A Dask cluster: ``local`` starts a LocalCluster on loopback, else join ``address``."""

    def __init__(self, payload: PackPayload, address: str, workers: int) -> None:
        try:
            from distributed import Client, LocalCluster

            from .dask_plugin import EnginePackPlugin
        except ImportError:
            raise BatchError("--dask needs Dask: pip install 'engine-pack[dask]'") from None
        self.token = payload.token
        self.cluster: Any = None
        if address == "local":
            self.cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                # Critical only: a busy machine makes Dask warn about its event loop, and a
                # worker's heartbeat racing the scheduler's shutdown logs an error with a
                # traceback after a finished scan. A task that fails reaches the client as its
                # exception (the scan fails closed), not through these logs.
                silence_logs=logging.CRITICAL,
            )
            self.client: Any = Client(self.cluster)  # type: ignore[no-untyped-call]
        else:
            self.client = Client(address)  # type: ignore[no-untyped-call]
        plugin = EnginePackPlugin(payload)
        self.plugin: str | None = plugin.name
        try:
            self.client.register_plugin(plugin)
            threads = sum(self.client.nthreads().values())
        except BaseException:
            self.close()
            raise
        if threads < 1:
            self.close()
            raise BatchError(f"the Dask cluster at {address} has no workers")
        self.slots = 2 * threads + 1

    def submit(self, chunk: Chunk) -> Pending:
        """Send the chunk to a worker (a fresh key: chunks are never deduplicated)."""
        return self.client.submit(_dask_task, self.token, chunk, pure=False)  # type: ignore[no-any-return]

    def close(self) -> None:
        """Unload the pack from the workers, leave the cluster (stop it if it was started here)."""
        if self.plugin is not None and self.cluster is None:
            name, self.plugin = self.plugin, None
            with contextlib.suppress(Exception):  # a lost cluster forgets on its own
                self.client.unregister_worker_plugin(name)
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
