"""Fixtures for the pack tests: a test authority, issued licenses, compiled engines.

Licenses are signed by a fresh authority key trusted through
``ENGINE_AUTHORITY_KEYS``; no signature is hard-coded.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine_core import clock
from engine_core.engine import Engine
from engine_core.licensing.authority import (
    issue_license,
    write_license_file,
)
from engine_core.loading import load_pack
from engine_core.packs.compiler import PACK_SUFFIX, compile_playbook

VALID_FROM = 1_577_836_800.0  # 2020-01-01T00:00:00Z
VALID_UNTIL = 1_893_456_000.0  # 2030-01-01T00:00:00Z
GRACE_DAYS = 14

_counter = itertools.count()


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No ambient license: empty HOME, no ENGINE_LICENSE_FILE, real clock afterwards."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("ENGINE_LICENSE_FILE", raising=False)
    yield
    clock.reset_clock()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def authority(authority_seed: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> str:
    """The private seed of a test authority the runtime trusts (via ENGINE_AUTHORITY_KEYS)."""
    seed, trust = authority_seed
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", str(trust))
    return seed


@pytest.fixture
def license_times() -> dict[str, float]:
    return {"valid_from": VALID_FROM, "valid_until": VALID_UNTIL, "grace_period_days": GRACE_DAYS}


@pytest.fixture
def issue_license_data(authority: str) -> Callable[..., dict[str, Any]]:
    def issue(**overrides: Any) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "tier": "DEVELOPER",
            "licensed_packs": ["acme.*"],
            "valid_from": VALID_FROM,
            "valid_until": VALID_UNTIL,
            "grace_period_days": GRACE_DAYS,
            "license_id": f"lic-packs-{next(_counter):04d}",
            "content_key": f"content-key-{next(_counter):04d}",
        }
        fields.update(overrides)
        return issue_license(authority, **fields)

    return issue


@pytest.fixture
def issue_license_file(
    issue_license_data: Callable[..., dict[str, Any]], tmp_path: Path
) -> Callable[..., Path]:
    """Issue a license (keyword overrides of issue_license) and write it; return its path."""

    def issue(**overrides: Any) -> Path:
        data = issue_license_data(**overrides)
        return write_license_file(tmp_path / "licenses" / f"{next(_counter):04d}.lic", data)

    return issue


@pytest.fixture
def license_data(issue_license_data: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    return issue_license_data()


@pytest.fixture
def license_path(license_data: dict[str, Any], tmp_path: Path) -> Path:
    return write_license_file(tmp_path / "licenses" / "default.lic", license_data)


@pytest.fixture(name="issue_license")
def issue_license_fixture(issue_license_file: Callable[..., Path]) -> Callable[..., Path]:
    return issue_license_file


@pytest.fixture
def pack_engine(
    license_path: Path, tmp_path: Path, issue_license_file: Callable[..., Path]
) -> Callable[..., Engine]:
    """Compile a playbook for a license, write the pack, and load it with load_pack."""

    def build(playbook: str, **license_overrides: Any) -> Engine:
        license = issue_license_file(**license_overrides) if license_overrides else license_path
        pack = tmp_path / "packs" / f"pack-{next(_counter):04d}{PACK_SUFFIX}"
        pack.parent.mkdir(exist_ok=True)
        pack.write_bytes(compile_playbook(playbook, license))
        return load_pack(pack, license)

    return build
