"""Licenses and keys for the solver tests, issued by the module's test authority."""

from __future__ import annotations

import itertools
import time
from typing import Any

from engine_core.licensing.authority import issue_license, issue_license_key

DAY = 86_400
_ids = itertools.count()


def license_key(seed: str, tier: str, **overrides: Any) -> str:
    """A license key of ``tier`` for the built-in pack, valid for 30 days."""
    now = int(time.time())
    payload: dict[str, Any] = {
        "key_id": f"solver-key-{tier.lower()}-{next(_ids)}",
        "epoch": 1,
        "tier": tier,
        "packs": ["builtin.*"],
        "valid_from": now - DAY,
        "valid_until": now + 30 * DAY,
    }
    payload.update(overrides)
    return issue_license_key(payload, seed)


def license_document(seed: str, tier: str, **overrides: Any) -> dict[str, Any]:
    """A signed license file of ``tier`` (tier-default solvers unless ``licensed_solvers``)."""
    options: dict[str, Any] = {
        "tier": tier,
        "licensed_packs": ["builtin.*"],
        "valid_from": int(time.time()) - DAY,
        "validity_days": 30,
    }
    options.update(overrides)
    return issue_license(seed, **options)
