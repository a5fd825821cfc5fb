"""Decision quotas: a sliding 60-second window and a lifetime cap per license or key.

Counters live in one process-wide :class:`QuotaStore` (the ``limits``
library's storage: memory by default, or the URI in ``ENGINE_QUOTA_STORAGE``,
for example ``redis://host:6379/0``, when several replicas share one quota),
keyed by the license id or key id. Every engine of the process for the same
license or key therefore shares its counters, and an engine made per request
cannot reset them.

The per-minute window is ``limits``' :class:`~limits.strategies.MovingWindowRateLimiter`.
``limits`` reads the time from the ``time`` module of its storage modules and
takes no clock argument, so :func:`_follow_engine_clock` points the ``time``
name of ``limits.storage.memory`` and ``limits.storage.redis`` at a stand-in
whose ``time()`` is :func:`engine_core.clock.now` (every other attribute is
the real ``time`` module). With the default clock nothing changes; with a
test clock the window, its entries' expiry and the background clean-up all
follow the same clock. The Redis storage passes that timestamp to its Lua
script, so a shared window follows it too.

The window includes both ends: a decision counts against the window for 60
seconds inclusive, so with the window full a decision at exactly +60 s is
still refused and one just after it is allowed (the fail-closed reading of
"at most N decisions in any 60-second window"; it is ``limits``' own rule).
"""

from __future__ import annotations

import os
import threading
import time
import types
from typing import Any

import limits.storage.memory
import limits.storage.redis
from limits import RateLimitItemPerMinute
from limits.errors import ConfigurationError, StorageError
from limits.storage import MovingWindowSupport, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .. import clock
from ..errors import (
    DeveloperQuotaExceededError,
    QuotaStorageUnavailableError,
    ServerConfigurationError,
)

__all__ = [
    "QUOTA_STORAGE_ENV",
    "WINDOW_SECONDS",
    "Quota",
    "QuotaStore",
    "decision_quota",
    "get_quota_store",
    "reset_quota_store",
]

#: Environment variable holding a ``limits`` storage URI (default ``memory://``).
QUOTA_STORAGE_ENV = "ENGINE_QUOTA_STORAGE"
#: Length of the per-minute sliding window, in seconds.
WINDOW_SECONDS = 60
#: Lifetime counters must outlive any license; storages need some expiry.
_LIFETIME_EXPIRY = 100 * 365 * 86_400
#: Smallest ``retry_after`` reported (the window is closed at its end).
_MIN_RETRY_AFTER = 0.001
_NAMESPACE = "engine-pack"
#: Redis client options unless the URI's query sets them: an outage must refuse a
#: decision within seconds, not hang it (no timeout) or retry it for seconds (redis-py's
#: defaults).
_REDIS_SCHEMES = ("redis", "rediss", "redis+unix")
_REDIS_TIMEOUT_S = 2.0
_REDIS_RETRIES = 2


class _EngineClockTime(types.ModuleType):
    """Stands in for the ``time`` module inside limits' storages: ``time()`` is the engine clock."""

    def __init__(self) -> None:
        super().__init__("time")

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)

    @staticmethod
    def time() -> float:
        return clock.now()


def _follow_engine_clock() -> bool:
    """Make limits' memory and Redis storages read the engine clock; True when both do."""
    followed = True
    for module in (limits.storage.memory, limits.storage.redis):
        current = getattr(module, "time", None)
        if current is time:
            setattr(module, "time", _EngineClockTime())  # noqa: B010 - module global
        elif not isinstance(current, _EngineClockTime):
            followed = False
    return followed


FOLLOWS_ENGINE_CLOCK = _follow_engine_clock()


def _storage_options(uri: str) -> dict[str, Any]:
    """Client options for a Redis storage: bounded timeouts and a short retry (reconnects)."""
    if uri.split("://", 1)[0] not in _REDIS_SCHEMES:
        return {}
    try:
        from redis.backoff import ExponentialBackoff
        from redis.retry import Retry
    except ImportError:  # limits reports the missing dependency itself
        return {}
    return {
        "socket_timeout": _REDIS_TIMEOUT_S,
        "socket_connect_timeout": _REDIS_TIMEOUT_S,
        # Retrying on a fresh connection covers a restarted server's stale pooled socket.
        "retry": Retry(ExponentialBackoff(cap=0.05, base=0.01), _REDIS_RETRIES),
    }


class QuotaStore:
    """A ``limits`` storage and its moving-window limiter, shared by every quota of the process."""

    def __init__(self, uri: str = "memory://") -> None:
        try:
            storage = storage_from_string(uri, wrap_exceptions=True, **_storage_options(uri))
        except ConfigurationError as exc:
            raise ServerConfigurationError(
                f"{QUOTA_STORAGE_ENV}: cannot use quota storage {uri!r}: {exc}"
            ) from exc
        if not isinstance(storage, Storage) or not isinstance(storage, MovingWindowSupport):
            raise ServerConfigurationError(
                f"{QUOTA_STORAGE_ENV}: quota storage {uri!r} has no moving-window support"
            )
        self.uri = uri
        self.storage: Storage = storage
        self.limiter = MovingWindowRateLimiter(storage)

    def __repr__(self) -> str:
        scheme = self.uri.split(":", 1)[0]
        return f"<QuotaStore {scheme}>"


_store_lock = threading.Lock()
_store: QuotaStore | None = None


