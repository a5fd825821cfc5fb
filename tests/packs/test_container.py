"""The sealed-pack container: the vector byte for byte, and every unsealing failure."""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from hypothesis import given
from hypothesis import strategies as st

from engine_core.errors import PackUnsealError
from engine_core.packs.container import (
    DIGEST_SIZE,
    HEADER_SIZE,
    MAGIC,
    MIN_SIZE,
    license_binding,
    seal,
    unseal,
)

VECTOR = json.loads(Path("/work/shared/vectors/sealed-pack.json").read_text(encoding="utf-8"))
LICENSE_ID = VECTOR["license_id"]
CONTENT_KEY = VECTOR["content_key"]
PLAINTEXT = VECTOR["plaintext_utf8"].encode("utf-8")
SEALED = bytes.fromhex(VECTOR["sealed_hex"])


def _redigest(body: bytes) -> bytes:
    return body + hashlib.sha256(body).digest()


def test_vector_seals_byte_for_byte() -> None:
    nonce = bytes.fromhex(VECTOR["nonce_hex"])
    assert seal(PLAINTEXT, license_id=LICENSE_ID, content_key=CONTENT_KEY, nonce=nonce) == SEALED


def test_vector_unseals_to_its_plaintext() -> None:
    assert unseal(SEALED, license_id=LICENSE_ID, content_key=CONTENT_KEY) == PLAINTEXT


def test_layout_fields() -> None:
    assert SEALED[:8] == MAGIC == b"ENGPACK\x00"
    assert struct.unpack(">HH", SEALED[8:12]) == (1, 0)
    assert SEALED[12:28] == hashlib.sha256(LICENSE_ID.encode()).digest()[:16]
    assert SEALED[12:28] == license_binding(LICENSE_ID)
    assert SEALED[28:40].hex() == VECTOR["nonce_hex"]
    assert SEALED[-DIGEST_SIZE:] == hashlib.sha256(SEALED[:-DIGEST_SIZE]).digest()
    assert len(SEALED) == HEADER_SIZE + len(PLAINTEXT) + 16 + DIGEST_SIZE


def test_random_nonce_differs_each_time() -> None:
    first = seal(PLAINTEXT, license_id=LICENSE_ID, content_key=CONTENT_KEY)
    second = seal(PLAINTEXT, license_id=LICENSE_ID, content_key=CONTENT_KEY)
    assert first[28:40] != second[28:40]
    assert unseal(first, license_id=LICENSE_ID, content_key=CONTENT_KEY) == PLAINTEXT


def test_empty_plaintext_is_the_minimum_size() -> None:
    sealed = seal(b"", license_id=LICENSE_ID, content_key=CONTENT_KEY)
    assert len(sealed) == MIN_SIZE
    assert unseal(sealed, license_id=LICENSE_ID, content_key=CONTENT_KEY) == b""


def test_bad_nonce_length_is_refused() -> None:
    with pytest.raises(ValueError, match="nonce"):
        seal(PLAINTEXT, license_id=LICENSE_ID, content_key=CONTENT_KEY, nonce=b"short")


def _unseal(data: bytes, license_id: str = LICENSE_ID, content_key: str = CONTENT_KEY) -> bytes:
    return unseal(data, license_id=license_id, content_key=content_key)


@pytest.mark.parametrize("size", [0, 1, 39, 40, MIN_SIZE - 1])
def test_truncated_is_too_small(size: int) -> None:
    with pytest.raises(PackUnsealError, match="too small"):
        _unseal(SEALED[:size])


def test_truncated_beyond_minimum_fails_the_digest() -> None:
    with pytest.raises(PackUnsealError, match="digest"):
        _unseal(SEALED[:-1])


def test_wrong_magic() -> None:
    with pytest.raises(PackUnsealError, match="magic"):
        _unseal(b"ENGPACX\x00" + SEALED[8:])


def test_wrong_magic_checked_before_digest() -> None:
    # Not a pack at all (a text file): the magic message, not the digest one.
    with pytest.raises(PackUnsealError, match="magic"):
        _unseal(b"pack_id: acme.demo\nrules: []\n" * 4)


