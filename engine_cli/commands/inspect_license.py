"""`engine-pack inspect-license [LICENSE_FILE]`: verify a license and print its report."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import typer

from ..common import fail, require_license_path, warn_if_shared

PREFIX = "Error inspecting license file:"


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def license_report(license: Any) -> dict[str, Any]:
    """Return the report fields of a verified license (never the content key)."""
    status = license.status()
    days = license.days_remaining()
    return {
        "license_id": license.license_id,
        "organization": license.organization,
        "org_id": license.org_id,
        "contact_email": license.contact_email,
        "tier": license.tier,
        "plan_name": license.plan_name,
        "status": "ACTIVE" if status == "ACTIVE" else "IN GRACE PERIOD",
        "days_remaining": days,
        "valid_from": _iso(license.valid_from),
        "expires": _iso(license.valid_until),
        "grace_period_days": license.grace_period_days,
        "licensed_packs": list(license.licensed_packs),
        "licensed_solvers": list(license.licensed_solvers),
        "features": sorted(license.features),
        "overage_policy": license.overage_policy,
        "max_decisions_per_minute": license.max_decisions_per_minute,
        "max_decisions_lifetime": license.max_decisions_lifetime,
        "key_id": license.key_id,
    }


def _text(report: dict[str, Any]) -> str:
    if report["status"] == "ACTIVE":
        status = f"ACTIVE ({report['days_remaining']} days remaining)"
    else:
        status = "IN GRACE PERIOD (renew now: the license has expired)"

    def listed(values: list[str]) -> str:
        return ", ".join(values) or "none"

    def quota(value: int | None) -> str:
        return "unlimited" if value is None else str(value)

    rows = [
        ("License ID", report["license_id"]),
        ("Organization", f"{report['organization']} ({report['org_id']})"),
        ("Contact", report["contact_email"]),
        ("Tier", f"{report['tier']} ({report['plan_name']})"),
        ("Status", status),
        ("Valid from", report["valid_from"]),
        ("Expires", report["expires"]),
        ("Grace period", f"{report['grace_period_days']} days"),
        ("Licensed packs", listed(report["licensed_packs"])),
        ("Licensed solvers", listed(report["licensed_solvers"])),
        ("Features", listed(report["features"])),
        ("Decisions/minute", quota(report["max_decisions_per_minute"])),
        ("Decisions lifetime", quota(report["max_decisions_lifetime"])),
        ("Overage policy", report["overage_policy"]),
        ("Key ID", report["key_id"]),
    ]
    width = max(len(label) for label, _ in rows) + 1
    return "\n".join(f"{label + ':':<{width}} {value}" for label, value in rows)


def inspect_license(
    license_file: Path | None = typer.Argument(
        None, help="License file (default: the usual license resolution).", show_default=False
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Verify a license file and print its report (the content key is never shown)."""
    from engine_core.licensing.license_file import load_license

    try:
        path = require_license_path(license_file)
        warn_if_shared(path)
        report = license_report(load_license(path))
    except Exception as exc:
        fail(PREFIX, exc)
    typer.echo(json.dumps(report, indent=2, ensure_ascii=False) if as_json else _text(report))
