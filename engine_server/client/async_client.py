"""``AsyncEngineClient``: the service from asyncio code (httpx, websockets' asyncio client).

The same exchanges as :mod:`engine_server.client.sync_client`, awaited: request
bodies, answers, errors and the streaming state machine are shared, so both
clients behave the same.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import Any

import httpx
from httpx_sse import aconnect_sse
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

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

__all__ = ["AsyncEngineClient", "AsyncServiceSocket", "AsyncSocketStreamSession"]


class _AsyncConnection:
    """One WebSocket connection to the service; every failure is the library's exception."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._stack = AsyncExitStack()
        self._socket: ClientConnection | None = None

    @classmethod
    async def open(cls, url: str, options: dict[str, Any]) -> _AsyncConnection:
        """Connect to ``url``."""
        connection = cls(options["open_timeout"])
        with socket_failures():
            connection._socket = await connection._stack.enter_async_context(
                connect(url, **options)
            )
        return connection

    async def send(self, *messages: str) -> None:
        """Send ``messages`` in order."""
        assert self._socket is not None
        with socket_failures(), contextlib.suppress(ConnectionClosed):
            # A closed connection is reported by the next receive, after what the service
            # said before closing (an error message) has been read.
            for message in messages:
                await self._socket.send(message)

    async def receive(self) -> str | bytes:
        """Return the next reply (NativeRuntimeUnavailableError after the timeout)."""
        assert self._socket is not None
        with socket_failures():
            async with asyncio.timeout(self.timeout):
                return await self._socket.recv()

    async def close(self) -> None:
        """Close the connection (idempotent; a broken connection closes quietly)."""
        stack, self._stack = self._stack, AsyncExitStack()
        # Nothing to report about closing a broken socket.
        with contextlib.suppress(Exception):
            await stack.aclose()


class AsyncSocketStreamSession(AbstractAsyncContextManager["AsyncSocketStreamSession"]):
    """:class:`~engine_server.client.SocketStreamSession`, awaited."""

    def __init__(self, connection: _AsyncConnection, protocol: StreamProtocol) -> None:
        self._connection = connection
        self._protocol = protocol

    @classmethod
    async def start(
        cls, connection: _AsyncConnection, protocol: StreamProtocol
    ) -> AsyncSocketStreamSession:
        """Send ``stream_start`` on ``connection`` and wait for ``stream_started``."""
        session = cls(connection, protocol)
        try:
            await connection.send(protocol.start_message())
            protocol.started(await connection.receive())
        except BaseException:
            protocol.ended(SessionState.FAILED)
            await connection.close()
            raise
        return session

    @property
    def state(self) -> str:
        """``active``, ``blocked``, ``completed``, ``failed`` or ``closed``."""
        return self._protocol.state.value

    @property
    def blocked(self) -> bool:
        """True once the session met a fatal value with ``block_on_fatal``."""
        return self._protocol.state is SessionState.BLOCKED

    async def _collect(self, messages: list[str]) -> list[StreamChunk]:
        chunks: list[StreamChunk] = []
        if not messages:
            return chunks
        try:
            await self._connection.send(*messages)
            done = False
            while not done:
                chunk, done = self._protocol.receive(await self._connection.receive())
                if chunk is not None:
                    chunks.append(chunk)
        except BaseException:
            self._protocol.ended(SessionState.FAILED)
            await self._connection.close()
            raise
        if self._protocol.state is not SessionState.ACTIVE:
            await self._connection.close()  # blocked or completed: nothing more is read
        return chunks

    async def push(self, text: str) -> list[StreamChunk]:
        """Add text to the stream; return the chunks the service released for it."""
        return await self._collect(self._protocol.push_messages(text))

    async def flush(self) -> list[StreamChunk]:
        """End the stream: return the rest (or the blocked chunk); the session then completes."""
        return await self._collect(self._protocol.flush_messages())

    async def aclose(self) -> None:
        """Close the connection; an unfinished session ends without releasing more."""
        self._protocol.ended(SessionState.CLOSED)
        await self._connection.close()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"<AsyncSocketStreamSession state={self.state!r}>"


