"""Trust roots: the authority public keys that may sign licenses and license keys.

The runtime trusts the Ed25519 public keys built into it
(:data:`BUILTIN_TRUSTED_KEYS`) and, in addition, the keys listed in the JSON
file named by ``ENGINE_AUTHORITY_KEYS``::

    {"trusted": ["<64 hex>", ...], "revoked": ["<64 hex>", ...]}

The file is read again on every verification (it is small), so a test or an
operator can change it without restarting. A revoked key wins over a trusted
one. A trust file that is named but cannot be read or is not exactly of that
shape fails closed: :class:`~engine_core.errors.LicenseSignatureInvalidError`.
"""

from __future__ import annotations

import enum
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from ..errors import LicenseSignatureInvalidError
from ..strict_json import strict_loads

__all__ = [
    "AUTHORITY_KEYS_ENV",
    "BUILTIN_REVOKED_KEYS",
    "BUILTIN_TRUSTED_KEYS",
    "SignatureCheck",
    "TrustRoots",
    "check_signature",
    "load_trust_roots",
]

#: Environment variable naming the additional trust file.
AUTHORITY_KEYS_ENV = "ENGINE_AUTHORITY_KEYS"

#: The production license authority (rotated in runtime 0.2.1). Only the public
#: key lives here; the private key never entered this repository.
BUILTIN_TRUSTED_KEYS: tuple[str, ...] = (
    "ab87ead055d577eda83a34935da5adc6ab50b060bf8b751ebcd5006595378d35",
)

#: Built-in authority keys that are no longer trusted. The 0.2.0 authority key
#: was rotated out in 0.2.1: licenses it signed raise
#: ``LicenseRevokedAuthorityError`` and must be reissued.
BUILTIN_REVOKED_KEYS: tuple[str, ...] = (
    "ce2ea9b85749a0dbbd736aa3cd0cdb39c14391f1903195272a35272dbfbe8c11",  # 0.2.0 authority
)

_HEX_KEY = re.compile(r"[0-9a-fA-F]{64}")


class SignatureCheck(enum.Enum):
    """Outcome of checking a signature against the trust roots."""

    TRUSTED = "trusted"
    REVOKED = "revoked"
    INVALID = "invalid"


@dataclass(frozen=True)
class TrustRoots:
    """Trusted and revoked authority public keys (lower-case hex)."""

    trusted: tuple[str, ...]
    revoked: tuple[str, ...]


@lru_cache(maxsize=256)
def _public_key(hex_key: str) -> Ed25519PublicKey:
    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(hex_key))


def _key_list(value: object, field: str, path: str) -> list[str]:
    if not isinstance(value, list):
        raise LicenseSignatureInvalidError(
            f"trust file {path}: {field!r} must be a list of hex Ed25519 public keys"
        )
    keys: list[str] = []
    for item in value:
        if not isinstance(item, str) or not _HEX_KEY.fullmatch(item):
            raise LicenseSignatureInvalidError(
                f"trust file {path}: {field!r} holds {item!r}, not a 64-character hex "
                "Ed25519 public key"
            )
        try:
            _public_key(item.lower())
        except ValueError as exc:
            raise LicenseSignatureInvalidError(
                f"trust file {path}: {item!r} is not a valid Ed25519 public key"
            ) from exc
        keys.append(item.lower())
    return keys


def _read_trust_file(path: str) -> tuple[list[str], list[str]]:
    try:
        data = strict_loads(Path(path).read_bytes())
    except OSError as exc:
        raise LicenseSignatureInvalidError(
            f"trust file {path} named by {AUTHORITY_KEYS_ENV} cannot be read: {exc.strerror}"
        ) from exc
    except ValueError as exc:
        raise LicenseSignatureInvalidError(
            f"trust file {path} named by {AUTHORITY_KEYS_ENV} is not valid JSON: {exc}"
        ) from exc
    if not isinstance(data, dict):
        raise LicenseSignatureInvalidError(
            f"trust file {path}: the root must be an object with 'trusted' and 'revoked'"
        )
    unknown = sorted(set(data) - {"trusted", "revoked"})
    if unknown:
        raise LicenseSignatureInvalidError(f"trust file {path}: unknown fields {unknown}")
    return (
        _key_list(data.get("trusted", []), "trusted", path),
        _key_list(data.get("revoked", []), "revoked", path),
    )


def load_trust_roots() -> TrustRoots:
    """Return the built-in keys plus those of the ``ENGINE_AUTHORITY_KEYS`` file (read now)."""
    trusted = list(BUILTIN_TRUSTED_KEYS)
    revoked = list(BUILTIN_REVOKED_KEYS)
    path = os.environ.get(AUTHORITY_KEYS_ENV, "")
    if path:
        file_trusted, file_revoked = _read_trust_file(path)
        trusted.extend(file_trusted)
        revoked.extend(file_revoked)
    revoked_set = set(revoked)
    return TrustRoots(
        trusted=tuple(dict.fromkeys(key for key in trusted if key not in revoked_set)),
        revoked=tuple(dict.fromkeys(revoked)),
    )


def _verifies(hex_key: str, message: bytes, signature: bytes) -> bool:
    try:
        _public_key(hex_key).verify(signature, message)
    except InvalidSignature:
        return False
    return True


def check_signature(
    message: bytes, signature: bytes, roots: TrustRoots | None = None
) -> SignatureCheck:
    """Check an Ed25519 signature: TRUSTED, REVOKED (only a revoked key verifies) or INVALID."""
    if roots is None:
        roots = load_trust_roots()
    if len(signature) != 64:
        return SignatureCheck.INVALID
    if any(_verifies(key, message, signature) for key in roots.trusted):
        return SignatureCheck.TRUSTED
    if any(_verifies(key, message, signature) for key in roots.revoked):
        return SignatureCheck.REVOKED
    return SignatureCheck.INVALID
