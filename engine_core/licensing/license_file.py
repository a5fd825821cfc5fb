"""License files: strict parsing, canonical form, verification, and the License record.

Verification order (spec, Authentication item 6), whenever a license is
loaded: (1) a signature is present, else ``LicenseSignatureInvalidError``;
(2) it is a valid Ed25519 signature (128 lower-case hex characters) over the
canonical form under a trusted authority key, else
``LicenseSignatureInvalidError`` (``LicenseRevokedAuthorityError`` when only a
revoked key verifies it); (3) now is not before ``valid_from``, else
``LicenseNotYetValidError``; (4) now is not after ``valid_until`` plus
``grace_period_days`` x 86,400 s, else ``LicenseExpiredError`` (a window that
ends before it begins is never active, so it has no grace period). Time comes
from :func:`engine_core.clock.now`. Nothing in a license file can switch any
of this off.

A source is a path (str or path object) or a parsed mapping; JSON text or
bytes go through :func:`parse_license_json` / :func:`load_license_json`.

Before verifying, :func:`parse_license` rejects text that is not JSON, duplicate
keys and non-finite numbers (``ValueError``, which ``json.JSONDecodeError``
is) and a missing section (``KeyError`` naming it). After the signature
verifies, a missing field is a ``KeyError`` naming it (``validity.valid_until``)
and a field of the wrong type or value a ``ValueError``.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import clock
from ..constants import DAY_SECONDS, DEFAULT_GRACE_PERIOD_DAYS, TIER_SOLVERS, TIERS
from ..errors import (
    LicenseExpiredError,
    LicenseNotYetValidError,
    LicenseRevokedAuthorityError,
    LicenseSignatureInvalidError,
)
from ..strict_json import canonical_json, plain_json, strict_loads
from .quotas import Quota, decision_quota
from .trust import SignatureCheck, check_signature

__all__ = [
    "SECTIONS",
    "License",
    "LicenseSource",
    "canonical_form",
    "default_solvers",
    "load_license",
    "load_license_json",
    "parse_license",
    "parse_license_json",
    "verify_license_signature",
]

#: The sections every license file has (a missing one is a ``KeyError``).
SECTIONS = ("identity", "entitlements", "validity", "crypto")
OVERAGE_POLICIES = ("NO_OVERAGE_FEES", "BLOCK_AT_CAP", "TRUE_UP")
LICENSE_VERSION = "1.0"
ALGORITHM = "Ed25519-AES-256-GCM"

_SIGNATURE = re.compile(r"[0-9a-f]{128}")

#: What :func:`load_license` accepts: a path to a license file, or a parsed mapping.
LicenseSource = str | os.PathLike[str] | Mapping[str, Any]


def default_solvers(tier: str) -> tuple[str, ...]:
    """Return the licensed_solvers a tier gets when the license does not list them."""
    return TIER_SOLVERS.get(tier, TIER_SOLVERS["COMMUNITY"])


# --- parsing --------------------------------------------------------------------


def _read_source(source: LicenseSource) -> Any:
    if isinstance(source, Mapping):
        return plain_json(source)
    if isinstance(source, (str, os.PathLike)):
        path = Path(source).expanduser()
        try:
            found = path.is_file()
        except OSError:  # for example a name too long to be a path
            found = False
        if not found:
            raise FileNotFoundError(f"license file not found: {path}")
        return strict_loads(path.read_bytes())
    raise TypeError(
        f"license source must be a path or a parsed mapping, got {type(source).__name__} "
        "(JSON text: use parse_license_json or load_license_json)"
    )


def _checked(document: Any) -> dict[str, Any]:
    if not isinstance(document, dict):
        raise ValueError("a license must be a JSON object")
    for section in SECTIONS:
        if section not in document:
            raise KeyError(section)
        if not isinstance(document[section], dict):
            raise ValueError(f"license section {section!r} must be an object")
    return document


def parse_license(source: LicenseSource) -> dict[str, Any]:
    """Parse a license file (a path) or a parsed mapping strictly; do not verify it."""
    return _checked(_read_source(source))


def parse_license_json(text: str | bytes) -> dict[str, Any]:
    """Parse a license given as JSON text or bytes strictly; do not verify it."""
    return _checked(strict_loads(text))


def canonical_form(fields: Mapping[str, Any]) -> bytes:
    """Return the bytes a license signature covers: every field except ``signature``."""
    return canonical_json({key: value for key, value in fields.items() if key != "signature"})


def verify_license_signature(document: Mapping[str, Any]) -> None:
    """Check steps 1-2: a signature is present and verifies under a trusted, unrevoked key."""
    signature = document.get("signature")
    if signature is None or signature == "":
        raise LicenseSignatureInvalidError("license has no signature")
    if not isinstance(signature, str) or not _SIGNATURE.fullmatch(signature):
        raise LicenseSignatureInvalidError(
            "license signature must be 128 lower-case hex characters (Ed25519)"
        )
    outcome = check_signature(canonical_form(document), bytes.fromhex(signature))
    if outcome is SignatureCheck.REVOKED:
        raise LicenseRevokedAuthorityError(
            "license is signed by a revoked authority key: have it reissued and recompile its packs"
        )
    if outcome is not SignatureCheck.TRUSTED:
        raise LicenseSignatureInvalidError(
            "license signature does not verify under any trusted authority key"
        )


# --- field extraction -------------------------------------------------------------


def _get(document: Mapping[str, Any], section: str | None, name: str) -> Any:
    container = document if section is None else document[section]
    if name not in container:
        raise KeyError(name if section is None else f"{section}.{name}")
    return container[name]


def _where(section: str | None, name: str) -> str:
    return name if section is None else f"{section}.{name}"


def _str(document: Mapping[str, Any], section: str | None, name: str) -> str:
    value = _get(document, section, name)
    if not isinstance(value, str):
        raise ValueError(f"license field {_where(section, name)} must be a string")
    return value


def _number(document: Mapping[str, Any], section: str, name: str) -> float:
    value = _get(document, section, name)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"license field {section}.{name} must be a finite number")
    return value


def _optional_count(entitlements: Mapping[str, Any], name: str) -> int | None:
    value = entitlements.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"license field entitlements.{name} must be a non-negative integer")
    return value


def _strings(
    entitlements: Mapping[str, Any], name: str, default: tuple[str, ...]
) -> tuple[str, ...]:
    value = entitlements.get(name)
    if value is None:
        return default
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"license field entitlements.{name} must be a list of strings")
    return tuple(value)


def _choice(value: str, allowed: tuple[str, ...], where: str) -> str:
    if value not in allowed:
        raise ValueError(f"license field {where} is {value!r}; expected one of {list(allowed)}")
    return value


# --- the License record -------------------------------------------------------------


@dataclass(frozen=True)
class License:
    """A verified license file. ``content_key`` and ``raw`` are secret and never shown."""

    license_id: str
    license_version: str
    issued_at: str
    organization: str
    org_id: str
    contact_email: str
    tier: str
    plan_name: str
    overage_policy: str
    licensed_packs: tuple[str, ...]
    licensed_solvers: tuple[str, ...]
    features: frozenset[str]
    max_decisions_per_minute: int | None
    max_decisions_lifetime: int | None
    valid_from: float
    valid_until: float
    grace_period_days: int
    key_id: str
    algorithm: str
    content_key: str = field(repr=False)
    epoch: int = 0
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False, hash=False)

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> License:
        """Build the record from a parsed license (no signature or time check)."""
        entitlements = document["entitlements"]
        tier = _choice(_str(document, "entitlements", "tier"), TIERS, "entitlements.tier")
        grace = document["validity"].get("grace_period_days", DEFAULT_GRACE_PERIOD_DAYS)
        if isinstance(grace, bool) or not isinstance(grace, int) or grace < 0:
            raise ValueError("license field validity.grace_period_days must be an integer >= 0")
        epoch = document["crypto"].get("epoch", document.get("epoch", 0))
        if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch < 0:
            raise ValueError("license field crypto.epoch must be an integer >= 0")
        valid_from = _number(document, "validity", "valid_from")
        valid_until = _number(document, "validity", "valid_until")
        license_version = _str(document, None, "license_version")
        if license_version != LICENSE_VERSION:
            raise ValueError(
                f"unsupported license_version {license_version!r}; expected {LICENSE_VERSION!r}"
            )
        return cls(
            license_id=_str(document, None, "license_id"),
            license_version=license_version,
            issued_at=_str(document, None, "issued_at"),
            organization=_str(document, "identity", "organization"),
            org_id=_str(document, "identity", "org_id"),
            contact_email=_str(document, "identity", "contact_email"),
            tier=tier,
            plan_name=_str(document, "entitlements", "plan_name"),
            overage_policy=_choice(
                entitlements.get("overage_policy", "BLOCK_AT_CAP"),
                OVERAGE_POLICIES,
                "entitlements.overage_policy",
            ),
            licensed_packs=_strings(entitlements, "licensed_packs", ()),
            licensed_solvers=_strings(entitlements, "licensed_solvers", default_solvers(tier)),
            features=frozenset(_strings(entitlements, "features", ())),
            max_decisions_per_minute=_optional_count(entitlements, "max_decisions_per_minute"),
            max_decisions_lifetime=_optional_count(entitlements, "max_decisions_lifetime"),
            valid_from=valid_from,
            valid_until=valid_until,
            grace_period_days=grace,
            key_id=_str(document, "crypto", "key_id"),
            algorithm=_choice(
                _str(document, "crypto", "algorithm"), (ALGORITHM,), "crypto.algorithm"
            ),
            content_key=_str(document, "crypto", "content_key"),
            epoch=epoch,
            raw=plain_json(document),
        )

    @property
    def grace_until(self) -> float:
        """The last moment the license works: ``valid_until`` plus the grace period."""
        return self.valid_until + self.grace_period_days * DAY_SECONDS

    def status(self, now: float | None = None) -> str:
        """Return "ACTIVE" or "GRACE_PERIOD"; raise LicenseNotYetValidError/LicenseExpiredError."""
        moment = clock.now() if now is None else now
        if moment < self.valid_from:
            raise LicenseNotYetValidError(
                f"license {self.license_id} is not valid before {_iso(self.valid_from)}"
            )
        if self.valid_until < self.valid_from:
            # Never active, so no grace either: past valid_until from the first valid moment.
            raise LicenseExpiredError(
                f"license {self.license_id} is valid at no time: its validity ends "
                f"({_iso(self.valid_until)}) before it begins ({_iso(self.valid_from)})"
            )
        if moment <= self.valid_until:
            return "ACTIVE"
        if moment <= self.grace_until:
            return "GRACE_PERIOD"
        raise LicenseExpiredError(
            f"license {self.license_id} expired on {_iso(self.valid_until)} and its "
            f"{self.grace_period_days}-day grace period ended on {_iso(self.grace_until)}"
        )

    def days_remaining(self, now: float | None = None) -> int:
        """Days until ``valid_until``, counting a part day as one (never negative)."""
        moment = clock.now() if now is None else now
        return max(0, math.ceil((self.valid_until - moment) / DAY_SECONDS))

    def quota(self) -> Quota | None:
        """The decision quota this license enforces (DEVELOPER tier only), or None."""
        if self.tier != "DEVELOPER":
            return None
        return decision_quota(
            "license",
            self.license_id,
            per_minute=self.max_decisions_per_minute,
            lifetime=self.max_decisions_lifetime,
            allow_overage=self.overage_policy == "TRUE_UP",
        )


def _iso(timestamp: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- loading ------------------------------------------------------------------------


def load_license(source: LicenseSource) -> License:
    """Read and fully verify a license file or mapping (signature, then validity) and return it."""
    return _verified(parse_license(source))


def load_license_json(text: str | bytes) -> License:
    """Parse and fully verify a license given as JSON text or bytes and return it."""
    return _verified(parse_license_json(text))


def _verified(document: dict[str, Any]) -> License:
    verify_license_signature(document)
    license = License.from_document(document)
    license.status()
    return license