class AsyncServiceSocket(AbstractAsyncContextManager["AsyncServiceSocket"]):
    """:class:`~engine_server.client.ServiceSocket`, awaited."""

    def __init__(self, connection: _AsyncConnection) -> None:
        self._connection = connection

    async def _ask(self, message: str) -> str | bytes:
        try:
            await self._connection.send(message)
            return await self._connection.receive()
        except BaseException:
            await self._connection.close()
            raise

    async def evaluate(self, payload: str | dict[str, Any]) -> SocketVerdict:
        """Evaluate a payload; the verdict has no triggers, so no raw values."""
        return read_verdict(await self._ask(evaluate_message(payload)))

    async def ping(self) -> float:
        """Return the service's clock (POSIX seconds)."""
        return read_pong(await self._ask(PING))

    async def aclose(self) -> None:
        """Close the connection."""
        await self._connection.close()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return "<AsyncServiceSocket>"


class AsyncEngineClient(ClientSettings, AbstractAsyncContextManager["AsyncEngineClient"]):
    """:class:`~engine_server.client.EngineClient` for asyncio: the same calls, awaited."""

    def __init__(
        self, base_url: str, token: str | None = None, timeout: float = DEFAULT_TIMEOUT_S
    ) -> None:
        super().__init__(base_url, token, timeout)
        self._http = httpx.AsyncClient(**self._http_options())

    async def _post(self, path: str, body: bytes, timeout: float | None) -> httpx.Response:
        with http_failures():
            return await self._http.post(
                path, content=body, headers=JSON_HEADERS, timeout=self._wait(timeout)
            )

    async def health(self, *, timeout: float | None = None) -> HealthResponse:
        """Return the health document (what the service serves; no token needed)."""
        with http_failures():
            response = await self._http.get(exchange.HEALTH_PATH, timeout=self._wait(timeout))
        return exchange.read_health(response)

    async def evaluate(
        self,
        payload: str | dict[str, Any],
        *,
        license_key: str | None = None,
        timeout: float | None = None,
    ) -> ServiceResult:
        """Evaluate a payload (a str, or a dict with one text key) and return the verdict."""
        body = exchange.evaluate_body(payload, license_key)
        return exchange.read_result(await self._post(exchange.EVALUATE_PATH, body, timeout))

    async def decide(
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
        return exchange.read_decision(await self._post(exchange.DECISION_PATH, body, timeout))

    def stream(
        self,
        text: str,
        chunk_size: int = 4,
        lookahead_chars: int = 28,
        block_on_fatal: bool = True,
        *,
        license_key: str | None = None,
        timeout: float | None = None,
    ) -> AsyncIterator[str]:
        """Yield the released text of ``text`` streamed over SSE; StreamBlockedError at a block."""
        body = exchange.stream_body(text, chunk_size, lookahead_chars, block_on_fatal, license_key)
        return self._stream(body, self._wait(timeout))

    async def _stream(self, body: bytes, timeout: float) -> AsyncIterator[str]:
        events = StreamEvents()
        with http_failures():
            async with aconnect_sse(
                self._http,
                "POST",
                exchange.STREAM_PATH,
                content=body,
                headers={"Content-Type": "application/json"},
                timeout=timeout,
            ) as source:
                if source.response.status_code != 200:
                    await source.response.aread()
                exchange.check_stream_start(source.response)
                async for event in source.aiter_sse():
                    released = events.text_of(event.data)
                    if released:
                        yield released
                    if events.done:
                        return
                events.finish()

    async def stream_session(
        self,
        lookahead_chars: int = 28,
        block_on_fatal: bool = True,
        *,
        timeout: float | None = None,
    ) -> AsyncSocketStreamSession:
        """Start a streaming session on its own WebSocket connection (close it when done)."""
        protocol = StreamProtocol(lookahead_chars, block_on_fatal)
        connection = await _AsyncConnection.open(self._socket_url, self._socket_options(timeout))
        return await AsyncSocketStreamSession.start(connection, protocol)

    async def socket(self, *, timeout: float | None = None) -> AsyncServiceSocket:
        """Open a WebSocket connection for ``evaluate`` verdicts (close it when done)."""
        connection = await _AsyncConnection.open(self._socket_url, self._socket_options(timeout))
        socket = AsyncServiceSocket(connection)
        await socket.ping()  # a refused token (close 1008) fails here, not at the first evaluate
        return socket

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self._http.aclose()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
