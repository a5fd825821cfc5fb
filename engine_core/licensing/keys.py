"""License key strings: ``EK1.<base64url(payload)>.<base64url(signature)>``.

The payload is the key's JSON object in canonical form (sorted keys, no
spaces, ASCII escapes); the signature is Ed25519 by a trusted authority key
over exactly those payload bytes. Both parts are unpadded base64url. Several
keys may be given separated by commas.

Choosing a key for a pack (:func:`key_license_context`), and again before
every decision: every key must be well formed and verify (else
``KeyInvalidError``); of the keys whose ``packs`` globs cover the pack (none:
``KeyNotFoundError``), use one that is valid now, preferring ACTIVE over
GRACE_PERIOD, then the highest epoch, then the earliest given. When no
covering key is usable: ``KeyExpiredError`` if every one is past its expiry
plus grace; otherwise (at least one is not yet valid) ``KeyNotFoundError``,
naming the key and when it starts: a key that has not started covers nothing
yet, and it is not expired.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import clock
from ..constants import DAY_SECONDS, DEFAULT_GRACE_PERIOD_DAYS, TIERS
from ..errors import (
    KeyExpiredError,
    KeyInvalidError,
    KeyNotFoundError,
    LicenseSignatureInvalidError,
)
from ..strict_json import canonical_json, strict_loads
from .context import COMMUNITY_UPGRADE_NOTICE, LicenseState
from .entitlements import matches_any
from .quotas import Quota, decision_quota
from .trust import SignatureCheck, TrustRoots, check_signature, load_trust_roots

__all__ = [
    "KEY_PREFIX",
    "KeyLicenseContext",
    "LicenseKey",
    "encode_license_key",
    "key_license_context",
    "parse_license_key",
    "parse_license_keys",
    "validate_key_payload",
]

KEY_PREFIX = "EK1"
ENFORCEMENT_MODES = ("fail_closed", "fail_open")

_REQUIRED = ("key_id", "epoch", "tier", "packs", "valid_from", "valid_until")
_OPTIONAL = (
    "grace_period_days",
    "max_decisions_per_minute",
    "max_decisions_lifetime",
    "enforcement",
)
_B64URL = re.compile(r"[A-Za-z0-9_-]+")

_NOT_YET_VALID = "NOT_YET_VALID"
_EXPIRED = "EXPIRED"
_RANK = {"ACTIVE": 2, "GRACE_PERIOD": 1}


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _b64decode(text: str, what: str) -> bytes:
    if not _B64URL.fullmatch(text):
        raise KeyInvalidError(f"license key {what} is not unpadded base64url")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise KeyInvalidError(f"license key {what} is not valid base64url") from exc
    if _b64encode(data) != text:  # one text per byte string: no slack in the last character
        raise KeyInvalidError(f"license key {what} is not canonical base64url")
    return data


def encode_license_key(payload: bytes, signature: bytes) -> str:
    """Assemble ``EK1.<payload>.<signature>`` from payload bytes and a signature."""
    return f"{KEY_PREFIX}.{_b64encode(payload)}.{_b64encode(signature)}"


@dataclass(frozen=True)
class LicenseKey:
    """A verified license key."""

    key_id: str
    epoch: int
    tier: str
    packs: tuple[str, ...]
    valid_from: float
    valid_until: float
    grace_period_days: int
    max_decisions_per_minute: int | None
    max_decisions_lifetime: int | None
    enforcement: str
    payload: bytes = field(repr=False, compare=False)

    @property
    def grace_until(self) -> float:
        """The last moment the key works: ``valid_until`` plus the grace period."""
        return self.valid_until + self.grace_period_days * DAY_SECONDS

    def covers(self, pack_id: str) -> bool:
        """True when one of the key's pack globs matches ``pack_id``."""
        return matches_any(self.packs, pack_id)

    def phase(self, now: float | None = None) -> str:
        """Return NOT_YET_VALID, ACTIVE, GRACE_PERIOD or EXPIRED at ``now`` (default: clock)."""
        moment = clock.now() if now is None else now
        if moment < self.valid_from:
            return _NOT_YET_VALID
        if moment <= self.valid_until:
            return "ACTIVE"
        if moment <= self.grace_until:
            return "GRACE_PERIOD"
        return _EXPIRED

    def quota(self) -> Quota | None:
        """The decision quota of this key, or None when it sets no limit."""
        return decision_quota(
            "key",
            self.key_id,
            per_minute=self.max_decisions_per_minute,
            lifetime=self.max_decisions_lifetime,
            allow_overage=self.enforcement == "fail_open",
        )


