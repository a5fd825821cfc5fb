"""Slow engine work never runs on the event loop: health answers while a big message is handled."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from engine_server import ServerHandle

PATH = "/v1/ws/decision"

#: About 900 KB of number-like text: the built-in pack needs well over half a second for it.
BIG_TEXT = ("1234 5678 " * 90_000)[:900_000]
#: A stream holds back and re-reads text it cannot release yet, so a third of that is
#: already seconds of work on one push (far above the 4 KiB that may run on the loop).
BIG_STREAM_TEXT = BIG_TEXT[:300_000]

#: Health must answer within this while the big message is handled (it takes far longer).
HEALTH_BOUND_S = 0.5


def _health_while(
    client: httpx.Client, ws: ClientConnection, messages: list[dict[str, Any]], last: str
) -> tuple[float, float, list[dict[str, Any]]]:
    """Send ``messages``; ask for health while the server handles them.

    Returns when health answered, when the reply of type ``last`` arrived, and
    the replies.
    """
    replies: list[dict[str, Any]] = []
    sent = threading.Event()
    done_at: list[float] = []

    def talk() -> None:
        for message in messages:
            ws.send(json.dumps(message))
        sent.set()
        while True:
            reply = json.loads(ws.recv(timeout=60))
            replies.append(reply)
            if reply["type"] in (last, "error"):
                done_at.append(time.monotonic())
                return

    talker = threading.Thread(target=talk)
    talker.start()
    assert sent.wait(30)
    time.sleep(0.1)  # the server has the message and is working on it
    asked = time.monotonic()
    assert client.get("/v1/health").status_code == 200
    answered = time.monotonic()
    talker.join(60)
    assert done_at, "the big message got no reply"
    assert answered - asked < HEALTH_BOUND_S
    return answered, done_at[0], replies


@pytest.fixture
def ws(server: ServerHandle) -> Any:
    with connect(server.ws_url + PATH, open_timeout=10, max_size=None) as connection:
        yield connection


def test_health_answers_during_a_big_websocket_evaluate(
    client: httpx.Client, ws: ClientConnection
) -> None:
    health, verdict, replies = _health_while(
        client, ws, [{"type": "evaluate", "text": BIG_TEXT}], "verdict"
    )
    assert replies[-1]["type"] == "verdict"
    assert health < verdict  # health did not wait for the evaluation


def test_health_answers_during_a_big_stream_chunk_and_the_session_stays_consistent(
    client: httpx.Client, ws: ClientConnection
) -> None:
    tail = [" call ", "+44 20 7946 0958", " or mail jane.doe@", "example.com now"]
    messages = [
        {"type": "stream_start"},
        {"type": "stream_chunk", "token": BIG_STREAM_TEXT},
        *({"type": "stream_chunk", "token": piece} for piece in tail),
        {"type": "stream_flush"},
    ]
    health, completed, replies = _health_while(client, ws, messages, "stream_completed")
    assert health < completed
    assert replies[0]["type"] == "stream_started"
    assert replies[-1]["type"] == "stream_completed"
    tokens = [reply for reply in replies if reply["type"] == "stream_token"]
    assert not any(reply["blocked"] for reply in tokens)
    # Pipelined chunks were pushed one at a time, in order: the stream equals the evaluation.
    ws.send(json.dumps({"type": "evaluate", "text": BIG_STREAM_TEXT + "".join(tail)}))
    verdict = json.loads(ws.recv(timeout=60))
    assert "".join(reply["token"] for reply in tokens) == verdict["clean_text"]
