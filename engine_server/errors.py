"""Mapping engine errors to HTTP answers, and the outermost guard of every response."""

from __future__ import annotations

import logging
import math
import traceback
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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
    "JsonCORSMiddleware",
    "ServiceGuardMiddleware",
    "engine_error_handler",
    "error_status",
    "mark_request_license",
]

logger = logging.getLogger("engine_server")

INTERNAL_ERROR_DETAIL = "Internal server error"
_NO_STORE = (b"cache-control", b"no-store")
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


class ServiceGuardMiddleware:
    """Adds ``Cache-Control: no-store`` to every answer and turns any escaped error into 500.

    The 500 body and the log line carry the error type and stack only, never the
    exception message (which could quote input) and never the request body.
    """

    def __init__(self, app: ASGIApp, max_body_size: int | None = None) -> None:
        self.app = app
        self.max_body_size = max_body_size

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        if self.max_body_size is not None and _declared_length(scope) > self.max_body_size:
            # Refuse before reading; Starlette's own limit still guards chunked bodies.
            await _too_large(scope, receive, send)
            return

        async def send_no_store(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [
                    (name, value)
                    for name, value in message.get("headers", ())
                    if name.lower() != b"cache-control"
                ]
                headers.append(_NO_STORE)
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_no_store)
        except Exception as exc:
            if type(exc).__module__ == _BODY_LIMIT_MODULE:
                raise  # Starlette's body-limit signal: its own middleware finishes the answer
            logger.error(
                "Unhandled %s during %s %s\n%s",
                type(exc).__name__,
                scope.get("method", ""),
                scope.get("path", ""),
                "".join(traceback.format_tb(exc.__traceback__)),
            )
            if started:
                # The status is already sent: end without completing the body, so the
                # client sees a broken response (never a complete-looking one).
                return
            response = JSONResponse({"detail": INTERNAL_ERROR_DETAIL}, status_code=500)
            await response(scope, receive, send_no_store)


_BODY_LIMIT_MODULE = "starlette.middleware.body_limit"
_CREDENTIALS = "access-control-allow-credentials"


def _declared_length(scope: Scope) -> int:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return -1
    return -1


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    response = JSONResponse(
        {"detail": "Content Too Large"}, status_code=413, headers={"Cache-Control": "no-store"}
    )
    await response(scope, receive, send)


class JsonCORSMiddleware(CORSMiddleware):
    """Starlette's CORS middleware: refused preflights answer JSON ``{detail}``, and
    ``Access-Control-Allow-Credentials`` goes only to allow-listed origins."""

    async def send(self, message: Message, send: Send, request_headers: Headers) -> None:
        """Add CORS headers; never allow credentials for an origin outside the list."""
        origin = request_headers.get("origin")
        if (
            message["type"] != "http.response.start"
            or origin is None
            or self.is_allowed_origin(origin=origin)
        ):
            await super().send(message, send, request_headers)
            return

        async def without_credentials(start: Message) -> None:
            headers = MutableHeaders(scope=start)
            if _CREDENTIALS in headers:
                del headers[_CREDENTIALS]
            await send(start)

        await super().send(message, without_credentials, request_headers)

    def preflight_response(self, request_headers: Headers) -> Response:
        """Return Starlette's preflight answer, as JSON when it refuses."""
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        detail = bytes(response.body).decode("utf-8", "replace")
        headers = {
            key: value
            for key, value in response.headers.items()
            if key.lower() not in ("content-length", "content-type", _CREDENTIALS)
        }
        return JSONResponse({"detail": detail}, status_code=response.status_code, headers=headers)
