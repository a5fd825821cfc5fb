"""Names and numbers that several layers share, each defined once.

This module imports nothing, so any layer (and a client without the engine)
may use it. See docs/architecture.md, "Where each concern lives".
"""

from __future__ import annotations

__all__ = [
    "ACTION_OUTCOMES",
    "BLOCKED_PLACEHOLDER",
    "BUILTIN_PACK_ID",
    "DAY_SECONDS",
    "DECISION_DOMAINS",
    "DEFAULT_ACTIONS",
    "DEFAULT_GRACE_PERIOD_DAYS",
    "DEFAULT_LOOKAHEAD_CHARS",
    "LICENSE_HEADER",
    "MIN_LOOKAHEAD_CHARS",
    "STREAM_TOKEN",
    "TIERS",
    "TIER_SOLVERS",
]

# --- licenses -------------------------------------------------------------------

#: License tiers, lowest first.
TIERS = ("COMMUNITY", "DEVELOPER", "ENTERPRISE")
#: Days a license (file or key) stays usable past ``valid_until`` unless it says otherwise.
DEFAULT_GRACE_PERIOD_DAYS = 14
DAY_SECONDS = 86_400
#: The ``licensed_solvers`` globs of a tier whose license lists none.
TIER_SOLVERS: dict[str, tuple[str, ...]] = {
    "ENTERPRISE": ("*",),
    "DEVELOPER": ("solver.tcn.*", "bin_packing.*"),
    "COMMUNITY": ("solver.tcn.basic",),
}

# --- packs and verdicts ---------------------------------------------------------

#: The pack ``Engine()`` serves.
BUILTIN_PACK_ID = "builtin.data_protection"
#: The outcomes a playbook's ``actions`` mapping names.
ACTION_OUTCOMES = ("block", "redact", "allow")
#: Action names when a playbook's ``actions`` does not rename an outcome.
DEFAULT_ACTIONS = {"block": "block", "redact": "redact_and_permit", "allow": "allow"}
#: ``clean_text`` when a rule whose remedy withholds the text fired.
BLOCKED_PLACEHOLDER = "[BLOCKED]"

# --- streaming ------------------------------------------------------------------

#: The action of an ordinary released chunk.
STREAM_TOKEN = "stream_token"  # noqa: S105 - an action name, not a secret
#: Held-back window of a streaming session, by default and at the least.
DEFAULT_LOOKAHEAD_CHARS = 28
MIN_LOOKAHEAD_CHARS = 16

# --- decision domains -----------------------------------------------------------

#: Every decision function the API knows: canonical name -> aliases. Plugins provide them.
DECISION_DOMAINS: dict[str, tuple[str, ...]] = {
    "evaluate": ("pii", "safety"),
    "solve_constraints": ("solver",),
    "bin_packing": ("packing",),
    "vrp": ("fleet",),
}

# --- HTTP -----------------------------------------------------------------------

#: Header carrying a base64 license document to the license authority.
LICENSE_HEADER = "X-Engine-License"
