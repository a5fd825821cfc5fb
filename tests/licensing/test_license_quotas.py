"""Decision quotas: sliding window, lifetime cap, overage, counters shared per license or key."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from licensing_support import NOW, FrozenClock, KeyFactory, LicenseFactory

from engine_core import DeveloperQuotaExceededError, Engine, ServerConfigurationError
from engine_core.licensing import quotas
from engine_core.licensing.file_context import FileLicenseContext
from engine_core.licensing.license_file import load_license
from engine_core.licensing.quotas import Quota, QuotaStore


def _file_engine(document: dict[str, Any]) -> Engine:
    from engine_core.packs.builtin import builtin_declaration
    from engine_core.plugins import get_registries

    context = FileLicenseContext(load_license(document))
    return Engine.for_pack(builtin_declaration(get_registries()), context)


def test_limits_storages_follow_the_engine_clock() -> None:
    assert quotas.FOLLOWS_ENGINE_CLOCK


def test_per_minute_limit_fails_closed(make_key: KeyFactory) -> None:
    engine = Engine(license_key=make_key(max_decisions_per_minute=3))
    for _ in range(3):
        engine.evaluate("hello")
    with pytest.raises(DeveloperQuotaExceededError, match="max_decisions_per_minute") as caught:
        engine.evaluate("hello")
    assert caught.value.limit_name == "max_decisions_per_minute"
    assert caught.value.retry_after == pytest.approx(60)
    assert "key-0001" in str(caught.value)


def test_sliding_window_edges(make_key: KeyFactory, frozen_clock: FrozenClock) -> None:
    engine = Engine(license_key=make_key(max_decisions_per_minute=3))
    for offset in (0, 10, 20):
        frozen_clock.set(NOW + offset)
        engine.evaluate("hello")
    frozen_clock.set(NOW + 59)
    with pytest.raises(DeveloperQuotaExceededError) as caught:
        engine.evaluate("hello")
    assert caught.value.retry_after == pytest.approx(1)
    # The window is closed at both ends: at exactly +60 s the decision made at
    # +0 s still counts, so the window is still full.
    frozen_clock.set(NOW + 60)
    with pytest.raises(DeveloperQuotaExceededError) as caught:
        engine.evaluate("hello")
    assert caught.value.retry_after is not None
    assert 0 < caught.value.retry_after < 0.01
    # Just after it, the +0 s decision has left the window: one slot is free.
    frozen_clock.set(NOW + 60.001)
    engine.evaluate("hello")
    # Sliding, not fixed: +10 s and +20 s are still inside.
    frozen_clock.set(NOW + 60.002)
    with pytest.raises(DeveloperQuotaExceededError) as caught:
        engine.evaluate("hello")
    assert caught.value.retry_after == pytest.approx(9.998)
    frozen_clock.set(NOW + 70.001)
    engine.evaluate("hello")


def test_lifetime_cap(make_key: KeyFactory, frozen_clock: FrozenClock) -> None:
    engine = Engine(license_key=make_key(max_decisions_lifetime=3))
    for _ in range(3):
        engine.evaluate("hello")
    for _ in range(2):
        with pytest.raises(DeveloperQuotaExceededError, match="lifetime") as caught:
            engine.evaluate("hello")
        assert caught.value.limit_name == "max_decisions_lifetime"
        assert caught.value.retry_after is None
        frozen_clock.advance(86_400)
    quota = engine.license.quota  # type: ignore[attr-defined]
    assert quota.lifetime_used == 3  # refused decisions are not counted


def test_lifetime_is_checked_before_the_window(make_key: KeyFactory) -> None:
    engine = Engine(license_key=make_key(max_decisions_lifetime=1, max_decisions_per_minute=5))
    engine.evaluate("hello")
    with pytest.raises(DeveloperQuotaExceededError) as caught:
        engine.evaluate("hello")
    assert caught.value.limit_name == "max_decisions_lifetime"


def test_zero_quota_refuses_everything(make_key: KeyFactory) -> None:
    engine = Engine(license_key=make_key(key_id="zero", max_decisions_per_minute=0))
    with pytest.raises(DeveloperQuotaExceededError):
        engine.evaluate("hello")


def test_fail_open_key_records_overage(make_key: KeyFactory) -> None:
    engine = Engine(
        license_key=make_key(
            max_decisions_lifetime=2, max_decisions_per_minute=10, enforcement="fail_open"
        )
    )
    for _ in range(5):
        assert engine.evaluate("hello").license_status == "ACTIVE"
    assert engine.license.quota.overage_count == 3  # type: ignore[attr-defined]


def test_fail_open_key_past_the_window(make_key: KeyFactory) -> None:
    engine = Engine(license_key=make_key(max_decisions_per_minute=1, enforcement="fail_open"))
    for _ in range(4):
        engine.evaluate("hello")
    assert engine.license.quota.overage_count == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize("policy", ["BLOCK_AT_CAP", "NO_OVERAGE_FEES"])
def test_license_quota_fails_closed(make_license: LicenseFactory, policy: str) -> None:
    engine = _file_engine(make_license(max_decisions_per_minute=2, overage_policy=policy))
    engine.evaluate("hello")
    engine.evaluate("hello")
    with pytest.raises(DeveloperQuotaExceededError, match="license lic-"):
        engine.evaluate("hello")


def test_true_up_license_records_overage(make_license: LicenseFactory) -> None:
    document = make_license(
        max_decisions_per_minute=2, max_decisions_lifetime=3, overage_policy="TRUE_UP"
    )
    engine = _file_engine(document)
    for _ in range(6):
        engine.evaluate("hello")
    context = engine.license
    assert isinstance(context, FileLicenseContext)
    assert context.quota is not None
    assert context.quota.overage_count == 4
    assert context.quota.lifetime_used == 6


@pytest.mark.parametrize("tier", ["ENTERPRISE", "COMMUNITY"])
def test_quotas_apply_to_developer_licenses_only(make_license: LicenseFactory, tier: str) -> None:
    engine = _file_engine(make_license(tier=tier, max_decisions_per_minute=1))
    assert engine.license.quota is None  # type: ignore[attr-defined]
    for _ in range(3):
        engine.evaluate("hello")


def test_engines_for_the_same_key_share_counters(make_key: KeyFactory) -> None:
    key = make_key(max_decisions_per_minute=3)
    Engine(license_key=key).evaluate("one")
    Engine(license_key=key).evaluate("two")
    Engine(license_key=key).evaluate("three")
    with pytest.raises(DeveloperQuotaExceededError):
        Engine(license_key=key).evaluate("four")  # a per-request engine resets nothing


def test_engines_for_the_same_license_share_counters(make_license: LicenseFactory) -> None:
    document = make_license(max_decisions_lifetime=2)
    first, second = _file_engine(document), _file_engine(document)
    first.evaluate("one")
    second.evaluate("two")
    with pytest.raises(DeveloperQuotaExceededError):
        first.evaluate("three")
    with pytest.raises(DeveloperQuotaExceededError):
        _file_engine(document).evaluate("three")


def test_different_keys_do_not_share(make_key: KeyFactory) -> None:
    first = Engine(license_key=make_key(key_id="a", max_decisions_per_minute=1))
    second = Engine(license_key=make_key(key_id="b", max_decisions_per_minute=1))
    first.evaluate("one")
    second.evaluate("one")
    with pytest.raises(DeveloperQuotaExceededError):
        first.evaluate("two")


def test_concurrent_decisions_never_pass_the_lifetime_cap(frozen_clock: FrozenClock) -> None:
    quota = Quota("test:concurrent", per_minute=None, lifetime=100, allow_overage=False)
    allowed: list[int] = []
    lock = threading.Lock()

    def worker() -> None:
        count = 0
        for _ in range(40):
            try:
                quota.consume()
            except DeveloperQuotaExceededError:
                continue
            count += 1
        with lock:
            allowed.append(count)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(allowed) == 100
    assert quota.lifetime_used == 100


def test_window_remaining(frozen_clock: FrozenClock) -> None:
    quota = Quota("test:remaining", per_minute=5, lifetime=None, allow_overage=False)
    assert quota.window_remaining == 5
    quota.consume()
    quota.consume()
    assert quota.window_remaining == 3
    assert Quota("test:none", per_minute=None, lifetime=None, allow_overage=False).enforced is False


def test_storage_from_the_environment(
    make_key: KeyFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGINE_QUOTA_STORAGE", "memory://")
    quotas.reset_quota_store()
    assert quotas.get_quota_store().uri == "memory://"
    assert quotas.get_quota_store() is quotas.get_quota_store()


@pytest.mark.parametrize("uri", ["nosuch://host", "memcached://localhost:11211"])
def test_unusable_storage_is_refused(
    make_key: KeyFactory, monkeypatch: pytest.MonkeyPatch, uri: str
) -> None:
    key = make_key(max_decisions_per_minute=3)
    monkeypatch.setenv("ENGINE_QUOTA_STORAGE", uri)
    quotas.reset_quota_store()
    with pytest.raises(ServerConfigurationError, match="ENGINE_QUOTA_STORAGE"):
        Engine(license_key=key)


def test_store_repr_hides_the_uri() -> None:
    assert repr(QuotaStore("memory://")) == "<QuotaStore memory>"
