"""Trust roots: built-in keys plus the ENGINE_AUTHORITY_KEYS file, failing closed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from licensing_support import Authority, LicenseFactory

from engine_core import LicenseRevokedAuthorityError, LicenseSignatureInvalidError
from engine_core.licensing.authority import write_trust_file
from engine_core.licensing.license_file import load_license
from engine_core.licensing.trust import (
    BUILTIN_REVOKED_KEYS,
    BUILTIN_TRUSTED_KEYS,
    SignatureCheck,
    check_signature,
    load_trust_roots,
)


def test_builtin_roots_without_a_trust_file() -> None:
    roots = load_trust_roots()
    assert roots.trusted == BUILTIN_TRUSTED_KEYS
    assert roots.revoked == BUILTIN_REVOKED_KEYS
    assert not set(BUILTIN_TRUSTED_KEYS) & set(BUILTIN_REVOKED_KEYS)
    for key in (*BUILTIN_TRUSTED_KEYS, *BUILTIN_REVOKED_KEYS):
        assert len(key) == 64
        bytes.fromhex(key)


def test_trust_file_adds_keys(
    trust_file: Path, authority: Authority, revoked_authority: Authority
) -> None:
    roots = load_trust_roots()
    assert authority.public in roots.trusted
    assert set(BUILTIN_TRUSTED_KEYS) <= set(roots.trusted)
    assert revoked_authority.public in roots.revoked


def test_trust_file_is_read_on_each_verification(
    make_license: LicenseFactory,
    trust_file: Path,
    authority: Authority,
) -> None:
    document = make_license()
    assert load_license(document).license_id == document["license_id"]
    write_trust_file(trust_file, [], [authority.public])
    with pytest.raises(LicenseRevokedAuthorityError):
        load_license(document)


def test_revoked_wins_over_trusted(
    make_license: LicenseFactory, trust_file: Path, authority: Authority
) -> None:
    document = make_license()
    write_trust_file(trust_file, [authority.public], [authority.public])
    with pytest.raises(LicenseRevokedAuthorityError):
        load_license(document)


def test_trust_file_can_revoke_a_builtin_key(trust_file: Path) -> None:
    write_trust_file(trust_file, [], [BUILTIN_TRUSTED_KEYS[0]])
    assert BUILTIN_TRUSTED_KEYS[0] not in load_trust_roots().trusted


def test_upper_case_hex_in_the_trust_file_is_accepted(
    make_license: LicenseFactory, trust_file: Path, authority: Authority
) -> None:
    write_trust_file(trust_file, [authority.public.upper()])
    assert load_license(make_license()).tier == "DEVELOPER"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json", "not valid JSON"),
        (b'["a"]', "root must be an object"),
        (b'{"trusted": "abc"}', "must be a list"),
        (b'{"trusted": ["abc"]}', "not a 64-character hex"),
        (b'{"trusted": [42]}', "not a 64-character hex"),
        (b'{"trusted": [], "revoke": []}', "unknown fields"),
        (b'{"trusted": [], "trusted": []}', "not valid JSON"),
    ],
)
def test_invalid_trust_file_fails_closed(
    make_license: LicenseFactory, trust_file: Path, content: bytes, message: str
) -> None:
    document = make_license()
    trust_file.write_bytes(content)
    with pytest.raises(LicenseSignatureInvalidError, match=message) as caught:
        load_license(document)
    assert not isinstance(caught.value, LicenseRevokedAuthorityError)


def test_missing_trust_file_fails_closed(
    make_license: LicenseFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = make_license()
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", os.fspath(tmp_path / "absent.json"))
    with pytest.raises(LicenseSignatureInvalidError, match="cannot be read"):
        load_license(document)


def test_check_signature_outcomes(
    trust_file: Path, authority: Authority, revoked_authority: Authority, stranger: Authority
) -> None:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    def sign(seed: str) -> bytes:
        return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(seed)).sign(b"message")

    assert check_signature(b"message", sign(authority.seed)) is SignatureCheck.TRUSTED
    assert check_signature(b"message", sign(revoked_authority.seed)) is SignatureCheck.REVOKED
    assert check_signature(b"message", sign(stranger.seed)) is SignatureCheck.INVALID
    assert check_signature(b"other", sign(authority.seed)) is SignatureCheck.INVALID
    assert check_signature(b"message", b"short") is SignatureCheck.INVALID
