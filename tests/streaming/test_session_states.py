"""The next-release rows of the streaming state table, one test each, plus argument checks."""

from __future__ import annotations

import pytest
from streaming_support import value_pool

from engine_core import Engine, StreamChunk
from engine_core.errors import CodonRuntimeError, EngineRuntimeError, StreamBlockedError
from engine_core.licensing.context import CommunityLicense, LicenseState
from engine_core.packs.playbook import parse_playbook
from engine_core.streaming import StreamSession

FILLER = "and then the conversation goes on for quite a while longer "


def _first_value(engine: Engine, *, fatal: bool) -> str:
    for value in value_pool().values:
        if engine.evaluate(f"note {value} end").blocked == fatal:
            return value
    raise AssertionError("the live pack detects no such value")


@pytest.fixture(scope="module")
def fatal_value(engine: Engine) -> str:
    return _first_value(engine, fatal=True)


@pytest.fixture(scope="module")
def warning_value(engine: Engine) -> str:
    return _first_value(engine, fatal=False)


def _push_all(session: StreamSession, text: str, size: int = 5) -> list[StreamChunk]:
    chunks: list[StreamChunk] = []
    for offset in range(0, len(text), size):
        chunks.extend(session.push(text[offset : offset + size]))
        if chunks and chunks[-1].blocked:
            break
    return chunks


def test_start_gives_an_active_session_with_the_defaults(engine: Engine) -> None:
    """any -- stream_start --> active (defaults: lookahead 28, block_on_fatal true)."""
    session = engine.stream_session()
    assert session.state == "active"
    assert (session.lookahead_chars, session.block_on_fatal) == (28, True)


def test_chunk_without_fatal_stays_active(engine: Engine, warning_value: str) -> None:
    """active -- chunk, no fatal match --> active, zero or more stream_token chunks."""
    session = engine.stream_session()
    text = f"Hello {warning_value} {FILLER * 2}"
    chunks = _push_all(session, text)
    assert session.state == "active"
    assert chunks
    assert all((c.action, c.reason, c.blocked) == ("stream_token", None, False) for c in chunks)
    assert warning_value not in "".join(c.text for c in chunks)
    assert any(c.redacted for c in chunks)


def test_chunk_with_fatal_blocks(engine: Engine, fatal_value: str) -> None:
    """active -- chunk, fatal match, block_on_fatal --> blocked; a blocked empty chunk last."""
    text = f"My number is {fatal_value} {FILLER * 2}"
    session = engine.stream_session()
    chunks = _push_all(session, text)
    result = engine.evaluate(text)
    blocked = chunks[-1]
    assert blocked == StreamChunk("", False, True, result.action, result.reason)
    assert session.state == "blocked"
    assert session.blocked
    assert fatal_value not in "".join(c.text for c in chunks)


def test_flush_completes_the_session(engine: Engine, warning_value: str) -> None:
    """active -- flush --> completed: the rest is released; further use is refused."""
    text = f"{FILLER}{warning_value} tail"
    session = engine.stream_session()
    released = "".join(c.text for c in _push_all(session, text))
    released += "".join(c.text for c in session.flush())
    assert released == engine.evaluate(text).remedy.clean_text
    assert session.state == "completed"
    with pytest.raises(EngineRuntimeError, match=r"^stream completed"):
        session.push("more")
    with pytest.raises(EngineRuntimeError, match=r"^stream completed"):
        session.flush()


def test_chunk_after_block_is_refused(engine: Engine, fatal_value: str) -> None:
    """blocked -- chunk --> blocked: StreamBlockedError, nothing released."""
    text = f"My number is {fatal_value} {FILLER * 2}"
    session = engine.stream_session()
    blocked = _push_all(session, text)[-1]
    for _ in range(2):
        with pytest.raises(StreamBlockedError) as caught:
            session.push("harmless words after the block ")
        error = caught.value
        assert (error.action, error.reason) == (blocked.action, blocked.reason)
        assert str(error) == (
            f"Stream blocked by statutory invariant: {blocked.reason} ({blocked.action})"
        )
        assert isinstance(error, EngineRuntimeError)
        assert isinstance(error, RuntimeError)
    assert session.state == "blocked"


def test_flush_after_block_releases_nothing_and_keeps_the_block(
    engine: Engine, fatal_value: str
) -> None:
    """blocked -- flush --> blocked: StreamBlockedError; the block is not ended."""
    session = engine.stream_session()
    _push_all(session, f"My number is {fatal_value} {FILLER * 2}")
    with pytest.raises(StreamBlockedError):
        session.flush()
    assert session.state == "blocked"
    with pytest.raises(StreamBlockedError):
        session.push("x")


