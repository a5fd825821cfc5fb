"""Streaming sessions: release text as it arrives, never a value (DESIGN section 5).

A :class:`StreamSession` receives the text ``T`` of a stream in pieces
(``push``), releases cleaned text as soon as it is safe, and releases the rest
at ``flush``. What it releases, concatenated, is what the full-text evaluation
of ``T`` would put in ``clean_text`` (each rule's remedy applied to the same
spans), as long as the stream does not block.

How it decides what is safe
---------------------------

The session keeps the unreleased text (from source offset ``r``) plus up to
:data:`CONTEXT_CHARS` already-released characters before it, so look-behind
and ``\\b`` see the real preceding text. A *scan* of that buffer (``n`` is the
number of characters received) does, per rule:

* finds the rule's values (and, for a matcher that validates candidates, such
  as a checksum type, the raw pattern candidates too) from ``r`` on;
* asks the matcher where a match that more text could still change starts
  (``growing_start``: for regular expressions the earliest start whose
  attempt reads the end of the buffer, which covers partial matches, greedy
  or optional parts and look-aheads that ran out of text, and complete
  matches ending at the end); ``g`` is the earliest over all rules.

Then it picks the cut ``c``: the position just after the last whitespace ``w``
with ``r <= w``, ``w <= n - lookahead_chars`` and ``c <= g``, that is not
strictly inside any value or candidate; it releases ``T[r:c]`` with every value
in it replaced by its rule's remedy (overlapping values merged as in
:meth:`CompiledPack.merge <engine_core.evaluation.CompiledPack.merge>`) and
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

Limits: look-behind is served up to :data:`CONTEXT_CHARS` characters; a
matcher's ``find`` must be consistent from a position that no candidate of
it crosses (``RegexMatcher`` and the plugin keyword matcher are).

License: a session counts as one decision, authorised when it starts
(:meth:`Engine.stream_session <engine_core.engine.Engine.stream_session>`).
"""

from __future__ import annotations

import bisect
import time
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

import regex

from .budget import DecisionBudget, elapsed_ms
from .errors import (
    CodonRuntimeError,
    DecisionBudgetExceededError,
    EngineRuntimeError,
    StreamBlockedError,
)
from .evaluation import CompiledPack, CompiledRule, Finding
from .matching import RegexMatcher, Span, scan_bounds
from .model import FATAL, StreamChunk

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
    "ACTIVE",
    "BLOCKED",
    "COMPLETED",
    "CONTEXT_CHARS",
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_LOOKAHEAD_CHARS",
    "MIN_LOOKAHEAD_CHARS",
    "SCAN_GROWTH_DIVISOR",
    "STREAM_TOKEN",
    "StreamSession",
    "astream_filter",
    "simulate_stream",
    "stream_events",
    "stream_filter",
]

#: The action of an ordinary released chunk.
STREAM_TOKEN = "stream_token"  # noqa: S105 - an action name, not a secret
#: Smallest held-back window a session accepts.
MIN_LOOKAHEAD_CHARS = 16
DEFAULT_LOOKAHEAD_CHARS = 28
#: Characters the SSE simulation cuts the text into by default.
DEFAULT_CHUNK_SIZE = 4
#: Already-released characters kept before the unreleased text for look-behind.
CONTEXT_CHARS = 64
#: A scan runs once the text received since the last one is >= buffer / this.
SCAN_GROWTH_DIVISOR = 2

ACTIVE = "active"
BLOCKED = "blocked"
COMPLETED = "completed"

_WHITESPACE = regex.compile(r"\s")
_LAST_WHITESPACE = regex.compile(r"(?r)\s")
_BLOCK_REASON_PREFIX = "Statutory invariant violated: "


@dataclass(frozen=True)
class _RulePlan:
    """How a session scans one rule."""

    rule: CompiledRule
    prefilter: regex.Pattern[str] | None
    #: A plain RegexMatcher: candidates and validated values come from one pass.
    one_pass: bool
    #: A RegexMatcher whose find is overridden: also avoid its pattern's candidates.
    extra_candidates: bool
    #: Characters after which the rule's attempts are settled, when it cannot tell growth.
    growth_window: int | None
    #: Longest match plus right context, when the pattern bounds them: attempts that
    #: start further than this before the end cannot read it.
    reach: int | None


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
    is_regex = isinstance(matcher, RegexMatcher)
    one_pass = is_regex and type(matcher).find is RegexMatcher.find
    window = getattr(matcher, "growth_window", None)
    growth_window = (
        window if not matcher.can_tell_growth and isinstance(window, int) and window > 0 else None
    )
    bounds = scan_bounds(matcher.pattern) if isinstance(matcher, RegexMatcher) else None
    reach = None if bounds is None else bounds[0] + bounds[1]
    return _RulePlan(rule, prefilter, one_pass, is_regex and not one_pass, growth_window, reach)