@pytest.mark.parametrize("version", [0, 2, 0x0100, 0xFFFF])
def test_unsupported_version(version: int) -> None:
    data = SEALED[:8] + struct.pack(">H", version) + SEALED[10:]
    with pytest.raises(PackUnsealError, match=f"unsupported pack format version {version}"):
        _unseal(data)


def test_unsupported_version_even_with_valid_digest() -> None:
    data = _redigest(SEALED[:8] + struct.pack(">H", 2) + SEALED[10:-DIGEST_SIZE])
    with pytest.raises(PackUnsealError, match="version"):
        _unseal(data)


@pytest.mark.parametrize(
    "offset",
    [10, 11, 12, 27, 28, 39, 40, len(SEALED) - DIGEST_SIZE - 1],
    ids=["reserved", "reserved2", "binding", "binding_end", "nonce", "nonce_end", "body", "tag"],
)
def test_flipped_byte_in_header_or_body_fails_the_digest(offset: int) -> None:
    data = bytearray(SEALED)
    data[offset] ^= 0x01
    with pytest.raises(PackUnsealError, match="digest"):
        _unseal(bytes(data))


@pytest.mark.parametrize("offset", [-DIGEST_SIZE, -1])
def test_flipped_byte_in_digest(offset: int) -> None:
    data = bytearray(SEALED)
    data[offset] ^= 0x80
    with pytest.raises(PackUnsealError, match="digest"):
        _unseal(bytes(data))


def test_sealed_for_another_license_id() -> None:
    with pytest.raises(PackUnsealError, match="different license"):
        _unseal(SEALED, license_id="lic-test-0002")


def test_sealed_for_another_license_id_even_with_right_key() -> None:
    # The binding is checked before decryption, whatever the key.
    with pytest.raises(PackUnsealError, match="binding"):
        _unseal(SEALED, license_id="lic-other", content_key=CONTENT_KEY)


def test_renewed_license_same_id_new_content_key() -> None:
    with pytest.raises(PackUnsealError, match="decryption failed"):
        _unseal(SEALED, content_key="renewed-content-key")


def test_modified_plaintext_resealed_with_valid_digest_but_wrong_key() -> None:
    # Someone edits the plaintext and re-encrypts without knowing the content key.
    header = SEALED[:HEADER_SIZE]
    forged_key = hashlib.sha256(b"attacker guess").digest()
    body = header + AESGCM(forged_key).encrypt(SEALED[28:40], b'{"rules":[]}', header)
    with pytest.raises(PackUnsealError, match="decryption failed"):
        _unseal(_redigest(body))


def test_ciphertext_moved_to_other_header_fails_decryption() -> None:
    # Valid digest, right binding, but the header (AAD) differs from the one sealed.
    header = bytearray(SEALED[:HEADER_SIZE])
    header[10] = 0x00
    header[11] = 0x07  # reserved field changed: AAD mismatch
    with pytest.raises(PackUnsealError, match="decryption failed"):
        _unseal(_redigest(bytes(header) + SEALED[HEADER_SIZE:-DIGEST_SIZE]))


def test_modified_ciphertext_with_recomputed_digest_fails_decryption() -> None:
    body = bytearray(SEALED[:-DIGEST_SIZE])
    body[HEADER_SIZE + 3] ^= 0x20
    with pytest.raises(PackUnsealError, match="decryption failed"):
        _unseal(_redigest(bytes(body)))


def test_error_messages_do_not_leak_key_or_plaintext() -> None:
    for data, kwargs in (
        (SEALED, {"content_key": "renewed-content-key"}),
        (SEALED, {"license_id": "other"}),
        (SEALED[:-1], {}),
    ):
        with pytest.raises(PackUnsealError) as info:
            _unseal(data, **kwargs)
        message = str(info.value)
        assert CONTENT_KEY not in message
        assert "renewed-content-key" not in message
        assert "acme.vector" not in message


@given(offset=st.integers(min_value=0, max_value=len(SEALED) - 1), bit=st.integers(1, 255))
def test_any_single_byte_change_is_an_unseal_error(offset: int, bit: int) -> None:
    data = bytearray(SEALED)
    data[offset] ^= bit
    with pytest.raises(PackUnsealError):
        _unseal(bytes(data))


@given(data=st.binary(max_size=200))
def test_arbitrary_bytes_never_unseal(data: bytes) -> None:
    with pytest.raises(PackUnsealError):
        _unseal(data)
