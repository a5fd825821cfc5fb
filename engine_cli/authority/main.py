"""The ``engine-authority`` Typer app."""

from __future__ import annotations

import typer

from ..common import load_environment
from .init import init
from .issue_key import issue_key
from .issue_license import issue_license
from .serve import serve

app = typer.Typer(
    name="engine-authority",
    help="Run a license authority: key pair, licenses, license keys, catalog server.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.command("init")(init)
app.command("issue-license")(issue_license)
app.command("issue-key")(issue_key)
app.command("serve")(serve)


def main() -> None:
    """Run the program (loads ./.env first)."""
    load_environment()
    app()
