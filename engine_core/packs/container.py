"""The sealed-pack container, version 1 (docs/architecture.md, "Packs").

Layout, integers big-endian::

    0   8   magic b"ENGPACK\\0"
    8   2   format version (1)
    10  2   reserved, 0
    12  16  first 16 bytes of SHA-256(license_id)
    28  12  AES-GCM nonce (random)
    40  n   AES-256-GCM ciphertext and tag; key SHA-256(content_key); AAD bytes 0..39
    40+n 32 SHA-256 of bytes 0..40+n

Error messages never include key material or plaintext.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import struct

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ..errors import PackUnsealError

__all__ = [
    "DIGEST_SIZE",
    "FORMAT_VERSION",
    "HEADER_SIZE",
    "MAGIC",
    "MIN_SIZE",
    "NONCE_SIZE",
    "TAG_SIZE",
    "license_binding",
    "seal",
    "unseal",
]

MAGIC = b"ENGPACK\x00"
FORMAT_VERSION = 1
NONCE_SIZE = 12
TAG_SIZE = 16
DIGEST_SIZE = 32
BINDING_SIZE = 16
_PREFIX = struct.Struct(">8sHH")
HEADER_SIZE = _PREFIX.size + BINDING_SIZE + NONCE_SIZE  # 40
#: The smallest container: a header, an empty ciphertext's tag and the digest.
MIN_SIZE = HEADER_SIZE + TAG_SIZE + DIGEST_SIZE


def license_binding(license_id: str) -> bytes:
    """Return the 16-byte license binding stored in a container header."""
    return hashlib.sha256(license_id.encode("utf-8")).digest()[:BINDING_SIZE]


def _key(content_key: str) -> bytes:
    return hashlib.sha256(content_key.encode("utf-8")).digest()


def seal(
    plaintext: bytes, *, license_id: str, content_key: str, nonce: bytes | None = None
) -> bytes:
    """Encrypt ``plaintext`` for a license and return the container bytes."""
    if nonce is None:
        nonce = os.urandom(NONCE_SIZE)
    if len(nonce) != NONCE_SIZE:
        raise ValueError(f"nonce must be {NONCE_SIZE} bytes")
    header = _PREFIX.pack(MAGIC, FORMAT_VERSION, 0) + license_binding(license_id) + bytes(nonce)
    body = header + AESGCM(_key(content_key)).encrypt(nonce, bytes(plaintext), header)
    return body + hashlib.sha256(body).digest()


def unseal(data: bytes, *, license_id: str, content_key: str) -> bytes:
    """Check a container (size, magic, version, digest, binding) and return its plaintext."""
    data = bytes(data)
    if len(data) < MIN_SIZE:
        raise PackUnsealError(
            f"pack file too small: {len(data)} bytes, a sealed pack has at least {MIN_SIZE}"
        )
    magic, version, _reserved = _PREFIX.unpack_from(data)
    if magic != MAGIC:
        raise PackUnsealError("not a sealed pack: wrong container magic bytes")
    if version != FORMAT_VERSION:
        raise PackUnsealError(
            f"unsupported pack format version {version} (this runtime reads {FORMAT_VERSION})"
        )
    body, digest = data[:-DIGEST_SIZE], data[-DIGEST_SIZE:]
    if not hmac.compare_digest(hashlib.sha256(body).digest(), digest):
        raise PackUnsealError("pack integrity check failed: digest mismatch (file modified)")
    binding = data[_PREFIX.size : _PREFIX.size + BINDING_SIZE]
    if not hmac.compare_digest(binding, license_binding(license_id)):
        raise PackUnsealError(
            "pack is sealed for a different license (license binding mismatch): "
            "compile or download it again for this license"
        )
    header = body[:HEADER_SIZE]
    nonce = header[_PREFIX.size + BINDING_SIZE :]
    try:
        return AESGCM(_key(content_key)).decrypt(nonce, body[HEADER_SIZE:], header)
    except InvalidTag:
        raise PackUnsealError(
            "pack decryption failed: wrong license, renewed license (new content key) "
            "or modified pack"
        ) from None
