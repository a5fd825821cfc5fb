"""`engine-authority issue-key`: sign a license key string (EK1.…) and print it."""

from __future__ import annotations

import secrets
from pathlib import Path

import typer

from engine_core import clock

from ..common import fail
from .common import PREFIX, KeyOption, read_private_key


def issue_key(
    packs: list[str] = typer.Option(
        ["builtin.*"], "--pack", help="Pack glob the key covers (repeatable)."
    ),
    tier: str = typer.Option("DEVELOPER", "--tier", help="COMMUNITY, DEVELOPER or ENTERPRISE."),
    key_id: str | None = typer.Option(None, "--key-id", help="Key ID (default: random)."),
    epoch: int = typer.Option(1, "--epoch", min=0, help="Key epoch."),
    days: int = typer.Option(365, "--days", min=1, help="Validity in days from now."),
    grace_days: int = typer.Option(14, "--grace-days", min=0, help="Grace period in days."),
    per_minute: int | None = typer.Option(None, "--per-minute", help="Decisions per minute."),
    lifetime: int | None = typer.Option(None, "--lifetime", help="Decisions in the lifetime."),
    enforcement: str = typer.Option(
        "fail_closed", "--enforcement", help="fail_closed or fail_open (quota overage)."
    ),
    key: Path | None = KeyOption,
) -> None:
    """Issue a license key string for `license_key` / Engine(license_key=...)."""
    from engine_core.licensing.authority import issue_license_key

    start = int(clock.now())
    payload = {
        "key_id": key_id or f"key-{secrets.token_hex(6)}",
        "epoch": epoch,
        "tier": tier.upper(),
        "packs": packs,
        "valid_from": start,
        "valid_until": start + days * 86_400,
        "grace_period_days": grace_days,
        "max_decisions_per_minute": per_minute,
        "max_decisions_lifetime": lifetime,
        "enforcement": enforcement,
    }
    try:
        license_key = issue_license_key(payload, read_private_key(key))
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(license_key)
