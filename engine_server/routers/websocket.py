"""WebSocket: ``/v1/ws/decision`` (ping, evaluate, streaming sessions, solves)."""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Protocol

from fastapi import APIRouter, Depends, WebSocket, WebSocketDisconnect, status

from engine_core import Engine, StreamChunk
from engine_core.constants import DEFAULT_LOOKAHEAD_CHARS, MIN_LOOKAHEAD_CHARS
from engine_core.errors import (
    DecisionBudgetExceededError,
    EngineRuntimeError,
    StreamBlockedError,
)

from ..dependencies import (
    AUTH_FAILED_DETAIL,
    get_engine,
    get_settings,
    origin_allowed,
    token_matches,
)
from ..offload import run_engine_work
from ..settings import ServiceSettings
from ..solving import websocket_solve

__all__ = ["DecisionSocket", "router"]

logger = logging.getLogger("engine_server")

router = APIRouter(tags=["websocket"])

STREAM_BLOCKED = "STREAM_BLOCKED"


class StreamSession(Protocol):
    """What ``engine.stream_session()`` returns."""

    def push(self, text: str) -> list[StreamChunk]:
        """Feed text; return what can be released."""
        ...

    def flush(self) -> list[StreamChunk]:
        """End the stream; return the rest."""
        ...

    @property
    def blocked_chunk(self) -> StreamChunk | None:
        """The blocked chunk of a blocked session (fatal value or over budget), else None."""
        ...

    @property
    def received_chars(self) -> int:
        """Characters pushed so far."""
        ...

    @property
    def released_chars(self) -> int:
        """Source characters released so far."""
        ...


def _held(session: StreamSession) -> int:
    """Characters the session holds back: what its next scan reads (besides new text)."""
    return session.received_chars - session.released_chars


class ClientError(Exception):
    """A bad message: answered with an error, the connection stays open."""


def _token_message(chunk: StreamChunk) -> dict[str, Any]:
    return {
        "type": "stream_token",
        "token": "" if chunk.blocked else chunk.text,
        "blocked": chunk.blocked,
        "action": chunk.action,
        "reason": chunk.reason,
    }


