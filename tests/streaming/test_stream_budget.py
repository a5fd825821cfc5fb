"""A compiled pack's budget bounds each push and flush: over budget the session blocks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from engine_core import Engine
from engine_core.errors import DecisionBudgetExceededError, StreamBlockedError
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook
from engine_server.stream_events import simulate_stream

#: A rule that backtracks catastrophically on PATHOLOGICAL (only the timeout ends the scan),
#: and an ordinary one.
PLAYBOOK = """
pack_id: acme.stream-budget
budget: {max_latency_ms: 20}
rules:
  - id: evil
    pattern: '^(?:(a+)\\1*)+$'
    flags: [MULTILINE]
  - id: pin
    pattern: 'PIN \\d{4}'
"""
PATHOLOGICAL = "a" * 30 + "b"
#: Enough text after the pathological line that a push scans (whitespace past the lookahead).
#: A timed-out search's elapsed time is checked: no background compile may run meanwhile.
pytestmark = pytest.mark.usefixtures("no_background_compile")
TAIL = "\n" + "plain words here " * 4


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine.for_pack(parse_playbook(PLAYBOOK), CommunityLicense())


def _assert_budget_error(error: DecisionBudgetExceededError) -> None:
    assert error.pack_id == "acme.stream-budget"
    assert error.budget_key == "max_latency_ms"
    assert error.limit == 20
    assert error.measured >= 20  # the real time of the push, not a copy of the limit


def test_push_over_budget_raises_blocks_and_releases_nothing(engine: Engine) -> None:
    session = engine.stream_session()
    first = session.push("PIN 1234 is fine " * 3)  # within budget
    assert "".join(chunk.text for chunk in first).startswith("[REDACTED_PIN] is fine")
    released = session.released_chars
    with pytest.raises(DecisionBudgetExceededError) as info:
        session.push("\n" + PATHOLOGICAL + TAIL)
    _assert_budget_error(info.value)
    assert session.blocked
    assert session.released_chars == released
    for attempt in (lambda: session.push("more"), session.flush):
        with pytest.raises(StreamBlockedError) as blocked:
            attempt()
        assert "max_latency_ms" in blocked.value.reason
        assert blocked.value.action == "block"


def test_flush_over_budget_raises_and_blocks(engine: Engine) -> None:
    session = engine.stream_session()
    assert session.push(PATHOLOGICAL) == []  # no whitespace: nothing scanned yet
    with pytest.raises(DecisionBudgetExceededError) as info:
        session.flush()
    _assert_budget_error(info.value)
    with pytest.raises(StreamBlockedError):
        session.flush()


def test_huge_push_over_a_tiny_budget_is_cut_off() -> None:
    engine = Engine.for_pack(
        parse_playbook(
            "pack_id: acme.tiny\nbudget: {max_latency_ms: 0.5}\n"
            "rules: [{id: ing, pattern: '\\b\\w+ing\\b'}]\n"
        ),
        CommunityLicense(),
    )
    session = engine.stream_session()
    with pytest.raises(DecisionBudgetExceededError) as info:
        session.push("a tiny bit of text with nothing special in it " * 20_000)
    assert (info.value.pack_id, info.value.limit) == ("acme.tiny", 0.5)
    assert info.value.measured > 0.5
    assert session.blocked


def test_filters_raise_the_budget_error(engine: Engine) -> None:
    with pytest.raises(DecisionBudgetExceededError):
        list(engine.stream_filter(["PIN 1234\n", PATHOLOGICAL, TAIL]))

    async def chunks() -> AsyncIterator[str]:
        for piece in ("PIN 1234\n", PATHOLOGICAL, TAIL):
            yield piece

    async def drain() -> list[str]:
        return [text async for text in engine.astream_filter(chunks())]

    with pytest.raises(DecisionBudgetExceededError):
        asyncio.run(drain())


def test_sse_simulation_ends_with_a_blocked_event_naming_the_budget(engine: Engine) -> None:
    events = simulate_stream(engine, "PIN 1234 then\n" + PATHOLOGICAL + TAIL, chunk_size=8)
    last = events[-1]
    assert last["blocked"] is True
    assert last["is_final"] is True
    assert last["text"] == ""
    assert "max_latency_ms" in last["reason"]
    assert not any(event["blocked"] for event in events[:-1])


def test_within_budget_the_stream_is_unchanged(engine: Engine) -> None:
    text = "my PIN 1234 and more words to stream along " * 5
    released = "".join(engine.stream_filter([text[i : i + 7] for i in range(0, len(text), 7)]))
    assert released == engine.evaluate(text).remedy.clean_text
