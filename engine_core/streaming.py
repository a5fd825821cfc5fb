"""Streaming sessions: release text as it arrives, never a value (docs/architecture.md).

A :class:`StreamSession` receives the text ``T`` of a stream in pieces
(``push``), releases cleaned text as soon as it is safe, and releases the rest
at ``flush``. What it releases, concatenated, is what the full-text evaluation
of ``T`` would put in ``clean_text`` (each rule's remedy applied to the same
spans), as long as the stream does not block.

How it decides what is safe
---------------------------

The session keeps the unreleased text (from source offset ``r``) plus up to
:data:`CONTEXT_CHARS` already-released characters before it, so look-behind
and ``\\b`` see the real preceding text (more where a rule's context window is
wider: a context word before a value is there as evaluation sees it). A *scan*
of that buffer (``n`` is the number of characters received) does, per rule:

* finds the rule's values (and, for a matcher that validates candidates, such
  as a checksum type, the raw pattern candidates too) from ``r`` on;
* asks the matcher where a match that more text could still change starts
  (``growing_start``: for regular expressions the earliest start whose
  attempt reads the end of the buffer, which covers partial matches, greedy
  or optional parts and look-aheads that ran out of text, and complete
  matches ending at the end); ``g`` is the earliest over all rules.

Most rules are served by the pack's one prefilter pass
(:meth:`~engine_core.evaluation.CompiledPack.stream_candidates`): their values
and candidates come from scan windows around prefilter hits, as in
``evaluate``, and a rule whose prefilter has no complete match ending within
its reach of the end, and whose lead is short, cannot start a growing match
before a partial prefilter match at the end: such rules share one bound (the
most of their prefilter reach plus lead before the end) and are not asked.
A context-required rule none of whose words is in the buffer is not run: its
values could only count if a word arrives later, so only text within its
context window plus twice its reach of the end is held back for it, and only
while its prefilter has a hit there.

Then it picks the cut ``c``: the position just after the last whitespace ``w``
with ``r <= w``, ``w <= n - lookahead_chars`` and ``c <= g``, that is not
strictly inside any value or candidate; it releases ``T[r:c]`` with every value
in it replaced by its rule's remedy (overlapping values merged as in
:func:`engine_core.evaluation.verdict.merge`) and
sets ``r = c``. ``flush`` releases everything left (the text is then final).

Why it equals the full-text evaluation: a rule's matches are a left-to-right
sequence (``finditer``). Attempts that start before ``g`` never read past the
buffer, so their outcome is the same in the final text; hence every value or
candidate starting before ``g`` is final. No final value or candidate crosses
a cut (values ending beyond it start at or after ``g >= c``, and the cut is
never inside a known one), so the sequence of the final text restricted to
``[c, ...)`` is exactly the sequence a search from ``c`` produces: each cut is
a synchronisation point, and each released piece is the final text's piece.
A redaction token is inserted whole, so neither a value nor a token is ever
split across two released chunks.

Fatal values: a final value (one starting before its own rule's growth
start, or any value at flush) of a FATAL rule (the built-in pack's national
IDs and cards, a compiled pack's ``block`` rules) blocks the session when
``block_on_fatal`` is true. The scan
that finds it releases nothing; its push or flush returns a blocked chunk
last, and every later push and flush raises :class:`StreamBlockedError`. With
``block_on_fatal`` false such a value is replaced by its remedy's
replacement (the ``block`` remedy's is the redaction token) and the stream
goes on. A compiled pack's ``block`` rule withholds the whole text in
``evaluate`` (``[BLOCKED]``), which a stream that already released text
cannot reproduce, so the equality above holds only when no such rule fires.

Budget: a compiled pack's ``budget.max_latency_ms`` bounds each push and
flush as it bounds one evaluate (:mod:`engine_core.budget`). A push or flush
over budget, or one whose regex scan timed out, releases nothing, blocks the
session (reason: the budget error's message) and raises
:class:`DecisionBudgetExceededError`; later pushes and flushes raise
:class:`StreamBlockedError`. The SSE simulation ends with the blocked event.

Rules that cannot tell growth (``matcher.can_tell_growth`` false) are never
released early: the session holds everything back until ``flush``, unless
the matcher declares ``growth_window`` (an int ``W``: an attempt starting at
``s`` never reads at or beyond ``s + W``); then text more than ``W``
characters before the end is treated as settled for that rule. While text is
held back, scans still run (on the same schedule) so that a fatal value of a
rule that can tell growth blocks the stream before ``flush``.

Linear work
-----------

A scan costs time proportional to its buffer (join, one pass per rule for
values, one for growth, a backwards search for the cut), and runs only when
the characters received since the previous scan are at least
``1/SCAN_GROWTH_DIVISOR`` of the buffer (and an eligible whitespace exists).
Summed over a stream of ``N`` characters, scans handle at most
``SCAN_GROWTH_DIVISOR * N`` characters, plus the buffer once at ``flush``:
each character is scanned a bounded number of times whatever the chunk
sizes (``scanned_chars`` counts it; the tests and
``benchmarks/bench_streaming.py`` check it). Release happens at scans, so
text comes out in pieces of roughly the buffer size, never later than
``flush``.

A scan also has a fixed cost (the one pass's databases, each rule's growth),
so a fast stream waits for more text: a scan runs once ``1/SCAN_WAIT_SHARE``
of the text received so far has arrived since the last one, at most
``SCAN_WAIT_CHARS`` characters, or once ``SCAN_DELAY_NS`` passed since it.
A short stream, or a slow one (a model's tokens), is scanned as soon as a
scan could release text; a long fast one (a log, a bulk push) is scanned
about every ``SCAN_WAIT_CHARS`` characters, at close to ``evaluate``'s cost
per character. Only when text comes out changes, never what.

Growth is asked cheaply: a rule's attempts that the last scan found settled
did not read its end, so they stay settled; and an attempt that reads the end
holds a prefilter match near its start, so for rules the one pass serves only
the starts near their hits, and the tail a cut prefilter match could start in,
are tried (:meth:`~engine_core.matching.Matcher.growing_start_near`).

Limits: look-behind is served up to :data:`CONTEXT_CHARS` characters; a
matcher's ``find`` must be consistent from a position that no candidate of
it crosses (``RegexMatcher`` and the plugin keyword matcher are).

License: a session counts as one decision, authorised when it starts
(:meth:`Engine.stream_session <engine_core.engine.Engine.stream_session>`).
"""

