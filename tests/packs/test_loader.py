"""``load_pack``: path and license resolution, every unsealing check in order, entitlement."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine_core
from engine_core.engine import Engine
from engine_core.errors import (
    EngineRuntimeError,
    LicenseEntitlementError,
    LicenseSignatureInvalidError,
    PackUnsealError,
    PlaybookParseError,
    UnsupportedPackDeclarationError,
)
from engine_core.loading import load_pack
from engine_core.packs.compiler import PACK_SUFFIX, compile_playbook
from engine_core.packs.container import DIGEST_SIZE, seal

IssueLicense = Callable[..., Path]

PLAYBOOK = """
pack_id: acme.loader
rules:
  - id: pin
    pattern: 'PIN \\d{4}'
"""


@pytest.fixture
def pack_path(tmp_path: Path, license_path: Path) -> Path:
    path = tmp_path / f"acme.loader{PACK_SUFFIX}"
    path.write_bytes(compile_playbook(PLAYBOOK, license_path))
    return path


def _write(tmp_path: Path, data: bytes, name: str = "pack.epack") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _seal_plaintext(tmp_path: Path, plaintext: bytes, license_data: dict[str, Any]) -> Path:
    sealed = seal(
        plaintext,
        license_id=license_data["license_id"],
        content_key=license_data["crypto"]["content_key"],
    )
    return _write(tmp_path, sealed, "handmade.epack")


def _document(license_data: dict[str, Any], declaration: dict[str, Any]) -> bytes:
    return json.dumps(
        {
            "format": 1,
            "declaration": declaration,
            "license_id": license_data["license_id"],
            "compiled_at": "2026-01-01T00:00:00Z",
            "compiler_version": "0.3.0",
        }
    ).encode()


def test_round_trip(pack_path: Path, license_path: Path) -> None:
    engine = load_pack(pack_path, license_path)
    assert isinstance(engine, Engine)
    assert engine.pack_id == "acme.loader"
    assert engine.evaluate("PIN 1234").remedy.clean_text == "[REDACTED_PIN]"
    assert engine_core.load_pack is load_pack
    assert load_pack(str(pack_path), str(license_path)).pack_id == "acme.loader"


# --- paths and license resolution -----------------------------------------------------


def test_missing_pack_path(tmp_path: Path, license_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as info:
        load_pack(tmp_path / "absent.epack", license_path)
    assert not isinstance(info.value, EngineRuntimeError)


def test_missing_pack_checked_before_license(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="pack"):
        load_pack(tmp_path / "absent.epack")


@pytest.mark.parametrize("bad", [None, 42, ""])
def test_bad_path_argument(bad: Any) -> None:
    with pytest.raises(ValueError, match="path"):
        load_pack(bad)


def test_given_license_file_that_does_not_exist(
    pack_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, license_path: Path
) -> None:
    # Even when ENGINE_LICENSE_FILE would work, a given license_file is not replaced.
    monkeypatch.setenv("ENGINE_LICENSE_FILE", str(license_path))
    with pytest.raises(FileNotFoundError):
        load_pack(pack_path, tmp_path / "absent.lic")


def test_license_from_environment(
    pack_path: Path, license_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGINE_LICENSE_FILE", str(license_path))
    assert load_pack(pack_path).pack_id == "acme.loader"


def test_license_from_home(pack_path: Path, license_path: Path, home: Path) -> None:
    target = home / ".engine" / "engine.lic"
    target.parent.mkdir()
    target.write_bytes(license_path.read_bytes())
    assert load_pack(pack_path).pack_id == "acme.loader"


def test_no_license_file_provided(
    pack_path: Path, license_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ./engine.lic is for the CLI only: the library does not read it.
    monkeypatch.chdir(license_path.parent)
    (license_path.parent / "engine.lic").write_bytes(license_path.read_bytes())
    with pytest.raises(PackUnsealError, match="no license file provided"):
        load_pack(pack_path)


def test_invalid_license_propagates(
    pack_path: Path, license_data: dict[str, Any], tmp_path: Path
) -> None:
    tampered = json.loads(json.dumps(license_data))
    tampered["entitlements"]["tier"] = "ENTERPRISE"
    path = tmp_path / "tampered.lic"
    path.write_text(json.dumps(tampered), encoding="utf-8")
    with pytest.raises(LicenseSignatureInvalidError):
        load_pack(pack_path, path)


# --- container checks surface through load_pack -------------------------------------


def test_truncated(pack_path: Path, license_path: Path, tmp_path: Path) -> None:
    with pytest.raises(PackUnsealError, match="too small"):
        load_pack(_write(tmp_path, pack_path.read_bytes()[:50]), license_path)


def test_empty_file(license_path: Path, tmp_path: Path) -> None:
    with pytest.raises(PackUnsealError, match="too small"):
        load_pack(_write(tmp_path, b""), license_path)


def test_wrong_magic(pack_path: Path, license_path: Path, tmp_path: Path) -> None:
    data = b"NOTAPACK" + pack_path.read_bytes()[8:]
    with pytest.raises(PackUnsealError, match="magic"):
        load_pack(_write(tmp_path, data), license_path)


def test_unsupported_version(pack_path: Path, license_path: Path, tmp_path: Path) -> None:
    data = bytearray(pack_path.read_bytes())
    data[9] = 2
    with pytest.raises(PackUnsealError, match="version 2"):
        load_pack(_write(tmp_path, bytes(data)), license_path)


@pytest.mark.parametrize("where", ["header", "body", "digest"])
def test_flipped_byte(pack_path: Path, license_path: Path, tmp_path: Path, where: str) -> None:
    data = bytearray(pack_path.read_bytes())
    offset = {"header": 20, "body": 60, "digest": len(data) - DIGEST_SIZE // 2}[where]
    data[offset] ^= 0x04
    with pytest.raises(PackUnsealError, match="digest"):
        load_pack(_write(tmp_path, bytes(data)), license_path)


def test_sealed_for_another_license(pack_path: Path, issue_license: IssueLicense) -> None:
    other = issue_license(license_id="lic-someone-else")
    with pytest.raises(PackUnsealError, match="different license"):
        load_pack(pack_path, other)


def test_sealed_for_the_renewed_license(
    pack_path: Path, issue_license: IssueLicense, license_data: dict[str, Any]
) -> None:
    # A renewal keeps the license id and brings a new content key: compile again.
    renewed = issue_license(
        license_id=license_data["license_id"], content_key="renewed-content-key-2027"
    )
    with pytest.raises(PackUnsealError, match="decryption failed"):
        load_pack(pack_path, renewed)


def test_modified_plaintext_with_valid_digest(
    pack_path: Path, license_path: Path, license_data: dict[str, Any], tmp_path: Path
) -> None:
    # Re-sealed by someone without the content key: the digest is valid, decryption is not.
    forged = seal(
        _document(license_data, {"pack_id": "acme.loader", "rules": []}),
        license_id=license_data["license_id"],
        content_key="guessed-key",
    )
    with pytest.raises(PackUnsealError, match="decryption failed"):
        load_pack(_write(tmp_path, forged), license_path)


# --- plaintext and declarations ------------------------------------------------------


@pytest.mark.parametrize(
    ("plaintext", "message"),
    [
        (b"\xff\xfe not utf-8", "not valid JSON"),
        (b"{not json", "not valid JSON"),
        (b'{"format": 1, "format": 1}', "not valid JSON"),
        (b'{"format": NaN}', "not valid JSON"),
        (b"[1, 2, 3]", "not a JSON object"),
        (b'{"format": 2}', "format"),
    ],
)
def test_plaintext_parse_errors(
    plaintext: bytes,
    message: str,
    license_path: Path,
    license_data: dict[str, Any],
    tmp_path: Path,
) -> None:
    path = _seal_plaintext(tmp_path, plaintext, license_data)
    with pytest.raises(PackUnsealError, match=message):
        load_pack(path, license_path)


def test_plaintext_for_another_license_id(
    license_path: Path, license_data: dict[str, Any], tmp_path: Path
) -> None:
    document = json.loads(_document(license_data, {"pack_id": "acme.x", "rules": []}))
    document["license_id"] = "lic-other"
    path = _seal_plaintext(tmp_path, json.dumps(document).encode(), license_data)
    with pytest.raises(PackUnsealError, match="different license"):
        load_pack(path, license_path)


def test_plaintext_without_declaration(
    license_path: Path, license_data: dict[str, Any], tmp_path: Path
) -> None:
    document = json.loads(_document(license_data, {}))
    del document["declaration"]
    path = _seal_plaintext(tmp_path, json.dumps(document).encode(), license_data)
    with pytest.raises(PackUnsealError, match="declaration"):
        load_pack(path, license_path)


def test_unsupported_declarations_surface_as_unseal_error(
    license_path: Path, license_data: dict[str, Any], tmp_path: Path
) -> None:
    declaration = {
        "pack_id": "acme.loader",
        "codons": ["dna"],
        "rules": [
            {"id": "a", "pattern": "x", "type": "telepathy", "action": "redact"},
            {"id": "b", "pattern": "(", "type": "regex", "action": "shred"},
        ],
    }
    path = _seal_plaintext(tmp_path, _document(license_data, declaration), license_data)
    with pytest.raises(PackUnsealError) as info:
        load_pack(path, license_path)
    message = str(info.value)
    assert "not supported" in message
    for fragment in ("telepathy", "shred", "invalid regular expression", "'dna'"):
        assert fragment in message
    assert isinstance(info.value.__cause__, UnsupportedPackDeclarationError)


def test_unreadable_declarations_surface_as_unseal_error(
    license_path: Path, license_data: dict[str, Any], tmp_path: Path
) -> None:
    path = _seal_plaintext(tmp_path, _document(license_data, {"rules": []}), license_data)
    with pytest.raises(PackUnsealError, match="pack_id") as info:
        load_pack(path, license_path)
    assert isinstance(info.value.__cause__, PlaybookParseError)


# --- entitlement at load ----------------------------------------------------------------


def test_pack_not_licensed_at_load(
    pack_path: Path, issue_license: IssueLicense, license_data: dict[str, Any]
) -> None:
    # The same license reissued (same id and key) without acme.* packs.
    narrowed = issue_license(
        license_id=license_data["license_id"],
        content_key=license_data["crypto"]["content_key"],
        licensed_packs=["globex.*"],
        features=[],
    )
    with pytest.raises(LicenseEntitlementError, match=r"acme\.loader"):
        load_pack(pack_path, narrowed)


def test_solver_not_licensed_at_load(
    issue_license: IssueLicense, license_data: dict[str, Any], tmp_path: Path
) -> None:
    wide = issue_license(
        license_id="lic-solvers",
        content_key="solver-key",
        licensed_packs=["acme.*"],
        licensed_solvers=["*"],
    )
    playbook = "pack_id: acme.s\nsolvers: [bin_packing.ffd]\nrules: [{id: a, pattern: b}]\n"
    path = _write(tmp_path, compile_playbook(playbook, wide))
    assert load_pack(path, wide).pack_id == "acme.s"
    narrow = issue_license(
        license_id="lic-solvers",
        content_key="solver-key",
        licensed_packs=["acme.*"],
        licensed_solvers=["solver.tcn.*"],
    )
    with pytest.raises(LicenseEntitlementError, match=r"bin_packing\.ffd"):
        load_pack(path, narrow)


def test_custom_playbook_compilation_allows_loading(
    issue_license: IssueLicense, tmp_path: Path
) -> None:
    custom = issue_license(
        license_id="lic-custom",
        content_key="custom-key",
        licensed_packs=[],
        features=["custom_playbook_compilation"],
    )
    path = _write(tmp_path, compile_playbook(PLAYBOOK.replace("acme", "initech"), custom))
    assert load_pack(path, custom).pack_id == "initech.loader"


# --- property: any single-byte change is refused -------------------------------------


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=150)
@given(data=st.data())
def test_any_single_byte_change_is_refused(
    data: st.DataObject, pack_path: Path, license_path: Path, tmp_path: Path
) -> None:
    original = pack_path.read_bytes()
    offset = data.draw(st.integers(0, len(original) - 1), label="offset")
    mask = data.draw(st.integers(1, 255), label="mask")
    changed = bytearray(original)
    changed[offset] ^= mask
    target = _write(tmp_path, bytes(changed), "flipped.epack")
    try:
        load_pack(target, license_path)
    except PackUnsealError:
        return
    except Exception as exc:  # pragma: no cover - the failure being looked for
        pytest.fail(f"byte {offset} ^ {mask:#x}: {type(exc).__name__} instead of PackUnsealError")
    pytest.fail(f"byte {offset} ^ {mask:#x}: a modified pack was loaded")


# --- the shared vectors: the vector license opens the vector container ------------------


def test_vector_container_opens_with_the_vector_license(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine_core import clock

    vectors = Path("/work/shared/vectors")
    license_vector = json.loads((vectors / "license.json").read_text(encoding="utf-8"))
    sealed_vector = json.loads((vectors / "sealed-pack.json").read_text(encoding="utf-8"))
    trust = tmp_path / "trust.json"
    trust.write_text(json.dumps(license_vector["trust_file"]), encoding="utf-8")
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", str(trust))
    license_file = tmp_path / "vector.lic"
    license_file.write_text(json.dumps(license_vector["license_file"]), encoding="utf-8")
    pack = _write(tmp_path, bytes.fromhex(sealed_vector["sealed_hex"]), "vector.epack")
    # Every container check passes; the vector's plaintext is not a compiled pack.
    with clock.frozen_at(1_780_000_000), pytest.raises(PackUnsealError, match="format"):
        load_pack(pack, license_file)


FULL_PLAYBOOK = """
pack_id: acme.full
version: '2.1'
name: Full declaration
kind: data_protection
description: every field a playbook may carry
solvers: [solver.tcn.basic]
codons: [email]
hard_rules: [credit_card]
invariants:
  - no_card_numbers
remedies:
  mask: partial
default_action: let_through
actions: {block: block_hard, redact: clean_and_send}
budget: {max_latency_ms: 250}
rules:
  - id: employee
    pattern: 'emp-\\d{5}'
    flags: [IGNORECASE]
    severity: fatal
    category: staff id
    law: HR
    description: employee numbers
  - id: order
    type: luhn_checksum
    pattern: '\\d{8}'
    options: {prefilter: '\\d'}
"""


def test_declaration_survives_the_round_trip(license_path: Path) -> None:
    from engine_core.packs.playbook import parse_playbook

    tmp = license_path.parent / f"full{PACK_SUFFIX}"
    tmp.write_bytes(compile_playbook(FULL_PLAYBOOK, license_path))
    engine = load_pack(tmp, license_path)
    assert engine.compiled_pack.declaration == parse_playbook(FULL_PLAYBOOK)
    result = engine.evaluate("EMP-12345 wrote")
    assert result.action == "block_hard"
    assert result.triggers[0].severity == "FATAL"
    assert engine.evaluate("hi").action == "let_through"
    assert engine.evaluate("mail a@example.com").action == "clean_and_send"
