"""The service never logs request or response bodies, even at DEBUG and on failures."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import httpx
import pytest
from service_support import ExplodingEngine
from websockets.sync.client import connect

from engine_server import ServerHandle, start_server
from engine_server.dependencies import get_engine

MARKER = "zq-marker-4111111111111111-jane.secret@example.com"
#: Client-side libraries log what *they* send; only the service's own records count.
CLIENT_LOGGERS = ("httpx", "httpcore", "websockets.client", "hpack")


@pytest.fixture(scope="module")
def debug_server() -> Iterator[ServerHandle]:
    with start_server(token="", log_level="debug") as handle:
        yield handle


def _service_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if not r.name.startswith(CLIENT_LOGGERS)]


def test_no_body_appears_in_logs(
    debug_server: ServerHandle, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "engine_server", "websockets"):
        caplog.set_level(logging.DEBUG, logger=name)
    base = debug_server.base_url
    with httpx.Client(base_url=base, timeout=20) as http:
        assert http.post("/v1/evaluate", json={"text": MARKER}).status_code == 200
        assert http.post("/v1/decision", json={"parameters": {"text": MARKER}}).status_code == 200
        assert http.post("/v1/evaluate/stream", json={"text": MARKER}).status_code == 200
        assert http.post("/v1/evaluate", json={"text": [MARKER]}).status_code == 422
        assert http.post("/v1/evaluate", json={"text": "x", "license_key": MARKER}).status_code in (
            403,
            500,
        )
        big = {"text": MARKER * (1024 * 1024 // len(MARKER) + 1)}
        assert http.post("/v1/evaluate", json=big).status_code == 413
        with connect(debug_server.ws_url + "/v1/ws/decision", open_timeout=10) as ws:
            for message in (
                {"text": MARKER},
                {"type": "stream_chunk", "token": MARKER},
                {"type": "stream_flush"},
                {"type": "nope", "text": MARKER},
            ):
                ws.send(json.dumps(message))
                ws.send(json.dumps({"type": "ping"}))  # answers come in order: read to the pong
                while json.loads(ws.recv(timeout=10))["type"] != "pong":
                    pass
        # Failures: the exception message quotes the payload; it must not reach the log.
        debug_server.app.dependency_overrides[get_engine] = lambda: ExplodingEngine()
        try:
            assert http.post("/v1/evaluate", json={"text": MARKER}).status_code == 500
            with connect(debug_server.ws_url + "/v1/ws/decision", open_timeout=10) as ws:
                ws.send(json.dumps({"text": MARKER}))
                ws.recv(timeout=10)
        finally:
            debug_server.app.dependency_overrides.clear()
    records = _service_records(caplog)
    assert any(r.levelno == logging.DEBUG for r in records), "DEBUG logging was not captured"
    assert any("Unhandled RuntimeError" in r.getMessage() for r in records)
    for record in records:
        text = record.getMessage() + (record.exc_text or "")
        if record.exc_info:
            text += logging.Formatter().formatException(record.exc_info)
        assert "zq-marker" not in text, f"{record.name}: {text[:200]}"
        assert "4111111111111111" not in text
