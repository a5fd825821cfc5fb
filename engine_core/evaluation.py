"""Matching, overlap resolution and the verdict of a compiled pack."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

import regex

from .anchors import AnchorScanner
from .errors import DecisionBudgetExceededError
from .matching import DEFAULT_MATCH_TIMEOUT_S, Matcher, RegexMatcher, Span, scan_bounds
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


#: Windows closer than this are scanned as one (fewer calls, same spans).
_WINDOW_MERGE_GAP = 16


@dataclass(frozen=True)
class _ScanGroup:
    """The rules sharing one prefilter, and how far around a prefilter hit they can match.

    ``windowed`` rules have a bounded longest match (``before``) and right
    context; they run only in windows around the prefilter's hits. A match
    starts at most ``lead`` characters before the prefilter match it contains
    (``before`` unless the rules declare less). ``whole`` rules run on the whole
    range when the prefilter is found at all.
    """

    prefilter: regex.Pattern[str]
    windowed: tuple[CompiledRule, ...]
    whole: tuple[CompiledRule, ...]
    before: int
    after: int
    lead: int
    timeout: float


def _window_spans(matcher: RegexMatcher, text: str, start: int, stop: int, last: int) -> list[Span]:
    """Return the validated spans of ``matcher`` in a window that start before ``last``.

    The scan stops at the first pattern match reaching ``last``: the next search
    would begin at or after ``last`` and could only find spans the window drops.
    """
    spans: list[Span] = []
    validator = matcher.validator
    try:
        for match in matcher.pattern.finditer(text, start, stop, timeout=matcher.timeout):
            begin, end = match.span()
            if begin >= last:
                break
            if end > begin and (validator is None or validator(text[begin:end])):
                spans.append((begin, end))
            if end >= last:
                break
    except TimeoutError:
        raise matcher.timed_out() from None
    return spans


def _spans(matches: Iterable[regex.Match[str]]) -> Iterator[Span]:
    """Yield the span of each match."""
    for match in matches:
        yield match.span()


def _window_bounds(matcher: Matcher) -> tuple[int, int] | None:
    """Return (longest match, right context) when ``matcher`` may be run in windows."""
    if not isinstance(matcher, RegexMatcher):
        return None
    if type(matcher).find is not RegexMatcher.find and not getattr(matcher, "window_safe", False):
        return None
    return scan_bounds(matcher.pattern)


def _scan_groups(rules: Sequence[CompiledRule], timeout: float) -> tuple[_ScanGroup, ...]:
    """Group the rules that have a prefilter by its source."""
    by_source: dict[str, list[CompiledRule]] = {}
    for rule in rules:
        if rule.matcher.prefilter is not None:
            by_source.setdefault(rule.matcher.prefilter, []).append(rule)
    groups: list[_ScanGroup] = []
    for source, members in by_source.items():
        windowed: list[CompiledRule] = []
        whole: list[CompiledRule] = []
        before = after = lead = 0
        prefilter = regex.compile(source)
        if scan_bounds(prefilter) is None:  # lookarounds in the prefilter: no window proof
            whole = members
        for rule in members if not whole else ():
            bounds = _window_bounds(rule.matcher)
            if bounds is None:
                whole.append(rule)
            else:
                windowed.append(rule)
                declared = getattr(rule.matcher, "prefilter_lead", None)
                rule_lead = bounds[0] if declared is None else min(declared, bounds[0])
                before = max(before, bounds[0])
                after = max(after, bounds[0] + bounds[1])
                lead = max(lead, rule_lead)
        groups.append(
            _ScanGroup(prefilter, tuple(windowed), tuple(whole), before, after, lead, timeout)
        )
    return tuple(groups)


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
        self._groups = _scan_groups(self.rules, match_timeout_s)
        # Large texts: one Hyperscan pass finds the hits of every accelerable prefilter.
        self._anchors = AnchorScanner.build([group.prefilter.pattern for group in self._groups])
        self._unfiltered = tuple(rule for rule in self.rules if rule.matcher.prefilter is None)

    @property
    def can_tell_growth(self) -> bool:
        """True when every rule can say where a growing match starts."""
        return all(rule.matcher.can_tell_growth for rule in self.rules)

    def find(
        self, text: str, start: int = 0, end: int | None = None, encoded: bytes | None = None
    ) -> list[Finding]:
        """Return, in rule order, the findings of every rule that matched ``text[start:end]``.

        ``encoded`` is ``scan_bytes(text).data`` when the caller already has it.
        """
        stop = len(text) if end is None else end
        found: dict[int, list[Span]] = {}
        for rule in self._unfiltered:
            spans = rule.matcher.find(text, start, stop)
            if spans:
                found[rule.index] = spans
        anchors = self._anchors
        anchored = anchors.scan(text, start, stop, encoded) if anchors is not None else {}
        for group in self._groups:
            source = group.prefilter.pattern
            if anchors is not None and source in anchors.sources:
                hits = anchored.get(source)
                if hits:  # an accelerated prefilter with no hit: the group cannot match
                    self._scan_group(group, text, start, stop, found, hits)
            else:
                self._scan_group(group, text, start, stop, found)
        return [
            Finding(rule, tuple(sorted(found[rule.index])))
            for rule in self.rules
            if rule.index in found
        ]

    @staticmethod
    def _scan_group(
        group: _ScanGroup,
        text: str,
        start: int,
        stop: int,
        found: dict[int, list[Span]],
        known_hits: list[Span] | None = None,
    ) -> None:
        """Add the spans of one prefilter group's rules to ``found``.

        A whole-range scan of a rule finds its leftmost match, then the next one
        from where that ended. Every match contains a prefilter match starting at
        most ``lead`` (at most ``before``, the longest match) characters into it.
        The prefilter's own scan reports non-overlapping hits, each starting at
        or before any prefilter match it hides, so a match can only start in
        ``[hit_start - lead, hit_end)`` of some reported hit; and the pattern
        decides a start ``x`` by reading no further than ``x + after``. A window
        from the earliest such start of a run of hits to ``after`` past the last
        one therefore yields the same matches for every start before the last
        hit's end, and no match starts between windows: the kept spans are
        exactly those of the whole-range scan. Text before a window stays
        visible to look-behinds, as in the whole-range scan. The argument holds
        for any superset of the prefilter's hits, so ``known_hits`` (all matches
        of the prefilter, from :class:`~engine_core.anchors.AnchorScanner`) may
        stand in for the prefilter's own scan. Those hold, for every end offset,
        the leftmost start, so the prefilter match inside a match ``[x, y)`` ends
        at a reported ``hit_end <= y`` and ``x >= hit_end - before`` too.
        """
        try:
            hits: Iterator[Span] = (
                iter(known_hits)
                if known_hits is not None
                else _spans(group.prefilter.finditer(text, start, stop, timeout=group.timeout))
            )
            first = next(hits, None)
            if first is None:
                return
            for rule in group.whole:
                whole_spans = rule.matcher.find(text, start, stop)
                if whole_spans:
                    found.setdefault(rule.index, []).extend(whole_spans)
            if not group.windowed:
                return
            before, after, lead = group.before, group.after, group.lead
            # With every prefilter match known, a match containing hit [a, b) also starts
            # at or after b - before; with finditer's non-overlapping hits only a - lead.
            exhaustive = known_hits is not None
            reach = sorted(
                (
                    max(hit_end - before, hit_start - lead) if exhaustive else hit_start - lead,
                    max(hit_end, hit_start + 1),
                )
                for hit_start, hit_end in (first, *hits)
            )
            windows: list[tuple[int, int, int]] = []
            low, last = reach[0]
            for hit_low, hit_last in reach:
                if hit_low <= last - 1 + after + _WINDOW_MERGE_GAP:
                    last = max(last, hit_last)
                else:
                    windows.append((low, last - 1 + after, last))
                    low, last = hit_low, hit_last
            windows.append((low, last - 1 + after, last))
        except TimeoutError:
            raise DecisionBudgetExceededError(
                (group.windowed or group.whole)[0].rule_id,
                "regex_timeout_ms",
                group.timeout * 1000,
                group.timeout * 1000,
            ) from None
        for rule in group.windowed:
            matcher = rule.matcher
            spans: list[Span] = []
            for low, high, last in windows:
                window_start, window_stop = max(low, start), min(high, stop)
                if isinstance(matcher, RegexMatcher) and type(matcher).find is RegexMatcher.find:
                    spans.extend(_window_spans(matcher, text, window_start, window_stop, last))
                else:
                    spans.extend(
                        span
                        for span in matcher.find(text, window_start, window_stop)
                        if span[0] < last
                    )
            if spans:
                found.setdefault(rule.index, []).extend(spans)

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

    def decide(self, text: str, encoded: bytes | None = None) -> Verdict:
        """Evaluate ``text`` and return the verdict (no timing or license fields)."""
        findings = self.find(text, encoded=encoded)
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
