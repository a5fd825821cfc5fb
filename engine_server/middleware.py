"""ASGI middleware around the whole service: the response guard, the body-size check, CORS."""

from __future__ import annotations

import logging
import traceback

from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .error_mapping import INTERNAL_ERROR_DETAIL

__all__ = ["JsonCORSMiddleware", "ServiceGuardMiddleware"]

logger = logging.getLogger("engine_server")

_NO_STORE = (b"cache-control", b"no-store")


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
