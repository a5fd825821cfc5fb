"""A direct path for the hot request: ``POST /v1/evaluate`` with a plain JSON body.

FastAPI spends about 100 µs of CPU per request on routing, body parsing and
dependency solving: several times the evaluation of a short text. This middleware
serves the common request itself, with the route's own endpoint, dependencies, model
and engine-error handler, parsing the body exactly as FastAPI does (``json.loads``,
then the model). Every other request, and every unusual one (another content type,
a body that does not validate or is over the limit, failed authentication, a
``license_key``, dependency overrides, active FastAPI telemetry), goes to the
application with its body replayed, so FastAPI gives exactly its usual answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from fastapi import FastAPI, HTTPException, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from engine_core.errors import EngineRuntimeError

from .dependencies import get_engine, require_token
from .errors import engine_error_handler
from .models import EvaluateRequest
from .routers.evaluate import evaluate

__all__ = ["EvaluateFastPath"]

_PATH = "/v1/evaluate"
_JSON = b"application/json"


class EvaluateFastPath:
    """Serves plain ``POST /v1/evaluate`` requests without FastAPI's per-request machinery.

    Installed innermost among the user middleware, so the guard (``no-store``, 500s)
    and CORS apply to its answers as to the application's.
    """

    def __init__(self, app: ASGIApp, max_body_size: int) -> None:
        self.app = app
        self.max_body_size = max_body_size

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not _eligible(scope):
            await self.app(scope, receive, send)
            return
        messages, body = await _read_body(receive, self.max_body_size)
        replay = _Replay(messages, receive)
        request = Request(scope, replay, send)
        payload = None if body is None else await _plain_payload(request, body)
        if payload is None:
            await self.app(scope, replay, send)
            return
        try:
            response = await evaluate(payload, request, await get_engine(request))
        except EngineRuntimeError as exc:
            # The handler create_app registers for engine errors, as the route would use.
            response = await engine_error_handler(request, exc)
            exc.__traceback__ = None  # a reused instance would accumulate tracebacks
        await response(scope, replay, send)


def _eligible(scope: Scope) -> bool:
    """True for a JSON ``POST /v1/evaluate`` the route would handle with no special case."""
    if (
        scope["type"] != "http"
        or scope["path"] != _PATH
        or scope["method"] != "POST"
        or scope.get("root_path")
        or scope.get("fastapi.telemetry") is not None  # spans need the routed path
    ):
        return False
    app = scope.get("app")
    if not isinstance(app, FastAPI) or app.dependency_overrides:
        return False
    for name, value in scope["headers"]:
        if name == b"content-type":
            # Only the first header counts, as for FastAPI; parameters take the full path.
            return bool(value.lower() == _JSON)
    return False


async def _read_body(receive: Receive, limit: int) -> tuple[list[Message], bytes | None]:
    """Receive the whole body; None as the body when it is incomplete or over ``limit``."""
    message = await receive()
    messages = [message]
    if message["type"] != "http.request":
        return messages, None
    body: bytes = message.get("body", b"")
    if not message.get("more_body", False):
        return messages, body if len(body) <= limit else None
    chunks = [body]
    size = len(body)
    while size <= limit:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, None
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body", False):
            return messages, b"".join(chunks) if size <= limit else None
    return messages, None  # the application's body limit answers 413


async def _plain_payload(request: Request, body: bytes) -> EvaluateRequest | None:
    """The validated body of an authenticated request without ``license_key``, else None."""
    try:
        await require_token(request)
    except HTTPException:
        return None
    try:
        # FastAPI's own steps: json.loads of the body, then the model (strict).
        payload = EvaluateRequest.model_validate(json.loads(body))
    except Exception:  # any failure: the full path answers it (422, 400) in FastAPI's words
        return None
    return payload if payload.license_key is None else None


class _Replay:
    """A ``receive`` that returns the messages already read, then reads on."""

    def __init__(self, messages: list[Message], receive: Receive) -> None:
        self._pending: Iterator[Message] = iter(messages)
        self._receive = receive

    async def __call__(self) -> Message:
        message = next(self._pending, None)
        return await self._receive() if message is None else message
