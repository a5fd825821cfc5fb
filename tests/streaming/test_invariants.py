"""Streaming invariants for the built-in pack, property-based (docs/architecture.md)."""

from __future__ import annotations

import time

from hypothesis import assume, given
from hypothesis import strategies as st
from streaming_support import (
    assert_no_split,
    assert_no_value_released,
    chunkings,
    expected,
    lookaheads,
    pieces,
    propagated_backwards,
    run_stream,
    texts,
)

from engine_core import Engine
from engine_core.streaming import (
    SCAN_DELAY_NS,
    SCAN_WAIT_CHARS,
    SCAN_WAIT_SHARE,
    StreamSession,
)


@given(text=texts(), sizes=chunkings, lookahead=lookaheads)
def test_concatenation_equals_clean_text_without_blocking(
    engine: Engine, text: str, sizes: list[int], lookahead: int
) -> None:
    """Invariant 1 with block_on_fatal false: fatal values are redacted, never blocked."""
    assume(not propagated_backwards(engine.compiled_pack, text))
    session = engine.stream_session(lookahead_chars=lookahead, block_on_fatal=False)
    run = run_stream(session, pieces(text, sizes))
    assert run.blocked is None
    assert run.text == engine.evaluate(text).remedy.clean_text, (text, sizes, lookahead)


@given(text=texts(), sizes=chunkings, lookahead=lookaheads)
def test_concatenation_equals_clean_text_unless_blocked(
    engine: Engine, text: str, sizes: list[int], lookahead: int
) -> None:
    """Invariant 1 with block_on_fatal true; the stream blocks exactly when evaluate blocks."""
    assume(not propagated_backwards(engine.compiled_pack, text))
    result = engine.evaluate(text)
    run = run_stream(engine.stream_session(lookahead_chars=lookahead), pieces(text, sizes))
    if run.blocked is None:
        assert not result.blocked
        assert run.text == result.remedy.clean_text
    else:
        assert result.blocked
        assert run.blocked.action == result.action
        assert result.remedy.clean_text.startswith(run.text)
        assert result.reason is not None
        assert run.blocked.reason is not None
        listed = run.blocked.reason.removeprefix("Statutory invariant violated: ").split(", ")
        assert all(item in result.reason for item in listed)


@given(text=texts(), sizes=chunkings, lookahead=lookaheads, block_on_fatal=st.booleans())
def test_no_value_or_token_split_across_chunks(
    engine: Engine, text: str, sizes: list[int], lookahead: int, block_on_fatal: bool
) -> None:
    """Invariant 2: chunk boundaries never fall inside a redaction token (so never in a value)."""
    session = engine.stream_session(lookahead_chars=lookahead, block_on_fatal=block_on_fatal)
    run = run_stream(session, pieces(text, sizes))
    exp = expected(engine.compiled_pack, text)
    assert exp.output.startswith(run.text)
    assert_no_split(run.released, exp.tokens)


@given(text=texts(), sizes=chunkings, lookahead=lookaheads, block_on_fatal=st.booleans())
def test_released_chunks_never_contain_a_detected_value(
    engine: Engine, text: str, sizes: list[int], lookahead: int, block_on_fatal: bool
) -> None:
    """Invariant 3: no released chunk carries a value the full-text evaluation detects."""
    session = engine.stream_session(lookahead_chars=lookahead, block_on_fatal=block_on_fatal)
    run = run_stream(session, pieces(text, sizes))
    assert_no_value_released(text, expected(engine.compiled_pack, text), run.released)


@given(text=texts(), sizes=chunkings, lookahead=lookaheads)
def test_nothing_released_after_a_block(
    engine: Engine, text: str, sizes: list[int], lookahead: int
) -> None:
    """Invariant 4: the blocked chunk is last; push and flush then raise (checked in run_stream)."""
    run = run_stream(engine.stream_session(lookahead_chars=lookahead), pieces(text, sizes))
    if run.blocked is not None:
        assert run.chunks[-1] is run.blocked
        assert run.session.state == "blocked"
        assert run.session.released_chars <= run.session.received_chars


@given(text=texts(), sizes=chunkings, lookahead=lookaheads, block_on_fatal=st.booleans())
def test_work_is_linear_in_the_stream_length(
    engine: Engine, text: str, sizes: list[int], lookahead: int, block_on_fatal: bool
) -> None:
    """Invariant 5: each character is scanned a bounded number of times, whatever the chunks."""
    session = engine.stream_session(lookahead_chars=lookahead, block_on_fatal=block_on_fatal)
    run_stream(session, pieces(text, sizes), check_refusals=False)
    assert session.scanned_chars <= 3 * len(text) + 64


def test_work_is_linear_for_held_back_text(engine: Engine) -> None:
    """A long run without whitespace pushed a character at a time is not rescanned each push."""
    text = "x" * 20_000 + " tail of the stream " + "7" * 5_000 + " end"
    session = engine.stream_session(block_on_fatal=False)
    run = run_stream(session, list(text))
    assert run.text == engine.evaluate(text).remedy.clean_text
    assert session.scanned_chars <= 3 * len(text) + 64


#: What a scan holds back of ordinary text at most: the lookahead, the quiet rules' shared
#: bound, and the word a cut may not fall inside.
HELD = 28 + 2 * 64 + 40
SENTENCE = "plain words keep coming in this sentence "


def _lags(session: StreamSession, pushes: list[str], pause_s: float = 0.0) -> list[tuple[int, int]]:
    """Push each piece; return (received, unreleased) after each push."""
    lags = []
    for piece in pushes:
        session.push(piece)
        lags.append((session.received_chars, session.received_chars - session.released_chars))
        if pause_s:
            time.sleep(pause_s)
    return lags


def test_fast_stream_is_released_while_streaming(engine: Engine) -> None:
    """A fast short stream is released while streaming, never more than a share of what it
    received behind, not only at flush."""
    lags = _lags(engine.stream_session(), list(SENTENCE * 20))
    assert all(lag <= received / SCAN_WAIT_SHARE + HELD for received, lag in lags)


def test_long_fast_stream_waits_for_at_most_scan_wait_chars(engine: Engine) -> None:
    """A long fast stream shares each scan among at most SCAN_WAIT_CHARS new characters."""
    text = SENTENCE * (3 * SCAN_WAIT_CHARS // len(SENTENCE))
    session = engine.stream_session()
    lags = _lags(session, [text[at : at + 16] for at in range(0, len(text), 16)])
    assert max(lag for _, lag in lags) <= SCAN_WAIT_CHARS + HELD
    assert max(lag for _, lag in lags) > SCAN_WAIT_CHARS // 2  # it did wait: few scans
    assert session.scanned_chars <= 2 * len(text)


def test_slow_stream_is_released_as_it_arrives(engine: Engine) -> None:
    """Pieces arriving further apart than SCAN_DELAY_NS (a model's tokens) are each scanned:
    the text is released up to the lookahead and the held-back bound, whatever its length."""
    pause = 1.5 * SCAN_DELAY_NS / 1e9
    lags = _lags(engine.stream_session(), [SENTENCE * 2] * 25, pause_s=pause)
    assert all(lag <= 2 * len(SENTENCE) + HELD for _, lag in lags)
    assert lags[-1][0] / SCAN_WAIT_SHARE > 2 * len(SENTENCE) + HELD  # a fast stream may lag more
