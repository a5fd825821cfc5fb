"""Sealed packs: compile, unseal and load a 200-rule pack; evaluate latency on compiled packs.

A throw-away authority key is trusted through ``ENGINE_AUTHORITY_KEYS`` for the
duration of the run (restored afterwards); nothing secret is printed.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import regex

from engine_core.licensing.authority import (
    generate_authority_keypair,
    issue_license,
    write_license_file,
    write_trust_file,
)
from engine_core.licensing.license_file import load_license
from engine_core.loading import load_pack
from engine_core.packs.compiler import PACK_SUFFIX, compile_playbook
from engine_core.packs.container import unseal

GROUP = "packs"
LOAD_RUNS = 15
EVAL_RUNS = 2000


def _playbook(pack_id: str, rules: int) -> str:
    lines = [f"pack_id: {pack_id}", "rules:"]
    for index in range(rules):
        action = "block" if index % 20 == 0 else "redact"
        lines += [
            f"  - id: rule_{index:03d}",
            f"    pattern: '\\bK{index:03d}-\\d{{4}}-[A-Z]{{2}}\\b'",
            f"    action: {action}",
            f"    category: code {index:03d}",
        ]
    return "\n".join(lines) + "\n"


def _text_1kb() -> str:
    base = (
        "Customer wrote about order K007-1234-AB and asked us to call back tomorrow; "
        "the ticket mentions K150-9876-ZZ twice and nothing else of note. "
    )
    text = (base * (1024 // len(base) + 1))[:1024]
    return text


@contextmanager
def _trusted_authority(folder: Path) -> Iterator[str]:
    seed, public = generate_authority_keypair()
    trust = write_trust_file(folder / "trust.json", [public])
    previous = os.environ.get("ENGINE_AUTHORITY_KEYS")
    os.environ["ENGINE_AUTHORITY_KEYS"] = str(trust)
    try:
        yield seed
    finally:
        if previous is None:
            os.environ.pop("ENGINE_AUTHORITY_KEYS", None)
        else:
            os.environ["ENGINE_AUTHORITY_KEYS"] = previous


def _timed_ms(action: Callable[[], Any], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        started = time.perf_counter_ns()
        action()
        samples.append((time.perf_counter_ns() - started) / 1e6)
    return samples


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run() -> list[dict[str, Any]]:
    """Return benchmark rows for sealed packs."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        with _trusted_authority(folder) as seed:
            license_path = write_license_file(
                folder / "bench.lic", issue_license(seed, licensed_packs=["bench.*"])
            )
            license = load_license(license_path)
            big_playbook = _playbook("bench.big", 200)
            compile_ms = _timed_ms(lambda: compile_playbook(big_playbook, license_path), 5)
            big = folder / f"bench.big{PACK_SUFFIX}"
            big.write_bytes(compile_playbook(big_playbook, license_path))
            small = folder / f"bench.small{PACK_SUFFIX}"
            small.write_bytes(compile_playbook(_playbook("bench.small", 10), license_path))
            data = big.read_bytes()
            unseal_ms = _timed_ms(
                lambda: unseal(
                    data, license_id=license.license_id, content_key=license.content_key
                ),
                200,
            )
            load_ms = _timed_ms(lambda: load_pack(big, license_path), LOAD_RUNS)

            def cold_load() -> None:
                regex.purge()  # no compiled patterns cached: a fresh process's first load
                load_pack(big, license_path)

            cold_ms = _timed_ms(cold_load, LOAD_RUNS)
            text = _text_1kb()
            engines = {
                "200 rules": load_pack(big, license_path),
                "10 rules": load_pack(small, license_path),
            }
        # The loaded engines keep working without the trust file (verified at load).
        rows += [
            {
                "group": GROUP,
                "name": "compile 200-rule playbook (median)",
                "value": statistics.median(compile_ms),
                "unit": "ms",
            },
            {
                "group": GROUP,
                "name": f"unseal container only ({len(data) // 1024} KB, median)",
                "value": statistics.median(unseal_ms) * 1000,
                "unit": "us",
            },
            {
                "group": GROUP,
                "name": "load_pack 200 rules, warm regex cache (median)",
                "value": statistics.median(load_ms),
                "unit": "ms",
            },
            {
                "group": GROUP,
                "name": "load_pack 200 rules, cold regex cache (median)",
                "value": statistics.median(cold_ms),
                "unit": "ms",
            },
        ]
        for label, engine in engines.items():
            for _ in range(50):
                engine.evaluate(text)
            samples = _timed_ms(lambda engine=engine: engine.evaluate(text), EVAL_RUNS)
            rows += [
                {
                    "group": GROUP,
                    "name": f"evaluate 1 KB, compiled pack {label} p50",
                    "value": _percentile(samples, 0.5) * 1000,
                    "unit": "us",
                },
                {
                    "group": GROUP,
                    "name": f"evaluate 1 KB, compiled pack {label} p99",
                    "value": _percentile(samples, 0.99) * 1000,
                    "unit": "us",
                },
            ]
    return rows
