"""`engine-pack catalog`: list the authority's packs and whether the license may use them."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..common import LicenseOption, UrlOption, authority_url, fail, require_license_path

PREFIX = "Error querying catalog:"


def catalog(
    license: Path | None = LicenseOption,
    url: str | None = UrlOption,
    as_json: bool = typer.Option(False, "--json", help="Print the entries as JSON."),
) -> None:
    """List pre-built packs from the license authority."""
    from ..authority_client import fetch_catalog

    try:
        document = json.loads(require_license_path(license).read_text(encoding="utf-8"))
        entries = fetch_catalog(document, authority_url(url))
    except Exception as exc:
        fail(PREFIX, exc)
    if as_json:
        typer.echo(json.dumps(entries, indent=2, ensure_ascii=False))
        return
    if not entries:
        typer.echo("The catalog is empty.")
    for entry in entries:
        flag = "entitled" if entry.get("entitled") else "upgrade required"
        typer.echo(
            f"{entry['pack_id']}  {entry.get('version') or '-'}  {entry.get('name') or ''}  "
            f"[{entry.get('kind') or '-'}]  {flag}"
        )
        if entry.get("description"):
            typer.echo(f"    {entry['description']}")
        if entry.get("invariants"):
            typer.echo(f"    invariants: {json.dumps(entry['invariants'], ensure_ascii=False)}")
