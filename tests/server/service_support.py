"""Helpers for the service tests: engines with chosen failures, SSE parsing."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx

from engine_core import Engine
from engine_core.licensing.authority import issue_license_key
from engine_core.licensing.context import CommunityLicense, LicenseState
from engine_core.packs.playbook import parse_playbook
from engine_core.plugins import get_registries

TOKEN = "s3cr3t-service-token"
ALLOWED_ORIGIN = "https://app.example.com"
FOREIGN_ORIGIN = "https://evil.example.net"

SEALED_PLAYBOOK = """
pack_id: acme.orders
rules:
  - id: order-id
    pattern: 'ORD-\\d{6}'
    action: redact
"""

#: A payload with a FATAL value (card) and a WARNING value (e-mail).
FATAL_TEXT = (
    "Please charge card 4111 1111 1111 1111 and mail the receipt to jane.doe@example.com now."
)
WARNING_TEXT = "Contact jane.doe@example.com for the quarterly report, thanks a lot."
CLEAN_TEXT = "Nothing personal in here, just the weather and a long sentence about lunch."

DAY = 86_400
_key_ids = itertools.count()


def issue_key(seed: str, **overrides: Any) -> str:
    """Issue a license key for the built-in pack (DEVELOPER, fail-closed, 30 days)."""
    now = int(time.time())
    payload: dict[str, Any] = {
        "key_id": f"svc-key-{next(_key_ids)}-{now}",
        "epoch": 1,
        "tier": "DEVELOPER",
        "packs": ["builtin.*"],
        "valid_from": now - DAY,
        "valid_until": now + 30 * DAY,
        "grace_period_days": 14,
        "max_decisions_per_minute": 1000,
        "max_decisions_lifetime": 100_000,
        "enforcement": "fail_closed",
    }
    payload.update(overrides)
    return issue_license_key(payload, seed)


class ScriptedLicense:
    """A license context that raises a given error on every decision."""

    def __init__(self, error: Exception | None = None) -> None:
        self.error = error

    def authorize_decision(self) -> LicenseState:
        """Raise the scripted error, else behave like the community license."""
        if self.error is not None:
            raise self.error
        return CommunityLicense.STATE

    def current_state(self) -> LicenseState:
        """Return the community state."""
        return CommunityLicense.STATE


def sealed_engine(license: ScriptedLicense | None = None, budget_ms: float | None = None) -> Engine:
    """Return a real engine serving a compiled (sealed) pack, as ``load_pack`` would."""
    text = SEALED_PLAYBOOK
    if budget_ms is not None:
        text += f"budget:\n  max_latency_ms: {budget_ms}\n"
    declaration = parse_playbook(text, get_registries())
    return Engine.for_pack(declaration, license or ScriptedLicense())


def builtin_engine_with(license: ScriptedLicense) -> Engine:
    """Return a built-in-pack engine whose license raises as scripted."""
    engine = Engine()
    engine._license = license  # the public constructor only takes license keys
    return engine


class ExplodingEngine:
    """Stands in for an engine whose evaluation fails with an unexpected error."""

    pack_id = "builtin.data_protection"
    is_builtin_pack = True
    is_sealed_pack = False

    def __init__(self) -> None:
        self._real = Engine()
        self.registries = self._real.registries
        self.license_state = self._real.license_state
        self.compiled_pack = self._real.compiled_pack

    def evaluate(self, payload: Any) -> Any:
        """Fail like a bug would, quoting the payload in the message."""
        raise RuntimeError(f"unexpected failure while handling {payload!r}")

    def stream_session(self, **_: Any) -> Any:
        """Fail like a bug would."""
        raise RuntimeError("unexpected failure in stream_session")


def sse_events(response: httpx.Response) -> list[dict[str, Any]]:
    """Parse a raw ``text/event-stream`` body: one JSON document per ``data:`` event."""
    return list(parse_sse(response.text))


def parse_sse(body: str) -> Iterator[dict[str, Any]]:
    """Yield the JSON of each event's ``data:`` lines (comments and other fields ignored)."""
    for block in body.replace("\r\n", "\n").split("\n\n"):
        data = [
            line[5:].removeprefix(" ") for line in block.split("\n") if line.startswith("data:")
        ]
        if data:
            yield json.loads("\n".join(data))
