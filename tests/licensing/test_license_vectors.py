"""The shared test vectors (docs/architecture.md, "Licensing"), reproduced byte for byte."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine_core import Engine, LicenseRevokedAuthorityError, clock
from engine_core.licensing.authority import (
    issue_license_key,
    public_key_hex,
    sign_license,
    write_trust_file,
)
from engine_core.licensing.keys import parse_license_key
from engine_core.licensing.license_file import canonical_form, load_license

#: A moment inside the vectors' validity window (2026-06-01).
INSIDE = 1_780_272_000


@pytest.fixture
def vector_trust(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, license_vectors: Any) -> Path:
    trust = license_vectors["trust_file"]
    path = write_trust_file(tmp_path / "trust.json", trust["trusted"], trust["revoked"])
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", os.fspath(path))
    clock.set_clock(lambda: INSIDE)
    return path


def test_public_key_of_the_vector_seed(license_vectors: Any) -> None:
    seed = license_vectors["authority_private_key_seed_hex"]
    assert public_key_hex(seed) == license_vectors["authority_public_key_hex"]


def test_canonical_form_matches_byte_for_byte(license_vectors: Any) -> None:
    expected = license_vectors["canonical_form"].encode("utf-8")
    assert canonical_form(license_vectors["license_file"]) == expected


def test_signature_matches_byte_for_byte(license_vectors: Any) -> None:
    signed = sign_license(
        license_vectors["license_file"], license_vectors["authority_private_key_seed_hex"]
    )
    assert signed["signature"] == license_vectors["license_file"]["signature"]
    assert signed == license_vectors["license_file"]


def test_vector_license_loads(vector_trust: Path, license_vectors: Any) -> None:
    license = load_license(license_vectors["license_file"])
    assert license.license_id == "lic-test-0001"
    assert license.organization == "Zoë Analytics GmbH"
    assert license.tier == "DEVELOPER"
    assert license.licensed_solvers == ("solver.tcn.*", "bin_packing.*")
    assert license.features == frozenset({"custom_playbook_compilation"})
    assert license.max_decisions_per_minute == 600
    assert license.status() == "ACTIVE"


def test_license_signed_by_revoked_key_is_refused(vector_trust: Path, license_vectors: Any) -> None:
    with pytest.raises(LicenseRevokedAuthorityError, match="revoked"):
        load_license(license_vectors["license_file_signed_by_revoked_key"])


def test_key_payload_canonical_and_string(key_vectors: Any, license_vectors: Any) -> None:
    seed = license_vectors["authority_private_key_seed_hex"]
    assert key_vectors["authority_public_key_hex"] == public_key_hex(seed)
    assert issue_license_key(key_vectors["payload"], seed) == key_vectors["license_key"]


def test_key_string_parses(vector_trust: Path, key_vectors: Any) -> None:
    key = parse_license_key(key_vectors["license_key"])
    assert key.payload == key_vectors["payload_canonical"].encode("utf-8")
    assert key.key_id == "key-test-0001"
    assert key.epoch == 3
    assert key.packs == ("builtin.*",)
    assert key.max_decisions_per_minute == 60


def test_vector_key_runs_the_builtin_pack(vector_trust: Path, key_vectors: Any) -> None:
    result = Engine(license_key=key_vectors["license_key"]).evaluate("write to jane@example.com")
    assert result.active_key_id == "key-test-0001"
    assert result.active_epoch == 3
    assert result.edition == "DEVELOPER"
    assert result.license_status == "ACTIVE"
    assert result.upgrade_notice is None
