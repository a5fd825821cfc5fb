"""Request bodies that stall are cut off by a read timeout; everyone else is still served."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from service_support import parse_sse

from engine_core.errors import ServerConfigurationError
from engine_server import ServerHandle, create_app, start_server

TIMEOUT_S = 0.5
#: Long enough for any answer here on a loaded machine, far below "held forever".
ANSWER_WITHIN_S = 10.0


#: Room for a text that streams for longer than TIMEOUT_S, however fast the engine is.
MAX_BODY = 64 * 1024 * 1024


@pytest.fixture(scope="module")
def timed_server() -> Iterator[ServerHandle]:
    with start_server(
        token="", cors_origins=[], body_read_timeout=TIMEOUT_S, max_body_size=MAX_BODY
    ) as handle:
        yield handle


def _open(server: ServerHandle) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_WITHIN_S)
    return sock


def _head(path: str, length: int) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode("ascii")


def _read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (bounded by the timeout)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


@pytest.mark.parametrize("path", ["/v1/evaluate", "/v1/evaluate/stream", "/v1/decision"])
@pytest.mark.parametrize("sent", [b"", b'{"text": "hel'], ids=["nothing", "part"])
def test_stalled_body_is_answered_408_and_closed(
    timed_server: ServerHandle, path: str, sent: bytes
) -> None:
    with _open(timed_server) as sock:
        sock.sendall(_head(path, 100) + sent)
        started = time.monotonic()
        answer = _read_until_closed(sock)  # the server closes the connection
        waited = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408 ")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"connection: close" in head.lower()
    assert json.loads(body)["detail"] == "Request body not received in time"
    assert TIMEOUT_S * 0.9 <= waited < ANSWER_WITHIN_S


def test_stalled_connections_do_not_stop_the_service(timed_server: ServerHandle) -> None:
    stalled = [_open(timed_server) for _ in range(20)]
    try:
        for sock in stalled:
            sock.sendall(_head("/v1/evaluate", 100))
        with httpx.Client(base_url=timed_server.base_url, timeout=ANSWER_WITHIN_S) as http:
            assert http.get("/v1/health").status_code == 200
            assert http.post("/v1/evaluate", json={"text": "hi"}).status_code == 200
        for sock in stalled:
            assert _read_until_closed(sock).startswith(b"HTTP/1.1 408 ")
    finally:
        for sock in stalled:
            sock.close()


def test_a_body_sent_in_pieces_within_the_timeout_is_served(timed_server: ServerHandle) -> None:
    body = b'{"text": "mail jane.doe@example.com"}'
    with _open(timed_server) as sock:
        sock.sendall(_head("/v1/evaluate", len(body)) + body[:10])
        time.sleep(TIMEOUT_S / 5)
        sock.sendall(body[10:])
        answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200 ")


def test_a_response_streaming_longer_than_the_timeout_is_not_cut(
    timed_server: ServerHandle,
) -> None:
    # A text long enough to stream for longer than TIMEOUT_S, however fast the engine is
    # today: each try is longer (at most three).
    for repeats in (24_000, 96_000, 384_000):  # 0.9, 3.6, 14.6 MB
        text = "Nothing personal in here, just words. " * repeats
        with httpx.Client(base_url=timed_server.base_url, timeout=120) as http:
            started = time.monotonic()
            with http.stream(
                "POST", "/v1/evaluate/stream", json={"text": text, "chunk_size": 1}
            ) as response:
                raw = "".join(response.iter_text())
            took = time.monotonic() - started
        events = list(parse_sse(raw))
        assert response.status_code == 200
        assert events[-1]["is_final"] is True
        assert "".join(event["text"] for event in events) == text
        if took > TIMEOUT_S:
            break
    assert took > TIMEOUT_S, took  # otherwise this test proves nothing


@pytest.mark.parametrize("value", [0, -1.0, float("nan"), float("inf")])
def test_a_timeout_that_is_not_a_positive_number_is_refused(value: float) -> None:
    with pytest.raises(ServerConfigurationError, match="body_read_timeout"):
        create_app(body_read_timeout=value)


def test_the_timeout_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_BODY_READ_TIMEOUT", "2.5")
    assert create_app().state.settings.body_read_timeout == 2.5
    monkeypatch.setenv("ENGINE_BODY_READ_TIMEOUT", "soon")
    with pytest.raises(ServerConfigurationError, match="ENGINE_BODY_READ_TIMEOUT"):
        create_app()
    monkeypatch.delenv("ENGINE_BODY_READ_TIMEOUT")
    assert create_app().state.settings.body_read_timeout == 10.0
