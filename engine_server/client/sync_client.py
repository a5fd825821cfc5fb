"""``EngineClient``: the service from blocking Python code (httpx, websockets' sync client)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, ExitStack
from typing import Any

import httpx
from httpx_sse import connect_sse
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from . import exchange
from .exchange import JSON_HEADERS, StreamEvents
from .models import HealthResponse
from .results import ServiceResult, SocketVerdict, StreamChunk
from .settings import DEFAULT_TIMEOUT_S, ClientSettings
from .socket_protocol import (
    PING,
    SessionState,
    StreamProtocol,
    evaluate_message,
    read_pong,
    read_verdict,
)
from .transport import http_failures, socket_failures

__all__ = ["EngineClient", "ServiceSocket", "SocketStreamSession"]


class _Connection:
    """One WebSocket connection to the service; every failure is the library's exception."""

    def __init__(self, url: str, options: dict[str, Any]) -> None:
        self.timeout = options["open_timeout"]
        self._stack = ExitStack()
        with socket_failures():
            self._socket: ClientConnection = self._stack.enter_context(connect(url, **options))

    def send(self, *messages: str) -> None:
        """Send ``messages`` in order."""
        with socket_failures(), contextlib.suppress(ConnectionClosed):
            # A closed connection is reported by the next receive, after what the service
            # said before closing (an error message) has been read.
            for message in messages:
                self._socket.send(message)

    def receive(self) -> str | bytes:
        """Return the next reply (NativeRuntimeUnavailableError after the timeout)."""
        with socket_failures():
            return self._socket.recv(timeout=self.timeout)

    def close(self) -> None:
        """Close the connection (idempotent; a broken connection closes quietly)."""
        stack, self._stack = self._stack, ExitStack()
        # Nothing to report about closing a broken socket.
        with contextlib.suppress(Exception):
            stack.close()


class SocketStreamSession(AbstractContextManager["SocketStreamSession"]):
    """A streaming session over the WebSocket: ``push``/``flush`` like the library's session.

    A blocked chunk is the last one a push or flush returns; the connection is then
    closed and every later push and flush raises StreamBlockedError.
    """

    def __init__(self, connection: _Connection, protocol: StreamProtocol) -> None:
        self._connection = connection
        self._protocol = protocol
        self._exchange(protocol.start_message(), read=protocol.started)

    @property
    def state(self) -> str:
        """``active``, ``blocked``, ``completed``, ``failed`` or ``closed``."""
        return self._protocol.state.value

    @property
    def blocked(self) -> bool:
        """True once the session met a fatal value with ``block_on_fatal``."""
        return self._protocol.state is SessionState.BLOCKED

    def _exchange(self, *messages: str, read: Callable[[str | bytes], None]) -> None:
        try:
            self._connection.send(*messages)
            read(self._connection.receive())
        except BaseException:
            self._protocol.ended(SessionState.FAILED)
            self._connection.close()
            raise

    def _collect(self, messages: list[str]) -> list[StreamChunk]:
        chunks: list[StreamChunk] = []
        if not messages:
            return chunks
        try:
            self._connection.send(*messages)
            done = False
            while not done:
                chunk, done = self._protocol.receive(self._connection.receive())
                if chunk is not None:
                    chunks.append(chunk)
        except BaseException:
            self._protocol.ended(SessionState.FAILED)
            self._connection.close()
            raise
        if self._protocol.state is not SessionState.ACTIVE:
            self._connection.close()  # blocked or completed: nothing more is read
        return chunks

    def push(self, text: str) -> list[StreamChunk]:
        """Add text to the stream; return the chunks the service released for it."""
        return self._collect(self._protocol.push_messages(text))

    def flush(self) -> list[StreamChunk]:
        """End the stream: return the rest (or the blocked chunk); the session then completes."""
        return self._collect(self._protocol.flush_messages())

    def close(self) -> None:
        """Close the connection; an unfinished session ends without releasing more."""
        self._protocol.ended(SessionState.CLOSED)
        self._connection.close()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SocketStreamSession state={self.state!r}>"


