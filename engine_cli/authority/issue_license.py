"""`engine-authority issue-license`: sign a license file (written with mode 600)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..common import fail
from .common import PREFIX, KeyOption, read_private_key


def issue_license(
    out: Path = typer.Option(..., "--out", help="License file to write.", show_default=False),
    organization: str = typer.Option(..., "--organization", help="Organization name."),
    org_id: str = typer.Option(..., "--org-id", help="Organization ID."),
    contact_email: str = typer.Option(..., "--contact-email", help="Contact address."),
    tier: str = typer.Option("DEVELOPER", "--tier", help="COMMUNITY, DEVELOPER or ENTERPRISE."),
    plan_name: str | None = typer.Option(None, "--plan-name", help="Display name of the plan."),
    packs: list[str] = typer.Option([], "--pack", help="Licensed pack glob (repeatable)."),
    solvers: list[str] = typer.Option([], "--solver", help="Licensed solver glob (repeatable)."),
    features: list[str] = typer.Option([], "--feature", help="Feature (repeatable)."),
    per_minute: int | None = typer.Option(None, "--per-minute", help="Decisions per minute."),
    lifetime: int | None = typer.Option(None, "--lifetime", help="Decisions in the lifetime."),
    overage_policy: str = typer.Option(
        "BLOCK_AT_CAP", "--overage-policy", help="NO_OVERAGE_FEES, BLOCK_AT_CAP or TRUE_UP."
    ),
    days: int = typer.Option(365, "--days", min=1, help="Validity in days from now."),
    grace_days: int = typer.Option(14, "--grace-days", min=0, help="Grace period in days."),
    key_id: str = typer.Option("k-0001", "--key-id", help="Content key generation."),
    key: Path | None = KeyOption,
) -> None:
    """Issue a signed license with a fresh content key."""
    from engine_core.licensing.authority import issue_license as sign
    from engine_core.licensing.authority import write_license_file
    from engine_core.licensing.license_file import License

    try:
        document = sign(
            read_private_key(key),
            organization=organization,
            org_id=org_id,
            contact_email=contact_email,
            tier=tier.upper(),
            plan_name=plan_name,
            overage_policy=overage_policy.upper(),
            licensed_packs=packs,
            licensed_solvers=solvers or None,
            features=features,
            max_decisions_per_minute=per_minute,
            max_decisions_lifetime=lifetime,
            validity_days=days,
            grace_period_days=grace_days,
            key_id=key_id,
        )
        License.from_document(document)  # the same checks a runtime makes, before writing
        write_license_file(out, document)
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(
        f"Issued license {document['license_id']} for {organization} ({tier.upper()}, "
        f"{days} days) -> {out} (mode 600)"
    )