from __future__ import annotations

import bisect
import threading
import time
import weakref
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NoReturn

import regex

from . import deadline
from .budget import DecisionBudget, elapsed_ms
from .constants import DEFAULT_LOOKAHEAD_CHARS, MIN_LOOKAHEAD_CHARS
from .errors import (
    CodonRuntimeError,
    DecisionBudgetExceededError,
    EngineRuntimeError,
    StreamBlockedError,
)
from .evaluation import CompiledPack, CompiledRule, Finding
from .evaluation.columns import ColumnRead, StreamColumns, Table, in_view
from .evaluation.occurrences import KnownValues
from .evaluation.resolution import MIN_PROPAGATED_CHARS, propagate_verbatim, resolve
from .evaluation.verdict import block_reason, merge, redact
from .matching import Span, scan_bounds
from .model import FATAL, StreamChunk
from .normalization import normalized_view

__all__ = [
    "ACTIVE",
    "BLOCKED",
    "COMPLETED",
    "CONTEXT_CHARS",
    "SCAN_GROWTH_DIVISOR",
    "StreamSession",
    "astream_filter",
    "stream_filter",
]

#: Already-released characters kept before the unreleased text for look-behind.
CONTEXT_CHARS = 64
#: A scan runs once the text received since the last one is >= buffer / this.
SCAN_GROWTH_DIVISOR = 2
#: Nor before 1/SCAN_WAIT_SHARE of the text received so far (at most SCAN_WAIT_CHARS)
#: arrived since the last one, unless SCAN_DELAY_NS passed since it: a long, fast stream
#: (a log, a bulk push) shares a scan's fixed cost among many characters; a short one,
#: or a slow one (a model's tokens), is scanned as soon as a scan could release text.
#: (Both are set from benchmarks/bench_dense.py: a scan's growth questions and database
#: passes cost about a millisecond whatever its length; at 8 KB that was a third of a dense
#: stream's time, at 64 KB under a tenth. A half, and 128 KB: a fast 1 MB stream of
#: 4-character pieces took 210 ms with a third and 64 KB, 184 ms with a half and 128 KB,
#: against 96 ms to evaluate it.)
SCAN_WAIT_SHARE = 2
SCAN_WAIT_CHARS = 131072
SCAN_DELAY_NS = 20_000_000
#: The clock the scan schedule reads (bound once: a fast stream reads it at each push).
_clock = time.perf_counter_ns

ACTIVE = "active"
BLOCKED = "blocked"
COMPLETED = "completed"

_WHITESPACE = regex.compile(r"\s")
_LAST_WHITESPACE = regex.compile(r"(?r)\s")


@dataclass(frozen=True)
class _RulePlan:
    """How a session scans one rule."""

    rule: CompiledRule
    prefilter: regex.Pattern[str] | None
    #: Characters after which the rule's attempts are settled, when it cannot tell growth.
    growth_window: int | None
    #: Longest match plus right context, when the matcher bounds them: attempts that
    #: start further than this before the end cannot read it.
    reach: int | None
    #: How far before its prefilter match a match can start (the declared lead, else the
    #: longest match), or None when unknown.
    lead: int | None
    #: How far a prefilter match (with its right context) reads, or None when unbounded.
    prefilter_reach: int | None


@dataclass
class _Scan:
    """What one scan of the buffer found (positions local to the buffer)."""

    findings: list[Finding]
    avoid: list[Span]
    growth: int
    fatal: list[CompiledRule]


def _plan(rule: CompiledRule) -> _RulePlan:
    matcher = rule.matcher
    prefilter = regex.compile(matcher.prefilter) if matcher.prefilter is not None else None
    window = matcher.growth_window
    growth_window = (
        window if not matcher.can_tell_growth and isinstance(window, int) and window > 0 else None
    )
    bounds = matcher.window_bounds()
    reach = None if bounds is None else bounds[0] + bounds[1]
    lead = matcher.prefilter_lead if matcher.prefilter_lead is not None else None
    if lead is None and bounds is not None:
        lead = bounds[0]
    prefilter_bounds = scan_bounds(prefilter) if prefilter is not None else None
    prefilter_reach = None if prefilter_bounds is None else sum(prefilter_bounds)
    return _RulePlan(rule, prefilter, growth_window, reach, lead, prefilter_reach)


#: Rules whose attempts read at most this far are also held back that far while their
#: prefilter is present (a bound on partial matching's answer); longer ones rely on it.
HELD_REACH = 160

#: Served rules whose prefilter reach plus lead is at most this share one growth bound while
#: their prefilter is absent near the end (longer ones are asked where a partial match
#: begins): text is held back that far at most for them.
QUIET_REACH = DEFAULT_LOOKAHEAD_CHARS + 12

#: A rule whose matches start at most this far before their prefilter match is settled by
#: the prefilter's absence alone (a stream holds back this much by default anyway); with a
#: longer lead that would hold back too much, so such a rule is asked where a growing
#: match starts instead.
SHORT_LEAD = DEFAULT_LOOKAHEAD_CHARS


def _absent_from(prefilter: regex.Pattern[str], text: str, start: int) -> int | None:
    """Return None when ``prefilter`` matches ``text[start:]``, else where its leftmost
    partial match (one that reaches the end) begins, or the end when it has none."""
    if prefilter.search(text, start) is not None:
        return None
    # A partial match reaches the end: it starts at most the prefilter's longest match
    # before it, so only that tail is searched (partial matching is slow on long texts).
    bounds = scan_bounds(prefilter)
    return _partial_start(prefilter, text, start, len(text) if bounds is None else sum(bounds))


