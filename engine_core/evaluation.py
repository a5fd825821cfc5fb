"""Matching, overlap resolution and the verdict of a compiled pack."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import regex

from .matching import DEFAULT_MATCH_TIMEOUT_S, Matcher, Span
from .model import FATAL, SEVERITY_RANK, PackDeclaration, RemedyResult, RuleDeclaration, Trigger
from .packs.builtin import builtin_rules
from .packs.playbook import rule_category, severity_of
from .plugins import PluginRegistries
from .registries import Remedy

__all__ = [
    "BLOCKED_PLACEHOLDER",
    "DEFAULT_ACTIONS",
    "CompiledPack",
    "CompiledRule",
    "Finding",
    "Verdict",
]

#: ``clean_text`` when a rule whose remedy withholds the text fired.
BLOCKED_PLACEHOLDER = "[BLOCKED]"
DEFAULT_ACTIONS = {"block": "block", "redact": "redact_and_permit", "allow": "allow"}
DEFAULT_LAW = "compliance"


@dataclass(frozen=True)
class CompiledRule:
    """A rule ready to run: its declaration, matcher, severity, category and remedy."""

    index: int
    declaration: RuleDeclaration
    matcher: Matcher
    severity: str
    category: str
    law: str
    remedy: Remedy

    @property
    def rule_id(self) -> str:
        """The rule's id."""
        return self.declaration.id

    @property
    def rank(self) -> tuple[int, int]:
        """Sort key for overlaps: highest severity first, then earliest declared."""
        return (-SEVERITY_RANK[self.severity], self.index)


@dataclass(frozen=True)
class Finding:
    """Every span one rule matched in a text."""

    rule: CompiledRule
    spans: tuple[Span, ...]


@dataclass(frozen=True)
class Verdict:
    """What a pack decided about a text, before license and timing fields are added."""

    action: str
    invariants_passed: bool
    reason: str | None
    triggers: tuple[Trigger, ...]
    remedy: RemedyResult


def _expand_rules(
    declaration: PackDeclaration, registries: PluginRegistries
) -> list[RuleDeclaration]:
    """Return the pack's rules with its codons and hard rules imported from the built-in pack."""
    rules = list(declaration.rules)
    if declaration.codons or declaration.hard_rules:
        builtin = builtin_rules(registries)
        rules.extend(builtin[name] for name in declaration.codons)
        rules.extend(
            replace(builtin[name], action="block", severity=None) for name in declaration.hard_rules
        )
    return rules


