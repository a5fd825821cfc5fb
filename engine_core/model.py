"""Result and declaration types shared by every layer."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
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


class _Result:
    """A result dataclass whose ``to_dict`` follows its fields: the schema is written once.

    The service documents these dataclasses as they are (docs/architecture.md,
    "Where each concern lives"), so no second list of fields exists.
    """

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form (lists, not tuples), fields in declaration order."""
        plain: dict[str, Any] = _plain(self)
        return plain


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(item.name for item in fields(kind))
    return names


def _plain(value: Any) -> Any:
    """Return a result value as JSON-ready data: dataclasses as dicts, tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, _Result):
        return {name: _plain(getattr(value, name)) for name in _field_names(type(value))}
    return value


@dataclass(frozen=True)
class Trigger(_Result):
    """One fired rule: its identity, severity and every value it matched.

    ``matched_items`` holds raw values: never log it.
    """

    rule_id: str
    law: str
    severity: str
    matched_items: tuple[str, ...]
    category: str
    spans: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class RemedyResult(_Result):
    """The cleaned text and what was done to it."""

    clean_text: str
    redactions_count: int
    redacted_categories: tuple[str, ...]


@dataclass(frozen=True)
class EvaluationResult(_Result):
    """The verdict on one payload. Sensitive: ``triggers`` carry raw values."""

    pack_id: str
    action: str
    invariants_passed: bool
    reason: str | None
    triggers: tuple[Trigger, ...]
    remedy: RemedyResult
    latency_us: float
    tokens_spent: int = field(default=0, kw_only=True)
    egress_bytes: int = field(default=0, kw_only=True)
    receipt_hash: str
    license_status: str
    active_key_id: str
    active_epoch: int
    edition: str
    upgrade_notice: str | None
    runtime_version: str

    @property
    def blocked(self) -> bool:
        """True when the action is a blocking decision."""
        return self.action.startswith("block")


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