def _partial_start(prefilter: regex.Pattern[str], text: str, start: int, reach: int) -> int:
    """Return where a prefilter match still arriving at the end of ``text`` may begin (the
    end when none can), given that no complete match ends in the last ``reach`` characters."""
    tail = max(start, len(text) - reach)
    found = prefilter.search(text, tail, partial=True)
    if found is None:
        return len(text)
    return found.start() if found.partial else tail


@dataclass(frozen=True)
class _Layout:
    """How a stream scans one compiled pack's rules, worked out once per pack."""

    plans: tuple[_RulePlan, ...]
    #: Context-required rules a scan may skip when their words are absent: those whose
    #: attempts read a bounded length, so that their values near the end can be held.
    skippable: frozenset[int]
    #: Rules the one pass serves whose prefilter reach plus lead is at most QUIET_REACH:
    #: while their prefilter is absent near the end they share one growth bound.
    quiet_plans: dict[int, _RulePlan]
    #: That bound: the most of their prefilter reach plus lead (0 when there are none).
    quiet: int
    #: Whether a quiet rule has context words.
    quiet_context: bool
    #: The plans every scan visits (the quiet ones only when their prefilter is found).
    visited: tuple[_RulePlan, ...]
    #: How far before the end a skipped rule's prefilter hit can hold text back (its
    #: context window, twice its reach, its prefilter's reach and a guard character), or
    #: None when one of them is unbounded.
    skipped_reach: int | None
    #: Already-released characters a scan keeps before the unreleased text: look-behind
    #: (CONTEXT_CHARS), every rule's context window, and the reach of a question's word
    #: before its line break, so a word before a value that evaluate would see is still
    #: there (docs/architecture.md, "Streaming").
    lookback: int
    #: What it keeps when that text holds a line break: a reply's value may then open a
    #: line after a question's, as far back as a reply's reach (Context.reply_reach).
    reply_lookback: int
    #: Whether every rule can say what is settled: only then are scans before flush useful
    #: for releasing text.
    can_release: bool
    #: Whether a fatal rule can say what is settled: scans before flush may then block early.
    fatal_tells_growth: bool
    #: Whether another value can show a rule's country (``country_categories``,
    #: ``country_values``): a scan then gives resolution the values released before it.
    values_show_countries: bool


def _tells_growth(plan: _RulePlan) -> bool:
    """True when a scan can say where the rule's matches that more text could change begin."""
    return plan.rule.matcher.can_tell_growth or plan.growth_window is not None


def _layout(compiled: CompiledPack) -> _Layout:
    plans = tuple(_plan(rule) for rule in compiled.rules)
    served = compiled.one_pass_rules
    quiet = {
        plan.rule.index: plan
        for plan in plans
        if plan.rule.index in served
        and plan.lead is not None
        and plan.prefilter_reach is not None
        and plan.lead + plan.prefilter_reach <= QUIET_REACH
    }
    skippable = frozenset(
        plan.rule.index
        for plan in plans
        if plan.reach is not None and plan.rule.context is not None and plan.rule.context.required
    )
    return _Layout(
        plans=plans,
        skippable=skippable,
        quiet_plans=quiet,
        quiet=max(
            ((plan.prefilter_reach or 0) + (plan.lead or 0) for plan in quiet.values()), default=0
        ),
        quiet_context=any(plan.rule.context is not None for plan in quiet.values()),
        visited=tuple(plan for plan in plans if plan.rule.index not in quiet),
        skipped_reach=_skipped_reach([plan for plan in plans if plan.rule.index in skippable]),
        # A word counts when it starts within the window before the value, or, the word of
        # a reply's question or a label before a remark or a leader, its reach before it;
        # one more character for the look-behind of its word boundary.
        lookback=max(
            CONTEXT_CHARS,
            max(
                (
                    max(
                        plan.rule.context.reach,
                        plan.rule.context.question_reach,
                        plan.rule.context.remark_reach,
                    )
                    + 1
                    for plan in plans
                    if plan.rule.context is not None
                ),
                default=0,
            ),
        ),
        reply_lookback=max(
            (plan.rule.context.reply_reach + 1 for plan in plans if plan.rule.context is not None),
            default=0,
        ),
        can_release=all(map(_tells_growth, plans)),
        fatal_tells_growth=any(
            plan.rule.severity == FATAL and _tells_growth(plan) for plan in plans
        ),
        values_show_countries=any(
            plan.rule.context is not None
            and (plan.rule.context.country_categories or plan.rule.context.country_values)
            for plan in plans
        ),
    )


def _skipped_reach(plans: list[_RulePlan]) -> int | None:
    """Return how far before the end a hit of these (skippable) rules holds text back."""
    reaches = [
        None
        if plan.prefilter_reach is None or plan.reach is None or plan.rule.context is None
        else plan.rule.context.window + 2 * plan.reach + plan.prefilter_reach + 1
        for plan in plans
    ]
    if None in reaches:
        return None
    return max((reach for reach in reaches if reach is not None), default=0)


_layouts_lock = threading.Lock()
_layouts: weakref.WeakKeyDictionary[CompiledPack, _Layout] = weakref.WeakKeyDictionary()


def _layout_of(compiled: CompiledPack) -> _Layout:
    """Return how a stream scans a pack's rules, made once per compiled pack."""
    with _layouts_lock:
        layout = _layouts.get(compiled)
        if layout is None:
            layout = _layouts[compiled] = _layout(compiled)
        return layout


def _growth_start(
    plan: _RulePlan, candidates: list[Span], start: int, end: int, earliest: int = 0
) -> int:
    """Return where to ask for growth: ``start``, or a later synchronisation point.

    When the rule's attempts read at most ``reach`` characters, those starting
    before ``end - reach`` are settled; and none starts before ``earliest`` (see
    :func:`_earliest_attempt`). The search may begin at the later of the two, or at
    the start of the candidate that crosses it (a position the rule's own
    left-to-right scan visits, so the matches from there are the same).
    """
    tail = max(earliest, start if plan.reach is None else end - plan.reach)
    if tail <= start:
        return start
    for span_start, span_end in reversed(candidates):
        if span_end <= tail:
            break
        if span_start < tail:
            return span_start
    return tail


