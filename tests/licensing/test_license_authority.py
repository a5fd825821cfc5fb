"""The authority helpers: key pairs, trust files, signing, license files with mode 600."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from licensing_support import NOW, Authority, LicenseFactory

from engine_core.licensing.authority import (
    generate_authority_keypair,
    issue_license,
    public_key_hex,
    sign_license,
    write_license_file,
    write_trust_file,
)
from engine_core.licensing.license_file import load_license


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_generated_key_pairs_are_distinct_and_consistent() -> None:
    first, second = generate_authority_keypair(), generate_authority_keypair()
    assert first != second
    for seed, public in (first, second):
        assert len(seed) == 64
        assert len(public) == 64
        assert public_key_hex(seed) == public


@pytest.mark.parametrize("seed", ["", "zz" * 32, "ab" * 31])
def test_bad_seed_is_a_value_error(seed: str) -> None:
    with pytest.raises(ValueError, match="64 hex"):
        public_key_hex(seed)


def test_trust_file_content(tmp_path: Path, authority: Authority) -> None:
    path = write_trust_file(tmp_path / "nested" / "trust.json", [authority.public])
    assert json.loads(path.read_text()) == {"trusted": [authority.public], "revoked": []}


def test_new_license_file_has_mode_600(tmp_path: Path, make_license: LicenseFactory) -> None:
    path = write_license_file(tmp_path / "secrets" / "engine.lic", make_license())
    assert _mode(path) == 0o600


def test_existing_license_file_gets_mode_600(tmp_path: Path, make_license: LicenseFactory) -> None:
    path = tmp_path / "engine.lic"
    path.write_text("x" * 10_000, encoding="utf-8")
    os.chmod(path, 0o644)
    document = make_license()
    write_license_file(path, document)
    assert _mode(path) == 0o600
    assert load_license(path).raw == document  # old longer content fully replaced


def test_license_record_can_be_written(tmp_path: Path, make_license: LicenseFactory) -> None:
    license = load_license(make_license())
    path = write_license_file(tmp_path / "engine.lic", license)
    assert load_license(path) == license


def test_issue_license_builds_every_section(authority: Authority, trust_file: Path) -> None:
    document = issue_license(
        authority.seed,
        tier="ENTERPRISE",
        licensed_packs=["*"],
        valid_from=NOW - 10,
        valid_until=NOW + 10,
        license_id="lic-issued",
        issued_at="2026-06-01T00:00:00Z",
    )
    assert set(document) == {
        "license_version",
        "license_id",
        "issued_at",
        "identity",
        "entitlements",
        "validity",
        "crypto",
        "signature",
    }
    assert document["crypto"]["algorithm"] == "Ed25519-AES-256-GCM"
    assert len(document["crypto"]["content_key"]) >= 32
    assert len(document["signature"]) == 128
    from engine_core import clock

    clock.set_clock(lambda: NOW)
    assert load_license(document).tier == "ENTERPRISE"


def test_issue_license_randomises_ids_and_content_keys(
    authority: Authority, make_license: LicenseFactory
) -> None:
    first, second = make_license(), make_license()
    assert first["license_id"] != second["license_id"]
    assert first["crypto"]["content_key"] != second["crypto"]["content_key"]


def test_sign_license_replaces_a_signature_and_copies(
    make_license: LicenseFactory, authority: Authority
) -> None:
    document = make_license()
    document["entitlements"]["plan_name"] = "Renamed"
    resigned = sign_license(document, authority.seed)
    assert resigned["signature"] != document["signature"]
    assert load_license(resigned).plan_name == "Renamed"
    resigned["identity"]["org_id"] = "changed"
    assert document["identity"]["org_id"] == "org-42"
