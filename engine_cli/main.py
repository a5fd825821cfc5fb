"""Entry point of the ``engine-pack`` / ``engine`` programs (commands arrive with the CLI issue)."""

from __future__ import annotations

import sys

from engine_core import __version__


def main() -> None:
    """Run the command line program."""
    if len(sys.argv) > 1 and sys.argv[1] in ("--version", "-V"):
        print(f"engine-pack {__version__}")
        return
    print("engine-pack: commands are not available yet (see the CLI issue)", file=sys.stderr)
    raise SystemExit(2)
