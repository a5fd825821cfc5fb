"""Playbooks as users write them: the schema plus rules imported from the built-in catalogue.

``codons`` import built-in detectors by id or glob as they are; ``hard_rules``
import them as block rules. See docs/architecture.md, "Packs".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..model import PackDeclaration, RuleDeclaration
from ..plugins import PluginRegistries, get_registries
from . import schema
from .catalogue import catalogue_rules

__all__ = ["declaration_from_mapping", "effective_rules", "parse_playbook"]


def parse_playbook(text: str, registries: PluginRegistries | None = None) -> PackDeclaration:
    """Parse and validate a playbook; raise on the first parse error or on every problem."""
    registries = registries or get_registries()
    return schema.parse_playbook(text, registries, lambda: catalogue_rules(registries))


def declaration_from_mapping(
    data: dict[str, Any], registries: PluginRegistries | None = None
) -> PackDeclaration:
    """Build and validate a declaration from parsed playbook (or sealed pack) data."""
    registries = registries or get_registries()
    return schema.declaration_from_mapping(data, registries, lambda: catalogue_rules(registries))


def effective_rules(
    declaration: PackDeclaration, registries: PluginRegistries
) -> list[RuleDeclaration]:
    """Return the rules a pack runs: its own, then its codons, then its hard rules as blocks."""
    rules = list(declaration.rules)
    if declaration.codons or declaration.hard_rules:
        catalogue = catalogue_rules(registries)
        for name in declaration.codons:
            rules.extend(catalogue[rule_id] for rule_id in schema.matching_ids(name, catalogue))
        for name in declaration.hard_rules:
            rules.extend(
                replace(catalogue[rule_id], action="block", severity=None)
                for rule_id in schema.matching_ids(name, catalogue)
            )
    return rules
