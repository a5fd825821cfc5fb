"""Shared test configuration. Area fixtures live in each tests/<area>/conftest.py."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from redis_support import RedisServer

from engine_core.anchors import COMPILE_THREAD
from engine_core.licensing.authority import generate_authority_keypair, write_trust_file

# CI explores a fixed set of examples (derandomized) so that its verdict depends on the
# change, not on the draw; local runs stay random and keep finding new cases.
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def no_background_compile() -> None:
    """Let packs' background compiles finish first: the regex module times a search by
    the process's CPU time, which their threads make run faster than the wall clock (a
    test of how long a timed-out decision took needs the two to agree)."""
    for thread in threading.enumerate():
        if thread.name.startswith(COMPILE_THREAD):
            thread.join(timeout=120)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real redis-server on a free loopback port, stopped after the test."""
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def authority_seed(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A test authority's private seed and a trust file listing its public key."""
    seed, public = generate_authority_keypair()
    trust = write_trust_file(tmp_path_factory.mktemp("authority") / "trust.json", [public])
    return seed, trust
