"""`engine-pack compile`: compile a playbook into a pack sealed for one license."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..common import LicenseOption, UrlOption, authority_url, fail, require_license_path

PREFIX = "Compilation error:"


def compile_command(
    playbook: Path = typer.Option(..., "--playbook", help="YAML playbook.", show_default=False),
    out: Path = typer.Option(
        ..., "--out", help="Pack file to write (parent folders are created).", show_default=False
    ),
    license: Path | None = LicenseOption,
    remote: bool = typer.Option(False, "--remote", help="Compile on the license authority."),
    url: str | None = UrlOption,
) -> None:
    """Compile a playbook into a sealed pack bound to the license."""
    from engine_core.errors import CompilerError
    from engine_core.packs.compiler import compile_playbook_file

    try:
        license_path = require_license_path(license)
        if remote:
            from ..authority_client import remote_compile

            size = remote_compile(
                playbook.read_text(encoding="utf-8"),
                json.loads(license_path.read_text(encoding="utf-8")),
                out,
                authority_url(url),
            )
        else:
            size = compile_playbook_file(playbook, license_path, out)
    except CompilerError as exc:
        fail(PREFIX, exc)
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(f"Compiled {playbook} -> {out} ({size} bytes)")
