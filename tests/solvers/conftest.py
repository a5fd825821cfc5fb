"""Fixtures for the solver tests: a trusted test authority, and engines and licenses per tier.

Licenses and keys are issued by a fresh authority trusted through
``ENGINE_AUTHORITY_KEYS`` for the module; nothing is hard-coded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from solver_support import license_key

from engine_core import Engine
from engine_core.licensing.authority import generate_authority_keypair, write_trust_file
from engine_core.licensing.quotas import reset_quota_store


@pytest.fixture(scope="module")
def authority(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A trusted authority's private seed (its trust file exported for the module)."""
    seed, public = generate_authority_keypair()
    path = write_trust_file(tmp_path_factory.mktemp("trust") / "keys.json", [public])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ENGINE_AUTHORITY_KEYS", str(Path(path)))
        yield seed


@pytest.fixture(autouse=True)
def _fresh_quotas() -> Iterator[None]:
    reset_quota_store()
    yield
    reset_quota_store()


@pytest.fixture(scope="module")
def engine_for(authority: str) -> Callable[[str], Engine]:
    """``engine_for(tier)``: a built-in-pack engine under a license key of that tier."""
    cache: dict[str, Engine] = {}

    def make(tier: str) -> Engine:
        if tier == "COMMUNITY":
            return Engine()
        if tier not in cache:
            cache[tier] = Engine(license_key=license_key(authority, tier))
        return cache[tier]

    return make


@pytest.fixture(scope="module")
def enterprise(engine_for: Callable[[str], Engine]) -> Engine:
    """An engine whose license allows every solver."""
    return engine_for("ENTERPRISE")
