"""stream_filter, astream_filter and the SSE simulation's event rules."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streaming_support import expected, lookaheads, texts, value_pool

from engine_core import Engine
from engine_core.errors import StreamBlockedError
from engine_server.stream_events import simulate_stream, stream_events

FILLER = "and the conversation goes on for a while longer "


def _value(engine: Engine, *, fatal: bool) -> str:
    for value in value_pool().values:
        if engine.evaluate(f"note {value} end").blocked == fatal:
            return value
    raise AssertionError("no such value")


def _pieces(text: str, size: int) -> list[str]:
    return [text[offset : offset + size] for offset in range(0, len(text), size)]


def test_stream_filter_yields_the_clean_text(engine: Engine) -> None:
    text = f"{FILLER}{_value(engine, fatal=False)} {FILLER * 3}"
    out = list(engine.stream_filter(_pieces(text, 3)))
    assert all(isinstance(piece, str) and piece for piece in out)
    assert len(out) > 1
    assert "".join(out) == engine.evaluate(text).remedy.clean_text


def test_stream_filter_raises_where_the_session_blocks(engine: Engine) -> None:
    fatal = _value(engine, fatal=True)
    text = f"{FILLER * 2}{fatal} {FILLER * 3}"
    out: list[str] = []

    def consume() -> None:
        out.extend(engine.stream_filter(_pieces(text, 4)))

    with pytest.raises(StreamBlockedError) as caught:
        consume()
    result = engine.evaluate(text)
    assert (caught.value.action, caught.value.reason) == (result.action, result.reason)
    assert fatal not in "".join(out)
    assert result.remedy.clean_text.startswith("".join(out))


def test_stream_filter_redacts_with_block_on_fatal_false(engine: Engine) -> None:
    text = f"{FILLER}{_value(engine, fatal=True)} {FILLER}"
    out = "".join(engine.stream_filter(_pieces(text, 7), block_on_fatal=False))
    assert out == engine.evaluate(text).remedy.clean_text


def test_stream_filter_checks_arguments_when_called(engine: Engine) -> None:
    with pytest.raises(ValueError, match="lookahead_chars"):
        engine.stream_filter(["x"], lookahead_chars=8)


async def _agen(pieces: list[str]) -> AsyncIterator[str]:
    for piece in pieces:
        await asyncio.sleep(0)
        yield piece


def test_astream_filter_yields_the_clean_text(engine: Engine) -> None:
    text = f"{FILLER}{_value(engine, fatal=False)} {FILLER * 3}"

    async def collect() -> list[str]:
        return [piece async for piece in engine.astream_filter(_agen(_pieces(text, 2)), 16)]

    assert "".join(asyncio.run(collect())) == engine.evaluate(text).remedy.clean_text


def test_astream_filter_raises_where_the_session_blocks(engine: Engine) -> None:
    fatal = _value(engine, fatal=True)
    text = f"{FILLER * 2}{fatal} {FILLER * 3}"
    out: list[str] = []

    async def collect() -> None:
        async for piece in engine.astream_filter(_agen(_pieces(text, 5))):
            out.append(piece)

    with pytest.raises(StreamBlockedError):
        asyncio.run(collect())
    assert fatal not in "".join(out)


# --- SSE simulation ------------------------------------------------------------------


def _check_events(engine: Engine, text: str, events: list[dict[str, object]]) -> None:
    assert [event["chunk_index"] for event in events] == list(range(1, len(events) + 1))
    assert [event["is_final"] for event in events] == [False] * (len(events) - 1) + [True]
    assert all(event["triggers"] == [] for event in events)
    assert all(not event["blocked"] for event in events[:-1])
    last = events[-1]
    exp = expected(engine.compiled_pack, text)
    released = [str(event["text"]) for event in events if not event["blocked"]]
    result = engine.evaluate(text)
    if last["blocked"]:
        assert (last["text"], last["action"], last["redacted"]) == ("", result.action, False)
        assert isinstance(last["reason"], str)
        assert result.reason is not None
        listed = last["reason"].removeprefix("Statutory invariant violated: ").split(", ")
        assert all(item in result.reason for item in listed)
    else:
        assert "".join(released) == result.remedy.clean_text
    # redacted is true on exactly the events whose text holds a redaction token.
    position = 0
    for event in events:
        if event["blocked"]:
            continue
        end = position + len(str(event["text"]))
        changed = any(position <= start and stop <= end for start, stop in exp.tokens)
        assert event["redacted"] == changed
        assert (event["action"], event["reason"]) == ("stream_token", None)
        position = end


@given(
    text=texts(),
    chunk_size=st.integers(1, 12),
    lookahead=lookaheads,
    block_on_fatal=st.booleans(),
)
def test_simulated_events_follow_the_sse_rules(
    engine: Engine, text: str, chunk_size: int, lookahead: int, block_on_fatal: bool
) -> None:
    events = simulate_stream(engine, text, chunk_size, lookahead, block_on_fatal)
    _check_events(engine, text, events)


def test_blocked_event_is_final_and_ends_the_stream(engine: Engine) -> None:
    text = f"{FILLER * 2}{_value(engine, fatal=True)} {FILLER * 4}"
    events = simulate_stream(engine, text, chunk_size=4)
    last = events[-1]
    result = engine.evaluate(text)
    assert last["blocked"]
    assert last["is_final"]
    assert last["text"] == ""
    assert (last["action"], last["reason"]) == (result.action, result.reason)
    assert len(events) >= 2  # text before the value was streamed first


def test_empty_text_gives_one_final_event(engine: Engine) -> None:
    assert simulate_stream(engine, "") == [
        {
            "chunk_index": 1,
            "text": "",
            "is_final": True,
            "redacted": False,
            "blocked": False,
            "action": "stream_token",
            "reason": None,
            "triggers": [],
        }
    ]


@pytest.mark.parametrize("chunk_size", [0, -4, True, 2.5])
def test_chunk_size_below_one_is_refused(engine: Engine, chunk_size: object) -> None:
    with pytest.raises(ValueError, match="chunk_size"):
        stream_events(engine, "text", chunk_size)  # type: ignore[arg-type]


def test_events_are_produced_lazily(engine: Engine) -> None:
    events = stream_events(engine, FILLER * 200, chunk_size=4)
    first = next(events)
    assert first["chunk_index"] == 1
    assert not first["is_final"]


#: A postal address repeated after a short run: evaluate redacts both occurrences.
REPEATED_ADDRESS = (
    "000 State ROAD   0A 000rd fL  front, AAA AAAAAA AA AAAA   AL-"
    "000 State ROAD   0A 000rd fL  front, AAA AAAAAA AA, AL "
)


@pytest.mark.parametrize("chunk_size", [1, 3, 5, 8, 12])
@pytest.mark.parametrize("lookahead", range(16, 65, 2))
def test_a_repeat_of_a_value_released_in_the_same_cut_waits_for_its_end(
    engine: Engine, chunk_size: int, lookahead: int
) -> None:
    """A value found and released in one cut is propagated to later occurrences; one
    whose start is already in the buffer (``000 ``) is held back until it is complete,
    not released as plain text (hypothesis's example, on the live pack)."""
    events = simulate_stream(engine, REPEATED_ADDRESS, chunk_size, lookahead, False)
    released = "".join(str(event["text"]) for event in events)
    assert released == engine.evaluate(REPEATED_ADDRESS).remedy.clean_text
    assert released.count("[REDACTED_POSTAL_ADDRESS]") == 2
