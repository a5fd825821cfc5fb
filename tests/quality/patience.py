"""Packs for scoring a corpus: what the rules find, not how fast they find it."""

from __future__ import annotations

from engine_core.evaluation import CompiledPack
from engine_core.model import PackDeclaration
from engine_core.packs.playbook import effective_rules
from engine_core.plugins import get_registries

#: A regex timeout this long keeps a stalled machine (a half-second pause withheld every
#: record once; a pack's databases compiling on their threads beside another test worker)
#: from failing a score.
PATIENT_TIMEOUT_S = 60.0


def patient_pack(declaration: PackDeclaration) -> CompiledPack:
    """The pack of ``declaration``, each regex scan allowed :data:`PATIENT_TIMEOUT_S`."""
    registries = get_registries()
    rules = effective_rules(declaration, registries)
    pack = CompiledPack(declaration, rules, registries, match_timeout_s=PATIENT_TIMEOUT_S)
    # A pack's timeout only lowers a matcher's own (limit_time): a rule type that sets its
    # matchers' timeout itself (phone numbers: 500 ms) is raised here, or a stall fails it.
    for rule in pack.rules:
        rule.matcher.timeout = max(rule.matcher.timeout, PATIENT_TIMEOUT_S)
    return pack
