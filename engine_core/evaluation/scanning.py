"""Scanning: every rule of a pack over a text, run only where its prefilter hits.

See docs/architecture.md, "The path of one decision": one Hyperscan pass (or
one ``regex`` search per prefilter) finds prefilter hits; each rule runs in
windows around them, which yields exactly the spans of a whole-text scan.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import regex

from .. import deadline
from ..anchors import AnchorScanner
from ..errors import DecisionBudgetExceededError
from ..matching import Span, scan_bounds
from ..prefilter_derivation import barrier_characters, late_start_width, match_characters
from .context import REMARK_AFTER_WORD, REPLY_AFTER_WORD, asks_after, remarked_after
from .context_words import NearbyWords, WordSpan
from .rules import CompiledRule, Finding

__all__ = ["NEAR_WORDS_FROM", "STREAM_NEAR_WORDS_FROM", "Scanner", "StreamCandidates"]


#: Scan windows of one rule between two looks at the decision's deadline.
CHECK_EVERY_WINDOWS = 256


#: A hit's end (one C call per hit list instead of a generator).
_HIT_END = operator.itemgetter(1)
#: Windows closer than this are scanned as one (fewer calls, same spans).
_WINDOW_MERGE_GAP = 16
#: A group whose matches may start this far before their prefilter match starts its
#: windows after the last character before a hit that no match holds (one C search per
#: hit, against the pattern tried at every place of a long lead: an e-mail's 63).
_BARRIER_FROM_LEAD = 16
#: A context-only group is searched near its words alone in a text this long or longer
#: (shorter, the per-region calls cost more than the one pass saves), when that covers
#: at most NEAR_WORDS_SHARE of it (past it, one pass over the whole text costs less).
NEAR_WORDS_FROM = 64 * 1024
NEAR_WORDS_SHARE = 0.5
#: The same for a stream's scan (from its start): a scan reads a few kilobytes at a time.
STREAM_NEAR_WORDS_FROM = 2048


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
    #: What the one-pass scanner searches: the prefilter, led by its guard when known.
    anchor: str
    windowed: tuple[CompiledRule, ...]
    whole: tuple[CompiledRule, ...]
    before: int
    after: int
    lead: int
    timeout: float

    #: The indexes of every rule of the group (context-required rules without their
    #: words are skipped; a group all of whose rules are skipped is not visited).
    indexes: frozenset[int]
    #: The prefilter's shortest match when its matches ending at one place may start at
    #: several (the one pass reports the leftmost only), else None: late_start_width.
    late_width: int | None = None
    #: True when every windowed rule looks at the decision's deadline as it goes
    #: (:attr:`~engine_core.matching.Matcher.watches_deadline`): a whole range may be
    #: one window.
    one_window: bool = False
    #: Finds, searching backwards, the last character no windowed rule's match holds
    #: (None: not looked for): a match containing a hit starts after it.
    barrier: regex.Pattern[str] | None = None

    @property
    def rules(self) -> tuple[CompiledRule, ...]:
        """Every rule of the group."""
        return self.windowed + self.whole

    @property
    def shift(self) -> int:
        """How far before its prefilter match a one-pass hit starts: 1 when the anchor is
        led by a guard character (0 at the scan's start, where ``^`` stands for it)."""
        return 0 if self.anchor == self.prefilter.pattern else 1

    def near_starts(self, hits: Iterable[Span]) -> list[int]:
        """Return where the prefilter matches of one-pass ``hits`` start, at the latest,
        sorted (for :meth:`~engine_core.matching.Matcher.find_near`, with a lead grown
        by :attr:`shift`).

        A hit holds each end's leftmost start: when a later start may end there too
        (``late_width``), every start up to the end less the shortest match is given.
        """
        shift, width = self.shift, self.late_width
        if width is None:
            return sorted({hit_start + shift for hit_start, _ in hits})
        return sorted(
            {
                begin
                for hit_start, hit_end in hits
                for begin in range(hit_start + shift, max(hit_start + shift, hit_end - width) + 1)
            }
        )


@dataclass(frozen=True)
class _Located:
    """A context-only group that may be searched near its rules' words alone.

    Every rule of the group needs a word within its window, so a value reaches to
    within ``reach`` of one. ``before`` and ``after`` find the nearest character no
    match of the group's rules can hold: no match spans it, so a region widened to
    such places holds each value it touches whole, and a search started or stopped
    there sees what a whole-text search sees (docs/architecture.md, "Context").
    """

    group: _ScanGroup
    part: int
    reach: int
    before: regex.Pattern[str]
    after: regex.Pattern[str]
    #: How far before a stream's end its scan searches whatever the words (None: the
    #: prefilter's reach is unbounded, and a stream reads the group whole): a word still
    #: to arrive may make a value there count, and the growth of attempts is read there.
    tail: int | None = None

    @classmethod
    def of(cls, group: _ScanGroup, part: int) -> _Located | None:
        """Return how to search ``group`` near its words, or None when it cannot be."""
        if group.whole:
            return None
        held: set[str] = set()
        windows: list[int] = []
        for rule in group.windowed:
            pattern = getattr(rule.matcher, "pattern", None)
            chars = match_characters(pattern) if isinstance(pattern, regex.Pattern) else None
            if chars is None or rule.context is None:
                return None
            held |= chars
            windows.append(rule.context.window)
        outside = "[^" + "".join(regex.escape(char) for char in sorted(held)) + "]"
        prefilter_bounds = scan_bounds(group.prefilter)
        return cls(
            group,
            part,
            max(windows) + 1,
            regex.compile(outside, regex.REVERSE),
            regex.compile(outside),
            None
            if prefilter_bounds is None
            else max(windows) + 2 * group.after + sum(prefilter_bounds) + 1,
        )

    def regions(
        self,
        text: str,
        start: int,
        stop: int,
        words: _WordsByOwners,
        active: frozenset[int],
        tail: int = 0,
    ) -> list[tuple[int, int]] | None:
        """Return the ranges of ``text[start:stop]`` to search, each from and to a place no
        match spans, around the words of the ``active`` rules (and over the last ``tail``
        characters); None when they would cover more than NEAR_WORDS_SHARE of it."""
        near = words.reaches(start, stop, active, self.reach)
        if tail:
            near.append((max(start, stop - tail), stop))
        joined = _merged(sorted(near))
        if sum(high - low for low, high in joined) > NEAR_WORDS_SHARE * (stop - start):
            return None
        widened: list[tuple[int, int]] = []
        for low, high in joined:
            outside = self.before.search(text, start, low)
            following = self.after.search(text, high, stop)
            widened.append(
                (
                    start if outside is None else outside.end(),
                    stop if following is None else following.start(),
                )
            )
        return _merged(widened)


class _WordsByOwners:
    """A text's context words grouped by the rules they belong to, each with how far past
    its end the value it names may lie: built once per scan, read once per group (many
    words share one set of owners, so a group asks each set once, not each word)."""

    def __init__(self, text: str, words: Sequence[WordSpan]) -> None:
        by_owners: dict[frozenset[int], list[tuple[int, int]]] = {}
        for word_start, word_end, owners in words:
            by_owners.setdefault(owners, []).append((word_start, word_end))
        self._by_owners = tuple(by_owners.items())
        self._text = text
        self._after: dict[int, int] = {}

    def reaches(
        self, start: int, stop: int, active: frozenset[int], reach: int
    ) -> list[tuple[int, int]]:
        """Return, unsorted, the ranges of ``text[start:stop]`` within ``reach`` of a word
        of an ``active`` rule: a value of a context-required rule touches one of them."""
        reaches: list[tuple[int, int]] = []
        for owners, places in self._by_owners:
            if owners.isdisjoint(active):
                continue
            for word_start, word_end in places:
                after = self._after.get(word_end)
                if after is None:
                    after = self._after[word_end] = _after(self._text, word_end)
                reaches.append(
                    (max(start, word_start - reach), min(stop, word_end + reach + after))
                )
        return reaches


def _after(text: str, word_end: int) -> int:
    """Return how much further than a window after a word ending at ``word_end`` the value
    it names may lie: a question's word names the value opening its reply, a label before a
    remark in brackets or a form's leader the value after it."""
    if asks_after(text, word_end):
        return REPLY_AFTER_WORD
    return REMARK_AFTER_WORD if remarked_after(text, word_end) else 0


def _touching(
    windows: list[tuple[int, int, int]], ranges: list[tuple[int, int]]
) -> list[tuple[int, int, int]]:
    """Return the ``windows`` (in order, apart) that overlap one of the sorted ``ranges``."""
    kept: list[tuple[int, int, int]] = []
    index, count = 0, len(ranges)
    for window in windows:
        low, high, _ = window
        while index < count and ranges[index][1] <= low:
            index += 1
        if index < count and ranges[index][0] < high:
            kept.append(window)
    return kept


def _merged(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Return sorted ``ranges`` with those that overlap or touch joined."""
    joined: list[tuple[int, int]] = []
    for low, high in ranges:
        if joined and low <= joined[-1][1]:
            if high > joined[-1][1]:
                joined[-1] = (joined[-1][0], high)
        else:
            joined.append((low, high))
    return joined


def _spans(matches: Iterable[regex.Match[str]]) -> list[Span]:
    """Return the span of each match."""
    return [match.span() for match in matches]


def _scan_groups(rules: Sequence[CompiledRule], timeout: float) -> tuple[_ScanGroup, ...]:
    """Group the rules that have a prefilter by its source, guard and anchor."""
    by_source: dict[tuple[str, str | None, str | None], list[CompiledRule]] = {}
    for rule in rules:
        matcher = rule.matcher
        if matcher.prefilter is not None:
            key = (matcher.prefilter, matcher.prefilter_guard, matcher.prefilter_anchor)
            by_source.setdefault(key, []).append(rule)
    groups: list[_ScanGroup] = []
    for (source, guard, declared_anchor), members in by_source.items():
        windowed: list[CompiledRule] = []
        whole: list[CompiledRule] = []
        before = after = lead = 0
        prefilter = regex.compile(source)
        if scan_bounds(prefilter) is None:  # lookarounds in the prefilter: no window proof
            whole = members
        for rule in members if not whole else ():
            bounds = rule.matcher.window_bounds()
            if bounds is None:
                whole.append(rule)
            else:
                windowed.append(rule)
                declared = rule.matcher.prefilter_lead
                rule_lead = bounds[0] if declared is None else min(declared, bounds[0])
                before = max(before, bounds[0])
                after = max(after, bounds[0] + bounds[1])
                lead = max(lead, rule_lead)
        # A guarded hit starts one character before the match: windows still cover it.
        # A declared anchor is guarded too (a stricter guard before some alternatives):
        # a sub-language of the guarded prefilter, so its leftmost starts are as sound.
        anchor = source if guard is None else (declared_anchor or f"(?:^|{guard})(?:{source})")
        groups.append(
            _ScanGroup(
                prefilter,
                anchor,
                tuple(windowed),
                tuple(whole),
                before,
                after,
                lead,
                timeout,
                frozenset(rule.index for rule in members),
                late_start_width(source, guard),
                all(rule.matcher.watches_deadline for rule in windowed),
                _barrier(windowed) if lead >= _BARRIER_FROM_LEAD else None,
            )
        )
    return tuple(groups)


def _barrier(rules: Sequence[CompiledRule]) -> regex.Pattern[str] | None:
    """Return a backwards search for the characters no match of any of ``rules`` holds, or
    None when there are none (or a rule's matches are not its pattern's)."""
    barriers: frozenset[str] | None = None
    for rule in rules:
        pattern = getattr(rule.matcher, "pattern", None)
        if not isinstance(pattern, regex.Pattern):
            return None
        held_by_none = barrier_characters(pattern)
        barriers = held_by_none if barriers is None else barriers & held_by_none
    if not barriers:
        return None
    return regex.compile(
        "[" + "".join(regex.escape(char) for char in sorted(barriers)) + "]", regex.REVERSE
    )


def _windows(
    group: _ScanGroup, hits: Iterable[Span], *, exhaustive: bool, text: str | None = None
) -> list[tuple[int, int, int]]:
    """Return the scan windows ``(low, high, last)`` around a group's prefilter hits.

    A window is scanned from ``low`` to ``high`` and keeps the spans starting
    before ``last`` (the proof is in :meth:`Scanner._scan_group`). Hits are joined in
    order of where their matches may start (``low``): in the order given while that
    order holds (the one pass reports hits by their end, mostly in that order too).
    Given the ``text``, a hit's matches start after the last of the group's barrier
    characters before it (none of its matches holds one, and each holds the hit's
    prefilter match, which starts at or after the hit).
    """
    hits = hits if isinstance(hits, list | tuple) else list(hits)
    before, lead = group.before, group.lead
    # The last barrier in text[low:hit_start], searched backwards.
    barrier = (
        functools.partial(group.barrier.search, text)
        if group.barrier is not None and text is not None
        else None
    )

    def reach() -> Iterator[tuple[int, int]]:
        # With every prefilter match known, a match containing hit [a, b) also starts
        # at or after b - before; with finditer's non-overlapping hits only a - lead.
        for hit_start, hit_end in hits:
            low = hit_start - lead
            if exhaustive and hit_end - before > low:
                low = hit_end - before
            if barrier is not None and low < hit_start:
                found = barrier(max(low, 0), hit_start)
                if found is not None:
                    low = found.end()
            yield low, hit_end if hit_end > hit_start else hit_start + 1

    windows = _joined(reach(), group.after)
    if windows is None:
        windows = _joined(iter(sorted(reach())), group.after)
        assert windows is not None  # sorted
    return windows


def _joined(reach: Iterator[tuple[int, int]], after: int) -> list[tuple[int, int, int]] | None:
    """Return the windows of hits reaching ``(low, last)``, joining a hit that may start
    within ``_WINDOW_MERGE_GAP`` of a window into it; None when the hits are not in
    order of ``low``."""
    windows: list[tuple[int, int, int]] = []
    low, last = next(reach)
    previous = low
    # A hit whose match may start by ``joined`` is scanned with the window before it.
    joined = last - 1 + after + _WINDOW_MERGE_GAP
    for hit_low, hit_last in reach:
        if hit_low < previous:
            return None
        previous = hit_low
        if hit_low <= joined:
            if hit_last > last:
                last = hit_last
                joined = last - 1 + after + _WINDOW_MERGE_GAP
        else:
            windows.append((low, last - 1 + after, last))
            low, last = hit_low, hit_last
            joined = last - 1 + after + _WINDOW_MERGE_GAP
    windows.append((low, last - 1 + after, last))
    return windows


@dataclass(frozen=True)
class StreamCandidates:
    """What a stream's scan needs from the one pass (positions in the scanned text).

    ``served`` are the rules whose prefilter the one pass searches; of those,
    ``last_end`` holds the ones whose prefilter was found, with where its last
    complete match ends. ``values`` and ``candidates`` are those rules' spans,
    as :meth:`~engine_core.matching.Matcher.candidates` gives them from the start.
    """

    values: dict[int, list[Span]]
    candidates: dict[int, list[Span]]
    last_end: dict[int, int]
    served: frozenset[int]
    #: Rules not run: context-required rules none of whose words is in the text.
    skipped: frozenset[int] = frozenset()
    #: The (unordered) hits of each found rule's prefilter, a guard character included.
    hits: dict[int, list[Span]] = field(default_factory=dict)
    #: The rules whose hits begin with a guard character (but at the scan's start, where
    #: the text's start may stand for it): their prefilter match begins one character on.
    guarded: frozenset[int] = frozenset()


class Scanner:
    """Finds every rule's spans in a text, running each rule only where it can match."""

    def __init__(self, rules: Sequence[CompiledRule], match_timeout_s: float) -> None:
        self.rules = tuple(rules)
        # One compiled prefilter per distinct source, shared by the rules that name it.
        self._groups = _scan_groups(self.rules, match_timeout_s)
        # Large texts: one Hyperscan pass finds the hits of every accelerable prefilter.
        # Groups whose every rule needs context words: a text without any of their words
        # skips them all, and the one pass can leave their prefilters out.
        contextual = [
            group
            for group in self._groups
            if all(rule.context is not None and rule.context.required for rule in group.rules)
        ]
        # Each such group is a part of its own: a text with the words of a few groups
        # pays for those alone, not for hits of others it would throw away (the one pass
        # reads everything at once when many parts are needed: AnchorScanner).
        self._parts = {group.anchor: index for index, group in enumerate(contextual)}
        #: The part of each rule of those groups: a part is searched unless all are skipped.
        self._part_of_rule = {
            index: self._parts[group.anchor] for group in contextual for index in group.indexes
        }
        self._partial_rules = frozenset(self._part_of_rule)
        self._anchors = AnchorScanner.build([group.anchor for group in self._groups], self._parts)
        self._optional_parts = frozenset(self._parts.values())
        accelerated = self._anchors.accelerated if self._anchors is not None else frozenset()
        #: The groups the one pass serves, by what it searches; only those with hits run.
        self._by_anchor = {
            group.anchor: group for group in self._groups if group.anchor in accelerated
        }
        #: The groups whose prefilter the one pass cannot take: searched one by one.
        self._searched = tuple(group for group in self._groups if group.anchor not in accelerated)
        self._unfiltered = tuple(rule for rule in self.rules if rule.matcher.prefilter is None)
        #: Per group with several context-required windowed rules: their words, asked per
        #: window (see _scan_group; one such rule alone checks its own words as cheaply).
        self._nearby = {
            group.anchor: NearbyWords(group.windowed)
            for group in self._groups
            if sum(rule.context is not None and rule.context.required for rule in group.windowed)
            > 1
        }
        self._by_index = {rule.index: rule for rule in self.rules}
        #: The context-only groups (by part) a decision may search near their words alone.
        self._located = {
            located.part: located
            for group in contextual
            if (located := _Located.of(group, self._parts[group.anchor])) is not None
            and group.anchor in accelerated
        }
        #: The other context-only groups the one pass serves, by anchor: with the words'
        #: places known, their windows far from every word of theirs are not scanned (a
        #: value that counts lies within this reach of one; see _Located).
        self._word_reach = {
            group.anchor: max(rule.context.window for rule in group.rules if rule.context) + 1
            for group in contextual
            if group.anchor in accelerated
            and self._parts[group.anchor] not in self._located
            and not group.whole
        }
        #: The indexes of the rules whose prefilter the one pass searches.
        self.served = frozenset(
            index for group in self._by_anchor.values() for index in group.indexes
        )

    def find(
        self,
        text: str,
        start: int = 0,
        end: int | None = None,
        encoded: bytes | None = None,
        skip: frozenset[int] = frozenset(),
        *,
        contextual: bool = False,
        words: Sequence[WordSpan] | None = None,
    ) -> list[Finding]:
        """Return, in rule order, the findings of every rule that matched ``text[start:end]``.

        ``encoded`` is ``scan_bytes(text).data`` when the caller already has it; the
        rules whose indexes are in ``skip`` are not run. With ``contextual`` (the caller
        applies required context), a context-required rule's values are looked for only
        where a word of the rule is near; ``words`` (from
        :meth:`~engine_core.evaluation.context_words.ContextWords.locate`) lets a
        context-only group be searched around its words instead of the whole text.
        """
        stop = len(text) if end is None else end
        ends_by = deadline.current()
        found: dict[int, list[Span]] = {}
        for rule in self._unfiltered:
            if rule.index in skip:
                continue
            spans = rule.matcher.find(text, start, stop)
            if spans:
                found[rule.index] = spans
        anchors = self._anchors
        if anchors is not None:
            # An accelerated prefilter with no hit: its group cannot match, and is not visited.
            parts = self._running_parts(skip)
            indexed = _WordsByOwners(text, words) if contextual and words is not None else None
            near_words = (
                self._near_words(text, start, stop, skip, parts, indexed)
                if indexed is not None
                else []
            )
            searched = self._parts_left(parts, near_words)
            for anchor, hits in anchors.scan(text, start, stop, encoded, parts=searched).items():
                group = self._by_anchor[anchor]
                if not (skip and group.indexes <= skip):
                    deadline.check(ends_by)
                    nearby = self._nearby.get(anchor) if contextual else None
                    worded = (
                        self._worded(group, start, stop, skip, indexed)
                        if indexed is not None
                        else None
                    )
                    self._scan_group(
                        group, text, start, stop, found, skip, hits, ends_by, nearby, worded
                    )
            for anchor, regions in self._region_hits(text, near_words, encoded).items():
                group = self._by_anchor[anchor]
                nearby = self._nearby.get(anchor)
                for low, hits in regions:
                    # From a place no match spans: as the whole-text search from there.
                    self._scan_group(group, text, low, stop, found, skip, hits, ends_by, nearby)
        for group in self._searched:
            if not (skip and group.indexes <= skip):
                deadline.check(ends_by)
                nearby = self._nearby.get(group.anchor) if contextual else None
                self._scan_group(group, text, start, stop, found, skip, None, ends_by, nearby)
        by_index = self._by_index
        return [Finding(by_index[index], tuple(sorted(found[index]))) for index in sorted(found)]

    def stream_candidates(
        self,
        text: str,
        start: int,
        skip: frozenset[int] = frozenset(),
        skipped_reach: int | None = None,
        words: Sequence[WordSpan] | None = None,
    ) -> StreamCandidates:
        """Return the values and candidates, from ``start``, of the rules the one pass serves
        (but those in ``skip``).

        Skipped rules' prefilters are searched too (a stream holds text back near their
        hits); with ``skipped_reach``, the parts of the pass that hold only skipped
        rules are searched in the last ``skipped_reach`` characters alone. With ``words``
        (:meth:`~engine_core.evaluation.context_words.ContextWords.locate`), a running
        context-only group may be searched around its words and in its tail alone.
        """
        anchors = self._anchors
        if anchors is None:
            return StreamCandidates({}, {}, {}, frozenset())
        stop = len(text)
        values: dict[int, list[Span]] = {}
        candidates: dict[int, list[Span]] = {}
        last_end: dict[int, int] = {}
        prefilter_hits: dict[int, list[Span]] = {}
        running = None if skipped_reach is None else self._running_parts(skip)
        near_words = (
            self._near_words(
                text, start, stop, skip, running, _WordsByOwners(text, words), stream=True
            )
            if words is not None and stop - start >= STREAM_NEAR_WORDS_FROM
            else []
        )
        by_anchor = anchors.scan(text, start, stop, parts=self._parts_left(running, near_words))
        if running is not None and (idle := self._optional_parts - running):
            tail = max(start, stop - (skipped_reach or 0))
            by_anchor.update(anchors.scan(text, tail, stop, parts=idle, optional_only=True))
        # A group searched near its words: its hits per region, each region's windows
        # from the region's start (a place no match spans).
        regions_of = self._region_hits(text, near_words)
        for anchor, regions in regions_of.items():
            by_anchor[anchor] = [hit for _, hits in regions for hit in hits]
        for anchor, hits in by_anchor.items():
            group = self._by_anchor[anchor]
            last = max(map(_HIT_END, hits))
            for index in group.indexes:
                last_end[index] = last
                prefilter_hits[index] = hits
            if skip and group.indexes <= skip:
                continue
            starts: list[int] | None = None
            for rule in group.whole:
                if rule.index in skip:
                    continue
                lead = rule.matcher.prefilter_lead
                if lead is None:
                    values[rule.index], candidates[rule.index] = rule.matcher.candidates(
                        text, start
                    )
                    continue
                if starts is None:
                    starts = group.near_starts(hits)
                values[rule.index], candidates[rule.index] = rule.matcher.candidates_near(
                    text, starts, lead + group.shift, start
                )
            if not group.windowed:
                continue
            if anchor in regions_of:
                windows = [
                    (max(low, region_start), high, window_last)
                    for region_start, region_hits in regions_of[anchor]
                    for low, high, window_last in _windows(group, region_hits, exhaustive=True)
                ]
            else:
                windows = _windows(group, hits, exhaustive=True)
            for rule in group.windowed:
                if rule.index in skip:
                    continue
                found: list[Span] = []
                crossing: list[Span] = []
                for low, high, window_last in windows:
                    window_start, window_stop = max(low, start), min(high, stop)
                    found_here, crossing_here = rule.matcher.candidates_in_window(
                        text, window_start, window_stop, window_last, stop
                    )
                    found += found_here
                    crossing += crossing_here
                values[rule.index], candidates[rule.index] = found, crossing
        guarded = frozenset(
            index
            for anchor in by_anchor
            if self._by_anchor[anchor].shift
            for index in self._by_anchor[anchor].indexes
        )
        return StreamCandidates(
            values, candidates, last_end, self.served, skip, prefilter_hits, guarded
        )

    def _near_words(
        self,
        text: str,
        start: int,
        stop: int,
        skip: frozenset[int],
        parts: Collection[int] | None,
        words: _WordsByOwners,
        *,
        stream: bool = False,
    ) -> list[tuple[_Located, list[tuple[int, int]]]]:
        """Return the running context-only groups to search near their words, with the
        regions of ``text[start:stop]`` to search (docs/architecture.md, "Context"); for
        a ``stream``, each group's tail is searched too."""
        chosen: list[tuple[_Located, list[tuple[int, int]]]] = []
        running = self._located.keys() if parts is None else self._located.keys() & parts
        for part in running:
            located = self._located[part]
            if stream and located.tail is None:
                continue
            active = located.group.indexes - skip
            tail = (located.tail or 0) if stream else 0
            regions = located.regions(text, start, stop, words, active, tail)
            if regions is not None:
                chosen.append((located, regions))
        return chosen

    def _worded(
        self,
        group: _ScanGroup,
        start: int,
        stop: int,
        skip: frozenset[int],
        words: _WordsByOwners,
    ) -> list[tuple[int, int]] | None:
        """Return the sorted ranges of ``text[start:stop]`` a value of ``group`` can touch,
        when it is a context-only group the one pass serves but cannot search near its
        words alone (:attr:`_word_reach`); else None."""
        reach = self._word_reach.get(group.anchor)
        if reach is None:
            return None
        return _merged(sorted(words.reaches(start, stop, group.indexes - skip, reach)))

    def _parts_left(
        self,
        parts: Collection[int] | None,
        near_words: list[tuple[_Located, list[tuple[int, int]]]],
    ) -> Collection[int] | None:
        """Return the optional parts the one pass reads: ``parts`` (None: all) but those
        searched near their words."""
        if not near_words:
            return parts
        located = {located.part for located, _ in near_words}
        return set(self._optional_parts if parts is None else parts) - located

    def _region_hits(
        self,
        text: str,
        near_words: list[tuple[_Located, list[tuple[int, int]]]],
        encoded: bytes | None = None,
    ) -> dict[str, list[tuple[int, list[Span]]]]:
        """Return, per group searched near its words, each region's start and its hits
        (regions without hits left out; a look at the decision's deadline per region;
        ``encoded``: ``scan_bytes(text).data`` when the caller has it)."""
        anchors = self._anchors
        assert anchors is not None  # only groups the one pass serves are located
        ends_by = deadline.current()
        found: dict[str, list[tuple[int, list[Span]]]] = {}
        for located, regions in near_words:
            anchor, part = located.group.anchor, {located.part}
            for low, high in regions:
                deadline.check(ends_by)
                by_anchor = anchors.scan(text, low, high, encoded, parts=part, optional_only=True)
                hits = by_anchor.get(anchor)
                if hits:
                    found.setdefault(anchor, []).append((low, hits))
        return found

    def wait_joined(self, timeout: float | None = None) -> bool:
        """Wait until the one pass's joined databases exist (or never will): True when so."""
        return self._anchors is None or self._anchors.wait_joined(timeout)

    def _running_parts(self, skip: frozenset[int]) -> set[int] | None:
        """Return the optional parts of the one pass with a rule not in ``skip`` (None: all)."""
        if not skip:
            return None
        part_of = self._part_of_rule
        return {part_of[index] for index in self._partial_rules - skip}

    @staticmethod
    def _scan_whole(
        group: _ScanGroup,
        text: str,
        start: int,
        stop: int,
        found: dict[int, list[Span]],
        skip: frozenset[int],
        known_hits: list[Span] | None,
        ends_by: int | None = None,
    ) -> None:
        """Add the spans of the group's rules without a window proof to ``found`` (a look
        at the decision's deadline ``ends_by`` before each rule).

        With every prefilter match known and a rule's lead known, only starts near
        a hit are attempted (:meth:`Matcher.find_near`); a guarded hit starts one
        character before its prefilter match, hence one more character of lead.
        """
        starts: list[int] | None = None
        for rule in group.whole:
            if rule.index in skip:
                continue
            deadline.check(ends_by)
            lead = rule.matcher.prefilter_lead
            if known_hits is not None and lead is not None:
                if starts is None:
                    starts = group.near_starts(known_hits)
                spans = rule.matcher.find_near(text, starts, lead + group.shift, start, stop)
            else:
                spans = rule.matcher.find(text, start, stop)
            if spans:
                found.setdefault(rule.index, []).extend(spans)

    @staticmethod
    def _scan_group(
        group: _ScanGroup,
        text: str,
        start: int,
        stop: int,
        found: dict[int, list[Span]],
        skip: frozenset[int],
        known_hits: list[Span] | None = None,
        ends_by: int | None = None,
        nearby: NearbyWords | None = None,
        worded: list[tuple[int, int]] | None = None,
    ) -> None:
        """Add the spans of one prefilter group's rules to ``found`` (by ``ends_by``, the
        decision's deadline: :mod:`engine_core.deadline`); with ``nearby``, a
        context-required rule is run only in windows with a word of its own near them;
        with ``worded`` (the sorted ranges a value of the group's context-only rules can
        touch), only the windows overlapping one are scanned.

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
            hits: Sequence[Span]
            if known_hits is not None:
                hits = known_hits
            else:
                hits = _spans(group.prefilter.finditer(text, start, stop, timeout=group.timeout))
            if not hits:
                return
            if group.whole:
                Scanner._scan_whole(group, text, start, stop, found, skip, known_hits, ends_by)
            if not group.windowed:
                return
            dense = len(hits) * (group.after + _WINDOW_MERGE_GAP) >= stop - start
            if dense and group.one_window:
                # Hits this dense join into about one window: the range is that window (the
                # whole-range scan the windows reproduce), without a window per hit; its rules
                # look at the deadline as they go.
                windows = [(start, stop, stop)]
            else:
                windows = _windows(group, hits, exhaustive=known_hits is not None, text=text)
            if worded is not None:
                windows = _touching(windows, worded)
        except TimeoutError:
            raise DecisionBudgetExceededError(
                (group.windowed or group.whole)[0].rule_id,
                "regex_timeout_ms",
                group.timeout * 1000,
                group.timeout * 1000,
            ) from None
        # Per window, the context-required rules with a word near it: asked once for all
        # when several of them run (one rule alone checks its own words as cheaply).
        asked = nearby.indexes - skip if nearby is not None else frozenset()
        near: list[set[int]] = []
        if nearby is not None and len(asked) > 1:
            near = [nearby.near(text, max(low, start), min(high, stop)) for low, high, _ in windows]
        for rule in group.windowed:
            if rule.index in skip:
                continue
            matcher = rule.matcher
            ruled = windows
            if near and rule.index in asked:
                # Only the windows with a word of the rule near: nothing elsewhere would count.
                ruled = [
                    window
                    for window, words in zip(windows, near, strict=True)
                    if rule.index in words
                ]
            spans: list[Span] = []
            # With a deadline, a checkpoint every CHECK_EVERY_WINDOWS windows.
            batches = (
                [ruled]
                if ends_by is None
                else [
                    ruled[first : first + CHECK_EVERY_WINDOWS]
                    for first in range(0, len(ruled), CHECK_EVERY_WINDOWS)
                ]
            )
            for batch in batches:
                deadline.check(ends_by)
                for low, high, last in batch:
                    window_start, window_stop = max(low, start), min(high, stop)
                    spans.extend(
                        matcher.find_in_window(text, window_start, window_stop, last, stop)
                    )
            if spans:
                found.setdefault(rule.index, []).extend(spans)
