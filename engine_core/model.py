"""Result and declaration types shared by every layer."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .constants import STREAM_TOKEN

__all__ = [
    "FATAL",
    "SEVERITIES",
    "WARNING",
    "EvaluationResult",
    "PackDeclaration",
    "RemedyResult",
    "RuleDeclaration",
    "StreamChunk",
    "Trigger",
    "rule_category",
]

FATAL = "FATAL"
WARNING = "WARNING"
SEVERITIES = (FATAL, WARNING)
SEVERITY_RANK = {FATAL: 2, WARNING: 1}


@dataclass(frozen=True)
class Trigger:
    """One fired rule: its identity, severity and every value it matched."""

    rule_id: str
    law: str
    severity: str
    matched_items: tuple[str, ...]
    category: str
    spans: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form (lists, not tuples)."""
        return {
            "rule_id": self.rule_id,
            "law": self.law,
            "severity": self.severity,
            "matched_items": list(self.matched_items),
            "category": self.category,
            "spans": [[start, end] for start, end in self.spans],
        }


@dataclass(frozen=True)
class RemedyResult:
    """The cleaned text and what was done to it."""

    clean_text: str
    redactions_count: int
    redacted_categories: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form."""
        return {
            "clean_text": self.clean_text,
            "redactions_count": self.redactions_count,
            "redacted_categories": list(self.redacted_categories),
        }


@dataclass(frozen=True)
class EvaluationResult:
    """The verdict on one payload. Sensitive: ``triggers`` carry raw values."""

    pack_id: str
    action: str
    invariants_passed: bool
    reason: str | None
    triggers: tuple[Trigger, ...]
    remedy: RemedyResult
    latency_us: float
    receipt_hash: str
    license_status: str
    active_key_id: str
    active_epoch: int
    edition: str
    upgrade_notice: str | None
    runtime_version: str
    tokens_spent: int = 0
    egress_bytes: int = 0

    @property
    def blocked(self) -> bool:
        """True when the action is a blocking decision."""
        return self.action.startswith("block")

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form, field names as the specification's table."""
        return {
            "pack_id": self.pack_id,
            "action": self.action,
            "invariants_passed": self.invariants_passed,
            "reason": self.reason,
            "triggers": [trigger.to_dict() for trigger in self.triggers],
            "remedy": self.remedy.to_dict(),
            "latency_us": self.latency_us,
            "tokens_spent": self.tokens_spent,
            "egress_bytes": self.egress_bytes,
            "receipt_hash": self.receipt_hash,
            "license_status": self.license_status,
            "active_key_id": self.active_key_id,
            "active_epoch": self.active_epoch,
            "edition": self.edition,
            "upgrade_notice": self.upgrade_notice,
            "runtime_version": self.runtime_version,
        }


@dataclass(frozen=True)
class StreamChunk:
    """Text released by a streaming session, or the blocked marker."""

    text: str
    redacted: bool = False
    blocked: bool = False
    action: str = STREAM_TOKEN
    reason: str | None = None


@dataclass(frozen=True)
class RuleDeclaration:
    """One validated rule of a playbook."""

    id: str
    pattern: str
    type: str = "regex"
    action: str = "redact"
    severity: str | None = None
    category: str | None = None
    law: str | None = None
    description: str | None = None
    flags: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form stored inside sealed packs."""
        data: dict[str, Any] = {
            "id": self.id,
            "pattern": self.pattern,
            "type": self.type,
            "action": self.action,
        }
        for name in ("severity", "category", "law", "description"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.flags:
            data["flags"] = list(self.flags)
        if self.options:
            data["options"] = dict(self.options)
        return data


@dataclass(frozen=True)
class PackDeclaration:
    """A validated playbook: everything a pack declares."""

    pack_id: str
    rules: tuple[RuleDeclaration, ...]
    version: str | None = None
    name: str | None = None
    kind: str | None = None
    description: str | None = None
    solvers: tuple[str, ...] = ()
    codons: tuple[str, ...] = ()
    hard_rules: tuple[str, ...] = ()
    invariants: Any = None
    remedies: Any = None
    default_action: str | None = None
    actions: dict[str, str] = field(default_factory=dict)
    budget: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form stored inside sealed packs."""
        data: dict[str, Any] = {"pack_id": self.pack_id}
        for name in ("version", "name", "kind", "description", "default_action"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        for name in ("solvers", "codons", "hard_rules"):
            values = getattr(self, name)
            if values:
                data[name] = list(values)
        if self.invariants is not None:
            data["invariants"] = self.invariants
        if self.remedies is not None:
            data["remedies"] = self.remedies
        if self.actions:
            data["actions"] = dict(self.actions)
        if self.budget:
            data["budget"] = dict(self.budget)
        data["rules"] = [rule.to_dict() for rule in self.rules]
        return data


_CATEGORY_CHARS = re.compile(r"[^A-Z0-9]")


def rule_category(rule: RuleDeclaration) -> str:
    """Return the rule's token category: its ``category``, else its id, normalised."""
    return _CATEGORY_CHARS.sub("_", (rule.category or rule.id).upper())