def _earliest_attempt(plan: _RulePlan, hits: list[Span] | None, start: int, end: int) -> int:
    """Return a position no attempt that reads the end of the text starts before (0 when
    unknown), from the rule's prefilter hits.

    Such an attempt is the beginning of a match in a longer text, which holds a
    prefilter match at most ``lead`` characters into it: one of ``hits`` (found
    with a guard character before it), or one the end cuts, which starts within the
    prefilter's reach of the end.
    """
    if plan.lead is None or plan.prefilter_reach is None:
        return 0
    low = start if plan.reach is None else end - plan.reach  # earlier attempts are settled
    first = min((hit for hit, _ in hits or () if hit >= low - 1), default=end)
    return min(first, end - plan.prefilter_reach) - plan.lead - 1


def _rule_growth(
    plan: _RulePlan,
    text: str,
    start: int,
    candidates: list[Span],
    absent: int | None,
    present: bool,
    earliest: int = 0,
    asked: dict[int, int] | None = None,
    hits: list[Span] | None = None,
    guarded: bool = True,
) -> int:
    """Return where a match of the rule that more text could change may start.

    ``absent``: where a partial prefilter match at the end begins (None when the
    prefilter matches in full); ``present``: the prefilter matches in full;
    ``earliest``: no such match starts before it. When the matcher is asked, its
    answer (the end when nothing grows) goes into ``asked`` under the rule's index.
    ``hits``: the rule's prefilter hits, when the one pass found them (``guarded``:
    each begins with a guard character, but at ``start``).
    """
    end = len(text)
    matcher = plan.rule.matcher
    if absent is not None and plan.lead is not None and plan.lead <= SHORT_LEAD:
        # Every match contains a prefilter match starting at most ``lead`` into it, and
        # none starts before ``absent``: no match can start before ``absent - lead``.
        rule_growth = max(start, absent - plan.lead)
    elif matcher.can_tell_growth:
        sync = _growth_start(plan, candidates, start, end, earliest)
        lead, prefilter_reach = plan.lead, plan.prefilter_reach
        if hits is not None and lead is not None and prefilter_reach is not None:
            # An attempt that reads the end holds a prefilter match at most ``lead`` into it:
            # a hit (found with a guard character before it), or one the end cuts.
            cut = max(earliest, end - prefilter_reach - lead - 1)
            tail = _growth_start(plan, candidates, start, end, cut)
            shift = 1 if guarded else 0  # a guarded hit begins with its guard character
            starts = sorted(
                {
                    begin
                    for hit, _ in hits
                    if sync - 1 <= hit < tail + lead
                    # at the scan's start the text's start may stand for the guard
                    for begin in range(hit + shift - lead - (hit == start), hit + shift + 1)
                    if sync <= begin < tail
                }
            )
            position = matcher.growing_start_near(text, starts, tail, sync)
        else:
            position = matcher.growing_start(text, sync)
        rule_growth = end if position is None else max(position, start)
        if asked is not None:
            asked[plan.rule.index] = rule_growth
        if present and plan.reach is not None and plan.reach <= HELD_REACH:
            # Belt and braces for patterns whose partial matching under-reports
            # (atomic groups, possessive repeats): an attempt that starts within
            # its reach of the end may still read it.
            rule_growth = min(rule_growth, max(start, end - plan.reach))
    elif plan.growth_window is not None:
        rule_growth = max(start, end - plan.growth_window)
    else:
        rule_growth = start
    # Belt and braces: a value or candidate touching the end may still change; one
    # whose context (or country) window reaches the end may still gain or lose its context.
    context = plan.rule.context
    reach = 0 if context is None else context.reach
    touching = [first for first, last in candidates if last + reach >= end]
    return min([rule_growth, *touching])


def _arriving_occurrence(text: str, start: int, findings: Sequence[Finding]) -> int:
    """Return where in ``text[start:]`` the first unfinished occurrence of a value of
    ``findings`` begins at the end (a start of that value, cut short by the end), or the
    end: once released, the value is propagated to every later occurrence."""
    end = len(text)
    earliest = end
    for finding in findings:
        for first, last in finding.spans:
            size = last - first
            if size < MIN_PROPAGATED_CHARS:
                continue
            value = text[first:last]
            position = text.find(value[0], max(start, end - size + 1, last))
            while 0 <= position < earliest:
                if value.startswith(text[position:]):
                    earliest = position
                    break
                position = text.find(value[0], position + 1)
    return earliest


def _first_unsettled_occurrence(
    text: str, findings: Sequence[Finding], start: int, settled: int
) -> int:
    """Return where in ``text[start:]`` the first occurrence begins that a value of
    ``findings`` ending after ``settled`` would add to its rule's spans if it stays
    (``len(text)``: none)."""
    first = len(text)
    for finding in findings:
        own: set[Span] | None = None
        for low, high in finding.spans:
            if high <= settled or high - low < MIN_PROPAGATED_CHARS:
                continue
            value, length = text[low:high], high - low
            found = text.find(value, start, first + length - 1)
            while found >= 0:
                own = set(finding.spans) if own is None else own
                if (found, found + length) not in own:
                    first = found
                    break
                found = text.find(value, found + 1, first + length - 1)
    return first


def _union(spans: list[Span]) -> tuple[list[int], list[int]]:
    """Return the starts and ends of the union of ``spans`` (disjoint, sorted)."""
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(spans):
        if ends and start < ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


