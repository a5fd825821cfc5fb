"""The SSE stream's events: a streaming session run over a complete text, cut into chunks.

``POST /v1/evaluate/stream`` sends one StreamChunkResult event per released
chunk; this module makes them (docs/architecture.md, "Surfaces").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine_core.constants import DEFAULT_LOOKAHEAD_CHARS
from engine_core.engine import Engine
from engine_core.errors import CodonRuntimeError, DecisionBudgetExceededError
from engine_core.model import StreamChunk
from engine_core.streaming import StreamSession

__all__ = ["DEFAULT_CHUNK_SIZE", "simulate_stream", "stream_events"]

#: Characters the text is cut into by default.
DEFAULT_CHUNK_SIZE = 4


def _event(index: int, chunk: StreamChunk, final: bool) -> dict[str, Any]:
    return {
        "chunk_index": index,
        "text": chunk.text,
        "is_final": final,
        "redacted": chunk.redacted,
        "blocked": chunk.blocked,
        "action": chunk.action,
        "reason": chunk.reason,
        "triggers": [],
    }


def stream_events(
    engine: Engine,
    text: str,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
    block_on_fatal: bool = True,
) -> Iterator[dict[str, Any]]:
    """Yield the StreamChunkResult events of ``text`` cut into ``chunk_size`` pieces (SSE)."""
    if not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1:
        raise ValueError(f"chunk_size must be an integer >= 1, got {chunk_size!r}")
    if not isinstance(text, str):
        raise CodonRuntimeError(f"text must be a string, got {type(text).__name__}")
    session = engine.stream_session(lookahead_chars=lookahead_chars, block_on_fatal=block_on_fatal)
    return _events(session, text, chunk_size)


def _events(session: StreamSession, text: str, chunk_size: int) -> Iterator[dict[str, Any]]:
    def released() -> Iterator[StreamChunk]:
        try:
            for offset in range(0, len(text), chunk_size):
                yield from session.push(text[offset : offset + chunk_size])
            yield from session.flush()
        except DecisionBudgetExceededError:
            # Over budget the session blocked: the stream ends with its blocked event.
            blocked = session.blocked_chunk
            assert blocked is not None
            yield blocked

    index = 0
    held: StreamChunk | None = None
    for chunk in released():
        if held is not None:
            index += 1
            yield _event(index, held, final=False)
        held = chunk
        if chunk.blocked:
            break
    yield _event(index + 1, held if held is not None else StreamChunk(""), final=True)


def simulate_stream(
    engine: Engine,
    text: str,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
    block_on_fatal: bool = True,
) -> list[dict[str, Any]]:
    """Return every StreamChunkResult event of ``POST /v1/evaluate/stream`` for ``text``."""
    return list(stream_events(engine, text, chunk_size, lookahead_chars, block_on_fatal))