class ServiceSocket(AbstractContextManager["ServiceSocket"]):
    """One WebSocket connection for ``evaluate`` verdicts and ``ping``, reused across calls."""

    def __init__(self, connection: _Connection) -> None:
        self._connection = connection
        self.ping()  # a refused token (close 1008) fails here, not at the first evaluate

    def _ask(self, message: str) -> str | bytes:
        try:
            self._connection.send(message)
            return self._connection.receive()
        except BaseException:
            self._connection.close()
            raise

    def evaluate(self, payload: str | dict[str, Any]) -> SocketVerdict:
        """Evaluate a payload; the verdict has no triggers, so no raw values."""
        return read_verdict(self._ask(evaluate_message(payload)))

    def ping(self) -> float:
        """Return the service's clock (POSIX seconds)."""
        return read_pong(self._ask(PING))

    def close(self) -> None:
        """Close the connection."""
        self._connection.close()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<ServiceSocket>"


class EngineClient(ClientSettings, AbstractContextManager["EngineClient"]):
    """The engine service, called like the library: same results, same exceptions.

    Any failure to get an answer raises NativeRuntimeUnavailableError (a
    ConnectionError, not an EngineRuntimeError); every refusal by the service
    raises the library's exception. Nothing is retried.
    """

    def __init__(
        self, base_url: str, token: str | None = None, timeout: float = DEFAULT_TIMEOUT_S
    ) -> None:
        super().__init__(base_url, token, timeout)
        self._http = httpx.Client(**self._http_options())

    def _post(self, path: str, body: bytes, timeout: float | None) -> httpx.Response:
        with http_failures():
            return self._http.post(
                path, content=body, headers=JSON_HEADERS, timeout=self._wait(timeout)
            )

    def health(self, *, timeout: float | None = None) -> HealthResponse:
        """Return the health document (what the service serves; no token needed)."""
        with http_failures():
            response = self._http.get(exchange.HEALTH_PATH, timeout=self._wait(timeout))
        return exchange.read_health(response)

    def evaluate(
        self,
        payload: str | dict[str, Any],
        *,
        license_key: str | None = None,
        timeout: float | None = None,
    ) -> ServiceResult:
        """Evaluate a payload (a str, or a dict with one text key) and return the verdict."""
        body = exchange.evaluate_body(payload, license_key)
        return exchange.read_result(self._post(exchange.EVALUATE_PATH, body, timeout))

    def decide(
        self,
        domain: str,
        parameters: Mapping[str, Any] | None = None,
        *,
        license_key: str | None = None,
        license_data: Mapping[str, Any] | str | None = None,
        timeout: float | None = None,
    ) -> dict[str, Any]:
        """Run a decision function of the service and return its ``result``."""
        body = exchange.decision_body(domain, parameters, license_key, license_data)
        return exchange.read_decision(self._post(exchange.DECISION_PATH, body, timeout))

    def stream(
        self,
        text: str,
        chunk_size: int = 4,
        lookahead_chars: int = 28,
        block_on_fatal: bool = True,
        *,
        license_key: str | None = None,
        timeout: float | None = None,
    ) -> Iterator[str]:
        """Yield the released text of ``text`` streamed over SSE; StreamBlockedError at a block."""
        body = exchange.stream_body(text, chunk_size, lookahead_chars, block_on_fatal, license_key)
        return self._stream(body, self._wait(timeout))

    def _stream(self, body: bytes, timeout: float) -> Iterator[str]:
        events = StreamEvents()
        with (
            http_failures(),
            connect_sse(
                self._http,
                "POST",
                exchange.STREAM_PATH,
                content=body,
                headers={"Content-Type": "application/json"},
                timeout=timeout,
            ) as source,
        ):
            if source.response.status_code != 200:
                source.response.read()
            exchange.check_stream_start(source.response)
            for event in source.iter_sse():
                released = events.text_of(event.data)
                if released:
                    yield released
                if events.done:
                    return
            events.finish()

    def stream_session(
        self,
        lookahead_chars: int = 28,
        block_on_fatal: bool = True,
        *,
        timeout: float | None = None,
    ) -> SocketStreamSession:
        """Start a streaming session on its own WebSocket connection (close it when done)."""
        protocol = StreamProtocol(lookahead_chars, block_on_fatal)
        connection = _Connection(self._socket_url, self._socket_options(timeout))
        return SocketStreamSession(connection, protocol)

    def socket(self, *, timeout: float | None = None) -> ServiceSocket:
        """Open a WebSocket connection for ``evaluate`` verdicts (close it when done)."""
        connection = _Connection(self._socket_url, self._socket_options(timeout))
        try:
            return ServiceSocket(connection)
        except BaseException:
            connection.close()
            raise

    def close(self) -> None:
        """Close the HTTP connections."""
        self._http.close()

    def __exit__(self, *exc_info: object) -> None:
        self.close()
