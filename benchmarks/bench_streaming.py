"""Streaming throughput and linearity (docs/architecture.md, "Streaming": linear work).

Streams a 1 MB text (prose with a value of every category about every 300
characters, ``block_on_fatal`` false so nothing stops the stream) through a
session of the built-in pack at chunk sizes 1, 4 and 64, and reports MB/s.
Linearity: the per-character time of 1 MB over that of 100 KB, in the same
run (about 1 when the work is linear), and the characters the matchers were
handed per streamed character (bounded by the session's design, ~2-3).
Times are process CPU time; the ratio is the median of three rounds, each
streaming 1 MB once and 100 KB ten times back to back (same machine load).
"""

from __future__ import annotations

import random
import statistics
import time

from engine_core import Engine

MB = 1_000_000
CHUNK_SIZES = (1, 4, 64)

_WORDS = [
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "a",
    "lazy",
    "dog",
    "while",
    "our",
    "support",
    "team",
    "reviews",
    "your",
    "request",
    "and",
    "we",
    "will",
    "get",
    "back",
    "to",
    "you",
    "shortly",
    "with",
    "an",
    "update",
    "on",
    "order",
    "status",
    "shipping",
    "details",
    "invoices",
    "and",
    "anything",
    "else",
    "you",
    "asked",
    "about",
    "today",
]
_VALUES = (
    "jane.doe@example.com",
    "+44 20 7946 0958",
    "(415) 555-0132",
    "4111 1111 1111 1111",
    "123-45-6789",
    "AB 12 34 56 C",
    "2341 2341 2346",
    "DE89 3704 0044 0532 0130 00",
    "192.168.1.20",
    "2a02:26f0::ff00:42:8329",
    "221B Baker Street",
)

_ENDINGS = (". ", ", ", " ", "\n")


def make_text(size: int, seed: int = 5) -> str:
    """Return ``size`` characters of prose with a value every ~300 characters."""
    rng = random.Random(seed)
    parts: list[str] = []
    length = 0
    while length < size:
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(30, 60)))
        piece = f"{words} {rng.choice(_VALUES)}{rng.choice(_ENDINGS)}"
        parts.append(piece)
        length += len(piece)
    return "".join(parts)[:size]


def stream_seconds(engine: Engine, text: str, chunk_size: int) -> tuple[float, int]:
    """Stream ``text`` in ``chunk_size`` pieces; return CPU seconds and characters scanned."""
    session = engine.stream_session(block_on_fatal=False)
    released = 0
    started = time.process_time()
    for offset in range(0, len(text), chunk_size):
        for chunk in session.push(text[offset : offset + chunk_size]):
            released += len(chunk.text)
    for chunk in session.flush():
        released += len(chunk.text)
    elapsed = time.process_time() - started
    assert released > 0
    return elapsed, session.scanned_chars


def linearity(
    engine: Engine, big: str, small: str, chunk_size: int, rounds: int = 3
) -> tuple[float, float, int]:
    """Return the median per-char time ratio big / small, the best big time and chars scanned.

    Each round streams ``big`` once and ``small`` as many times as it takes to
    stream as many characters, back to back, so both see the same machine load.
    """
    ratios: list[float] = []
    big_times: list[float] = []
    scanned = 0
    repeats = len(big) // len(small)
    for _ in range(rounds):
        small_seconds = sum(stream_seconds(engine, small, chunk_size)[0] for _ in range(repeats))
        big_seconds, scanned = stream_seconds(engine, big, chunk_size)
        ratios.append((big_seconds / len(big)) / (small_seconds / (repeats * len(small))))
        big_times.append(big_seconds)
    return statistics.median(ratios), min(big_times), scanned


def run() -> list[dict[str, object]]:
    """Stream 1 MB at chunk sizes 1, 4, 64; report MB/s and the 1 MB / 100 KB time ratio."""
    engine = Engine()
    engine.compiled_pack.wait_background()  # measure the steady state
    big = make_text(MB)
    small = big[: MB // 10]
    stream_seconds(engine, small[:20_000], 4)  # warm up (compiled patterns, caches)
    rows: list[dict[str, object]] = []
    for chunk_size in CHUNK_SIZES:
        per_char_ratio, seconds_big, scanned = linearity(engine, big, small, chunk_size)
        rows.append(
            {
                "group": "streaming",
                "name": f"1 MB, chunk {chunk_size}: throughput",
                "value": len(big) / MB / seconds_big,
                "unit": "MB/s",
            }
        )
        rows.append(
            {
                "group": "streaming",
                "name": f"chunk {chunk_size}: per-char time 1 MB / 100 KB",
                "value": per_char_ratio,
                "unit": "ratio",
                "target": "<= 1.3",
                "note": "linear work: about 1",
            }
        )
        rows.append(
            {
                "group": "streaming",
                "name": f"chunk {chunk_size}: chars scanned per char",
                "value": scanned / len(big),
                "unit": "x",
                "target": "<= 3",
            }
        )
    return rows
