"""The WebSocket conversation without I/O: what to send, and what each reply means.

A ``stream_chunk`` gets zero or more ``stream_token`` replies and no end marker, so
each push is followed by a ``ping``: the ``pong`` (messages are handled in order)
says that every token of the push has arrived. A blocked token ends the session on
the client's side at once; the session then raises StreamBlockedError for every
push and flush, as the library's session does, and the connection is closed.
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from pydantic import ValidationError

from engine_core.errors import EngineRuntimeError, StreamBlockedError
from engine_core.payloads import payload_text

from .exchange import require_text
from .failures import error_for_socket_message, unavailable
from .results import SocketVerdict, StreamChunk

__all__ = [
    "PING",
    "SessionState",
    "StreamProtocol",
    "evaluate_message",
    "read_pong",
    "read_verdict",
]

PING = json.dumps({"type": "ping"})
#: Largest message the client accepts (a verdict carries the whole clean text).
MAX_MESSAGE_BYTES = 64 * 1024 * 1024


def _encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def decode(raw: str | bytes) -> dict[str, Any]:
    """Return one reply as a JSON object; NativeRuntimeUnavailableError if it is not one."""
    try:
        message = json.loads(raw)
    except ValueError:
        raise unavailable("garbled WebSocket message (not JSON)") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise unavailable("garbled WebSocket message (no type)")
    return message


def _expect(message: dict[str, Any], kind: str) -> dict[str, Any]:
    if message["type"] == "error":
        raise error_for_socket_message(message)
    if message["type"] != kind:
        raise unavailable(f"unexpected WebSocket message {message['type']!r} (wanted {kind!r})")
    return message


def evaluate_message(payload: str | dict[str, Any]) -> str:
    """Return the ``evaluate`` message for a payload read as the library reads it."""
    return _encode({"type": "evaluate", "text": payload_text(payload)})


def read_verdict(raw: str | bytes) -> SocketVerdict:
    """Return the verdict a reply to ``evaluate`` carries, or raise its error."""
    message = _expect(decode(raw), "verdict")
    try:
        return SocketVerdict.model_validate(message)
    except ValidationError:
        raise unavailable("garbled WebSocket verdict") from None


def read_pong(raw: str | bytes) -> float:
    """Return the service's time from a ``pong``, or raise the reply's error."""
    value = _expect(decode(raw), "pong").get("time")
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise unavailable("garbled WebSocket pong")
    return float(value)


class SessionState(Enum):
    """Where a client streaming session is."""

    STARTING = "starting"
    ACTIVE = "active"
    BLOCKED = "blocked"
    COMPLETED = "completed"
    FAILED = "failed"
    CLOSED = "closed"


class StreamProtocol:
    """One streaming session's messages and state (the client side of the spec's table)."""

    def __init__(self, lookahead_chars: int, block_on_fatal: bool) -> None:
        self.lookahead_chars = lookahead_chars
        self.block_on_fatal = block_on_fatal
        self.state = SessionState.STARTING
        self._block: tuple[str, str | None] | None = None
        self._until = ""

    def start_message(self) -> str:
        """Return ``stream_start`` (the service checks the settings and answers an error)."""
        return _encode(
            {
                "type": "stream_start",
                "lookahead_chars": self.lookahead_chars,
                "block_on_fatal": self.block_on_fatal,
            }
        )

    def started(self, raw: str | bytes) -> None:
        """Read the reply to ``stream_start``."""
        try:
            _expect(decode(raw), "stream_started")
        except BaseException:
            self.state = SessionState.FAILED
            raise
        self.state = SessionState.ACTIVE

    def _check_open(self) -> None:
        if self.state is SessionState.BLOCKED:
            assert self._block is not None
            raise StreamBlockedError(*self._block)
        if self.state is SessionState.COMPLETED:
            raise EngineRuntimeError(
                "stream completed: flush() ended this session; start a new session"
            )
        if self.state is SessionState.CLOSED:
            raise EngineRuntimeError("stream session closed; start a new session")
        if self.state is not SessionState.ACTIVE:
            raise EngineRuntimeError("stream session ended by an error; start a new session")

    def push_messages(self, text: str) -> list[str]:
        """Return the messages of one push (the chunk, then the ``ping`` that ends its reply)."""
        self._check_open()
        require_text(text, "stream chunk")
        self._until = "pong"
        if not text:
            return []
        return [_encode({"type": "stream_chunk", "token": text}), PING]

    def flush_messages(self) -> list[str]:
        """Return the ``stream_flush`` message."""
        self._check_open()
        self._until = "stream_completed"
        return [_encode({"type": "stream_flush"})]

    def receive(self, raw: str | bytes) -> tuple[StreamChunk | None, bool]:
        """Read one reply of a push or flush: the chunk it releases, and whether it ends it."""
        try:
            message = decode(raw)
            kind = message["type"]
            if kind == "stream_token":
                return self._token(message)
            _expect(message, self._until)
        except BaseException:
            self.state = SessionState.FAILED
            raise
        if kind == "stream_completed":
            self.state = SessionState.COMPLETED
        return None, True

    def _token(self, message: dict[str, Any]) -> tuple[StreamChunk, bool]:
        token, blocked = message.get("token"), message.get("blocked")
        action, reason = message.get("action"), message.get("reason")
        if (
            not isinstance(token, str)
            or not isinstance(blocked, bool)
            or not isinstance(action, str)
            or not (reason is None or isinstance(reason, str))
        ):
            raise unavailable("garbled WebSocket stream_token")
        if blocked:
            # Nothing after a block is ever read: the session ends here (fail closed).
            self.state = SessionState.BLOCKED
            self._block = (action, reason)
            return StreamChunk("", blocked=True, action=action, reason=reason), True
        return StreamChunk(token, action=action, reason=reason), False

    def ended(self, state: SessionState) -> None:
        """Record that the connection failed or was closed: an open session cannot go on."""
        if self.state in (SessionState.STARTING, SessionState.ACTIVE):
            self.state = state
