"""`engine-pack run`: unseal a pack in memory, evaluate one text, print the result."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..common import LicenseOption, check_pack_choice, fail, open_engine

PREFIX = "Execution error:"


def run(
    text: str = typer.Option(..., "--text", help="Text to evaluate.", show_default=False),
    pack: Path | None = typer.Option(None, "--pack", help="Sealed pack.", show_default=False),
    builtin: bool = typer.Option(
        False, "--builtin", help="Use the built-in pack under the community license."
    ),
    license: Path | None = LicenseOption,
) -> None:
    """Evaluate one text and print the EvaluationResult as JSON (it holds raw values)."""
    check_pack_choice(pack, builtin, license)
    try:
        engine, _, _ = open_engine(pack, license)
        result = engine.evaluate(text)
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
