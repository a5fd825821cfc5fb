"""Quotas shared through a real redis-server: one window and one lifetime cap across replicas.

Each ``QuotaStore`` below has its own Redis client and connection pool, as two
service processes (or two machines) would.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from licensing_support import FrozenClock, LicenseFactory
from redis_support import RedisServer

from engine_core import DeveloperQuotaExceededError, Engine, QuotaStorageUnavailableError
from engine_core.errors import EngineRuntimeError
from engine_core.licensing.file_context import FileLicenseContext
from engine_core.licensing.license_file import load_license
from engine_core.licensing.quotas import QUOTA_STORAGE_ENV, Quota, QuotaStore, reset_quota_store


def _replicas(url: str, scope: str, **limits: Any) -> tuple[Quota, Quota]:
    """The same license's quota as two replicas see it: two stores, two Redis clients."""
    options: dict[str, Any] = {"per_minute": None, "lifetime": None, **limits}
    return (
        Quota(scope, allow_overage=False, store=QuotaStore(url), **options),
        Quota(scope, allow_overage=False, store=QuotaStore(url), **options),
    )


def _file_engine(document: dict[str, Any]) -> Engine:
    from engine_core.packs.builtin import builtin_declaration
    from engine_core.plugins import get_registries

    return Engine.for_pack(
        builtin_declaration(get_registries()), FileLicenseContext(load_license(document))
    )


def test_replicas_share_one_sliding_window(
    redis_server: RedisServer, frozen_clock: FrozenClock
) -> None:
    first, second = _replicas(redis_server.url, "license:window", per_minute=3)
    first.consume()
    second.consume()
    first.consume()
    for replica in (second, first):
        with pytest.raises(DeveloperQuotaExceededError, match="max_decisions_per_minute") as caught:
            replica.consume()
        assert caught.value.retry_after == pytest.approx(60)
    assert first.window_remaining == second.window_remaining == 0
    frozen_clock.advance(60.001)  # the window slides on the engine clock, in Redis too
    second.consume()


def test_replicas_share_one_lifetime_cap(redis_server: RedisServer) -> None:
    first, second = _replicas(redis_server.url, "license:lifetime", lifetime=4)
    for replica in (first, second, first, second):
        replica.consume()
    for replica in (first, second):
        with pytest.raises(DeveloperQuotaExceededError, match="lifetime"):
            replica.consume()
    assert first.lifetime_used == second.lifetime_used == 4  # refusals are not counted


def test_quota_storage_env_puts_a_license_quota_in_redis(
    redis_server: RedisServer, make_license: LicenseFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(QUOTA_STORAGE_ENV, redis_server.url)
    reset_quota_store()
    document = make_license(max_decisions_lifetime=2)
    engine = _file_engine(document)
    engine.evaluate("hello")
    # Another process under the same license sees the same counter.
    other = Quota(
        f"license:{document['license_id']}",
        per_minute=None,
        lifetime=2,
        allow_overage=False,
        store=QuotaStore(redis_server.url),
    )
    assert other.lifetime_used == 1
    other.consume()
    with pytest.raises(DeveloperQuotaExceededError):
        engine.evaluate("hello")


def test_redis_outage_fails_closed_then_recovers(
    redis_server: RedisServer, make_license: LicenseFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(QUOTA_STORAGE_ENV, redis_server.url)
    reset_quota_store()
    engine = _file_engine(make_license(max_decisions_per_minute=100))
    assert engine.evaluate("mail jane@example.com").action == "redact_and_permit"
    redis_server.stop()
    started = time.monotonic()
    with pytest.raises(QuotaStorageUnavailableError, match="quota storage unavailable") as caught:
        engine.evaluate("mail jane@example.com")
    assert time.monotonic() - started < 5  # refused promptly, not after long retries
    assert isinstance(caught.value, EngineRuntimeError)
    assert "jane" not in str(caught.value)
    redis_server.start()  # the same port, an empty Redis: the same client reconnects
    assert engine.evaluate("mail jane@example.com").action == "redact_and_permit"


def test_redis_down_at_start_refuses_every_decision(
    redis_server: RedisServer, make_license: LicenseFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    redis_server.stop()
    monkeypatch.setenv(QUOTA_STORAGE_ENV, redis_server.url)
    reset_quota_store()
    engine = _file_engine(make_license(max_decisions_lifetime=10))  # loading needs no Redis
    for _ in range(2):
        with pytest.raises(QuotaStorageUnavailableError):
            engine.evaluate("hello")