def _growth_start(plan: _RulePlan, candidates: list[Span], start: int, end: int) -> int:
    """Return where to ask for growth: ``start``, or a later synchronisation point.

    When the rule's attempts read at most ``reach`` characters, those starting
    before ``end - reach`` are settled; the search may begin at that tail, or at
    the start of the candidate that crosses it (a position the rule's own
    left-to-right scan visits, so the matches from there are the same).
    """
    if plan.reach is None or end - plan.reach <= start:
        return start
    tail = end - plan.reach
    for span_start, span_end in reversed(candidates):
        if span_end <= tail:
            break
        if span_start < tail:
            return span_start
    return tail


def _pattern_spans(matcher: RegexMatcher, text: str, start: int) -> list[Span]:
    """Return the non-empty spans of the matcher's pattern (no validator) from ``start``."""
    try:
        return [
            match.span()
            for match in matcher.pattern.finditer(text, start, timeout=matcher.timeout)
            if match.end() > match.start()
        ]
    except TimeoutError:
        raise matcher.timed_out() from None


def _block_reason(rules: Iterable[CompiledRule]) -> str:
    """Return the reason the full-text evaluation gives for these fatal rules."""
    return _BLOCK_REASON_PREFIX + ", ".join(f"{rule.rule_id} ({rule.law})" for rule in rules)


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
        self._plans = [_plan(rule) for rule in compiled.rules]
        # Scans before flush are useful only when every rule can say what is settled.
        self._can_release = all(
            plan.rule.matcher.can_tell_growth or plan.growth_window is not None
            for plan in self._plans
        )
        # Otherwise scans before flush can still find fatal values early (and block).
        self._can_block_early = block_on_fatal and any(
            plan.rule.severity == FATAL
            and (plan.rule.matcher.can_tell_growth or plan.growth_window is not None)
            for plan in self._plans
        )
        self._state = ACTIVE
        self._block: tuple[str, str] | None = None
        self._buffer = ""  # joined text from source offset _base
        self._pending: list[str] = []  # pieces received since the last join
        self._base = 0
        self._released = 0  # source offset up to which text was released
        self._received = 0  # source characters received
        self._scanned_at = 0  # _received at the last scan
        self._first_space = -1  # first whitespace at or after _released, or -1
        self._scanned_chars = 0

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
        self._check_open()
        if not isinstance(text, str):
            raise CodonRuntimeError(f"stream chunk must be a string, got {type(text).__name__}")
        if not text:
            return []
        started = time.perf_counter_ns()
        start = self._received
        self._pending.append(text)
        self._received += len(text)
        if self._first_space < 0:
            space = _WHITESPACE.search(text)
            if space is not None:
                self._first_space = start + space.start()
        if not self._scan_due():
            if self._budgeted:
                self._within_budget(started)
            return []
        return self._scan(final=False, started=started)

    def _scan_due(self) -> bool:
        """True when a scan could release or block now (and keeps the work linear)."""
        if not self._can_release:
            if not self._can_block_early:
                return False
        elif self._first_space < 0 or self._first_space > self._received - self.lookahead_chars:
            return False  # no whitespace far enough from the end: nothing could be cut
        # Not enough new text since the last scan: wait (keeps the work linear).
        return SCAN_GROWTH_DIVISOR * (self._received - self._scanned_at) >= (
            self._received - self._base
        )

    def flush(self) -> list[StreamChunk]:
        """End the stream: release everything left (or block); the session is then completed."""
        self._check_open()
        chunks = self._scan(final=True, started=time.perf_counter_ns())
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
        """Run every rule over ``text[start:]``."""
        end = len(text)
        growth = end
        findings: list[Finding] = []
        fatal: list[CompiledRule] = []
        avoid: list[Span] = []
        present: dict[str, bool] = {}
        for plan in self._plans:
            rule = plan.rule
            matcher = rule.matcher
            values: list[Span] = []
            candidates: list[Span] = []
            if plan.prefilter is not None:
                source = plan.prefilter.pattern
                if source not in present:
                    present[source] = plan.prefilter.search(text, start) is not None
                skip = not present[source]
            else:
                skip = False
            if not skip:
                if plan.one_pass:
                    assert isinstance(matcher, RegexMatcher)
                    candidates = _pattern_spans(matcher, text, start)
                    validator = matcher.validator
                    values = (
                        candidates
                        if validator is None
                        else [(s, e) for s, e in candidates if validator(text[s:e])]
                    )
                else:
                    values = sorted(matcher.find(text, start, end))
                    candidates = values
                    if plan.extra_candidates:
                        assert isinstance(matcher, RegexMatcher)
                        candidates = sorted(values + _pattern_spans(matcher, text, start))
                avoid.extend(candidates)
                if values:
                    findings.append(Finding(rule, tuple(values)))
            if final:
                if values and rule.severity == FATAL:
                    fatal.append(rule)
                continue
            if matcher.can_tell_growth:
                position = matcher.growing_start(text, _growth_start(plan, candidates, start, end))
                rule_growth = end if position is None else max(position, start)
            elif plan.growth_window is not None:
                rule_growth = max(start, end - plan.growth_window)
            else:
                rule_growth = start
            # Belt and braces: a value or candidate touching the end may still change.
            touching = [span_start for span_start, span_end in candidates if span_end >= end]
            rule_growth = min([rule_growth, *touching])
            growth = min(growth, rule_growth)
            # The rule's own matches before its growth start are final: a fatal one blocks.
            if values and rule.severity == FATAL and values[0][0] < rule_growth:
                fatal.append(rule)
        return _Scan(findings, avoid, growth, fatal)

    def _cut(self, text: str, start: int, scan: _Scan) -> int:
        """Return the last safe cut (just after a whitespace) in ``text[start:]``, or ``start``."""
        upper = min(scan.growth, len(text) - self.lookahead_chars + 1)
        starts, ends = _union(scan.avoid)
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
            scan = self._find(text, start, final)
        except DecisionBudgetExceededError:
            # A matcher's timeout (it knows its rule, not the pack): report the pack's bound.
            self._over_budget(elapsed_ms(started))
        self._within_budget(started)
        if self.block_on_fatal and scan.fatal:
            return [self._block_with(_block_reason(scan.fatal))]
        cut = len(text) if final else self._cut(text, start, scan)
        if cut <= start:
            return []
        released = [
            Finding(finding.rule, kept)
            for finding in scan.findings
            if (kept := tuple(span for span in finding.spans if span[0] < cut))
        ]
        merged = CompiledPack.merge(released)
        chunk = StreamChunk(
            CompiledPack.redact(text[start:cut], merged, offset=start), redacted=bool(merged)
        )
        self._released = self._base + cut
        keep = max(0, cut - CONTEXT_CHARS)
        self._buffer = text[keep:]
        self._base += keep
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


