"""Mapping engine errors to HTTP answers: statuses, headers, handler, documented errors."""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.responses import Response

from engine_core.errors import (
    CodonRuntimeError,
    CommunityEditionRestrictionError,
    DecisionBudgetExceededError,
    DeveloperQuotaExceededError,
    EnclaveCapabilityError,
    EngineRuntimeError,
    LicenseError,
    LicenseKeyError,
    QuotaStorageUnavailableError,
    StreamBlockedError,
)

from .models import ErrorResponse

__all__ = [
    "ERROR_RESPONSES",
    "INTERNAL_ERROR_DETAIL",
    "engine_error_handler",
    "error_status",
    "mark_request_license",
]

logger = logging.getLogger("engine_server")

INTERNAL_ERROR_DETAIL = "Internal server error"
_DEFAULT_RETRY_AFTER_S = 60

_error: dict[str, Any] = {
    "content": {"application/json": {"schema": ErrorResponse.model_json_schema()}}
}
#: Error answers documented on every result endpoint (422 is added by FastAPI).
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {**_error, "description": "license_key sent to a sealed-pack service, or bad input."},
    401: {
        **_error,
        "description": "Missing or invalid bearer token.",
        "headers": {"WWW-Authenticate": {"schema": {"type": "string"}}},
    },
    403: {**_error, "description": "license_key or license_data refused."},
    413: {**_error, "description": "Request body over the size limit."},
    429: {
        **_error,
        "description": "License quota exceeded.",
        "headers": {"Retry-After": {"schema": {"type": "integer"}}},
    },
    500: {**_error, "description": "Unhandled error (no payload contents)."},
    503: {
        **_error,
        "description": "Decision over budget, served license expired, or quota store down.",
    },
}


def mark_request_license(request: Request) -> None:
    """Record that this request runs under its own license: license errors become 403."""
    request.state.request_license = True


def error_status(exc: EngineRuntimeError, *, request_license: bool) -> tuple[int, dict[str, str]]:
    """Return the HTTP status and extra headers for an engine error."""
    if isinstance(exc, DeveloperQuotaExceededError):
        retry_after = exc.retry_after
        seconds = _DEFAULT_RETRY_AFTER_S if retry_after is None else max(1, math.ceil(retry_after))
        return 429, {"Retry-After": str(seconds)}
    if isinstance(exc, DecisionBudgetExceededError | QuotaStorageUnavailableError):
        return 503, {}
    if isinstance(exc, LicenseKeyError | LicenseError):
        # The request's own key is refused (403); the served license failing is unavailability.
        return (403 if request_license else 503), {}
    if isinstance(exc, CodonRuntimeError | StreamBlockedError):
        return 400, {}
    if isinstance(exc, CommunityEditionRestrictionError | EnclaveCapabilityError):
        return 403, {}
    return 500, {}


async def engine_error_handler(request: Request, exc: Exception) -> Response:
    """Answer an engine error with its status and ``{detail}`` (message, never payload)."""
    assert isinstance(exc, EngineRuntimeError)
    request_license = bool(getattr(request.state, "request_license", False))
    status_code, headers = error_status(exc, request_license=request_license)
    if status_code >= 500:
        logger.error(
            "%s during %s %s: %s",
            type(exc).__name__,
            request.method,
            request.url.path,
            "engine error" if status_code == 500 else exc,
        )
    detail = INTERNAL_ERROR_DETAIL if status_code == 500 else str(exc)
    return JSONResponse({"detail": detail}, status_code=status_code, headers=headers)