def test_new_session_clears_the_block(engine: Engine, fatal_value: str) -> None:
    """blocked -- stream_start --> active: only a new session clears the block."""
    first = engine.stream_session()
    _push_all(first, f"My number is {fatal_value} {FILLER * 2}")
    assert first.state == "blocked"
    second = engine.stream_session()
    assert second.state == "active"
    assert "".join(c.text for c in second.push(FILLER * 2) + second.flush()) == FILLER * 2


def test_fatal_value_found_at_flush_is_a_block(engine: Engine, fatal_value: str) -> None:
    """A block found at flush counts as a block (the value ends the stream)."""
    text = f"{FILLER}{fatal_value}"
    session = engine.stream_session()
    chunks = _push_all(session, text)
    assert not any(c.blocked for c in chunks)
    (blocked,) = session.flush()
    result = engine.evaluate(text)
    assert (blocked.blocked, blocked.text, blocked.action) == (True, "", result.action)
    assert blocked.reason == result.reason
    assert session.state == "blocked"
    with pytest.raises(StreamBlockedError):
        session.flush()


def test_block_on_fatal_false_redacts_and_goes_on(engine: Engine, fatal_value: str) -> None:
    text = f"My number is {fatal_value} {FILLER * 2}"
    session = engine.stream_session(block_on_fatal=False)
    chunks = _push_all(session, text) + session.flush()
    assert not any(c.blocked for c in chunks)
    assert "".join(c.text for c in chunks) == engine.evaluate(text).remedy.clean_text


@pytest.mark.parametrize("lookahead", [15, 0, -1, True, 16.5, "28"])
def test_lookahead_below_16_or_not_an_int_is_refused(engine: Engine, lookahead: object) -> None:
    with pytest.raises(ValueError, match="lookahead_chars"):
        engine.stream_session(lookahead_chars=lookahead)  # type: ignore[arg-type]


def test_block_on_fatal_must_be_a_bool(engine: Engine) -> None:
    with pytest.raises(ValueError, match="block_on_fatal"):
        engine.stream_session(block_on_fatal="yes")  # type: ignore[arg-type]


def test_push_refuses_a_non_string(engine: Engine) -> None:
    session = engine.stream_session()
    with pytest.raises(CodonRuntimeError):
        session.push(b"bytes")  # type: ignore[arg-type]
    assert session.push("") == []


class CountingLicense(CommunityLicense):
    """The community license, counting the decisions it authorises."""

    def __init__(self) -> None:
        self.decisions = 0

    def authorize_decision(self) -> LicenseState:
        self.decisions += 1
        return super().authorize_decision()


def test_a_session_counts_as_one_decision() -> None:
    license = CountingLicense()
    playbook = "pack_id: test.count\nrules:\n  - id: order\n    pattern: 'ORD-[0-9]{6}'\n"
    engine = Engine.for_pack(parse_playbook(playbook), license)
    session = engine.stream_session()
    for _ in range(50):
        session.push("ORD-123456 and words ")
    session.flush()
    assert license.decisions == 1
    list(engine.stream_filter(["a b c "] * 10))
    assert license.decisions == 2
    with pytest.raises(ValueError, match="lookahead_chars"):
        engine.stream_session(lookahead_chars=3)
    assert license.decisions == 2  # a refused session is not a decision


@pytest.mark.parametrize("piece", [4, 16, 4096])
def test_a_lone_surrogate_after_a_released_value_streams_like_evaluate(
    engine: Engine, piece: int
) -> None:
    """A lone surrogate (a JSON string may carry one; it is not UTF-8) in text searched for
    values released earlier, and in a value: the stream releases evaluate's clean_text."""
    text = (
        "mail jane.doe@example.com now, \ud800 then again jane.doe@example.com and "
        "x\udfffjane.doe@example.com\ud800y " * 40
    )
    session = engine.stream_session(block_on_fatal=False)
    released = [
        chunk.text
        for at in range(0, len(text), piece)
        for chunk in session.push(text[at : at + piece])
    ]
    released += [chunk.text for chunk in session.flush()]
    clean = engine.evaluate(text).remedy.clean_text
    assert "".join(released) == clean
    assert "jane.doe@example.com" not in clean