class CompiledPack:
    """A validated declaration with every rule compiled into a matcher."""

    def __init__(
        self,
        declaration: PackDeclaration,
        registries: PluginRegistries,
        *,
        match_timeout_s: float = DEFAULT_MATCH_TIMEOUT_S,
    ) -> None:
        self.declaration = declaration
        self.pack_id = declaration.pack_id
        self.actions = {**DEFAULT_ACTIONS, **declaration.actions}
        self.allow_action = declaration.default_action or self.actions["allow"]
        rules: list[CompiledRule] = []
        for index, rule in enumerate(_expand_rules(declaration, registries)):
            rule_type = registries.rule_types.get(rule.type)
            remedy = registries.remedies.get(rule.action)
            # Both were checked by validation; a registry changed since is a plugin bug.
            assert rule_type is not None
            assert remedy is not None
            matcher = rule_type.compile(rule)
            if hasattr(matcher, "timeout"):
                matcher.timeout = min(matcher.timeout, match_timeout_s)
            rules.append(
                CompiledRule(
                    index=index,
                    declaration=rule,
                    matcher=matcher,
                    severity=severity_of(rule, registries),
                    category=rule_category(rule),
                    law=rule.law or DEFAULT_LAW,
                    remedy=remedy,
                )
            )
        self.rules: tuple[CompiledRule, ...] = tuple(rules)
        # One compiled prefilter per distinct source, shared by the rules that name it.
        self._prefilters = {
            source: regex.compile(source)
            for source in {rule.matcher.prefilter for rule in rules}
            if source is not None
        }

    @property
    def can_tell_growth(self) -> bool:
        """True when every rule can say where a growing match starts."""
        return all(rule.matcher.can_tell_growth for rule in self.rules)

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Finding]:
        """Return, in rule order, the findings of every rule that matched ``text[start:end]``."""
        stop = len(text) if end is None else end
        present: dict[str, bool] = {}
        findings: list[Finding] = []
        for rule in self.rules:
            source = rule.matcher.prefilter
            if source is not None:
                if source not in present:
                    present[source] = self._prefilters[source].search(text, start, stop) is not None
                if not present[source]:
                    continue
            spans = rule.matcher.find(text, start, stop)
            if spans:
                findings.append(Finding(rule, tuple(sorted(spans))))
        return findings

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return the earliest start of a match any rule could still grow, or None."""
        earliest: int | None = None
        for rule in self.rules:
            position = rule.matcher.growing_start(text, start)
            if position is not None and (earliest is None or position < earliest):
                earliest = position
        return earliest

    @staticmethod
    def merge(findings: Sequence[Finding]) -> list[tuple[int, int, CompiledRule]]:
        """Union overlapping spans of all findings; each union keeps its highest-ranked rule."""
        spans = sorted(
            (start, end, finding.rule) for finding in findings for start, end in finding.spans
        )
        merged: list[tuple[int, int, CompiledRule]] = []
        for start, end, rule in spans:
            if merged and start < merged[-1][1]:
                last_start, last_end, last_rule = merged[-1]
                winner = rule if rule.rank < last_rule.rank else last_rule
                merged[-1] = (last_start, max(last_end, end), winner)
            else:
                merged.append((start, end, rule))
        return merged

    @staticmethod
    def redact(text: str, merged: Sequence[tuple[int, int, CompiledRule]], offset: int = 0) -> str:
        """Return ``text`` with each merged span (shifted by ``offset``) replaced by its remedy."""
        pieces: list[str] = []
        position = 0
        for start, end, rule in merged:
            start -= offset
            end -= offset
            pieces.append(text[position:start])
            pieces.append(rule.remedy.replace(text[start:end], rule.category))
            position = end
        pieces.append(text[position:])
        return "".join(pieces)

    def decide(self, text: str) -> Verdict:
        """Evaluate ``text`` and return the verdict (no timing or license fields)."""
        findings = self.find(text)
        if not findings:
            return Verdict(self.allow_action, True, None, (), RemedyResult(text, 0, ()))
        triggers = tuple(self._trigger(text, finding) for finding in findings)
        fatal = [finding.rule for finding in findings if finding.rule.severity == FATAL]
        if any(finding.rule.remedy.withholds_text for finding in findings):
            remedy = RemedyResult(BLOCKED_PLACEHOLDER, 0, ())
        else:
            merged = self.merge(findings)
            remedy = RemedyResult(
                self.redact(text, merged),
                len(merged),
                tuple(sorted({rule.category for _, _, rule in merged})),
            )
        if fatal:
            reason = "Statutory invariant violated: " + ", ".join(
                f"{rule.rule_id} ({rule.law})" for rule in fatal
            )
            return Verdict(self.actions["block"], False, reason, triggers, remedy)
        reason = f"Redacted {remedy.redactions_count} value(s): " + ", ".join(
            remedy.redacted_categories
        )
        return Verdict(self.actions["redact"], True, reason, triggers, remedy)

    @staticmethod
    def _trigger(text: str, finding: Finding) -> Trigger:
        values = dict.fromkeys(text[start:end] for start, end in finding.spans)
        rule = finding.rule
        return Trigger(
            rule_id=rule.rule_id,
            law=rule.law,
            severity=rule.severity,
            matched_items=tuple(values),
            category=rule.category,
            spans=finding.spans,
        )
