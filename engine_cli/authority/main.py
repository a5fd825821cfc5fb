"""The ``engine-authority`` Typer app."""

from __future__ import annotations

from ..common import new_app, run_app
from .init import init
from .issue_key import issue_key
from .issue_license import issue_license
from .serve import serve

app = new_app(
    "engine-authority", "Run a license authority: key pair, licenses, license keys, catalog server."
)
app.command("init")(init)
app.command("issue-license")(issue_license)
app.command("issue-key")(issue_key)
app.command("serve")(serve)


def main() -> None:
    """Run the program (loads ./.env first)."""
    run_app(app)