def get_quota_store() -> QuotaStore:
    """Return the process-wide quota store, created on first use from ``ENGINE_QUOTA_STORAGE``."""
    global _store
    with _store_lock:
        if _store is None:
            _store = QuotaStore(os.environ.get(QUOTA_STORAGE_ENV) or "memory://")
        return _store


def reset_quota_store() -> None:
    """Forget the process-wide store (tests): the next quota gets a fresh one."""
    global _store
    with _store_lock:
        _store = None


class Quota:
    """The decision quota of one license or key: per-minute window and lifetime cap.

    ``scope`` identifies the counters (``license:<id>`` or ``key:<id>``).
    With ``allow_overage`` (``TRUE_UP`` licenses, ``fail_open`` keys) a decision
    past a limit is recorded in :attr:`overage_count` and goes on; otherwise it
    raises :class:`~engine_core.errors.DeveloperQuotaExceededError` and is not
    counted.
    """

    def __init__(
        self,
        scope: str,
        *,
        per_minute: int | None,
        lifetime: int | None,
        allow_overage: bool,
        label: str | None = None,
        store: QuotaStore | None = None,
    ) -> None:
        self.scope = scope
        self.label = label or scope
        self.per_minute = per_minute
        self.lifetime = lifetime
        self.allow_overage = allow_overage
        self.store = store or get_quota_store()
        self._item = (
            None
            if per_minute is None
            else RateLimitItemPerMinute(per_minute, namespace=f"{_NAMESPACE}/window")
        )
        self._lifetime_key = f"{_NAMESPACE}/lifetime/{scope}"
        self._overage_key = f"{_NAMESPACE}/overage/{scope}"

    @property
    def enforced(self) -> bool:
        """True when the quota has any limit at all."""
        return self.per_minute is not None or self.lifetime is not None

    def consume(self) -> None:
        """Count one decision; past a limit raise DeveloperQuotaExceededError or record overage."""
        if not self.enforced:
            return
        try:
            self._consume()
        except StorageError as exc:
            raise QuotaStorageUnavailableError(
                f"quota storage unavailable for {self.label}; decision refused"
            ) from exc

    def _consume(self) -> None:
        storage = self.store.storage
        exceeded: str | None = None
        retry_after: float | None = None
        counted = False
        if self.lifetime is not None:
            used = storage.incr(self._lifetime_key, _LIFETIME_EXPIRY)
            counted = True
            if used > self.lifetime:
                exceeded = "max_decisions_lifetime"
        if (
            exceeded is None
            and self._item is not None
            and not self.store.limiter.hit(self._item, self.scope)
        ):
            exceeded = "max_decisions_per_minute"
            retry_after = self._retry_after()
        if exceeded is None:
            return
        if self.allow_overage:
            storage.incr(self._overage_key, _LIFETIME_EXPIRY)
            return
        if counted:  # a refused decision does not use up the lifetime quota
            storage.incr(self._lifetime_key, _LIFETIME_EXPIRY, amount=-1)
        if exceeded == "max_decisions_lifetime":
            message = (
                f"Developer quota exceeded for {self.label}: the lifetime limit of "
                f"{self.lifetime} decisions (max_decisions_lifetime) is used up"
            )
        else:
            message = (
                f"Developer quota exceeded for {self.label}: {self.per_minute} decisions per "
                f"sliding {WINDOW_SECONDS}-second window (max_decisions_per_minute); "
                f"retry after {retry_after:.3f} s"
            )
        raise DeveloperQuotaExceededError(message, limit_name=exceeded, retry_after=retry_after)

    def _retry_after(self) -> float:
        assert self._item is not None
        stats = self.store.limiter.get_window_stats(self._item, self.scope)
        if stats.remaining > 0:
            # Exactly at the window's end: limits' memory storage already counts the
            # oldest entry out while its acquire still refuses; the slot frees next.
            return _MIN_RETRY_AFTER
        return max(float(stats.reset_time) - clock.now(), _MIN_RETRY_AFTER)

    @property
    def lifetime_used(self) -> int:
        """Decisions counted against the lifetime cap so far (0 when there is no cap)."""
        return int(self.store.storage.get(self._lifetime_key))

    @property
    def overage_count(self) -> int:
        """Decisions made past a limit because overage is allowed."""
        return int(self.store.storage.get(self._overage_key))

    @property
    def window_remaining(self) -> int | None:
        """Decisions left in the current 60-second window (None without a per-minute limit)."""
        if self._item is None:
            return None
        return int(self.store.limiter.get_window_stats(self._item, self.scope).remaining)

    def __repr__(self) -> str:
        return (
            f"<Quota {self.label} per_minute={self.per_minute} lifetime={self.lifetime} "
            f"allow_overage={self.allow_overage}>"
        )


def decision_quota(
    kind: str,
    identifier: str,
    *,
    per_minute: int | None,
    lifetime: int | None,
    allow_overage: bool,
) -> Quota | None:
    """Return the quota of a ``license`` or ``key`` with these limits, or None when it sets none."""
    if per_minute is None and lifetime is None:
        return None
    label = "license" if kind == "license" else "license key"
    return Quota(
        f"{kind}:{identifier}",
        per_minute=per_minute,
        lifetime=lifetime,
        allow_overage=allow_overage,
        label=f"{label} {identifier}",
    )
