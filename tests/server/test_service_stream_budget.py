"""A compiled pack's budget bounds streaming over SSE and WebSocket as it bounds REST."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from service_support import ScriptedLicense, parse_sse
from websockets.sync.client import ClientConnection, connect

from engine_core import Engine
from engine_core.packs.playbook import parse_playbook
from engine_core.plugins import get_registries
from engine_server import ServerHandle

#: A rule that backtracks catastrophically on a line of PATHOLOGICAL: only the timeout ends
#: the scan.
PLAYBOOK = (
    "pack_id: acme.stream-budget\nbudget: {max_latency_ms: 20}\n"
    "rules: [{id: evil, pattern: '^(?:(a+)\\1*)+$', flags: [MULTILINE]}]\n"
)
PATHOLOGICAL = "\n" + "a" * 30 + "b\n" + "plain words here " * 4
TEXT = "The first line is fine, the rest is not." + PATHOLOGICAL


@pytest.fixture
def budget_engine(serve_engine: Callable[[Any], None]) -> Engine:
    engine = Engine.for_pack(parse_playbook(PLAYBOOK, get_registries()), ScriptedLicense())
    serve_engine(engine)
    return engine


@pytest.fixture
def ws(server: ServerHandle, budget_engine: Engine) -> Iterator[ClientConnection]:
    with connect(server.ws_url + "/v1/ws/decision", open_timeout=10) as connection:
        yield connection


def _ask(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    ws.send(json.dumps(message))
    answer = json.loads(ws.recv(timeout=10))
    assert isinstance(answer, dict)
    return answer


def test_rest_answers_503(client: httpx.Client, budget_engine: Engine) -> None:
    response = client.post("/v1/evaluate", json={"text": TEXT})
    assert response.status_code == 503
    assert "max_latency_ms" in response.json()["detail"]


@pytest.mark.parametrize("chunk_size", [4, len(TEXT)])
def test_sse_ends_with_a_blocked_event_naming_the_budget(
    client: httpx.Client, budget_engine: Engine, chunk_size: int
) -> None:
    with client.stream(
        "POST", "/v1/evaluate/stream", json={"text": TEXT, "chunk_size": chunk_size}
    ) as response:
        raw = "".join(response.iter_text())
    assert response.status_code == 200
    events = list(parse_sse(raw))
    last = events[-1]
    assert (last["blocked"], last["is_final"], last["text"]) == (True, True, "")
    assert "max_latency_ms" in last["reason"]
    assert "acme.stream-budget" in last["reason"]
    released = "".join(event["text"] for event in events)
    assert "aaaa" not in released  # nothing after the over-budget push was released


def test_websocket_push_over_budget_is_an_error_and_blocks_the_stream(
    ws: ClientConnection,
) -> None:
    assert _ask(ws, {"type": "stream_start"})["type"] == "stream_started"
    error = _ask(ws, {"type": "stream_chunk", "token": TEXT})
    assert error["type"] == "error"
    assert error["code"] == "STREAM_BLOCKED"
    assert "max_latency_ms" in error["reason"]
    assert "max_latency_ms" in error["message"]
    # Blocked until stream_start; the connection stays open.
    again = _ask(ws, {"type": "stream_chunk", "token": "more"})
    assert again["code"] == "STREAM_BLOCKED"
    assert _ask(ws, {"type": "stream_flush"})["code"] == "STREAM_BLOCKED"
    assert _ask(ws, {"type": "stream_start"})["type"] == "stream_started"
    assert _ask(ws, {"type": "ping"})["type"] == "pong"


def test_websocket_flush_over_budget_is_an_error(ws: ClientConnection) -> None:
    assert _ask(ws, {"type": "stream_start"})["type"] == "stream_started"
    ws.send(json.dumps({"type": "stream_chunk", "token": "a" * 30 + "b"}))  # nothing scanned
    error = _ask(ws, {"type": "stream_flush"})
    assert (error["type"], error["code"]) == ("error", "STREAM_BLOCKED")
    assert "max_latency_ms" in error["reason"]
    assert _ask(ws, {"type": "stream_chunk", "token": "x"})["code"] == "STREAM_BLOCKED"
