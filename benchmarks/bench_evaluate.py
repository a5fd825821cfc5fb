"""In-process evaluate latency (p50/p99) and scan throughput of the built-in pack.

Texts come from the quality corpus generator (``tests/quality/corpus.py``):
English prose of 200 B, 1 KB and 10 KB, clean or holding three personal
values, and a 10 MB mostly-clean text (prose with occasional numbers and a
few values). Latency figures are the median over several runs of each run's
percentile; throughput is the best of five full scans.
"""

from __future__ import annotations

import statistics
import time

from engine_core import Engine
from tests.quality.corpus import mostly_clean_text, sized_text

RUNS = 5
ITERATIONS = {200: 2000, 1024: 2000, 10 * 1024: 400}
TARGETS = {(1024, 0): "<= 30", (1024, 3): "<= 100"}
BIG = 10 * 1024 * 1024
#: Throughput is the best of this many full scans (the VM's speed varies from second to second).
THROUGHPUT_RUNS = 5


def _percentiles(engine: Engine, text: str, iterations: int) -> tuple[float, float]:
    """Return (p50, p99) in microseconds of ``iterations`` evaluations, median over RUNS."""
    for _ in range(50):
        engine.evaluate(text)
    p50s: list[float] = []
    p99s: list[float] = []
    for _ in range(RUNS):
        samples: list[int] = []
        for _ in range(iterations):
            started = time.perf_counter_ns()
            engine.evaluate(text)
            samples.append(time.perf_counter_ns() - started)
        samples.sort()
        p50s.append(samples[len(samples) // 2] / 1000)
        p99s.append(samples[min(len(samples) - 1, int(len(samples) * 0.99))] / 1000)
    return statistics.median(p50s), statistics.median(p99s)


def _label(size: int) -> str:
    return f"{size // 1024} KB" if size >= 1024 else f"{size} B"


def run() -> list[dict[str, object]]:
    """Return latency rows for each size and content, then throughput rows."""
    engine = Engine()
    engine.compiled_pack.wait_background()  # measure the steady state
    rows: list[dict[str, object]] = []
    for size, iterations in ITERATIONS.items():
        for values in (0, 3):
            text = sized_text(size, values=values)
            p50, p99 = _percentiles(engine, text, iterations)
            content = "clean" if values == 0 else "3 values"
            row: dict[str, object] = {
                "group": "evaluate",
                "name": f"p50 {_label(size)} {content}",
                "value": p50,
                "unit": "us",
            }
            if (size, values) in TARGETS:
                row["target"] = TARGETS[(size, values)]
            rows.append(row)
            rows.append(
                {
                    "group": "evaluate",
                    "name": f"p99 {_label(size)} {content}",
                    "value": p99,
                    "unit": "us",
                }
            )
    text = mostly_clean_text(BIG)
    megabytes = len(text.encode("utf-8")) / 1e6
    pack = engine.compiled_pack
    for name, scan in (
        ("scan 10 MB mostly clean (CompiledPack.find)", pack.find),
        ("scan 10 MB mostly clean (Engine.evaluate)", engine.evaluate),
    ):
        best = min(_timed(scan, text) for _ in range(THROUGHPUT_RUNS))
        rows.append(
            {
                "group": "throughput",
                "name": name,
                "value": megabytes / best,
                "unit": "MB/s",
                "target": ">= 150",
                "note": f"{len(text)} characters",
            }
        )
    return rows


def _timed(scan: object, text: str) -> float:
    started = time.perf_counter()
    scan(text)  # type: ignore[operator]
    return time.perf_counter() - started