# --- parsing ----------------------------------------------------------------------


def _count(payload: Mapping[str, Any], name: str, *, optional: bool) -> int | None:
    value = payload.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise KeyInvalidError(f"license key field {name!r} must be an integer >= 0")
    return value


def _time(payload: Mapping[str, Any], name: str) -> float:
    value = payload[name]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise KeyInvalidError(f"license key field {name!r} must be POSIX seconds")
    return value


def _fields(payload: Any, raw: bytes) -> LicenseKey:
    if not isinstance(payload, dict):
        raise KeyInvalidError("license key payload must be a JSON object")
    missing = [name for name in _REQUIRED if name not in payload]
    if missing:
        raise KeyInvalidError(f"license key payload lacks {missing}")
    unknown = sorted(set(payload) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise KeyInvalidError(f"license key payload has unknown fields {unknown}")
    key_id = payload["key_id"]
    if not isinstance(key_id, str) or not key_id:
        raise KeyInvalidError("license key field 'key_id' must be a non-empty string")
    tier = payload["tier"]
    if tier not in TIERS:
        raise KeyInvalidError(f"license key field 'tier' must be one of {list(TIERS)}")
    packs = payload["packs"]
    if (
        not isinstance(packs, list)
        or not packs
        or not all(isinstance(item, str) and item for item in packs)
    ):
        raise KeyInvalidError("license key field 'packs' must be a non-empty list of globs")
    enforcement = payload.get("enforcement", "fail_closed")
    if enforcement not in ENFORCEMENT_MODES:
        raise KeyInvalidError(
            f"license key field 'enforcement' must be one of {list(ENFORCEMENT_MODES)}"
        )
    valid_from = _time(payload, "valid_from")
    valid_until = _time(payload, "valid_until")
    if valid_until < valid_from:
        raise KeyInvalidError("license key 'valid_until' is before 'valid_from'")
    epoch = _count(payload, "epoch", optional=False)
    grace = payload.get("grace_period_days", DEFAULT_GRACE_PERIOD_DAYS)
    if isinstance(grace, bool) or not isinstance(grace, int) or grace < 0:
        raise KeyInvalidError("license key field 'grace_period_days' must be an integer >= 0")
    assert epoch is not None
    return LicenseKey(
        key_id=key_id,
        epoch=epoch,
        tier=tier,
        packs=tuple(packs),
        valid_from=valid_from,
        valid_until=valid_until,
        grace_period_days=grace,
        max_decisions_per_minute=_count(payload, "max_decisions_per_minute", optional=True),
        max_decisions_lifetime=_count(payload, "max_decisions_lifetime", optional=True),
        enforcement=enforcement,
        payload=raw,
    )


def validate_key_payload(payload: Mapping[str, Any]) -> LicenseKey:
    """Check a key payload's fields (no signature involved); raise KeyInvalidError."""
    return _fields(dict(payload), canonical_json(payload))


@lru_cache(maxsize=512)
def _verified(text: str, roots: TrustRoots) -> LicenseKey:
    parts = text.split(".")
    if len(parts) != 3 or parts[0] != KEY_PREFIX:
        raise KeyInvalidError(f"malformed license key: expected {KEY_PREFIX}.<payload>.<signature>")
    payload = _b64decode(parts[1], "payload")
    signature = _b64decode(parts[2], "signature")
    if len(signature) != 64:
        raise KeyInvalidError("license key signature is not a 64-byte Ed25519 signature")
    outcome = check_signature(payload, signature, roots)
    if outcome is SignatureCheck.REVOKED:
        raise KeyInvalidError("license key is signed by a revoked authority key")
    if outcome is not SignatureCheck.TRUSTED:
        raise KeyInvalidError("license key signature does not verify under a trusted key")
    try:
        document = strict_loads(payload)
    except ValueError as exc:
        raise KeyInvalidError("license key payload is not valid JSON") from exc
    if not isinstance(document, dict) or canonical_json(document) != payload:
        raise KeyInvalidError("license key payload is not in canonical form")
    return _fields(document, payload)


def parse_license_key(text: str) -> LicenseKey:
    """Parse and verify one ``EK1.`` key string; raise KeyInvalidError when it is not valid."""
    if not isinstance(text, str):
        raise KeyInvalidError(f"a license key must be a string, got {type(text).__name__}")
    try:
        roots = load_trust_roots()
    except LicenseSignatureInvalidError as exc:
        raise KeyInvalidError(f"cannot verify license keys: {exc}") from exc
    return _verified(text.strip(), roots)


def parse_license_keys(text: str) -> tuple[LicenseKey, ...]:
    """Parse a comma-separated list of key strings; any malformed key raises KeyInvalidError."""
    if not isinstance(text, str):
        raise KeyInvalidError(f"a license key must be a string, got {type(text).__name__}")
    parts = text.split(",")
    if any(not part.strip() for part in parts):
        raise KeyInvalidError("empty license key in the list")
    return tuple(parse_license_key(part) for part in parts)


# --- choosing a key ------------------------------------------------------------------


def _choose(keys: Sequence[LicenseKey], pack_id: str, now: float) -> tuple[LicenseKey, str]:
    """Return the key to use for ``pack_id`` at ``now`` and its status, or raise."""
    covering = [key for key in keys if key.covers(pack_id)]
    if not covering:
        raise KeyNotFoundError(f"no license key covers pack {pack_id!r}")
    best: tuple[int, int, int] | None = None
    chosen: tuple[LicenseKey, str] | None = None
    for position, key in enumerate(covering):
        phase = key.phase(now)
        rank = _RANK.get(phase)
        if rank is None:
            continue
        order = (rank, key.epoch, -position)
        if best is None or order > best:
            best, chosen = order, (key, phase)
    if chosen is not None:
        return chosen
    pending = [key for key in covering if key.phase(now) == _NOT_YET_VALID]
    if not pending:
        raise KeyExpiredError(
            f"every license key covering pack {pack_id!r} is past its expiry and grace period "
            f"({', '.join(key.key_id for key in covering)})"
        )
    raise KeyNotFoundError(
        f"no license key covers pack {pack_id!r} now: "
        + ", ".join(f"{key.key_id} starts at {key.valid_from:g}" for key in pending)
    )


class KeyLicenseContext:
    """An engine's view of its license keys: a key chosen, and its quota, before each decision."""

    def __init__(self, keys: Sequence[LicenseKey], pack_id: str) -> None:
        self.pack_id = pack_id
        self.keys = tuple(keys)
        self._quotas: dict[str, Quota | None] = {}
        self._last = _choose(self.keys, pack_id, clock.now())
        self._quota_for(self._last[0])

    @property
    def key(self) -> LicenseKey:
        """The key chosen for the last decision (or at construction)."""
        return self._last[0]

    def _quota_for(self, key: LicenseKey) -> Quota | None:
        if key.key_id not in self._quotas:
            self._quotas[key.key_id] = key.quota()
        return self._quotas[key.key_id]

    @property
    def quota(self) -> Quota | None:
        """The quota of the key last used (None when it sets no limit)."""
        return self._quota_for(self._last[0])

    @staticmethod
    def _state(key: LicenseKey, status: str) -> LicenseState:
        return LicenseState(
            license_status=status,
            active_key_id=key.key_id,
            active_epoch=key.epoch,
            edition=key.tier,
            upgrade_notice=COMMUNITY_UPGRADE_NOTICE if key.tier == "COMMUNITY" else None,
        )

    def authorize_decision(self) -> LicenseState:
        """Choose the key valid now, count the decision against its quota, return the state."""
        key, status = _choose(self.keys, self.pack_id, clock.now())
        self._last = (key, status)
        quota = self._quota_for(key)
        if quota is not None:
            quota.consume()
        return self._state(key, status)

    def current_state(self) -> LicenseState:
        """Return the state to report now; EXPIRED/NOT_YET_VALID instead of raising."""
        try:
            key, status = _choose(self.keys, self.pack_id, clock.now())
        except (KeyExpiredError, KeyNotFoundError):
            key = self._last[0]
            status = key.phase()
        return self._state(key, status)

    def __repr__(self) -> str:
        return f"<KeyLicenseContext pack_id={self.pack_id!r} key_id={self._last[0].key_id!r}>"


def key_license_context(license_key: str, pack_id: str) -> KeyLicenseContext:
    """Return the license context for ``pack_id`` under one or more comma-separated keys."""
    return KeyLicenseContext(parse_license_keys(license_key), pack_id)
