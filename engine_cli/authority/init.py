"""`engine-authority init`: create an authority key pair and a trust file."""

from __future__ import annotations

from pathlib import Path

import typer

from ..common import fail
from .common import DEFAULT_DIR, KEY_FILE_NAME, PREFIX, TRUST_FILE_NAME


def init(
    directory: Path = typer.Option(DEFAULT_DIR, "--dir", help="Folder for the key and trust file."),
    force: bool = typer.Option(False, "--force", help="Replace an existing key pair."),
) -> None:
    """Create an authority key pair (authority.key, mode 600) and trust.json."""
    from engine_core.atomic_files import SECRET_FILE_MODE, write_atomically
    from engine_core.licensing.authority import generate_authority_keypair, write_trust_file

    key_file = directory / KEY_FILE_NAME
    trust_file = directory / TRUST_FILE_NAME
    try:
        if key_file.exists() and not force:
            raise FileExistsError(f"{key_file} exists: pass --force to replace the key pair")
        directory.mkdir(parents=True, exist_ok=True)
        seed, public = generate_authority_keypair()
        write_atomically(key_file, (seed + "\n").encode("ascii"), mode=SECRET_FILE_MODE)
        write_trust_file(trust_file, [public])
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(f"Authority key pair created in {directory}")
    typer.echo(f"  private key: {key_file} (mode 600; keep it secret)")
    typer.echo(f"  public key:  {public}")
    typer.echo(f"  trust file:  {trust_file}")
    typer.echo(f"Trust it in the runtime: export ENGINE_AUTHORITY_KEYS={trust_file.resolve()}")
