"""Per-request licenses: ``license_key`` engines and ``license_data`` verification."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from fastapi import HTTPException, Request, status

from engine_core import Engine
from engine_core.errors import LicenseEntitlementError, LicenseError

from .error_mapping import mark_request_license

if TYPE_CHECKING:  # pragma: no cover
    from engine_core.licensing.license_file import License

__all__ = [
    "SEALED_PACK_KEY_DETAIL",
    "engine_for_request",
    "load_request_license",
    "verify_license_data",
]

SEALED_PACK_KEY_DETAIL = (
    "This service executes a sealed pack under a license and per-request license_key "
    "is not accepted"
)


def engine_for_request(request: Request, engine: Engine, license_key: str | None) -> Engine:
    """Return the engine for a request: the served one, or a built-in engine for its key."""
    if license_key is None:
        return engine
    if not engine.is_builtin_pack:
        raise HTTPException(status.HTTP_400_BAD_REQUEST, SEALED_PACK_KEY_DETAIL)
    mark_request_license(request)
    # Raises KeyInvalidError / KeyExpiredError / KeyNotFoundError: 403 via the handler.
    return Engine(license_key=license_key)


def load_request_license(license_data: dict[str, Any] | str) -> License:
    """Verify a license file sent with a request and return it; 403 on any failure."""
    from engine_core.licensing.license_file import load_license, load_license_json

    try:
        # A string from a request is the license's JSON text, never a path to read.
        return (
            load_license_json(license_data)
            if isinstance(license_data, str)
            else load_license(license_data)
        )
    except (LicenseError, ValueError, KeyError, TypeError) as exc:
        raise HTTPException(status.HTTP_403_FORBIDDEN, f"Invalid license: {_reason(exc)}") from exc


def verify_license_data(license_data: dict[str, Any] | str, pack_id: str) -> None:
    """Verify a license file sent with the request; 403 unless it allows ``pack_id``."""
    from engine_core.licensing.entitlements import check_pack_allowed

    license = load_request_license(license_data)
    try:
        check_pack_allowed(license, pack_id)
    except LicenseEntitlementError as exc:
        raise HTTPException(status.HTTP_403_FORBIDDEN, str(exc)) from exc


def _reason(exc: BaseException) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return "not valid JSON"
    if isinstance(exc, KeyError):
        return f"missing field {exc}"
    return str(exc) or type(exc).__name__
