"""A service that cannot answer: refused, stalled, killed mid-request, garbled or cut short.

Each is NativeRuntimeUnavailableError (a ConnectionError, not an EngineRuntimeError),
within the timeout, never a partial result, and the request is never sent twice.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

import pytest
from client_support import (
    BrokenService,
    ServiceProcess,
    answer,
    free_port,
    http_answer,
    sse_answer,
    stall,
)
from service_support import FATAL_TEXT, WARNING_TEXT

from engine_core.errors import EngineRuntimeError, NativeRuntimeUnavailableError, ServiceError
from engine_server.client import AsyncEngineClient, EngineClient

TIMEOUT_S = 0.4
CARD = "4111 1111 1111 1111"

Call = Callable[[EngineClient], Any]

#: Every call of the client; each sends one request (or opens one WebSocket).
SURFACES: dict[str, Call] = {
    "health": lambda client: client.health(),
    "evaluate": lambda client: client.evaluate(WARNING_TEXT),
    "decide": lambda client: client.decide("evaluate", {"text": WARNING_TEXT}),
    "stream": lambda client: list(client.stream(WARNING_TEXT)),
    "stream_session": lambda client: client.stream_session(),
    "socket": lambda client: client.socket(),
}


def _unavailable(
    call: Call, base_url: str, timeout: float = TIMEOUT_S
) -> NativeRuntimeUnavailableError:
    with (
        EngineClient(base_url, timeout=timeout) as client,
        pytest.raises(NativeRuntimeUnavailableError) as failed,
    ):
        call(client)
    error = failed.value
    assert isinstance(error, ConnectionError)
    assert not isinstance(error, EngineRuntimeError)
    return error


def _async_unavailable(base_url: str) -> list[str]:
    async def attempt() -> list[str]:
        failures = []
        async with AsyncEngineClient(base_url, timeout=TIMEOUT_S) as client:
            calls = [client.health, lambda: client.evaluate(WARNING_TEXT), client.stream_session]
            for call in calls:
                try:
                    await call()
                except NativeRuntimeUnavailableError as exc:
                    failures.append(type(exc).__name__)
            try:
                async for _ in client.stream(WARNING_TEXT):
                    pass
            except NativeRuntimeUnavailableError as exc:
                failures.append(type(exc).__name__)
        return failures

    return asyncio.run(attempt())


# --- nothing listening, nothing answering -----------------------------------------------


@pytest.mark.parametrize("surface", list(SURFACES))
def test_connection_refused_is_unavailable(surface: str) -> None:
    _unavailable(SURFACES[surface], f"http://127.0.0.1:{free_port()}")


@pytest.mark.parametrize("surface", list(SURFACES))
def test_stalled_service_is_unavailable_within_the_timeout(surface: str) -> None:
    with BrokenService(stall) as service:
        started = time.monotonic()
        error = _unavailable(SURFACES[surface], service.base_url)
        assert time.monotonic() - started < TIMEOUT_S + 2
        assert "timeout" in str(error)
        assert service.requests == 1  # never sent twice


def test_async_client_refused_and_stalled_are_unavailable() -> None:
    expected = ["NativeRuntimeUnavailableError"] * 4
    assert _async_unavailable(f"http://127.0.0.1:{free_port()}") == expected
    with BrokenService(stall) as service:
        assert _async_unavailable(service.base_url) == expected
        assert service.requests == 4


# --- garbled and half answers -------------------------------------------------------------

RESULT_JSON = json.dumps({"action": "allow", "remedy": {"clean_text": CARD}}).encode()


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(http_answer("200 OK", "text/html", b"<html>" + CARD.encode()), id="html"),
        pytest.param(http_answer("200 OK", "application/json", RESULT_JSON), id="fields-missing"),
        pytest.param(http_answer("200 OK", "application/json", b'{"act'), id="truncated-json"),
        pytest.param(
            http_answer("200 OK", "application/json", RESULT_JSON, declared=500), id="cut-body"
        ),
        pytest.param(http_answer("502 Bad Gateway", "text/plain", b"upstream"), id="proxy-502"),
        pytest.param(http_answer("404 Not Found", "application/json", b"{}"), id="not-the-service"),
        pytest.param(b"HTTP/1.1 200 OK\r\nContent-Len", id="cut-head"),
    ],
)
@pytest.mark.parametrize("surface", ["health", "evaluate", "decide"])
def test_garbled_answer_is_unavailable_and_quotes_nothing(raw: bytes, surface: str) -> None:
    with BrokenService(answer(raw)) as service:
        error = _unavailable(SURFACES[surface], service.base_url)
        assert service.requests == 1
    shown = "".join(traceback.format_exception(error))
    assert CARD not in shown


def test_garbled_verdict_in_a_decision_is_unavailable() -> None:
    answer_json = {"function": "evaluate", "status": "success", "latency_us": 1.0}
    answer_json["result"] = {"action": "allow", "remedy": {"clean_text": CARD}}
    raw = http_answer("200 OK", "application/json", json.dumps(answer_json).encode())
    with BrokenService(answer(raw)) as service:
        error = _unavailable(SURFACES["decide"], service.base_url)
    assert "decision result" in str(error)
    assert CARD not in "".join(traceback.format_exception(error))


def test_plain_text_500_is_still_a_service_error() -> None:
    raw = http_answer("500 Internal Server Error", "text/plain", b"Unhandled error")
    with (
        BrokenService(answer(raw)) as service,
        EngineClient(service.base_url) as client,
        pytest.raises(ServiceError) as failed,
    ):
        client.evaluate(WARNING_TEXT)
    assert failed.value.status_code == 500


def test_websocket_upgrade_refused_by_another_service_is_unavailable() -> None:
    raw = http_answer("200 OK", "text/html", b"<html>not a websocket</html>")
    with BrokenService(answer(raw)) as service:
        for surface in ("stream_session", "socket"):
            assert "HTTP 200" in str(_unavailable(SURFACES[surface], service.base_url))


# --- SSE cut short ----------------------------------------------------------------------


def _event(index: int, text: str, *, final: bool = False, blocked: bool = False) -> bytes:
    return json.dumps(
        {
            "chunk_index": index,
            "text": text,
            "is_final": final,
            "redacted": False,
            "blocked": blocked,
            "action": "block_statutory_violation" if blocked else "stream_token",
            "reason": "card" if blocked else None,
            "triggers": [],
        }
    ).encode()


@pytest.mark.parametrize(
    ("surface", "raw"),
    [
        (
            "evaluate",
            http_answer("200 OK", "application/json", RESULT_JSON[:10], declared=len(RESULT_JSON)),
        ),
        ("stream", sse_answer(_event(1, "Contact "))[:-30]),
    ],
)
def test_half_answer_then_silence_is_unavailable(surface: str, raw: bytes) -> None:
    with BrokenService(answer(raw, then_stall=True)) as service:
        assert "timeout" in str(_unavailable(SURFACES[surface], service.base_url))
        assert service.requests == 1


def _stream_from(raw: bytes) -> tuple[list[str], NativeRuntimeUnavailableError]:
    released: list[str] = []
    with BrokenService(answer(raw)) as service, EngineClient(service.base_url) as client:
        with pytest.raises(NativeRuntimeUnavailableError) as failed:
            released.extend(client.stream(WARNING_TEXT))
        assert service.requests == 1
    return released, failed.value


def test_truncated_sse_stream_is_unavailable_after_what_was_released() -> None:
    released, error = _stream_from(
        sse_answer(_event(1, "Contact "), _event(2, "[REDACTED_EMAIL] "))
    )
    assert released == ["Contact ", "[REDACTED_EMAIL] "]
    assert "truncated" in str(error)


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(sse_answer(_event(1, "Contact "))[:-40], id="cut-inside-an-event"),
        pytest.param(sse_answer(_event(2, "a "), _event(3, "b ", final=True)), id="event-lost"),
        pytest.param(sse_answer(b'{"chunk_index": 1, "text": "a"}'), id="event-fields-missing"),
        pytest.param(sse_answer(b"not json"), id="event-not-json"),
        pytest.param(http_answer("200 OK", "application/json", b"{}"), id="not-event-stream"),
    ],
)
def test_garbled_sse_stream_is_unavailable(raw: bytes) -> None:
    released, _ = _stream_from(raw)
    assert released == []


def test_async_truncated_sse_stream_is_unavailable() -> None:
    released: list[str] = []

    async def attempt(base_url: str) -> None:
        async with AsyncEngineClient(base_url) as client:
            async for text in client.stream(WARNING_TEXT):
                released.append(text)

    with (
        BrokenService(answer(sse_answer(_event(1, "Contact ")))) as service,
        pytest.raises(NativeRuntimeUnavailableError, match="truncated"),
    ):
        asyncio.run(attempt(service.base_url))
    assert released == ["Contact "]


# --- the service killed mid-request -------------------------------------------------------


def _in_thread(call: Callable[[], Any]) -> Callable[[], BaseException | None]:
    """Start ``call`` on a thread; return a function that joins it and returns its error."""
    outcome: list[BaseException | None] = [None]

    def run() -> None:
        try:
            call()
        except BaseException as exc:
            outcome[0] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def join() -> BaseException | None:
        thread.join(30)
        assert not thread.is_alive()
        return outcome[0]

    return join


def test_service_killed_mid_request_is_unavailable() -> None:
    surfaces = ["evaluate", "decide", "stream", "stream_session", "socket"]
    with ServiceProcess() as service, EngineClient(service.base_url, timeout=20) as client:
        service.pause()  # the requests reach the service's socket; nothing answers them
        joins = [
            _in_thread(lambda surface=surface: SURFACES[surface](client)) for surface in surfaces
        ]
        time.sleep(0.5)
        service.kill()
        errors = [join() for join in joins]
    assert all(isinstance(error, NativeRuntimeUnavailableError) for error in errors), errors


def test_service_killed_mid_session_is_unavailable_and_ends_the_session() -> None:
    with ServiceProcess() as service, EngineClient(service.base_url, timeout=20) as client:
        session = client.stream_session()
        session.push(WARNING_TEXT)
        socket = client.socket()
        service.kill()
        with pytest.raises(NativeRuntimeUnavailableError):
            session.push(FATAL_TEXT)
        assert session.state == "failed"
        with pytest.raises(EngineRuntimeError, match="ended by an error"):
            session.flush()
        with pytest.raises(NativeRuntimeUnavailableError):
            socket.evaluate(WARNING_TEXT)
