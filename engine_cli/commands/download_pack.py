"""`engine-pack download-pack`: download a catalog pack sealed for the license."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..common import LicenseOption, UrlOption, authority_url, fail, require_license_path

PREFIX = "Download error:"


def download_pack(
    pack_id: str = typer.Option(..., "--pack-id", help="Pack ID from the catalog."),
    out: Path | None = typer.Option(
        None, "--out", help="Pack file (default: <pack_id>.epack here).", show_default=False
    ),
    license: Path | None = LicenseOption,
    url: str | None = UrlOption,
) -> None:
    """Download a catalog pack sealed for the license (download again after a renewal)."""
    from engine_core.packs.compiler import PACK_SUFFIX

    from ..authority_client import download_pack as fetch

    try:
        if out is None and (not pack_id or any(c in pack_id for c in "/\\\0")):
            raise ValueError(f"pack id {pack_id!r} is not a file name: pass --out")
        target = out or Path.cwd() / f"{pack_id}{PACK_SUFFIX}"
        document = json.loads(require_license_path(license).read_text(encoding="utf-8"))
        size = fetch(pack_id, document, target, authority_url(url))
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(f"Downloaded {pack_id} -> {target} ({size} bytes)")
