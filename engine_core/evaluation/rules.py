"""Compiled rules: each rule of a pack with its matcher, severity, category, law and remedy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import UnsupportedPackDeclarationError
from ..matching import Matcher, Span
from ..model import FATAL, SEVERITY_RANK, RuleDeclaration, rule_category
from ..plugins import PluginRegistries
from ..registries import Remedy
from .context import Context

__all__ = ["DEFAULT_LAW", "CompiledRule", "Finding", "compile_rules", "severity_of"]

#: ``law`` of a rule that names none.
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
    context: Context | None = None

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


def severity_of(rule: RuleDeclaration, registries: PluginRegistries) -> str:
    """Return a rule's severity: its own, else its remedy's default."""
    if rule.severity:
        return rule.severity
    remedy = registries.remedies.get(rule.action)
    return remedy.severity if remedy is not None else FATAL


def _compile(rule: RuleDeclaration, registries: PluginRegistries) -> Matcher:
    """Return the rule's matcher; raise ValueError saying what went wrong."""
    rule_type = registries.rule_types.get(rule.type)
    if rule_type is None:
        raise ValueError(f"unknown rule type {rule.type!r}")
    try:
        matcher = rule_type.compile(rule)
    except Exception as exc:  # a plugin's failure is a listed problem, never a raw error
        raise ValueError(f"type {rule.type!r} failed to compile it: {exc}") from exc
    if not isinstance(matcher, Matcher):
        raise ValueError(
            f"type {rule.type!r} returned {type(matcher).__name__}, "
            "not an engine_core.matching.Matcher"
        )
    return matcher


def compile_rules(
    rules: Sequence[RuleDeclaration], registries: PluginRegistries, match_timeout_s: float
) -> tuple[CompiledRule, ...]:
    """Compile validated rules with their rule types; a regex scan never outlasts the timeout.

    Raise UnsupportedPackDeclarationError listing every rule that cannot compile.
    """
    compiled: list[CompiledRule] = []
    problems: list[str] = []
    for index, rule in enumerate(rules):
        remedy = registries.remedies.get(rule.action)
        try:
            matcher = _compile(rule, registries)
        except ValueError as exc:
            problems.append(f"rule {rule.id!r}: {exc}")
            continue
        if remedy is None:
            problems.append(f"rule {rule.id!r}: action: unknown action {rule.action!r}")
            continue
        matcher.limit_time(match_timeout_s)
        compiled.append(
            CompiledRule(
                index=index,
                declaration=rule,
                matcher=matcher,
                severity=severity_of(rule, registries),
                category=rule_category(rule),
                law=rule.law or DEFAULT_LAW,
                remedy=remedy,
                context=Context.from_options(rule.options),
            )
        )
    if problems:
        raise UnsupportedPackDeclarationError(problems)
    return tuple(compiled)
