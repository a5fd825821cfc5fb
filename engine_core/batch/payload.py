"""The pack a batch scan runs, as it travels to workers, and each worker's loaded engine.

A :class:`PackPayload` carries the sealed pack's bytes and the license file's
bytes (which hold the content key), never a path: workers on other machines
need no shared file system, and nothing is read from disk in a worker. Each
worker process unseals it once (:func:`install_engine`) and keeps the engine
for every chunk it evaluates (:func:`engine_for`).
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import EngineRuntimeError

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Engine

__all__ = ["BatchError", "PackPayload", "engine_for", "forget_engine", "install_engine"]


class BatchError(EngineRuntimeError):
    """A batch scan cannot start or cannot go on (the message never holds a record's value)."""


@dataclass(frozen=True)
class PackPayload:
    """A pack and its license in memory (``sealed_pack`` None: the built-in pack).

    ``quota_storage`` is the ``ENGINE_QUOTA_STORAGE`` URI workers must count
    decisions in when the license has quotas, so every worker shares them.
    """

    sealed_pack: bytes | None = field(default=None, repr=False)
    license: bytes | None = field(default=None, repr=False)
    quota_storage: str | None = field(default=None, repr=False)
    token: str = field(init=False)

    def __post_init__(self) -> None:
        if (self.sealed_pack is None) != (self.license is None):
            raise ValueError("a sealed pack needs its license, and only a sealed pack takes one")
        digest = hashlib.sha256(b"engine-pack batch payload\0")
        for part in (self.sealed_pack, self.license):
            digest.update(b"-" if part is None else len(part).to_bytes(8, "big") + part)
        digest.update((self.quota_storage or "").encode("utf-8"))
        object.__setattr__(self, "token", digest.hexdigest()[:32])

    @classmethod
    def builtin(cls) -> PackPayload:
        """The built-in pack under the community license."""
        return cls()

    @classmethod
    def from_files(
        cls, pack: str | os.PathLike[str], license: str | os.PathLike[str]
    ) -> PackPayload:
        """Read a sealed pack and its license file into memory."""
        pack_path, license_path = Path(pack), Path(license).expanduser()
        for path, what in ((pack_path, "pack"), (license_path, "license")):
            if not path.is_file():
                raise FileNotFoundError(f"{what} file not found: {path}")
        return cls(pack_path.read_bytes(), license_path.read_bytes())

    def with_quota_storage(self, uri: str | None) -> PackPayload:
        """The same pack, with the quota store workers must use."""
        return PackPayload(self.sealed_pack, self.license, uri)

    def load(self) -> Engine:
        """Unseal the pack (verifying the license) and return an engine serving it."""
        if self.quota_storage is not None:
            _use_quota_storage(self.quota_storage)
        if self.sealed_pack is None:
            from ..engine import Engine

            return Engine()
        from ..loading import load_pack_bytes

        assert self.license is not None
        return load_pack_bytes(self.sealed_pack, self.license)

    def __repr__(self) -> str:
        kind = "builtin" if self.sealed_pack is None else "sealed"
        return f"<PackPayload {kind} {self.token}>"


def _use_quota_storage(uri: str) -> None:
    """Make this process count decisions in ``uri`` (a worker started without it)."""
    from ..licensing.quotas import QUOTA_STORAGE_ENV, reset_quota_store

    if os.environ.get(QUOTA_STORAGE_ENV) != uri:
        os.environ[QUOTA_STORAGE_ENV] = uri
        reset_quota_store()


_engines_lock = threading.Lock()
_engines: dict[str, Engine] = {}


def install_engine(payload: PackPayload) -> Engine:
    """Load ``payload`` in this process once; later calls return the same engine."""
    with _engines_lock:
        engine = _engines.get(payload.token)
        if engine is None:
            engine = payload.load()
            _engines[payload.token] = engine
        return engine


def engine_for(token: str) -> Engine:
    """Return the engine this process installed for a payload token."""
    engine = _engines.get(token)
    if engine is None:
        raise BatchError("the pack is not loaded on this worker (its setup failed or was skipped)")
    return engine


def forget_engine(token: str) -> None:
    """Drop this process's engine for a payload token (and with it the license it holds)."""
    with _engines_lock:
        _engines.pop(token, None)
