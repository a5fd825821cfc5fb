"""Fixtures for the licensing tests: authority keys, a trust file, licenses, a settable clock.

Nothing here hard-codes a signature: licenses and keys are issued with the
authority functions of ``engine_core.licensing.authority``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from licensing_support import (
    DAY,
    NOW,
    VECTORS,
    Authority,
    FrozenClock,
    KeyFactory,
    LicenseFactory,
)

from engine_core import clock
from engine_core.licensing.authority import (
    generate_authority_keypair,
    issue_license,
    issue_license_key,
    write_trust_file,
)
from engine_core.licensing.quotas import reset_quota_store


@pytest.fixture(autouse=True)
def _isolated_licensing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test: fresh quota store, no stray environment, system clock afterwards."""
    for name in ("ENGINE_AUTHORITY_KEYS", "ENGINE_QUOTA_STORAGE", "ENGINE_LICENSE_FILE"):
        monkeypatch.delenv(name, raising=False)
    reset_quota_store()
    yield
    reset_quota_store()
    clock.reset_clock()


@pytest.fixture(scope="session")
def authority() -> Authority:
    return Authority(*generate_authority_keypair())


@pytest.fixture(scope="session")
def revoked_authority() -> Authority:
    return Authority(*generate_authority_keypair())


@pytest.fixture(scope="session")
def stranger() -> Authority:
    """An authority nobody trusts."""
    return Authority(*generate_authority_keypair())


@pytest.fixture
def trust_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    authority: Authority,
    revoked_authority: Authority,
) -> Path:
    path = write_trust_file(
        tmp_path / "authority-keys.json", [authority.public], [revoked_authority.public]
    )
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", str(path))
    return path


@pytest.fixture
def frozen_clock() -> FrozenClock:
    frozen = FrozenClock(NOW)
    clock.set_clock(frozen)
    return frozen


@pytest.fixture
def make_license(
    authority: Authority, trust_file: Path, frozen_clock: FrozenClock
) -> LicenseFactory:
    """Issue a signed DEVELOPER license valid from NOW - 1 day for 30 days; override anything."""

    def factory(seed: str | None = None, **overrides: Any) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "organization": "Zoë Analytics GmbH",
            "org_id": "org-42",
            "contact_email": "ops@example.com",
            "tier": "DEVELOPER",
            "licensed_packs": ["acme.*", "builtin.data_protection"],
            "valid_from": NOW - DAY,
            "valid_until": NOW + 30 * DAY,
        }
        fields.update(overrides)
        return issue_license(seed or authority.seed, **fields)

    return factory


@pytest.fixture
def make_key(authority: Authority, trust_file: Path, frozen_clock: FrozenClock) -> KeyFactory:
    """Issue a signed DEVELOPER key for builtin.* valid from NOW - 1 day for 30 days."""

    def factory(seed: str | None = None, validate: bool = True, **overrides: Any) -> str:
        payload: dict[str, Any] = {
            "key_id": "key-0001",
            "epoch": 1,
            "tier": "DEVELOPER",
            "packs": ["builtin.*"],
            "valid_from": NOW - DAY,
            "valid_until": NOW + 30 * DAY,
            "grace_period_days": 14,
            "max_decisions_per_minute": None,
            "max_decisions_lifetime": None,
            "enforcement": "fail_closed",
        }
        payload.update(overrides)
        return issue_license_key(payload, seed or authority.seed, validate=validate)

    return factory


@pytest.fixture(scope="session")
def license_vectors() -> dict[str, Any]:
    return json.loads((VECTORS / "license.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def key_vectors() -> dict[str, Any]:
    return json.loads((VECTORS / "license-key.json").read_text(encoding="utf-8"))
