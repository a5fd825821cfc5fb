"""The Dask worker plugin that loads the pack once on every worker (imports distributed)."""

from __future__ import annotations

from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from .payload import PackPayload, forget_engine, install_engine

__all__ = ["EnginePackPlugin"]


class EnginePackPlugin(WorkerPlugin):
    """Unseals the pack from memory on every worker, including workers that join later.

    Unregistering it (the scan does when it ends) drops the engine, and with it
    the license, from every worker.
    """

    idempotent = True

    def __init__(self, payload: PackPayload) -> None:
        self.payload = payload
        self.name = f"engine-pack-{payload.token}"

    def setup(self, worker: Any) -> None:
        """Load the engine into the worker process (once per payload)."""
        install_engine(self.payload)

    def teardown(self, worker: Any) -> None:
        """Forget the engine (the scan is over, or the worker closes)."""
        forget_engine(self.payload.token)
