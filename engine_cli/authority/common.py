"""Shared pieces of the authority commands."""

from __future__ import annotations

import os
from pathlib import Path

import typer

PREFIX = "Authority error:"
KEY_FILE_NAME = "authority.key"
TRUST_FILE_NAME = "trust.json"
DEFAULT_DIR = Path("authority")

KeyOption = typer.Option(
    None,
    "--key",
    help="Authority key file (default: $ENGINE_AUTHORITY_KEY_FILE, authority/authority.key).",
    show_default=False,
)


def read_private_key(path: Path | None) -> str:
    """Return the authority's private seed (hex) from its key file."""
    candidate = path or Path(
        os.environ.get("ENGINE_AUTHORITY_KEY_FILE") or DEFAULT_DIR / KEY_FILE_NAME
    )
    if not candidate.is_file():
        raise FileNotFoundError(
            f"authority key file {candidate} not found: run `engine-authority init` first"
        )
    seed = candidate.read_text(encoding="ascii").strip()
    if len(seed) != 64 or any(char not in "0123456789abcdef" for char in seed.lower()):
        raise ValueError(f"{candidate} is not an authority key file (64 hex characters)")
    return seed
