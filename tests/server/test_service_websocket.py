"""``WS /v1/ws/decision`` end to end with the real ``websockets`` client."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from service_support import CLEAN_TEXT, FATAL_TEXT, WARNING_TEXT, ExplodingEngine
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engine_core import Engine
from engine_server import ServerHandle

PATH = "/v1/ws/decision"


@pytest.fixture
def ws(server: ServerHandle) -> Iterator[ClientConnection]:
    with connect(server.ws_url + PATH, open_timeout=10) as connection:
        yield connection


def _ask(ws: ClientConnection, message: Any) -> dict[str, Any]:
    ws.send(message if isinstance(message, str) else json.dumps(message))
    return _recv(ws)


def _recv(ws: ClientConnection) -> dict[str, Any]:
    answer = json.loads(ws.recv(timeout=10))
    assert isinstance(answer, dict)
    return answer


def _until(ws: ClientConnection, kinds: set[str]) -> list[dict[str, Any]]:
    """Receive messages up to and including one whose type is in ``kinds``."""
    messages = []
    while True:
        message = _recv(ws)
        messages.append(message)
        if message["type"] in kinds or message.get("blocked"):
            return messages


def test_ping_pong(ws: ClientConnection) -> None:
    before = time.time()
    pong = _ask(ws, {"type": "ping"})
    assert pong["type"] == "pong"
    assert before - 1 <= pong["time"] <= time.time() + 1


@pytest.mark.parametrize("typed", [True, False])
def test_evaluate_verdict_has_no_triggers(ws: ClientConnection, typed: bool) -> None:
    message: dict[str, Any] = {"text": FATAL_TEXT}
    if typed:
        message["type"] = "evaluate"
    verdict = _ask(ws, message)
    expected = Engine().evaluate(FATAL_TEXT)
    assert verdict["type"] == "verdict"
    assert set(verdict) == {
        "type",
        "action",
        "invariants_passed",
        "clean_text",
        "latency_us",
        "egress_bytes",
        "receipt_hash",
    }
    assert verdict["action"] == expected.action
    assert verdict["invariants_passed"] is False
    assert verdict["clean_text"] == expected.remedy.clean_text
    assert "4111" not in json.dumps(verdict)


def test_client_errors_keep_the_connection_open(ws: ClientConnection) -> None:
    for bad in [
        {"type": "teleport"},
        "{not json",
        "[1, 2]",
        {"type": "evaluate", "text": 12},
        {"type": "evaluate"},
        {"type": "stream_chunk", "token": None},
        {"type": "stream_start", "lookahead_chars": "28"},
        {"type": "stream_start", "lookahead_chars": True},
        {"type": "stream_start", "block_on_fatal": "yes"},
        {"type": "evaluate", "text": "hi", "license_key": "EK1.x.y"},
    ]:
        answer = _ask(ws, bad)
        assert answer["type"] == "error", bad
        assert isinstance(answer["message"], str)
    assert "unknown message type" in _ask(ws, {"type": "teleport"})["message"]
    assert "license_key" in _ask(ws, {"text": "x", "license_key": "k"})["message"]
    assert _ask(ws, {"type": "ping"})["type"] == "pong"


def test_lookahead_below_16_is_refused(ws: ClientConnection) -> None:
    answer = _ask(ws, {"type": "stream_start", "lookahead_chars": 15})
    assert answer["type"] == "error"
    assert "16" in answer["message"]
    started = _ask(ws, {"type": "stream_start", "lookahead_chars": 16})
    assert started == {"type": "stream_started", "lookahead_chars": 16}


@pytest.mark.parametrize("explicit_start", [True, False])
def test_stream_round_trip_equals_clean_text(ws: ClientConnection, explicit_start: bool) -> None:
    text = WARNING_TEXT + " " + CLEAN_TEXT
    if explicit_start:
        assert _ask(ws, {"type": "stream_start"}) == {
            "type": "stream_started",
            "lookahead_chars": 28,
        }
    released: list[str] = []
    for offset in range(0, len(text), 5):
        ws.send(json.dumps({"type": "stream_chunk", "token": text[offset : offset + 5]}))
    ws.send(json.dumps({"type": "stream_flush"}))
    for message in _until(ws, {"stream_completed"}):
        if message["type"] == "stream_token":
            assert set(message) == {"type", "token", "blocked", "action", "reason"}
            assert message["blocked"] is False
            released.append(message["token"])
        else:
            assert message == {"type": "stream_completed"}
    assert "".join(released) == Engine().evaluate(text).remedy.clean_text


def test_stream_blocked_until_stream_start(ws: ClientConnection) -> None:
    assert _ask(ws, {"type": "stream_start"})["type"] == "stream_started"
    messages: list[dict[str, Any]] = []
    for offset in range(0, len(FATAL_TEXT), 8):
        ws.send(json.dumps({"type": "stream_chunk", "token": FATAL_TEXT[offset : offset + 8]}))
        # Read whatever this chunk released (answers come in order; a ping fences them).
        ws.send(json.dumps({"type": "ping"}))
        while (message := _recv(ws))["type"] != "pong":
            messages.append(message)
        if any(m.get("blocked") for m in messages):
            break
    blocked = [m for m in messages if m.get("blocked")]
    assert len(blocked) == 1
    assert blocked[0]["type"] == "stream_token"
    assert blocked[0]["token"] == ""
    assert blocked[0]["action"].startswith("block")
    assert "4111" not in "".join(m.get("token", "") for m in messages)
    # Every chunk or flush after the block is refused, and nothing is released.
    for refused in [
        {"type": "stream_chunk", "token": " more text after the block "},
        {"type": "stream_flush"},
        {"type": "stream_chunk", "token": "and more"},
    ]:
        error = _ask(ws, refused)
        assert error["type"] == "error"
        assert error["code"] == "STREAM_BLOCKED"
        assert error["action"] == blocked[0]["action"]
        assert error["reason"] == blocked[0]["reason"]
        assert error["message"]
    # Other messages still work while blocked; only stream_start clears the block.
    assert _ask(ws, {"text": CLEAN_TEXT})["type"] == "verdict"
    assert _ask(ws, {"type": "stream_start"})["type"] == "stream_started"
    ws.send(json.dumps({"type": "stream_chunk", "token": "fresh start "}))
    ws.send(json.dumps({"type": "stream_flush"}))
    tail = _until(ws, {"stream_completed"})
    assert "".join(m.get("token", "") for m in tail) == "fresh start "


def test_block_found_at_flush_is_a_block(ws: ClientConnection) -> None:
    ws.send(json.dumps({"type": "stream_chunk", "token": "card 4111 1111 1111 1111"}))
    ws.send(json.dumps({"type": "stream_flush"}))
    messages = _until(ws, {"stream_completed", "error"})
    assert messages[-1]["type"] == "stream_token"
    assert messages[-1]["blocked"] is True
    assert _ask(ws, {"type": "stream_flush"})["code"] == "STREAM_BLOCKED"


def test_internal_failure_sends_error_then_closes_1011(
    server: ServerHandle, serve_engine: Callable[[Any], None]
) -> None:
    serve_engine(ExplodingEngine())
    with connect(server.ws_url + PATH, open_timeout=10) as ws:
        answer = _ask(ws, {"text": "payload-marker-ws"})
        assert answer["type"] == "error"
        assert "payload-marker-ws" not in answer["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1011
