"""The request-body read timeout: a body that does not arrive in time is answered 408.

uvicorn has no timeout for a request body (``timeout_keep_alive`` covers only
the idle time between requests), so a client that declares a body and never
sends it would hold its connection, and a worker's memory, for ever. This
middleware gives the whole body one deadline, from the first read.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .responses import json_response

__all__ = ["BODY_TIMEOUT_DETAIL", "BodyReadTimeoutMiddleware"]

BODY_TIMEOUT_DETAIL = "Request body not received in time"
_CLOSE = {"Connection": "close"}  # the rest of the body may still come: never reuse it


class _BodyReadTimedOut(HTTPException):
    """Raised from ``receive``; FastAPI's routes answer it as any HTTPException (408)."""

    def __init__(self) -> None:
        super().__init__(408, BODY_TIMEOUT_DETAIL, headers=_CLOSE)


class BodyReadTimeoutMiddleware:
    """Answer 408 (and close) when a body is not complete ``timeout`` s after its first read.

    Requests waiting for body bytes are swept periodically (every quarter of the
    timeout, at most every second) rather than each getting a timer: a timer per
    request costs more than the rest of this middleware. A request past its
    deadline has its task cancelled inside ``receive``, where that cancellation
    becomes the 408.
    """

    def __init__(self, app: ASGIApp, timeout: float) -> None:
        self.app = app
        self.timeout = timeout
        self._period = min(timeout / 4, 1.0)
        #: Tasks awaiting a body message, with their request's deadline.
        self._waiting: dict[asyncio.Task[Any], float] = {}
        #: Tasks this middleware cancelled because their deadline passed.
        self._expired: set[asyncio.Task[Any]] = set()
        self._sweeping: tuple[asyncio.AbstractEventLoop, asyncio.TimerHandle] | None = None

    def _watch(
        self, task: asyncio.Task[Any], deadline: float, loop: asyncio.AbstractEventLoop
    ) -> None:
        self._waiting[task] = deadline
        if self._sweeping is None or self._sweeping[0] is not loop:
            self._sweeping = (loop, loop.call_later(self._period, self._sweep, loop))

    def _sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        """Cancel every task still waiting for body bytes past its deadline."""
        self._sweeping = None
        now = loop.time()
        for task, deadline in list(self._waiting.items()):
            if deadline <= now:
                del self._waiting[task]
                self._expired.add(task)
                task.cancel()
        if self._waiting:
            self._sweeping = (loop, loop.call_later(self._period, self._sweep, loop))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline: float | None = None
        body_done = False
        started = False

        async def receive_in_time() -> Message:
            nonlocal deadline, body_done
            if body_done:
                return await receive()  # waiting for a disconnect while streaming: no deadline
            if deadline is None:
                deadline = loop.time() + self.timeout
            elif loop.time() >= deadline:
                raise _BodyReadTimedOut()
            task = asyncio.current_task()
            assert task is not None
            self._watch(task, deadline, loop)
            try:
                message = await receive()
            except asyncio.CancelledError:
                if task not in self._expired:
                    raise  # cancelled by someone else (shutdown, a disconnect)
                self._expired.discard(task)
                task.uncancel()
                raise _BodyReadTimedOut() from None
            finally:
                self._waiting.pop(task, None)
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_done = True
            return message

        async def send_started(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive_in_time, send_started)
        except _BodyReadTimedOut:
            # Raised outside a route's own error handling (a middleware reading the body).
            if started:
                raise
            response = json_response({"detail": BODY_TIMEOUT_DETAIL}, 408, headers=_CLOSE)
            await response(scope, receive, send)
