"""``POST /v1/evaluate/stream`` end to end, parsing the raw ``text/event-stream`` body."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from service_support import (
    CLEAN_TEXT,
    FATAL_TEXT,
    WARNING_TEXT,
    ScriptedLicense,
    builtin_engine_with,
    parse_sse,
    sealed_engine,
)

from engine_core.errors import DeveloperQuotaExceededError, LicenseExpiredError

pytest.importorskip("engine_core.streaming")

EVENT_FIELDS = {"chunk_index", "text", "is_final", "redacted", "blocked", "action", "reason"}

LONG_WARNING = " ".join(
    [
        "Dear team, the invoice for March went to billing@example.org yesterday.",
        "Call +44 20 7946 0958 or write to ops.lead@example.com before Friday.",
        "The rest of this message is ordinary prose that should stream back unchanged.",
    ]
)


def _stream(client: httpx.Client, **body: Any) -> tuple[httpx.Response, str]:
    with client.stream("POST", "/v1/evaluate/stream", json=body) as response:
        raw = "".join(response.iter_text())
    return response, raw


@pytest.mark.parametrize("text", [CLEAN_TEXT, WARNING_TEXT, LONG_WARNING, ""])
@pytest.mark.parametrize("chunk_size", [1, 4, 7, 64])
def test_concatenated_text_equals_evaluate_clean_text(
    client: httpx.Client, text: str, chunk_size: int
) -> None:
    response, raw = _stream(client, text=text, chunk_size=chunk_size)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-store"
    # Wire format: every event is `data: <json>` and a blank line.
    assert raw.endswith("\n\n")
    assert all(block.startswith("data: ") for block in raw.strip("\n").split("\n\n"))
    events = list(parse_sse(raw))
    assert events
    assert all(set(event) >= EVENT_FIELDS for event in events)
    assert [event["chunk_index"] for event in events] == list(range(1, len(events) + 1))
    assert [event["is_final"] for event in events] == [False] * (len(events) - 1) + [True]
    assert not any(event["blocked"] for event in events)
    assert all(event["action"] == "stream_token" for event in events)
    clean = client.post("/v1/evaluate", json={"text": text}).json()["remedy"]["clean_text"]
    assert "".join(event["text"] for event in events) == clean
    for event in events:
        assert event["redacted"] == ("[REDACTED_" in event["text"])


@pytest.mark.parametrize("chunk_size", [1, 4, 32])
def test_blocked_event_is_empty_and_last(client: httpx.Client, chunk_size: int) -> None:
    response, raw = _stream(client, text=FATAL_TEXT + " trailing text", chunk_size=chunk_size)
    assert response.status_code == 200
    events = list(parse_sse(raw))
    blocked = [event for event in events if event["blocked"]]
    assert len(blocked) == 1
    assert events[-1] is blocked[0]
    last = events[-1]
    assert last["text"] == ""
    assert last["is_final"] is True
    assert last["action"].startswith("block")
    assert last["reason"]
    released = "".join(event["text"] for event in events)
    assert "4111" not in released
    assert "jane.doe" not in released
    assert "trailing" not in released


def test_block_on_fatal_false_redacts_and_continues(client: httpx.Client) -> None:
    _, raw = _stream(client, text=FATAL_TEXT, block_on_fatal=False, lookahead_chars=40)
    events = list(parse_sse(raw))
    assert not any(event["blocked"] for event in events)
    text = "".join(event["text"] for event in events)
    assert "[REDACTED_CREDIT_CARD]" in text
    assert "4111" not in text
    assert events[-1]["is_final"] is True


def test_large_text_streams_from_a_worker_thread(client: httpx.Client) -> None:
    text = (WARNING_TEXT + " ") * 1200  # > 64 KiB
    _, raw = _stream(client, text=text, chunk_size=256)
    events = list(parse_sse(raw))
    clean = client.post("/v1/evaluate", json={"text": text}).json()["remedy"]["clean_text"]
    assert "".join(event["text"] for event in events) == clean


def test_stream_errors_get_their_status_before_streaming(
    client: httpx.Client, serve_engine: Callable[[Any], None]
) -> None:
    quota = DeveloperQuotaExceededError("quota", limit_name="per_minute", retry_after=5)
    serve_engine(builtin_engine_with(ScriptedLicense(quota)))
    response = client.post("/v1/evaluate/stream", json={"text": "hi"})
    assert response.status_code == 429
    assert response.headers["retry-after"] == "5"
    assert response.json() == {"detail": "quota"}
    serve_engine(sealed_engine(ScriptedLicense(LicenseExpiredError("expired"))))
    assert client.post("/v1/evaluate/stream", json={"text": "hi"}).status_code == 503
