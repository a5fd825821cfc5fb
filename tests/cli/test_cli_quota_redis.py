"""Two `engine-pack serve` processes under one license share its quota through a real Redis.

Each license (one with a per-minute limit, one with a lifetime cap) serves the
same compiled pack from two separate service processes pointed at one
``redis-server`` by ``ENGINE_QUOTA_STORAGE``. A Redis outage refuses every
decision with 503 (never an unmetered one) and the services recover when
Redis is back.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from cli_support import SUPPORT_PLAYBOOK, Authority, Cli, Server, program
from redis_support import RedisServer

TEXT = {"text": "Order ORD-1234567 from jane@example.com"}
PER_MINUTE = 4
LIFETIME = 5


@dataclass
class QuotaServices:
    redis: RedisServer
    per_minute: tuple[Server, Server]
    lifetime: tuple[Server, Server]

    @property
    def all(self) -> tuple[Server, ...]:
        return (*self.per_minute, *self.lifetime)


def _post(server: Server) -> httpx.Response:
    return httpx.post(f"{server.url}/v1/evaluate", json=TEXT, timeout=10)


def _flush(redis: RedisServer) -> None:
    import redis as redis_client

    redis_client.Redis.from_url(redis.url).flushall()


@pytest.fixture(scope="module")
def services(
    tmp_path_factory: pytest.TempPathFactory, authority: Authority
) -> Iterator[QuotaServices]:
    folder = tmp_path_factory.mktemp("quota-redis")
    home = folder / "home"
    home.mkdir()
    cli = Cli(folder, home, {"ENGINE_AUTHORITY_KEYS": str(authority.trust_file)})
    redis = RedisServer(folder)
    redis.start()
    packs: dict[str, tuple[Path, Path]] = {}
    for name, limits in (
        ("per-minute", {"max_decisions_per_minute": PER_MINUTE}),
        ("lifetime", {"max_decisions_lifetime": LIFETIME}),
    ):
        license = authority.issue(f"quota-{name}", licensed_packs=["acme.*"], **limits)
        pack = folder / f"{name}.epack"
        cli.ok("compile", "--playbook", SUPPORT_PLAYBOOK, "--out", pack, "--license", license)
        packs[name] = (pack, license)
    # Start all four services at once (each takes a second or two to import and bind).
    started: list[Server] = []
    for name in ("per-minute", "per-minute", "lifetime", "lifetime"):
        pack, license = packs[name]
        argv = [program("engine-pack"), "serve", "--pack", str(pack), "--license", str(license)]
        process = subprocess.Popen(
            [*argv, "--port", "0"],
            cwd=folder,
            env=cli.env({"ENGINE_QUOTA_STORAGE": redis.url}),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append(Server(process))
    try:
        for server in started:
            server.wait_ready("/v1/health")
        yield QuotaServices(redis, (started[0], started[1]), (started[2], started[3]))
    finally:
        codes = [server.stop() for server in started]
        redis.stop()
    assert codes == [0, 0, 0, 0], [server.stderr for server in started]


def test_two_services_share_one_per_minute_window(services: QuotaServices) -> None:
    _flush(services.redis)
    first, second = services.per_minute
    answers = [_post(server).status_code for server in (first, second) * (PER_MINUTE // 2)]
    assert answers == [200] * PER_MINUTE
    for server in (first, second):
        refused = _post(server)
        assert refused.status_code == 429
        assert "max_decisions_per_minute" in refused.json()["detail"]
        assert 55 <= int(refused.headers["Retry-After"]) <= 60


def test_two_services_share_one_lifetime_cap(services: QuotaServices) -> None:
    _flush(services.redis)
    first, second = services.lifetime
    answers = [_post(server).status_code for server in (first, second, first, second, first)]
    assert answers == [200] * LIFETIME
    for server in (second, first):
        refused = _post(server)
        assert refused.status_code == 429
        assert "max_decisions_lifetime" in refused.json()["detail"]


def test_redis_outage_answers_503_then_recovers(services: QuotaServices) -> None:
    services.redis.stop()
    try:
        for server in services.all:
            refused = _post(server)
            assert refused.status_code == 503, refused.text
            detail = refused.json()["detail"]
            assert "quota storage unavailable" in detail
            assert "decision refused" in detail
            assert "jane" not in refused.text
            assert httpx.get(f"{server.url}/v1/health", timeout=10).status_code == 200
    finally:
        services.redis.start()  # empty again: every counter starts over
    for server in services.all:
        assert _post(server).status_code == 200
