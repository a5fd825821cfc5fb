"""The license authority's side: key pairs, trust files, signed licenses and license keys.

Used by the ``engine-authority`` command, by self-hosted authorities and by
test suites (which never hard-code a signature). Private seeds are secrets:
nothing here prints or logs them, nor a content key.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from .. import clock
from ..atomic_files import PUBLIC_FILE_MODE, SECRET_FILE_MODE, write_atomically
from ..constants import DAY_SECONDS, DEFAULT_GRACE_PERIOD_DAYS
from ..strict_json import canonical_json, plain_json
from .keys import encode_license_key, validate_key_payload
from .license_file import ALGORITHM, LICENSE_VERSION, License, canonical_form

__all__ = [
    "generate_authority_keypair",
    "issue_license",
    "issue_license_key",
    "public_key_hex",
    "sign_license",
    "write_license_file",
    "write_trust_file",
]


def _private_key(private_seed_hex: str) -> Ed25519PrivateKey:
    try:
        seed = bytes.fromhex(private_seed_hex)
    except ValueError as exc:
        raise ValueError("authority private seed must be 64 hex characters") from exc
    if len(seed) != 32:
        raise ValueError("authority private seed must be 64 hex characters")
    return Ed25519PrivateKey.from_private_bytes(seed)


def public_key_hex(private_seed_hex: str) -> str:
    """Return the hex public key of an authority private seed."""
    public = _private_key(private_seed_hex).public_key()
    return public.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def generate_authority_keypair() -> tuple[str, str]:
    """Make a new Ed25519 authority key pair: (private seed hex, public key hex)."""
    seed_hex = secrets.token_bytes(32).hex()
    return seed_hex, public_key_hex(seed_hex)


def write_trust_file(
    path: str | os.PathLike[str], trusted: Iterable[str], revoked: Iterable[str] = ()
) -> Path:
    """Write an ``ENGINE_AUTHORITY_KEYS`` trust file listing trusted and revoked public keys."""
    document = {"trusted": list(trusted), "revoked": list(revoked)}
    data = (json.dumps(document, indent=2) + "\n").encode("utf-8")
    # It decides which authorities are trusted: never writable by others, whatever the umask.
    return write_atomically(path, data, mode=PUBLIC_FILE_MODE)


def sign_license(fields: Mapping[str, Any], private_seed_hex: str) -> dict[str, Any]:
    """Return a copy of the license fields with ``signature`` over their canonical form."""
    document = plain_json({key: value for key, value in fields.items() if key != "signature"})
    signature = _private_key(private_seed_hex).sign(canonical_form(document))
    document["signature"] = signature.hex()
    return dict(document)


def _iso_now() -> str:
    return datetime.fromtimestamp(clock.now(), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def issue_license(
    private_seed_hex: str,
    *,
    organization: str = "Example Organization",
    org_id: str = "org-0001",
    contact_email: str = "licensing@example.com",
    tier: str = "DEVELOPER",
    plan_name: str | None = None,
    overage_policy: str = "BLOCK_AT_CAP",
    licensed_packs: Sequence[str] = (),
    licensed_solvers: Sequence[str] | None = None,
    features: Sequence[str] = (),
    max_decisions_per_minute: int | None = None,
    max_decisions_lifetime: int | None = None,
    valid_from: float | None = None,
    valid_until: float | None = None,
    validity_days: int = 365,
    grace_period_days: int = DEFAULT_GRACE_PERIOD_DAYS,
    key_id: str = "k-0001",
    license_id: str | None = None,
    issued_at: str | None = None,
    content_key: str | None = None,
) -> dict[str, Any]:
    """Build and sign a complete license (random license_id and content_key unless given)."""
    start = int(clock.now()) if valid_from is None else valid_from
    end = start + validity_days * DAY_SECONDS if valid_until is None else valid_until
    entitlements: dict[str, Any] = {
        "tier": tier,
        "plan_name": plan_name if plan_name is not None else tier.title(),
        "overage_policy": overage_policy,
        "licensed_packs": list(licensed_packs),
        "features": list(features),
        "max_decisions_per_minute": max_decisions_per_minute,
        "max_decisions_lifetime": max_decisions_lifetime,
    }
    if licensed_solvers is not None:
        entitlements["licensed_solvers"] = list(licensed_solvers)
    fields: dict[str, Any] = {
        "license_version": LICENSE_VERSION,
        "license_id": license_id or f"lic-{secrets.token_hex(8)}",
        "issued_at": issued_at or _iso_now(),
        "identity": {
            "organization": organization,
            "org_id": org_id,
            "contact_email": contact_email,
        },
        "entitlements": entitlements,
        "validity": {
            "valid_from": start,
            "valid_until": end,
            "grace_period_days": grace_period_days,
        },
        "crypto": {
            "key_id": key_id,
            "content_key": content_key or secrets.token_urlsafe(32),
            "algorithm": ALGORITHM,
        },
    }
    return sign_license(fields, private_seed_hex)


def write_license_file(path: str | os.PathLike[str], license: Mapping[str, Any] | License) -> Path:
    """Write a license as UTF-8 JSON with file mode 600 (also when the file already exists)."""
    document = license.raw if isinstance(license, License) else plain_json(license)
    data = (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return write_atomically(path, data, mode=SECRET_FILE_MODE)


def issue_license_key(
    payload: Mapping[str, Any], private_seed_hex: str, *, validate: bool = True
) -> str:
    """Sign a license-key payload and return the ``EK1.`` string (fields checked by default)."""
    if validate:
        validate_key_payload(payload)
    data = canonical_json(plain_json(payload))
    return encode_license_key(data, _private_key(private_seed_hex).sign(data))