def _field(message: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = message.get(name, default)
    # bool is an int in Python; a boolean is not a valid lookahead.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        if name not in message and default is None:
            raise ClientError(f"field {name!r} is required")
        raise ClientError(f"field {name!r} must be of type {_json_type(kind)}")
    return value


def _json_type(kind: type) -> str:
    return {str: "string", int: "integer", bool: "boolean"}.get(kind, kind.__name__)


class DecisionSocket:
    """One connection's state: the streaming session and whether it is blocked."""

    def __init__(self, websocket: WebSocket, engine: Engine) -> None:
        self.websocket = websocket
        self.engine = engine
        self.session: StreamSession | None = None
        self.blocked: StreamChunk | None = None

    async def send(self, message: dict[str, Any]) -> None:
        """Send one JSON message."""
        await self.websocket.send_text(json.dumps(message, separators=(",", ":")))

    async def error(self, message: str, **fields: Any) -> None:
        """Send ``{type: error, message}`` (plus ``fields``)."""
        await self.send({"type": "error", **fields, "message": message})

    async def run(self) -> None:
        """Handle messages in order until the client leaves or a handler fails."""
        while True:
            frame = await self.websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw = frame.get("text")
            if raw is None:
                raw = (frame.get("bytes") or b"").decode("utf-8", "replace")
            try:
                message = json.loads(raw)
            except ValueError:
                await self.error("invalid JSON: send one JSON object per message")
                continue
            except RecursionError:
                await self.error("invalid message: JSON nested too deeply")
                continue
            if not isinstance(message, dict):
                await self.error("invalid message: send one JSON object per message")
                continue
            try:
                await self.handle(message)
            except ClientError as exc:
                await self.error(str(exc))
            except WebSocketDisconnect:
                return
            except Exception as exc:
                await self.fail(exc)
                return

    async def fail(self, exc: Exception) -> None:
        """Report a handler failure and close with 1011 (message text only for engine errors)."""
        if isinstance(exc, EngineRuntimeError):
            detail = f"{type(exc).__name__}: {exc}"
            logger.warning("WebSocket handler failed: %s", type(exc).__name__)
        else:
            detail = "internal error"
            logger.error("WebSocket handler failed with unhandled %s", type(exc).__name__)
        try:
            await self.error(detail)
            await self.websocket.close(code=status.WS_1011_INTERNAL_ERROR)
        except (WebSocketDisconnect, RuntimeError):
            pass

    async def handle(self, message: dict[str, Any]) -> None:
        """Dispatch one message on its ``type`` (none means ``evaluate``)."""
        kind = message.get("type", "evaluate")
        if "license_key" in message:
            raise ClientError(
                "license_key is not accepted on the WebSocket: the connection uses the "
                "service's engine"
            )
        if kind == "ping":
            await self.send({"type": "pong", "time": time.time()})
        elif kind == "evaluate":
            await self.evaluate(message)
        elif kind == "stream_start":
            await self.stream_start(message)
        elif kind == "stream_chunk":
            await self.stream_chunk(message)
        elif kind == "stream_flush":
            await self.stream_flush()
        elif kind == "solve":
            await self.send(await websocket_solve(self.websocket.app, self.engine, message))
        else:
            shown = kind if isinstance(kind, str) else json.dumps(kind)[:40]
            raise ClientError(f"unknown message type {shown!r}")

    async def evaluate(self, message: dict[str, Any]) -> None:
        """Evaluate ``text``; reply a verdict without triggers (so without raw values)."""
        text = _field(message, "text", str)
        result = await run_engine_work(len(text), self.engine.evaluate, text)
        await self.send(
            {
                "type": "verdict",
                "action": result.action,
                "invariants_passed": result.invariants_passed,
                "clean_text": result.remedy.clean_text,
                "latency_us": result.latency_us,
                "egress_bytes": result.egress_bytes,
                "receipt_hash": result.receipt_hash,
            }
        )

    async def stream_start(self, message: dict[str, Any]) -> None:
        """Start a new session; this alone clears a block."""
        lookahead = _field(message, "lookahead_chars", int, DEFAULT_LOOKAHEAD_CHARS)
        block_on_fatal = _field(message, "block_on_fatal", bool, True)
        if lookahead < MIN_LOOKAHEAD_CHARS:
            raise ClientError(f"lookahead_chars must be at least {MIN_LOOKAHEAD_CHARS}")
        self.session = self.engine.stream_session(
            lookahead_chars=lookahead, block_on_fatal=block_on_fatal
        )
        self.blocked = None
        await self.send({"type": "stream_started", "lookahead_chars": lookahead})

    async def _refuse_if_blocked(self) -> bool:
        if self.blocked is None:
            return False
        await self.error(
            "Stream blocked by statutory invariant: "
            f"{self.blocked.reason} ({self.blocked.action}); send stream_start to begin "
            "a new stream",
            code=STREAM_BLOCKED,
            action=self.blocked.action,
            reason=self.blocked.reason,
        )
        return True

    async def _release(self, chunks: list[StreamChunk]) -> bool:
        """Send the chunks; return True when one of them is a block."""
        for chunk in chunks:
            await self.send(_token_message(chunk))
            if chunk.blocked:
                self.blocked = chunk
                self.session = None
                return True
        return False

    def _blocked_by(self, session: StreamSession) -> None:
        """The session blocked (a fatal value, or over budget): refuse until stream_start."""
        self.blocked = session.blocked_chunk
        self.session = None
        if self.blocked is None:  # a session that raised without blocking: a bug, fail closed
            raise RuntimeError("stream session raised a block without being blocked")

    async def stream_chunk(self, message: dict[str, Any]) -> None:
        """Push ``token`` into the session (a default one if none)."""
        token = _field(message, "token", str)
        if await self._refuse_if_blocked():
            return
        if self.session is None:
            self.session = self.engine.stream_session(
                lookahead_chars=DEFAULT_LOOKAHEAD_CHARS, block_on_fatal=True
            )
        session = self.session
        try:
            # Messages are handled one at a time: one push at a time per session.
            chunks = await run_engine_work(len(token) + _held(session), session.push, token)
        except (StreamBlockedError, DecisionBudgetExceededError):
            self._blocked_by(session)
            await self._refuse_if_blocked()
            return
        await self._release(chunks)

    async def stream_flush(self) -> None:
        """Release the rest and complete the session (a block at flush is a block)."""
        if await self._refuse_if_blocked():
            return
        session, self.session = self.session, None
        if session is not None:
            try:
                chunks = await run_engine_work(_held(session), session.flush)
            except (StreamBlockedError, DecisionBudgetExceededError):
                self._blocked_by(session)
                await self._refuse_if_blocked()
                return
            if await self._release(chunks):
                return
        await self.send({"type": "stream_completed"})


@router.websocket("/v1/ws/decision")
async def ws_decision(
    websocket: WebSocket,
    engine: Engine = Depends(get_engine),
    settings: ServiceSettings = Depends(get_settings),
) -> None:
    """Decision WebSocket; a bad token or foreign Origin is closed with 1008 before any read."""
    refusal = None
    if not token_matches(settings.token, websocket.headers.get("authorization")):
        refusal = AUTH_FAILED_DETAIL
    elif not origin_allowed(settings, websocket.headers.get("origin")):
        refusal = "Origin not allowed"
    if refusal is not None:
        # Accept, then close at once: clients see the 1008 close code, not an HTTP 403.
        await websocket.accept()
        await websocket.close(code=status.WS_1008_POLICY_VIOLATION, reason=refusal)
        return
    await websocket.accept()
    await DecisionSocket(websocket, engine).run()