def _event(index: int, chunk: StreamChunk, final: bool) -> dict[str, Any]:
    return {
        "chunk_index": index,
        "text": chunk.text,
        "is_final": final,
        "redacted": chunk.redacted,
        "blocked": chunk.blocked,
        "action": chunk.action,
        "reason": chunk.reason,
        "triggers": [],
    }


def stream_events(
    engine: Engine,
    text: str,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
    block_on_fatal: bool = True,
) -> Iterator[dict[str, Any]]:
    """Yield the StreamChunkResult events of ``text`` cut into ``chunk_size`` pieces (SSE)."""
    if not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1:
        raise ValueError(f"chunk_size must be an integer >= 1, got {chunk_size!r}")
    if not isinstance(text, str):
        raise CodonRuntimeError(f"text must be a string, got {type(text).__name__}")
    session = engine.stream_session(lookahead_chars=lookahead_chars, block_on_fatal=block_on_fatal)
    return _events(session, text, chunk_size)


def _events(session: StreamSession, text: str, chunk_size: int) -> Iterator[dict[str, Any]]:
    def released() -> Iterator[StreamChunk]:
        try:
            for offset in range(0, len(text), chunk_size):
                yield from session.push(text[offset : offset + chunk_size])
            yield from session.flush()
        except DecisionBudgetExceededError:
            # Over budget the session blocked: the stream ends with its blocked event.
            blocked = session.blocked_chunk
            assert blocked is not None
            yield blocked

    index = 0
    held: StreamChunk | None = None
    for chunk in released():
        if held is not None:
            index += 1
            yield _event(index, held, final=False)
        held = chunk
        if chunk.blocked:
            break
    yield _event(index + 1, held if held is not None else StreamChunk(""), final=True)


def simulate_stream(
    engine: Engine,
    text: str,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
    block_on_fatal: bool = True,
) -> list[dict[str, Any]]:
    """Return every StreamChunkResult event of ``POST /v1/evaluate/stream`` for ``text``."""
    return list(stream_events(engine, text, chunk_size, lookahead_chars, block_on_fatal))
