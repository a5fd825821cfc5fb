"""The ``engine-pack`` / ``engine`` program: one Typer app, one module per command."""

from __future__ import annotations

import typer

from engine_core.version import RUNTIME_VERSION, __version__

from .commands.catalog import catalog
from .commands.compile import compile_command
from .commands.download_pack import download_pack
from .commands.inspect_license import inspect_license
from .commands.plugins import plugins
from .commands.run import run
from .commands.scan import scan
from .commands.serve import serve
from .commands.solve import solve
from .common import new_app, run_app

app = new_app(
    "engine-pack", "Verify licenses, compile playbooks into sealed packs, run and serve them."
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"engine-pack {__version__} (runtime {RUNTIME_VERSION})")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", "-V", callback=_version, is_eager=True, help="Show the version."
    ),
) -> None:
    """engine-pack: in-process personal-data protection with sealed rule packs."""


app.command("inspect-license")(inspect_license)
app.command("compile")(compile_command)
app.command("run")(run)
app.command("catalog")(catalog)
app.command("download-pack")(download_pack)
app.command("serve")(serve)
app.command("plugins")(plugins)
app.command("solve")(solve)
app.command("scan")(scan)


def main() -> None:
    """Run the program (loads ./.env first)."""
    run_app(app)