class StreamSession:
    """One stream: ``push`` pieces of text, get released chunks; ``flush`` at the end.

    States: ``active`` (accepts push and flush), ``blocked`` (a fatal value
    was met with ``block_on_fatal``; push and flush raise StreamBlockedError),
    ``completed`` (after flush; push and flush raise EngineRuntimeError
    ``stream completed``). Only a new session clears a block.
    """

    def __init__(
        self,
        compiled: CompiledPack,
        *,
        lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
        block_on_fatal: bool = True,
        budget: DecisionBudget | None = None,
    ) -> None:
        if (
            not isinstance(lookahead_chars, int)
            or isinstance(lookahead_chars, bool)
            or lookahead_chars < MIN_LOOKAHEAD_CHARS
        ):
            raise ValueError(
                f"lookahead_chars must be an integer >= {MIN_LOOKAHEAD_CHARS}, "
                f"got {lookahead_chars!r}"
            )
        if not isinstance(block_on_fatal, bool):
            raise ValueError(f"block_on_fatal must be true or false, got {block_on_fatal!r}")
        self._compiled = compiled
        self._budget = budget or DecisionBudget(compiled.pack_id)
        # Without a budget a push is not timed (single-character pushes are the common case).
        self._budgeted = self._budget.max_latency_ms is not None
        self.lookahead_chars = lookahead_chars
        self.block_on_fatal = block_on_fatal
        self._layout = _layout_of(compiled)
        self._plans = self._layout.plans
        self._can_release = self._layout.can_release
        # Otherwise scans before flush can still find fatal values early (and block).
        self._can_block_early = block_on_fatal and self._layout.fatal_tells_growth
        self._state = ACTIVE
        self._block: tuple[str, str] | None = None
        self._buffer = ""  # joined text from source offset _base
        # Values released so far, with the rule that found each (verbatim occurrences).
        self._known: KnownValues[CompiledRule] = KnownValues()
        # The released values still in the buffer, at their source places, with their rules:
        # they show a country to the values after them as in evaluate (values_show_countries).
        self._shown: list[tuple[int, int, CompiledRule]] = []
        self._pending: list[str] = []  # pieces received since the last join
        self._base = 0
        self._released = 0  # source offset up to which text was released
        self._received = 0  # source characters received
        self._scanned_at = 0  # _received at the last scan
        # SCAN_DELAY_NS after the last scan ended: a push from then on may start a scan.
        self._scan_by = time.perf_counter_ns() + SCAN_DELAY_NS
        self._asked: dict[int, int] = {}  # per rule, the last scan's growing start (source)
        self._wait_until = 0  # no scan is due before this many characters were received
        self._due_at = 0  # nor, before this many, unless SCAN_DELAY_NS passed
        self._first_space = -1  # first whitespace at or after _released, or -1
        # Below this many characters received, a push needs only the checks of its first
        # lines (-1: every push needs all of them; see _set_quiet).
        self._quiet_until = -1
        self._scanned_chars = 0
        # Tables whose header cells name rules: read line by line as lines complete.
        self._tables = (
            StreamColumns(compiled.columns, compiled.context_word_places)
            if compiled.columns.active
            else None
        )

    # --- state -------------------------------------------------------------------

    @property
    def state(self) -> str:
        """``active``, ``blocked`` or ``completed``."""
        return self._state

    @property
    def blocked(self) -> bool:
        """True once the session met a fatal value with ``block_on_fatal``."""
        return self._state == BLOCKED

    @property
    def blocked_chunk(self) -> StreamChunk | None:
        """The blocked chunk (empty text, the block action and reason) of a blocked session."""
        if self._block is None:
            return None
        action, reason = self._block
        return StreamChunk("", redacted=False, blocked=True, action=action, reason=reason)

    @property
    def received_chars(self) -> int:
        """Characters pushed so far."""
        return self._received

    @property
    def released_chars(self) -> int:
        """Source characters whose cleaned text has been released so far."""
        return self._released

    @property
    def scanned_chars(self) -> int:
        """Characters handed to the matchers so far (at most ~3x the stream: linear work)."""
        return self._scanned_chars

    def _check_open(self) -> None:
        if self._state == BLOCKED:
            assert self._block is not None
            raise StreamBlockedError(*self._block)
        if self._state == COMPLETED:
            raise EngineRuntimeError(
                "stream completed: flush() ended this session; start a new session"
            )

    # --- input -------------------------------------------------------------------

    def push(self, text: str) -> list[StreamChunk]:
        """Add text to the stream; return the chunks that became safe to release."""
        # Most pushes of a fast stream end here: too little new text for a scan (see
        # _plan_next_scan) and no pause since the last one, in an active, unbudgeted session
        # whose first space is known. ``_quiet_until`` is then the larger of ``_wait_until``
        # and ``_due_at``, so this is _push's own test, the clock asked first (most pushes).
        if text.__class__ is str:
            received = self._received + len(text)
            if received < self._quiet_until and (
                _clock() < self._scan_by or received < self._wait_until
            ):
                self._pending.append(text)
                self._received = received
                return []
        return self._push(text)

    def _push(self, text: str) -> list[StreamChunk]:
        """:meth:`push` for every push its first lines do not settle."""
        if self._state != ACTIVE:
            self._check_open()
        if text.__class__ is not str and not isinstance(text, str):
            raise CodonRuntimeError(f"stream chunk must be a string, got {type(text).__name__}")
        if not text:
            return []
        started = time.perf_counter_ns() if self._budgeted else 0
        start = self._received
        self._pending.append(text)
        received = self._received = start + len(text)
        if self._first_space < 0:
            space = _WHITESPACE.search(text)
            if space is not None:
                self._first_space = start + space.start()
                self._set_quiet()
        if (
            received < self._wait_until
            or (received < self._due_at and _clock() < self._scan_by)
            or not self._scan_useful()
        ):
            if self._budgeted:
                self._within_budget(started)
            return []
        chunks = self._scan(final=False, started=started or time.perf_counter_ns())
        self._plan_next_scan()
        return chunks

    def _plan_next_scan(self) -> None:
        """Work out, in characters received, when the next scan may run: once the new text
        is at least 1/SCAN_GROWTH_DIVISOR of the buffer (linear work), and at least
        1/SCAN_WAIT_SHARE of everything received, at most SCAN_WAIT_CHARS (a scan's fixed
        cost shared by enough characters), unless SCAN_DELAY_NS passed."""
        divisor, share, scanned = SCAN_GROWTH_DIVISOR, SCAN_WAIT_SHARE, self._scanned_at
        self._wait_until = -(-(divisor * scanned - self._base) // (divisor - 1))
        self._due_at = min(-(-(share * scanned) // (share - 1)), scanned + SCAN_WAIT_CHARS)
        self._set_quiet()

    def _set_quiet(self) -> None:
        """Say up to where a push may skip the checks of :meth:`_push` (see :meth:`push`)."""
        quiet = self._state == ACTIVE and not self._budgeted and self._first_space >= 0
        self._quiet_until = max(self._wait_until, self._due_at) if quiet else -1

    def _scan_useful(self) -> bool:
        """True when a scan could release or block now."""
        if not self._can_release:
            return self._can_block_early
        # Whitespace far enough from the end: something could be cut.
        return 0 <= self._first_space <= self._received - self.lookahead_chars

    def flush(self) -> list[StreamChunk]:
        """End the stream: release everything left (or block); the session is then completed."""
        self._check_open()
        chunks = self._scan(final=True, started=time.perf_counter_ns())
        self._quiet_until = -1
        if self._state == ACTIVE:
            self._state = COMPLETED
        return chunks

    # --- scanning ----------------------------------------------------------------

    def _join(self) -> str:
        if self._pending:
            self._buffer += "".join(self._pending)
            self._pending.clear()
        return self._buffer

    def _find(self, text: str, start: int, final: bool) -> _Scan:
        """Run every rule over ``text[start:]`` as evaluation does: on the normalized view,
        context applied, each value once, every occurrence of a value seen so far."""
        view = normalized_view(text)
        # Values under a table's header cells, and text held back while its line may
        # still become a row of an open table.
        columns, hold = (None, None)
        if self._tables is not None:
            columns, hold = self._tables.read(text, self._base, start, final)
        if view is None:
            # Per rule, where the matcher said attempts may still grow at the last scan
            # (source offsets): earlier attempts did not read that scan's end, so this one
            # need not ask about them again (kept only while no normalized view intervenes).
            base = self._base
            settled_before = {index: offset - base for index, offset in self._asked.items()}
            asked: dict[int, int] = {}
            scan = self._find_in(
                text, start, final, settled_before, asked, columns, hold, self._shown_findings()
            )
            self._asked = {index: offset + base for index, offset in asked.items()}
        else:
            self._asked = {}
            scan = self._find_in(
                view.text,
                view.view_index(start),
                final,
                columns=None if columns is None else in_view(columns, view),
                hold=None if hold is None else view.view_index(hold),
                shown=self._shown_findings(view.view_index),
            )
            original = view.original_span
            scan = _Scan(
                [
                    Finding(finding.rule, tuple(original(s, e) for s, e in finding.spans))
                    for finding in scan.findings
                ],
                [original(s, e) for s, e in scan.avoid if e > s],
                view.original_index(scan.growth) if scan.growth < len(view.text) else len(text),
                scan.fatal,
            )
        growth = scan.growth
        settled = None if final else growth
        # The newest known values join this scan's own search (one pass fewer per scan).
        recent = self._known.recent(len(text) - start)
        findings = propagate_verbatim(text, scan.findings, recent, start, settled)
        if settled is not None:
            # A value not settled yet does not propagate, but evaluate would redact its
            # earlier occurrences if it stays: they wait until it settles.
            growth = min(growth, _first_unsettled_occurrence(text, scan.findings, start, settled))
        if not final:
            # A value this scan found is known once released: an occurrence of it that is
            # still arriving at the end waits, as for the values known before.
            growth = min(growth, _arriving_occurrence(text, start, scan.findings))
        if self._known:
            findings = self._known_occurrences(text, start, settled, scan.findings, findings)
            if not final:
                # An occurrence of a known value may still be arriving at the end.
                growth = min(growth, max(start, len(text) - self._known.longest + 1))
        fatal = scan.fatal
        if self.block_on_fatal and not fatal:
            fatal = [
                finding.rule
                for finding in findings
                if finding.rule.severity == FATAL
                and (final or finding.spans[0][0] < growth)
                and finding.spans[0][0] >= start
            ]
        return _Scan(findings, scan.avoid, growth, fatal)

    def _shown_findings(self, where: Callable[[int], int] | None = None) -> list[Finding]:
        """Return the released values still in the buffer, in its places (moved by ``where``,
        a normalized view's ``view_index``), per rule."""
        if not self._shown:
            return []
        base = self._base
        by_rule: dict[int, tuple[CompiledRule, list[Span]]] = {}
        for first, last, rule in self._shown:
            low, high = first - base, last - base
            span = (low, high) if where is None else (where(low), where(high))
            by_rule.setdefault(rule.index, (rule, []))[1].append(span)
        return [Finding(rule, tuple(spans)) for rule, spans in by_rule.values()]

    def _known_occurrences(
        self,
        text: str,
        start: int,
        settled: int | None,
        found: list[Finding],
        findings: list[Finding],
    ) -> list[Finding]:
        """Add to ``findings`` every occurrence from ``start`` of a value released earlier
        (but the newest, which ``propagate_verbatim`` searched), under the rule that found
        it first, unless this scan found it too (then its own rule's propagation covers it,
        as in ``propagate_verbatim``)."""
        hits = self._known.occurrences(text, start, recent=False)
        if not hits:
            return findings
        new = {
            text[first:last]
            for finding in found
            for first, last in finding.spans
            if last - first >= MIN_PROPAGATED_CHARS and (settled is None or last <= settled)
        }
        spans = {finding.rule.index: set(finding.spans) for finding in findings}
        rules = {finding.rule.index: finding.rule for finding in findings}
        for position, value in hits:
            if value in new:
                continue
            rule = self._known.owner(value)
            spans.setdefault(rule.index, set()).add((position, position + len(value)))
            rules[rule.index] = rule
        return [Finding(rules[index], tuple(sorted(spans[index]))) for index in sorted(rules)]

    def _find_in(
        self,
        text: str,
        start: int,
        final: bool,
        settled_before: dict[int, int] | None = None,
        asked: dict[int, int] | None = None,
        columns: ColumnRead | None = None,
        hold: int | None = None,
        shown: Sequence[Finding] = (),
    ) -> _Scan:
        """Run every rule over ``text[start:]`` (a normalized view); resolve what they found
        with the values under table headers (``columns``) and those released before it
        (``shown``); nothing from ``hold`` on is final (its line may become a table's
        row)."""
        end = len(text)
        hints = settled_before if settled_before is not None else {}
        growth = contested = end
        settled: dict[int, int] = {}
        findings: list[Finding] = []
        avoid: list[Span] = []
        # Per prefilter: None when it matches in full, else where its partial match at the
        # end begins (``end`` when nothing of it is there).
        absent_from: dict[str, int | None] = {}
        # The rules the one prefilter pass serves: values and candidates in windows.
        layout = self._layout
        # Where the context words are: for the one pass and for the labels of values written
        # apart (one search of the text for both).
        located = self._compiled.locate_words(text)
        served = self._compiled.stream_candidates(
            text, start, located, layout.skippable, layout.skipped_reach
        )
        quiet, quiet_plans = layout.quiet, layout.quiet_plans
        if quiet and not final:
            # Served rules whose prefilter is absent (or far from the end) and whose lead is
            # short: none can start a growing match before this, whatever their pattern.
            growth = max(start, end - quiet)
        found_quiet = [quiet_plans[index] for index in served.last_end if index in quiet_plans]
        held_back: list[_RulePlan] = []  # skipped rules holding text back near their hits
        for plan in (*layout.visited, *found_quiet):
            rule = plan.rule
            matcher = rule.matcher
            if rule.index in served.skipped:
                # No context word in the text: a value counts only if one arrives later,
                # within the window after it, so only values that near the end may count;
                # a cut stays a further reach away, so no match it leaves can gain one.
                if not final:
                    assert rule.context is not None
                    assert plan.reach is not None
                    held = rule.context.window + 2 * plan.reach
                    last_end = served.last_end.get(rule.index)
                    if last_end is not None and last_end > end - held:
                        rule_growth = max(start, end - held)
                    elif rule.index in quiet_plans:
                        rule_growth = end  # no complete candidate near the end; see ``quiet``
                    else:
                        # No complete candidate near the end: only a match that its prefilter
                        # is still arriving for can grow.
                        partial: int | None = start
                        if plan.prefilter_reach is not None:
                            assert plan.prefilter is not None  # a served rule has one
                            partial = _partial_start(
                                plan.prefilter, text, start, plan.prefilter_reach
                            )
                        elif last_end is None:
                            assert plan.prefilter is not None  # a served rule has one
                            partial = _absent_from(plan.prefilter, text, start)
                        rule_growth = _rule_growth(plan, text, start, [], partial, False)
                    growth = min(growth, rule_growth)
                    settled[rule.index] = rule_growth
                    if rule_growth < end:
                        held_back.append(plan)
                continue
            values: list[Span] = []
            candidates: list[Span] = []
            absent: int | None = None
            present = False  # the prefilter matches in full: values and candidates were asked
            if rule.index in served.served:
                last_end = served.last_end.get(rule.index)
                present = last_end is not None
                if last_end is not None:
                    values = served.values.get(rule.index, [])
                    candidates = served.candidates.get(rule.index, [])
                    avoid.extend(candidates)
                    if values:
                        findings.append(Finding(rule, tuple(values)))
                if (
                    last_end is None or (plan.reach is not None and last_end <= end - plan.reach)
                ) and (plan.prefilter_reach is not None):
                    # No complete prefilter match ends where a growing match could hold it:
                    # only a partial one at the end, searched for in the tail that can hold it.
                    assert plan.prefilter is not None
                    absent = _partial_start(plan.prefilter, text, start, plan.prefilter_reach)
                elif last_end is None:
                    assert plan.prefilter is not None
                    absent = _absent_from(plan.prefilter, text, start)
            else:
                if plan.prefilter is not None:
                    source = plan.prefilter.pattern
                    if source not in absent_from:
                        absent_from[source] = _absent_from(plan.prefilter, text, start)
                    absent = absent_from[source]
                present = absent is None
                if present:
                    values, candidates = matcher.candidates(text, start)
                    avoid.extend(candidates)
                    if values:
                        findings.append(Finding(rule, tuple(values)))
            if final:
                continue
            # Attempts the last scan found settled stay settled: they did not read its end.
            earliest = hints.get(rule.index, 0)
            if rule.index in served.served:
                earliest = max(
                    earliest, _earliest_attempt(plan, served.hits.get(rule.index), start, end)
                )
            # A served rule's prefilter hits (none: no complete match in the text).
            hits = served.hits.get(rule.index, []) if rule.index in served.served else None
            rule_growth = _rule_growth(
                plan,
                text,
                start,
                candidates,
                absent,
                present,
                earliest,
                asked,
                hits,
                rule.index in served.guarded,
            )
            growth = min(growth, rule_growth)
            settled[rule.index] = rule_growth
            if rule.context is not None:
                contested = min(contested, rule_growth)
        findings, growing = self._compiled.with_labelled(text, start, findings, final, located)
        if growing is not None:
            hold = growing if hold is None else min(hold, growing)
        tables: Sequence[Table] = ()
        if columns is not None:
            findings, tables = columns.applied(findings, self._compiled.rules)
        if hold is not None:
            growth, contested = min(growth, hold), min(contested, hold)
        resolved = resolve(text, findings, tables, shown)
        # A fatal value is final once its own rule settled it and no rule with context
        # words could still take it from that rule.
        pending = (
            [
                finding
                for finding in resolved
                if finding.rule.severity == FATAL
                and (final or finding.spans[0][0] < settled.get(finding.rule.index, growth))
            ]
            if self.block_on_fatal
            else []  # without blocking a fatal value is redacted like any other
        )
        if pending and not final:
            # Skipped rules near the end could take a value if a word arrived: asked exactly,
            # now that it matters (the cut keeps their cautious bound).
            for plan in held_back:
                _, candidates = plan.rule.matcher.candidates(text, start)
                found = plan.rule.index in served.last_end
                absent = None
                if not found:
                    assert plan.prefilter is not None  # a served rule has one
                    absent = _absent_from(plan.prefilter, text, start)
                contested = min(
                    contested, _rule_growth(plan, text, start, candidates, absent, found)
                )
        if pending and not final and layout.quiet_context:
            # Quiet rules with context words could still take a value from where a partial
            # prefilter match at the end begins: found exactly, now that it matters.
            for index, plan in quiet_plans.items():
                if index in served.last_end or plan.rule.context is None:
                    continue
                assert plan.prefilter is not None
                absent = _absent_from(plan.prefilter, text, start)
                if absent is not None and plan.lead is not None:
                    contested = min(contested, max(start, absent - plan.lead))
        fatal = [finding.rule for finding in pending if final or finding.spans[0][0] < contested]
        return _Scan(resolved, avoid, growth, fatal)

    def _cut(self, text: str, start: int, scan: _Scan) -> int:
        """Return the last safe cut (just after a whitespace) in ``text[start:]``, or ``start``."""
        upper = min(scan.growth, len(text) - self.lookahead_chars + 1)
        # Never inside a candidate, nor inside a value (a verbatim occurrence of one is a
        # value no rule's candidates hold).
        starts, ends = _union([*scan.avoid, *(s for f in scan.findings for s in f.spans)])
        while upper > start:
            space = _LAST_WHITESPACE.search(text, start, upper)
            if space is None:
                return start
            cut = space.end()
            index = bisect.bisect_left(starts, cut) - 1
            if index >= 0 and ends[index] > cut:
                upper = starts[index]  # inside a value or candidate: cut before it
                continue
            return cut
        return start

    def _block_with(self, reason: str) -> StreamChunk:
        """Block the session (nothing more is released); return its blocked chunk."""
        self._state = BLOCKED
        self._quiet_until = -1
        self._block = (self._compiled.actions["block"], reason)
        self._buffer = ""
        self._pending.clear()
        chunk = self.blocked_chunk
        assert chunk is not None
        return chunk

    def _within_budget(self, started: int) -> None:
        """Block and raise DecisionBudgetExceededError when this push or flush is over budget."""
        elapsed = elapsed_ms(started)
        if self._budget.over(elapsed):
            self._over_budget(elapsed)

    def _over_budget(self, elapsed: float) -> NoReturn:
        """Over budget the session blocks, as one evaluate is withheld (docs/architecture.md)."""
        error = self._budget.exceeded(elapsed)
        self._block_with(str(error))
        raise error

    def _scan(self, *, final: bool, started: int) -> list[StreamChunk]:
        text = self._join()
        start = self._released - self._base
        self._scanned_chars += len(text)
        self._scanned_at = self._received
        try:
            scan = deadline.call(self._budget.deadline(started), self._find, text, start, final)
        except DecisionBudgetExceededError:
            # A matcher's timeout (it knows its rule, not the pack): report the pack's bound.
            self._over_budget(elapsed_ms(started))
        self._within_budget(started)
        self._scan_by = time.perf_counter_ns() + SCAN_DELAY_NS
        if self.block_on_fatal and scan.fatal:
            return [self._block_with(block_reason(scan.fatal))]
        cut = len(text) if final else self._cut(text, start, scan)
        if cut <= start:
            return []
        released = [
            Finding(finding.rule, kept)
            for finding in scan.findings
            if (kept := tuple(span for span in finding.spans if span[0] < cut))
        ]
        for finding in released:  # released values are final: later occurrences are redacted too
            for span_start, span_end in finding.spans:
                if span_end - span_start >= MIN_PROPAGATED_CHARS:
                    self._known.add(text[span_start:span_end], finding.rule)
        if self._layout.values_show_countries:
            base = self._base
            self._shown += [
                (base + first, base + last, finding.rule)
                for finding in released
                for first, last in finding.spans
                if first >= start
            ]
        merged = merge(released)
        chunk = StreamChunk(redact(text[start:cut], merged, offset=start), redacted=bool(merged))
        self._released = self._base + cut
        layout = self._layout
        # A question's word further back counts only for a reply opening a later line: its
        # own line break then lies within the reply's reach (docs/architecture.md).
        lookback = (
            layout.reply_lookback
            if layout.reply_lookback > layout.lookback
            and text.find("\n", max(0, cut - layout.reply_lookback), cut) != -1
            else layout.lookback
        )
        keep = max(0, cut - lookback)
        if self._tables is not None:
            self._tables.dropped(text, self._base, keep)
            self._tables.released(self._released)
        self._buffer = text[keep:]
        self._base += keep
        if self._shown:
            self._shown = [shown for shown in self._shown if shown[0] >= self._base]
        space = _WHITESPACE.search(self._buffer, cut - keep)
        self._first_space = -1 if space is None else self._base + space.start()
        return [chunk]


# --- filters and the SSE simulation ----------------------------------------------


def _released(chunks: list[StreamChunk]) -> Iterator[str]:
    """Yield the text of released chunks; raise StreamBlockedError at a blocked one."""
    for chunk in chunks:
        if chunk.blocked:
            raise StreamBlockedError(chunk.action, chunk.reason)
        yield chunk.text


def stream_filter(session: StreamSession, chunks: Iterable[str]) -> Iterator[str]:
    """Yield the released text of ``chunks`` pushed through ``session``; raise on a block."""
    for piece in chunks:
        yield from _released(session.push(piece))
    yield from _released(session.flush())


async def astream_filter(session: StreamSession, chunks: AsyncIterable[str]) -> AsyncIterator[str]:
    """Async :func:`stream_filter`: yield released text of async ``chunks``; raise on a block."""
    async for piece in chunks:
        for text in _released(session.push(piece)):
            yield text
    for text in _released(session.flush()):
        yield text
