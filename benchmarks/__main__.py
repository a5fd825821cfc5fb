"""Run every benchmark module and print one table (``make bench``)."""

from __future__ import annotations

import importlib
import json
import pkgutil
import platform
import sys
import time
from pathlib import Path

import benchmarks

RESULTS = Path(__file__).parent / "results"


def _meets(value: float, target: str | None) -> str:
    if not target:
        return ""
    operator, _, bound = target.partition(" ")
    limit = float(bound)
    ok = value <= limit if operator == "<=" else value >= limit
    return "ok" if ok else "MISSED"


def main(selected: list[str]) -> int:
    """Run the selected (default: all) benchmark modules; return 0."""
    names = sorted(
        module.name
        for module in pkgutil.iter_modules(benchmarks.__path__)
        if module.name.startswith("bench_") and (not selected or module.name in selected)
    )
    rows: list[dict[str, object]] = []
    for name in names:
        started = time.perf_counter()
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"# {name} ...", file=sys.stderr, flush=True)
        rows.extend(module.run())
        print(f"# {name} done in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    width = max((len(f"{row['group']} / {row['name']}") for row in rows), default=20)
    print(f"{'benchmark':<{width}}  {'value':>12}  {'unit':<8} {'target':<10} status")
    for row in rows:
        label = f"{row['group']} / {row['name']}"
        target = row.get("target")
        status = _meets(float(row["value"]), target)  # type: ignore[arg-type]
        print(
            f"{label:<{width}}  {float(row['value']):>12.2f}  {row['unit']!s:<8} "  # type: ignore[arg-type]
            f"{target or '':<10} {status}"
        )
    RESULTS.mkdir(exist_ok=True)
    report = {"machine": platform.platform(), "python": platform.python_version(), "rows": rows}
    (RESULTS / "latest.json").write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
