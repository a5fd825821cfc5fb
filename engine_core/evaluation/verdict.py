"""The verdict policy: from what the rules found to an action, a reason and the cleaned text."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Mapping, Sequence
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


#: Merged spans as columns: starts, ends and rules (no tuple per span to build and collect).
_Columns = tuple[list[int], list[int], list[CompiledRule]]


def merge(findings: Sequence[Finding]) -> list[Merged]:
    """Union overlapping spans of all findings; each union keeps its highest-ranked rule."""
    starts, ends, rules = _merged(findings)
    return list(zip(starts, ends, rules, strict=True))


def _merged(findings: Sequence[Finding]) -> _Columns:
    """Return :func:`merge` as columns."""
    rules = {finding.rule.index: finding.rule for finding in findings}
    if len(rules) == 1:
        return _merged_one(next(iter(rules.values())), findings)
    spans = sorted(
        (start, end, finding.rule.index) for finding in findings for start, end in finding.spans
    )
    starts: list[int] = []
    ends: list[int] = []
    winners: list[CompiledRule] = []
    if not spans:
        return starts, ends, winners
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
            starts.append(last_start)
            ends.append(last_end)
            winners.append(last_rule)
            last_start, last_end, last_rule = start, end, rules[index]
    starts.append(last_start)
    ends.append(last_end)
    winners.append(last_rule)
    return starts, ends, winners


def _merged_one(rule: CompiledRule, findings: Sequence[Finding]) -> _Columns:
    """:func:`_merged` of one rule's findings: every union keeps that rule."""
    spans = sorted(span for finding in findings for span in finding.spans)
    starts = list(map(_START, spans))
    ends = list(map(_END, spans))
    if not all(map(operator.le, ends, itertools.islice(starts, 1, None))):
        joined_starts: list[int] = []
        joined_ends: list[int] = []
        last_start, last_end = spans[0]
        for start, end in itertools.islice(spans, 1, None):
            if start < last_end:
                if end > last_end:
                    last_end = end
            else:
                joined_starts.append(last_start)
                joined_ends.append(last_end)
                last_start, last_end = start, end
        joined_starts.append(last_start)
        joined_ends.append(last_end)
        starts, ends = joined_starts, joined_ends
    return starts, ends, [rule] * len(starts)


#: The replacement of a remedy that names none: the category's token, whatever the value.
_TOKEN_ONLY = next(item.default for item in fields(Remedy) if item.name == "replace")
_START = operator.itemgetter(0)
_END = operator.itemgetter(1)
_RULE = operator.itemgetter(2)


#: From this many spans on, redaction looks for one token shared by all (see _redact).
_MANY_SPANS = 32


def _distinct(rules: list[CompiledRule]) -> list[CompiledRule]:
    """Return the distinct rules of many, in order (one pass in C)."""
    if len(rules) < _MANY_SPANS:
        return rules
    return list(dict(zip(map(id, rules), rules, strict=True)).values())


def redact(text: str, merged: Sequence[Merged], offset: int = 0) -> str:
    """Return ``text`` with each merged span (shifted by ``offset``) replaced by its remedy."""
    columns = (list(map(_START, merged)), list(map(_END, merged)), list(map(_RULE, merged)))
    return _redact(text, columns, offset)


def _redact(text: str, merged: _Columns, offset: int = 0) -> str:
    """:func:`redact` of merged spans as columns."""
    starts, ends, rules = merged
    if (
        len(rules) >= _MANY_SPANS
        and (distinct := _distinct(rules))
        and all(rule.remedy.replace is _TOKEN_ONLY for rule in distinct)
        and len({rule.category for rule in distinct}) == 1
    ):
        # One token for every span: the text between them, joined by it.
        rule = rules[0]
        first = text[starts[0] - offset : ends[0] - offset]
        token = rule.remedy.replace(first, rule.category)
        lows: Iterable[int] = ends
        highs: Iterable[int] = starts
        if offset:
            lows = map(operator.sub, ends, itertools.repeat(offset))
            highs = map(operator.sub, starts, itertools.repeat(offset))
        gaps = map(slice, itertools.chain((0,), lows), itertools.chain(highs, (None,)))
        return token.join(map(text.__getitem__, gaps))
    pieces: list[str] = []
    append = pieces.append
    tokens: dict[str, str] = {}
    position = 0
    for start, end, rule in zip(starts, ends, rules, strict=True):
        start -= offset
        end -= offset
        append(text[position:start])
        replace = rule.remedy.replace
        if replace is _TOKEN_ONLY:
            shared = tokens.get(rule.category)
            if shared is None:
                shared = tokens[rule.category] = replace(text[start:end], rule.category)
            append(shared)
        else:
            append(replace(text[start:end], rule.category))
        position = end
    append(text[position:])
    return "".join(pieces)


def block_reason(rules: Sequence[CompiledRule]) -> str:
    """Return the reason of a block by these fatal rules."""
    return BLOCK_REASON_PREFIX + ", ".join(f"{rule.rule_id} ({rule.law})" for rule in rules)


def _trigger(text: str, finding: Finding) -> Trigger:
    values = dict.fromkeys(map(text.__getitem__, itertools.starmap(slice, finding.spans)))
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
        merged = _merged(findings)
        remedy = RemedyResult(
            _redact(text, merged),
            len(merged[0]),
            tuple(sorted({rule.category for rule in _distinct(merged[2])})),
        )
    if fatal:
        return Verdict(actions["block"], False, block_reason(fatal), triggers, remedy)
    reason = f"Redacted {remedy.redactions_count} value(s): " + ", ".join(
        remedy.redacted_categories
    )
    return Verdict(actions["redact"], True, reason, triggers, remedy)
