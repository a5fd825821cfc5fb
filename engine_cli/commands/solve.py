"""`engine-pack solve`: run one solve of a decision domain and print the result as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from ..common import LicenseOption, check_pack_choice, fail, open_engine

PREFIX = "Solver error:"


def solve(
    domain: str = typer.Argument(
        ..., help="Decision domain: solve_constraints (solver), bin_packing (packing), vrp (fleet)."
    ),
    problem: Path = typer.Option(
        ..., "--problem", help="JSON file holding the problem.", show_default=False
    ),
    solver: str | None = typer.Option(
        None, "--solver", help="Solver id (default: the domain's default the license allows)."
    ),
    time_limit: int | None = typer.Option(
        None, "--time-limit", min=1, help="Time limit in milliseconds (default 1000; capped)."
    ),
    seed: int | None = typer.Option(None, "--seed", min=0, help="Random seed (default 0)."),
    pack: Path | None = typer.Option(
        None, "--pack", help="Sealed pack whose license is in effect.", show_default=False
    ),
    builtin: bool = typer.Option(
        False, "--builtin", help="Solve under the built-in community license."
    ),
    license: Path | None = LicenseOption,
) -> None:
    """Solve one problem and print the result as JSON (exit 1 when it cannot be solved)."""
    check_pack_choice(pack, builtin, license)
    try:
        parameters: dict[str, Any] = {"problem": _read_problem(problem)}
        if solver is not None:
            parameters["solver"] = solver
        if time_limit is not None:
            parameters["time_limit_ms"] = time_limit
        if seed is not None:
            parameters["seed"] = seed
        engine, _, _ = open_engine(pack, license)
        result = engine.decide(domain, parameters)
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(json.dumps(result, indent=2, ensure_ascii=False))


def _read_problem(path: Path) -> Any:
    """The problem document in ``path`` (strict JSON: no NaN, no duplicate keys)."""
    from engine_core.strict_json import strict_loads

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"problem file not found: {path}") from None
    try:
        return strict_loads(data)
    except ValueError as exc:
        raise ValueError(f"problem file {path} is not valid JSON: {exc}") from None
