"""The Dask worker plugin that loads the pack once on every worker (imports distributed)."""

from __future__ import annotations

from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from .payload import PackPayload, install_engine

__all__ = ["EnginePackPlugin"]


class EnginePackPlugin(WorkerPlugin):
    """Unseals the pack from memory on every worker, including workers that join later."""

    idempotent = True

    def __init__(self, payload: PackPayload) -> None:
        self.payload = payload
        self.name = f"engine-pack-{payload.token}"

    def setup(self, worker: Any) -> None:
        """Load the engine into the worker process (once per payload)."""
        install_engine(self.payload)
