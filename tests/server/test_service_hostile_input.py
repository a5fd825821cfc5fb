"""Inputs a hostile client sends: every surface answers them the same way, never a broken stream."""

from __future__ import annotations

import json

import httpx
import pytest
from service_support import parse_sse
from websockets.sync.client import connect

from engine_server import ServerHandle

#: A JSON body whose text holds a lone surrogate (valid JSON, not valid UTF-8 once decoded).
LONE_SURROGATE_BODY = '{"text": "hello \\ud800 world, mail jane.doe@example.com please"}'


def test_lone_surrogate_is_evaluated_alike_over_rest_sse_and_websocket(
    client: httpx.Client, server: ServerHandle
) -> None:
    headers = {"content-type": "application/json"}
    rest = client.post("/v1/evaluate", content=LONE_SURROGATE_BODY, headers=headers)
    assert rest.status_code == 200
    clean = rest.json()["remedy"]["clean_text"]
    assert clean == "hello \ud800 world, mail [REDACTED_EMAIL] please"

    with client.stream(
        "POST", "/v1/evaluate/stream", content=LONE_SURROGATE_BODY, headers=headers
    ) as response:
        raw = "".join(response.iter_text())  # a broken stream raises here
    assert response.status_code == 200
    events = list(parse_sse(raw))
    assert events[-1]["is_final"] is True
    assert "".join(event["text"] for event in events) == clean

    with connect(server.ws_url + "/v1/ws/decision", open_timeout=10) as ws:
        ws.send('{"type": "evaluate", ' + LONE_SURROGATE_BODY[1:])
        verdict = json.loads(ws.recv(timeout=10))
    assert verdict["type"] == "verdict"
    assert verdict["clean_text"] == clean


@pytest.mark.parametrize(
    "message",
    [
        "[" * 5000 + "]" * 5000,
        '{"a":' * 5000 + "1" + "}" * 5000,
        '{"type": "evaluate", "text": "hi", "extra": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
    ids=["arrays", "objects", "inside-a-message"],
)
def test_deeply_nested_websocket_message_is_an_error_and_the_connection_stays_open(
    server: ServerHandle, message: str
) -> None:
    with connect(server.ws_url + "/v1/ws/decision", open_timeout=10) as ws:
        ws.send(message)
        error = json.loads(ws.recv(timeout=10))
        assert error["type"] == "error"
        assert "nested" in error["message"]
        ws.send('{"type": "ping"}')
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"
        ws.send('{"type": "evaluate", "text": "mail jane.doe@example.com"}')
        assert json.loads(ws.recv(timeout=10))["clean_text"] == "mail [REDACTED_EMAIL]"
