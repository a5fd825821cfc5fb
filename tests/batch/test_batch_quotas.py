"""A license's decision quota holds across batch workers: shared through Redis, or one worker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from batch_support import SealedFactory
from redis_support import RedisServer

from engine_core.batch import BatchError, PackPayload, scan
from engine_core.licensing.quotas import QUOTA_STORAGE_ENV, Quota, QuotaStore

LINES = 30


def _orders(path: Path) -> Path:
    # Every line differs and none is empty: one decision per line, whatever the workers.
    path.write_text("".join(f"order ORD-{i:06d} shipped\n" for i in range(LINES)), "utf-8")
    return path


def _lifetime_used(url: str, license: Path) -> int:
    license_id = json.loads(license.read_text(encoding="utf-8"))["license_id"]
    quota = Quota(
        f"license:{license_id}",
        per_minute=None,
        lifetime=10**6,
        allow_overage=False,
        store=QuotaStore(url),
    )
    return quota.lifetime_used


@pytest.fixture
def shared_quotas(redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch) -> RedisServer:
    """Decision quotas counted in a real redis-server (inherited by worker processes)."""
    monkeypatch.setenv(QUOTA_STORAGE_ENV, redis_server.url)
    return redis_server


def test_workers_share_the_quota_through_redis(
    tmp_path: Path, make_sealed: SealedFactory, shared_quotas: RedisServer
) -> None:
    pack, license = make_sealed(max_decisions_lifetime=LINES + 10)
    payload = PackPayload.from_files(pack, license)
    source = _orders(tmp_path / "orders.log")
    result = scan([source], tmp_path / "out", pack=payload, workers=2)
    assert result.ok
    assert _lifetime_used(shared_quotas.url, license) == LINES  # every decision, once
    again = scan([source], tmp_path / "again", pack=payload, workers=2)
    # The second scan finds 20 decisions left in the shared lifetime quota, and no more.
    assert again.total.withheld == LINES - 10
    assert dict(again.total.withheld_reasons) == {"DeveloperQuotaExceededError": LINES - 10}
    assert _lifetime_used(shared_quotas.url, license) == LINES + 10


def test_a_redis_outage_withholds_every_record(
    tmp_path: Path, make_sealed: SealedFactory, shared_quotas: RedisServer
) -> None:
    pack, license = make_sealed(max_decisions_per_minute=1000)
    shared_quotas.stop()
    result = scan(
        [_orders(tmp_path / "orders.log")],
        tmp_path / "out",
        pack=PackPayload.from_files(pack, license),
        workers=1,
    )
    assert dict(result.total.withheld_reasons) == {"QuotaStorageUnavailableError": LINES}
    assert (tmp_path / "out" / "orders.log").read_text("utf-8") == "[WITHHELD]\n" * LINES


def test_per_process_quotas_refuse_several_workers(
    tmp_path: Path, make_sealed: SealedFactory
) -> None:
    pack, license = make_sealed(max_decisions_per_minute=1000)
    payload = PackPayload.from_files(pack, license)
    source = _orders(tmp_path / "orders.log")
    for options in ({"workers": 2}, {"dask": "local"}):
        with pytest.raises(BatchError, match="ENGINE_QUOTA_STORAGE=redis"):
            scan([source], tmp_path / "out", pack=payload, **options)  # type: ignore[arg-type]
    assert not (tmp_path / "out").exists()
    # Without --workers, such a license scans in one process.
    assert scan([source], tmp_path / "out", pack=payload).ok
