"""Speed where the values are: dense records, adversarial inputs, streams, plain-rule packs.

The figures of the issue "Speed where the values are", each printed in one run:

- **dense**: 10 MB of generated records (``benchmarks/dense_text.py``: about 90
  characters each, a personal value in one of ten, order ids, dates, ISO
  timestamps, prices and quantities in the others). The built-in pack's MB/s
  through ``Engine.evaluate`` and ``CompiledPack.find``, the MB/s of one
  ``regex.findall("[0-9]{3}")`` over the same text, and their ratio.
- **adversarial**: 1 MB each of digits, ``@``, ``1.1.1.1 `` and prose through
  ``Engine.evaluate``; the slowest over the fastest.
- **stream**: a 1 MB slice of the dense text streamed with chunks of 4, 16 and
  256 characters, each against ``evaluate`` of the same slice; a 500-rule pack
  of plain ``regex`` rules streaming 50 KB against its ``evaluate``.
- **plain rules**: a 200-rule pack of plain ``regex`` rules (no declared
  prefilter) on 1 MB of mostly-clean prose, in microseconds per KB.

Times are process CPU time (``process_time``: every thread of the process, so
the receipt's background digest counts too), best of a few runs: on a shared
machine wall-clock time mostly measures the neighbours.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import regex

from benchmarks.dense_text import dense_records
from engine_core import Engine
from engine_core.errors import DecisionBudgetExceededError
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook
from tests.quality.corpus import mostly_clean_text, sized_text

MB = 1_000_000
DENSE_SIZE = 10 * MB
STREAM_SIZE = MB
STREAM_CHUNKS = (4, 16, 256)
RULES_STREAM_SIZE = 50_000
RUNS = 3

_CODE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
_WORDS = [
    "invoice",
    "receipt",
    "refund",
    "order",
    "ticket",
    "case",
    "claim",
    "booking",
    "parcel",
    "shipment",
    "account",
    "member",
    "policy",
    "contract",
    "permit",
    "voucher",
    "coupon",
    "batch",
    "lot",
    "serial",
    "asset",
    "device",
    "licence",
    "badge",
    "vehicle",
    "route",
    "cargo",
    "pallet",
    "container",
    "bill",
    "statement",
    "quote",
    "estimate",
    "request",
    "return",
    "exchange",
    "rental",
    "lease",
    "loan",
    "deposit",
    "transfer",
]


def _code(index: int) -> str:
    """Return a distinct three-letter code for rule ``index``."""
    size = len(_CODE_LETTERS)
    return "".join(_CODE_LETTERS[(index // size**power) % size] for power in (2, 1, 0))


def _plain_pattern(index: int) -> str:
    """Return a realistic plain ``regex`` pattern, distinct for each ``index``."""
    code = _code(index)
    word = _WORDS[index % len(_WORDS)]
    other = _WORDS[(index + 11) % len(_WORDS)]
    third = _WORDS[(index + 23) % len(_WORDS)]
    shapes = (
        rf"\b{code}-[0-9]{{6}}\b",
        rf"(?<![\w-]){code}[0-9]{{8}}(?![\w-])",
        rf"\b[A-Z]{{3}}-[0-9]{{4}}-{code}\b",
        rf"\b(?:{word}|{other}|{third})\s*(?:no|number|#)\s*[:.]?\s*{code[0]}?\d{{5,8}}\b",
        rf"{code.lower()}_(?:live|test)_[A-Za-z0-9]{{24}}",
        rf"\b{code}\d{{2}}[A-Z]{{2}}\d{{4}}\b",
        rf"{word}[_-]?(?:id|ref){index}\s*[:=]\s*[A-Z0-9]{{6,12}}",
        rf"\b\d{{3}}-{code}-\d{{3}}\b",
        rf"https?://{word}{index}\.example\.com/[a-z0-9/]{{1,40}}",
        rf"\b{code}[ -]?\d{{3}}[ -]?\d{{3}}\b",
    )
    return shapes[index % len(shapes)]


def plain_rules_engine(count: int) -> Engine:
    """Return an engine for a compiled pack of ``count`` plain ``regex`` rules."""
    lines = [f"pack_id: bench.plain{count}", "rules:"]
    for index in range(count):
        flags = "\n    flags: [IGNORECASE]" if index % 10 in (3, 6) else ""
        pattern = _plain_pattern(index).replace("'", "''")
        lines.append(f"  - id: rule_{index:03d}\n    pattern: '{pattern}'{flags}")
    return Engine.for_pack(parse_playbook("\n".join(lines) + "\n"), CommunityLicense())


def _best(action: Callable[[], object], runs: int = RUNS) -> float:
    """Return the best wall time in seconds of ``runs`` calls of ``action``."""
    times = []
    for _ in range(runs):
        started = time.process_time()
        action()
        times.append(time.process_time() - started)
    return min(times)


def _chunks(text: str, chunk: int) -> list[str]:
    """Return ``text`` cut into pieces of ``chunk`` characters, as a producer holds them."""
    return [text[offset : offset + chunk] for offset in range(0, len(text), chunk)]


def _stream(engine: Engine, pieces: list[str]) -> None:
    """Push ``pieces`` through one session and flush it (what the stream rows time: the
    pieces are cut beforehand, since a producer hands over text it already holds)."""
    session = engine.stream_session(block_on_fatal=False)
    push = session.push
    for piece in pieces:
        push(piece)
    session.flush()


def _row(name: str, value: float, unit: str, target: str = "", note: str = "") -> dict[str, object]:
    row: dict[str, object] = {"group": "dense", "name": name, "value": value, "unit": unit}
    if target:
        row["target"] = target
    if note:
        row["note"] = note
    return row


def _dense_rows(engine: Engine, text: str) -> list[dict[str, object]]:
    megabytes = len(text.encode("utf-8")) / MB
    engine.evaluate(text[:100_000])  # warm up
    evaluate = megabytes / _best(lambda: engine.evaluate(text))
    find = megabytes / _best(lambda: engine.compiled_pack.find(text))
    three_digits = regex.compile("[0-9]{3}")
    baseline = megabytes / _best(lambda: three_digits.findall(text))
    note = f"{len(text)} characters, {len(engine.compiled_pack.rules)} rules"
    return [
        _row("10 MB dense records: Engine.evaluate", evaluate, "MB/s", note=note),
        _row("10 MB dense records: CompiledPack.find", find, "MB/s"),
        _row("10 MB dense records: regex findall [0-9]{3}", baseline, "MB/s"),
        _row("dense: evaluate / findall [0-9]{3}", evaluate / baseline, "ratio", ">= 0.45"),
        _row("dense: find / findall [0-9]{3}", find / baseline, "ratio"),
    ]


def _adversarial_texts() -> dict[str, str]:
    rng = random.Random(3)
    return {
        "digits": "".join(rng.choice("0123456789") for _ in range(MB)),
        "@": "@" * MB,
        "1.1.1.1 ": ("1.1.1.1 " * (MB // 8 + 1))[:MB],
        "prose": sized_text(MB),
    }


#: An input taking longer than this is evaluated once (the bench stays within minutes).
SLOW_SECONDS = 2.0


def _evaluate_seconds(engine: Engine, text: str) -> tuple[float, str]:
    """Return the best time of evaluating ``text`` (twice unless slow) and how it ended."""
    times: list[float] = []
    outcome = "completed"
    while len(times) < 2 and (not times or times[0] < SLOW_SECONDS):
        started = time.process_time()
        try:
            engine.evaluate(text)
        except DecisionBudgetExceededError:
            outcome = "stopped by the regex timeout"
        times.append(time.process_time() - started)
    return min(times), outcome


def _adversarial_rows(engine: Engine) -> list[dict[str, object]]:
    seconds: dict[str, float] = {}
    rows: list[dict[str, object]] = []
    for name, text in _adversarial_texts().items():
        seconds[name], outcome = _evaluate_seconds(engine, text)
        rows.append(_row(f"1 MB of {name!r}: evaluate", seconds[name] * 1000, "ms", note=outcome))
    ratio = max(seconds.values()) / min(seconds.values())
    slowest = max(seconds, key=seconds.__getitem__)
    rows.append(
        _row("1 MB inputs: slowest / fastest", ratio, "ratio", "<= 5", f"slowest {slowest!r}")
    )
    return rows


def _stream_rows(engine: Engine, text: str) -> list[dict[str, object]]:
    megabytes = len(text) / MB
    note = "a 1 MB slice of the dense records (10 MB would take minutes per chunk size)"
    evaluate = megabytes / _best(lambda: engine.evaluate(text))
    # Warm up: a rule's growth probe is compiled the first time a stream asks it.
    _stream(engine, _chunks(text[:100_000], 256))
    rows = [_row("stream 1 MB dense: evaluate", evaluate, "MB/s", note=note)]
    for chunk in STREAM_CHUNKS:
        pieces = _chunks(text, chunk)
        streamed = megabytes / _best(lambda pieces=pieces: _stream(engine, pieces))
        rows.append(_row(f"stream 1 MB dense, chunk {chunk}", streamed, "MB/s"))
        rows.append(
            _row(f"stream chunk {chunk} / evaluate", streamed / evaluate, "ratio", ">= 0.5")
        )
    return rows


def _many_rules_rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    engine = plain_rules_engine(500)
    text = dense_records(RULES_STREAM_SIZE, seed=5)
    evaluate = _best(lambda: engine.evaluate(text))
    _stream(engine, _chunks(text[:10_000], 16))  # warm up, as in _stream_rows
    pieces = _chunks(text, 16)
    streamed = _best(lambda: _stream(engine, pieces))
    note = "50 KB of dense records, chunk 16"
    rows.append(_row("500 plain rules: evaluate 50 KB", evaluate * 1000, "ms", note=note))
    rows.append(_row("500 plain rules: stream 50 KB", streamed * 1000, "ms"))
    rows.append(_row("500 plain rules: stream / evaluate", streamed / evaluate, "x", "<= 5"))
    engine = plain_rules_engine(200)
    text = mostly_clean_text(MB)
    kilobytes = len(text.encode("utf-8")) / 1000
    engine.evaluate(text[:10_000])
    rules = engine.compiled_pack.rules
    derived = sum(rule.matcher.prefilter is not None for rule in rules)
    unbounded = sum(rule.matcher.window_bounds() is None for rule in rules)
    note = (
        f"1 MB mostly clean; {derived} of 200 rules got a derived prefilter, "
        f"{unbounded} are unbounded (scanned whole where their prefilter occurs)"
    )
    seconds = _best(lambda: engine.evaluate(text), runs=2)
    rows.append(
        _row("200 plain rules: evaluate", seconds * 1e6 / kilobytes, "us/KB", "<= 100", note)
    )
    seconds = _best(lambda: engine.compiled_pack.scan(text), runs=2)
    note = "the rules' raw matches only: no normalized view, context or verdict"
    rows.append(
        _row("200 plain rules: CompiledPack.scan", seconds * 1e6 / kilobytes, "us/KB", note=note)
    )
    return rows


def run() -> list[dict[str, object]]:
    """Return the dense, adversarial, streaming and plain-rule rows."""
    engine = Engine()
    engine.compiled_pack.wait_background()  # measure the steady state
    dense = dense_records(DENSE_SIZE)
    rows = _dense_rows(engine, dense)
    rows += _adversarial_rows(engine)
    rows += _stream_rows(engine, dense[:STREAM_SIZE])
    rows += _many_rules_rows()
    return rows
