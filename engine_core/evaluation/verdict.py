"""The verdict policy: from what the rules found to an action, a reason and the cleaned text."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from ..constants import BLOCKED_PLACEHOLDER
from ..model import FATAL, RemedyResult, Trigger
from ..registries import Remedy
from .rules import CompiledRule, Finding

__all__ = ["BLOCK_REASON_PREFIX", "Verdict", "block_reason", "decide", "merge", "redact"]

BLOCK_REASON_PREFIX = "Statutory invariant violated: "

#: One redacted span: start, end and the rule whose remedy and category it takes.
Merged = tuple[int, int, CompiledRule]


@dataclass(frozen=True)
class Verdict:
    """What a pack decided about a text, before license and timing fields are added."""

    action: str
    invariants_passed: bool
    reason: str | None
    triggers: tuple[Trigger, ...]
    remedy: RemedyResult


def merge(findings: Sequence[Finding]) -> list[Merged]:
    """Union overlapping spans of all findings; each union keeps its highest-ranked rule."""
    rules = {finding.rule.index: finding.rule for finding in findings}
    if len(rules) == 1:
        return _merge_one(next(iter(rules.values())), findings)
    spans = sorted(
        (start, end, finding.rule.index) for finding in findings for start, end in finding.spans
    )
    merged: list[Merged] = []
    if not spans:
        return merged
    last_start, last_end, index = spans[0]
    last_rule = rules[index]
    for start, end, index in itertools.islice(spans, 1, None):
        if start < last_end:
            rule = rules[index]
            if rule is not last_rule and rule.rank < last_rule.rank:
                last_rule = rule
            if end > last_end:
                last_end = end
        else:
            merged.append((last_start, last_end, last_rule))
            last_start, last_end, last_rule = start, end, rules[index]
    merged.append((last_start, last_end, last_rule))
    return merged


def _merge_one(rule: CompiledRule, findings: Sequence[Finding]) -> list[Merged]:
    """:func:`merge` of one rule's findings: every union keeps that rule."""
    spans = sorted(span for finding in findings for span in finding.spans)
    merged: list[Merged] = []
    if not spans:
        return merged
    last_start, last_end = spans[0]
    for start, end in itertools.islice(spans, 1, None):
        if start < last_end:
            if end > last_end:
                last_end = end
        else:
            merged.append((last_start, last_end, rule))
            last_start, last_end = start, end
    merged.append((last_start, last_end, rule))
    return merged


#: The replacement of a remedy that names none: the category's token, whatever the value.
_TOKEN_ONLY = next(item.default for item in fields(Remedy) if item.name == "replace")


def redact(text: str, merged: Sequence[Merged], offset: int = 0) -> str:
    """Return ``text`` with each merged span (shifted by ``offset``) replaced by its remedy."""
    pieces: list[str] = []
    append = pieces.append
    tokens: dict[str, str] = {}
    position = 0
    for start, end, rule in merged:
        start -= offset
        end -= offset
        append(text[position:start])
        replace = rule.remedy.replace
        if replace is _TOKEN_ONLY:
            token = tokens.get(rule.category)
            if token is None:
                token = tokens[rule.category] = replace(text[start:end], rule.category)
            append(token)
        else:
            append(replace(text[start:end], rule.category))
        position = end
    append(text[position:])
    return "".join(pieces)


def block_reason(rules: Sequence[CompiledRule]) -> str:
    """Return the reason of a block by these fatal rules."""
    return BLOCK_REASON_PREFIX + ", ".join(f"{rule.rule_id} ({rule.law})" for rule in rules)


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


def decide(
    text: str, findings: Sequence[Finding], actions: Mapping[str, str], allow_action: str
) -> Verdict:
    """Return the verdict on ``text`` given every rule's findings, in rule order."""
    if not findings:
        return Verdict(allow_action, True, None, (), RemedyResult(text, 0, ()))
    triggers = tuple(_trigger(text, finding) for finding in findings)
    fatal = [finding.rule for finding in findings if finding.rule.severity == FATAL]
    if any(finding.rule.remedy.withholds_text for finding in findings):
        remedy = RemedyResult(BLOCKED_PLACEHOLDER, 0, ())
    else:
        merged = merge(findings)
        remedy = RemedyResult(
            redact(text, merged),
            len(merged),
            tuple(sorted({rule.category for _, _, rule in merged})),
        )
    if fatal:
        return Verdict(actions["block"], False, block_reason(fatal), triggers, remedy)
    reason = f"Redacted {remedy.redactions_count} value(s): " + ", ".join(
        remedy.redacted_categories
    )
    return Verdict(actions["redact"], True, reason, triggers, remedy)
