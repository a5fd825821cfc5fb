"""`engine-pack run`: unseal a pack in memory, evaluate one text, print the result."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..common import LicenseOption, fail, require_license_path

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
    if builtin == (pack is not None):
        raise typer.BadParameter("give exactly one of --pack or --builtin")
    if builtin and license is not None:
        raise typer.BadParameter("--builtin runs under the community license: drop --license")
    try:
        from engine_core import Engine, load_pack

        if builtin:
            engine = Engine()
        else:
            assert pack is not None
            engine = load_pack(pack, require_license_path(license))
        result = engine.evaluate(text)
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
