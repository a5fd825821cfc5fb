"""Compiled matchers: what a rule type turns a rule into.

A matcher finds ``(start, end)`` spans of a rule in a text and, for the
streaming layer, says where a match that is still growing could start.
:class:`RegexMatcher` is the matcher of the ``regex`` rule type and the base
that checksum rule types (and third-party plugins) reuse.
"""

from __future__ import annotations

import functools
import importlib
import re
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import zip_longest
from typing import Any, ClassVar

import regex

from . import deadline
from .errors import DecisionBudgetExceededError

__all__ = [
    "DEFAULT_MATCH_TIMEOUT_S",
    "MAX_BOUNDED_WIDTH",
    "REGEX_FLAGS",
    "VALIDATOR_CACHE",
    "Matcher",
    "RegexMatcher",
    "Span",
    "compile_pattern",
    "pattern_problems",
    "scan_bounds",
]

Span = tuple[int, int]

#: Upper bound for one regex scan, so a pathological pattern cannot hang a worker.
DEFAULT_MATCH_TIMEOUT_S = 0.5
#: A window's scan looks at the decision's deadline every this many pattern matches.
CHECK_EVERY_MATCHES = 1024
#: A window's matches are attempted only at the places a match can start when the text a
#: search would read past the last start asked for is this many times the starts' range
#: (an attempt, with its timeout's clock, costs what a search's reading of some 20 places
#: does; past this ratio the attempts cost less, measured on the postal address rule).
PROBE_RATIO = 16

#: Playbook flag names and their ``regex`` module flags.
REGEX_FLAGS: dict[str, int] = {
    "IGNORECASE": regex.IGNORECASE,
    "MULTILINE": regex.MULTILINE,
    "DOTALL": regex.DOTALL,
    "VERBOSE": regex.VERBOSE,
    "ASCII": regex.ASCII,
    "UNICODE": regex.UNICODE,
    "FULLCASE": regex.FULLCASE,
    "WORD": regex.WORD,
}


class Matcher(ABC):
    """What a compiled rule offers the engine and the streaming layer.

    A rule type's ``compile`` returns an instance of a subclass. ``find`` and
    ``growing_start`` are required; every other member has a safe default
    that a subclass overrides to let the engine do less work. The engine uses
    only the members below (docs/architecture.md, "The rule-type contract").
    """

    #: A regular expression every match contains at least once, or None.
    #: When it is not found in a text, the matcher is skipped for that text.
    prefilter: str | None = None
    #: How far into a match its prefilter match may start, at most (0: at the first
    #: character), or None when unknown. Lets scan windows start at the hit.
    prefilter_lead: int | None = None
    #: With ``prefilter_lead`` 0: a class without ``?`` that always holds the character
    #: before a match (from an opening look-behind or ``\\b``), or None. One-pass
    #: scanners may then require it (or the text's start) before a prefilter hit.
    prefilter_guard: str | None = None
    #: With a guard: the one pass's own form of the guarded prefilter, when the rule knows
    #: more than one class can say (a stricter guard before some of its alternatives).
    #: Like ``(?:^|guard)(?:prefilter)`` it starts with the character before the match,
    #: or at the text's start, and it holds every match's guarded prefilter match.
    prefilter_anchor: str | None = None
    #: False when :meth:`growing_start` cannot tell where a growing match
    #: could start; the streaming layer then holds text back conservatively.
    can_tell_growth: bool = True
    #: For a matcher that cannot tell growth: an attempt starting at a position reads
    #: at most this many characters, so older text may be released before flush.
    growth_window: int | None = None
    #: Seconds one scan may take before it raises DecisionBudgetExceededError.
    timeout: float = DEFAULT_MATCH_TIMEOUT_S
    #: True when a value written apart is still a value once joined: the check does not
    #: read the layout (False for a phone number, whose grouping is part of its check).
    #: The engine then reads a run of groups right after a label joined (the values
    #: written apart of docs/architecture.md, "Anti-evasion").
    joins_groups: bool = True

    @abstractmethod
    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Span]:
        """Return the non-overlapping, non-empty match spans in ``text[start:end]``, sorted."""

    @abstractmethod
    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return the earliest index >= ``start`` where a match that more text could
        still change begins, or None when no match can grow past the end of ``text``."""

    def window_bounds(self) -> tuple[int, int] | None:
        """Return (longest match, right context) when :meth:`find` may run in windows.

        Not None promises that every span starts where an attempt of a bounded
        pattern starts and that an attempt reads at most that far: the engine
        then runs the matcher only in windows around prefilter hits, and the
        streaming layer knows which attempts are settled. None: whole scans.
        """
        return None

    @property
    def watches_deadline(self) -> bool:
        """True when :meth:`find_in_window` looks at the decision's deadline
        (:mod:`engine_core.deadline`) as it goes: the engine may then give it a window as
        long as the whole range. False by default: windows stay short."""
        return False

    def find_in_window(
        self, text: str, start: int, stop: int, last: int, limit: int | None = None
    ) -> list[Span]:
        """Return the spans of :meth:`find` in ``text[start:stop]`` that start before ``last``.

        ``limit`` is the end of the whole range being scanned (default: the text's
        end); a matcher may read up to it to decide a value that starts in the window.
        """
        return [span for span in self.find(text, start, stop) if span[0] < last]

    def find_near(
        self, text: str, hit_starts: Sequence[int], lead: int, start: int, stop: int
    ) -> list[Span]:
        """Return the spans of :meth:`find` in ``text[start:stop]``, given where matches may start.

        ``hit_starts`` (sorted) are the starts of every prefilter match in the range;
        each match starts at most ``lead`` characters before one. The default scans
        the whole range; a matcher that can attempt a match at given starts (a pattern
        with unbounded repetition, say) overrides it to try only those.
        """
        return self.find(text, start, stop)

    def growing_start_near(
        self, text: str, starts: Sequence[int], tail: int, start: int
    ) -> int | None:
        """Return :meth:`growing_start` from ``start``, given where it can be.

        An attempt that reads the end of ``text`` starts at one of ``starts``
        (sorted: the positions near complete prefilter matches) or at ``tail`` or
        later (near a prefilter match the end cuts); ``tail``, like ``start``, is
        a position no match crosses. The default asks :meth:`growing_start` from
        ``start``; a matcher that can try single starts overrides it to try those.
        """
        return self.growing_start(text, start)

    def candidates(self, text: str, start: int = 0) -> tuple[list[Span], list[Span]]:
        """Return (values, candidates) from ``start``: the spans of :meth:`find`, and every
        span that could hold a value (a superset), which a stream never cuts inside."""
        values = sorted(self.find(text, start))
        return values, values

    def candidates_near(
        self, text: str, hit_starts: Sequence[int], lead: int, start: int
    ) -> tuple[list[Span], list[Span]]:
        """Return :meth:`candidates` from ``start``, given where matches may start (as
        :meth:`find_near`). The default asks :meth:`candidates`."""
        return self.candidates(text, start)

    def candidates_in_window(
        self, text: str, start: int, stop: int, last: int, limit: int | None = None
    ) -> tuple[list[Span], list[Span]]:
        """Return :meth:`candidates` for a scan window: (values, candidates) in
        ``text[start:stop]`` that start before ``last``. Default: the values of
        :meth:`find_in_window`, which are their own candidates."""
        values = self.find_in_window(text, start, stop, last, limit)
        return values, values

    def limit_time(self, seconds: float) -> None:
        """Lower this matcher's scan timeout to at most ``seconds`` (a pack's budget)."""
        self.timeout = min(self.timeout, seconds)


def _flag_bits(flags: Iterable[str]) -> int:
    bits = 0
    for name in flags:
        bits |= REGEX_FLAGS[name.upper()]
    return bits


@functools.lru_cache(maxsize=8192)
def _compiled(pattern: str, bits: int) -> regex.Pattern[str]:
    # A pack's patterns are compiled when it is validated and again when it is built;
    # the ``regex`` module's own cache is smaller than a catalogue pack.
    return regex.compile(pattern, bits)


def compile_pattern(pattern: str, flags: Iterable[str] = ()) -> regex.Pattern[str]:
    """Compile a rule pattern with the ``regex`` module (VERSION1 semantics off: Python-like)."""
    return _compiled(pattern, _flag_bits(flags))


def pattern_problems(rule_id: str, pattern: str, flags: Iterable[str] = ()) -> list[str]:
    """Return the problems of a rule pattern: unknown flags, invalid regex, empty match."""
    flag_list = list(flags)
    problems = [
        f"rule {rule_id!r}: flags: unknown flag {name!r} (known: {', '.join(REGEX_FLAGS)})"
        for name in flag_list
        if name.upper() not in REGEX_FLAGS
    ]
    if problems:
        return problems
    try:
        compiled = compile_pattern(pattern, flag_list)
    except (regex.error, TypeError, ValueError) as exc:
        return [f"rule {rule_id!r}: pattern: invalid regular expression: {exc}"]
    if compiled.fullmatch("") is not None:
        problems.append(f"rule {rule_id!r}: pattern: matches the empty string")
    return problems


#: Zero-width assertions whose truth at the end of a text depends on what follows it
#: (a superset: a literal ``$`` or ``\\b`` in a pattern only costs time).
_END_ASSERTION = regex.compile(r"\\[bBZmM]|\$")

#: ``regex`` flags that keep a pattern's syntax and match widths those of ``re``.
_RE_FLAGS = {
    int(regex.IGNORECASE): re.IGNORECASE,
    int(regex.MULTILINE): re.MULTILINE,
    int(regex.DOTALL): re.DOTALL,
    int(regex.VERBOSE): re.VERBOSE,
    int(regex.ASCII): re.ASCII,
    int(regex.UNICODE): re.UNICODE,
    int(regex.VERSION0): 0,
}
#: At most this many token starts (and ends) of a failed candidate are tried for a piece.
MAX_PIECE_TOKENS = 8
#: Candidates whose check result each matcher remembers.
VALIDATOR_CACHE = 4096


def _token_start(text: str, index: int) -> bool:
    return text[index].isalnum() and not text[index - 1].isalnum()


def _token_end(text: str, index: int) -> bool:
    return text[index - 1].isalnum() and not text[index].isalnum()


#: Longest match (characters) for which :func:`scan_bounds` reports bounds.
MAX_BOUNDED_WIDTH = 4096
_LOOKAROUNDS = ("ASSERT", "ASSERT_NOT")


def _lookahead_reach(items: Any, parser: Any) -> int:
    """Return the longest lookahead in a parsed pattern (0 when it has none)."""
    reach = 0
    for value in items:
        if isinstance(value, parser.SubPattern):
            reach = max(reach, _lookahead_reach(value.data, parser))
        elif isinstance(value, (list, tuple)):
            if len(value) == 2 and str(value[0]) in _LOOKAROUNDS:
                direction, body = value[1]
                if direction == 1:
                    reach = max(reach, body.getwidth()[1] + _lookahead_reach(body.data, parser))
            reach = max(reach, _lookahead_reach(value, parser))
    return reach


@functools.lru_cache(maxsize=512)
def _bounds(source: str, flags: int) -> tuple[int, int] | None:
    re_flags = 0
    for bit in (1 << shift for shift in range(flags.bit_length())):
        if flags & bit:
            if bit not in _RE_FLAGS:
                return None
            re_flags |= _RE_FLAGS[bit]
    try:
        parser = importlib.import_module("re._parser")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = parser.parse(source, re_flags)
        longest = int(parsed.getwidth()[1])
        reach = _lookahead_reach(parsed.data, parser)
    except Exception:  # syntax only the regex module knows, or parser internals changed
        return None
    if longest > MAX_BOUNDED_WIDTH or reach > MAX_BOUNDED_WIDTH:
        return None
    return longest, reach + 1


def scan_bounds(pattern: regex.Pattern[str]) -> tuple[int, int] | None:
    """Return (longest match, right context) of a pattern, or None when either is unbounded.

    The right context bounds how many characters after a match its lookaheads
    and boundary assertions (``\\b``, ``$``) read. Patterns using syntax that
    only the ``regex`` module knows, or flags that change match widths
    (FULLCASE, VERSION1, POSIX, ...), report None.
    """
    return _bounds(pattern.pattern, int(pattern.flags))


class RegexMatcher(Matcher):
    """A matcher backed by a ``regex`` pattern and an optional value validator.

    ``validator`` receives each candidate's text and keeps it only when it
    returns True (a checksum, for example). ``prefilter`` is a regular
    expression that every match contains; texts without it are skipped.
    ``prefilter_lead``, when known, is how far into a match that prefilter
    match may start at most (0: every match begins with one); the engine then
    starts its scan windows that close to each prefilter hit.

    A subclass that overrides :meth:`find` is scanned whole unless it sets
    ``window_safe = True``, promising that its spans start where pattern
    matches start and end inside them (docs/architecture.md, "The rule-type
    contract").
    """

    #: True: find's spans are pattern matches (validated), so windows around hits are exact.
    window_safe: ClassVar[bool] = True
    #: True when find is this class's own: values are the validated pattern matches.
    _plain_find: ClassVar[bool] = True
    #: True: a candidate that fails the validator is searched for a valid piece.
    split_candidates: bool = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "find" in cls.__dict__:
            cls._plain_find = False
            if "window_safe" not in cls.__dict__:
                cls.window_safe = False

    def __init__(
        self,
        pattern: str | regex.Pattern[str],
        *,
        flags: Iterable[str] = (),
        validator: Callable[[str], bool] | None = None,
        prefilter: str | None = None,
        prefilter_lead: int | None = None,
        prefilter_guard: str | None = None,
        prefilter_anchor: str | None = None,
        starts_with: Iterable[str] | None = None,
        timeout: float = DEFAULT_MATCH_TIMEOUT_S,
        rule_id: str = "",
    ) -> None:
        self.pattern = (
            pattern if isinstance(pattern, regex.Pattern) else compile_pattern(pattern, flags)
        )
        # A check sees only the candidate, so its answer is remembered: values repeat in
        # logs and tables, and a repeated invalid one costs nothing more either.
        self.validator = (
            None if validator is None else functools.lru_cache(maxsize=VALIDATOR_CACHE)(validator)
        )
        self.prefilter = prefilter
        self.prefilter_lead = prefilter_lead if prefilter is not None else None
        self.prefilter_guard = prefilter_guard if self.prefilter_lead == 0 else None
        self.prefilter_anchor = prefilter_anchor if self.prefilter_guard is not None else None
        #: Finds the characters every (non-empty) match starts with, when they are known.
        self._starts = (
            None
            if not starts_with
            else regex.compile("[" + "".join(map(regex.escape, sorted(starts_with))) + "]")
        )
        self.timeout = timeout
        self.rule_id = rule_id

    def _matches_from(
        self, text: str, low: int, stop: int, high: int, window: bool = False
    ) -> Iterator[regex.Match[str]]:
        """Return the successive matches in ``text[low:stop]`` (each search from where the
        last match ended, as ``finditer``), at least those that start before ``high``.

        In a scan ``window`` (read past ``high`` only to decide the matches starting
        before it) whose starts are few beside that text, only the places holding a
        character a match starts with are attempted, in order, up to ``high``: the same
        matches, without trying the pattern at every place of the text read past them.
        """
        starts = self._starts
        if window and starts is not None and stop - high > PROBE_RATIO * (high - low):
            return self._attempts(starts, text, low, stop, high)
        return self.pattern.finditer(text, low, stop, timeout=self.timeout)

    def _resumed_matches(
        self, text: str, low: int, stop: int, high: int, window: bool = False
    ) -> Iterator[regex.Match[str]]:
        """Yield :meth:`_matches_from`'s matches; a run that times out after a match goes on
        from where that match ended (the timeout bounds each search, as in :meth:`_scan`;
        a run's own clock would bound them all together). Raises TimeoutError when a run
        times out before its first non-empty match."""
        position = low
        while True:
            resumed_at = position
            try:
                for match in self._matches_from(text, position, stop, high, window):
                    if match.end() > match.start():
                        position = match.end()
                    yield match
                return
            except TimeoutError:
                if position == resumed_at:
                    raise  # no match since the run began: one search past its timeout

    def _attempts(
        self, starts: regex.Pattern[str], text: str, low: int, stop: int, high: int
    ) -> Iterator[regex.Match[str]]:
        """Yield the matches :meth:`_matches_from` attempts where ``starts`` finds a place."""
        attempt, first = self.pattern.match, starts.search
        position = low
        while position < high:
            found = first(text, position, high)
            if found is None:
                return
            begin = found.start()
            match = attempt(text, begin, stop, timeout=self.timeout)
            if match is None:
                position = begin + 1
                continue
            yield match
            position = match.end()

    @property
    def watches_deadline(self) -> bool:
        """True: :meth:`find_in_window` looks at the decision's deadline as it goes."""
        return self._plain_find

    def timed_out(self) -> DecisionBudgetExceededError:
        """Return the error for a scan that ran past this matcher's timeout."""
        return DecisionBudgetExceededError(
            self.rule_id or "<rule>", "regex_timeout_ms", self.timeout * 1000, self.timeout * 1000
        )

    def _pattern_spans(self, text: str, start: int, end: int) -> list[Span]:
        """Return the non-empty spans of the pattern (no validator) in ``text[start:end]``."""
        try:
            matches = self._resumed_matches(text, start, end, end)
            return [match.span() for match in matches if match.end() > match.start()]
        except TimeoutError:
            raise self.timed_out() from None

    def _piece(self, text: str, begin: int, end: int, limit: int) -> Span | None:
        """Return the longest valid piece of a candidate ``[begin, end)`` that failed its check.

        A piece starts at a token start inside the candidate where the pattern
        matches too, and ends where that match ends or at an earlier separator:
        a list number, a quantity or a second value glued on by one separator
        cannot hide a value that validates on its own (docs/architecture.md,
        "No bypass"). Only runs of numbers are split (at least half the letters and
        digits are digits): a token or a word that fails its check stays whole.
        """
        validator = self.validator
        assert validator is not None
        candidate = text[begin:end]
        if 2 * sum(map(str.isdigit, candidate)) < sum(map(str.isalnum, candidate)):
            return None  # mostly letters: a token or a word, not a run of numbers to split
        starts = [begin, *(i for i in range(begin + 1, end) if _token_start(text, i))]
        for first in starts[:MAX_PIECE_TOKENS]:
            match = (
                self.pattern.match(text, first, limit, timeout=self.timeout)
                if first != begin
                else None
            )
            stop = end if first == begin else (match.end() if match is not None else first)
            if stop <= first:
                continue
            ends = [stop, *(i for i in range(stop - 1, first, -1) if _token_end(text, i))]
            for last in ends[:MAX_PIECE_TOKENS]:
                if (first, last) != (begin, end) and validator(text[first:last]):
                    return first, last
        return None

    def _scan(self, text: str, start: int, end: int, last: int, limit: int) -> list[Span]:
        """Return the validated spans from ``start`` that start before ``last`` (see find).

        Each run of matches comes from one ``finditer`` (or the attempts of
        :meth:`_matches_from`), the same searches as one ``search`` from where each
        match ended, without a clock set up per search for its timeout. That timeout
        bounds every search; finditer's bounds the whole run, so a run that times out
        after a match (or meets an empty match) goes on one search at a time from there.
        """
        spans: list[Span] = []
        validator = self.validator
        position = start
        # A long window holds many matches: a look at the decision's deadline every few.
        ends_by = deadline.current()
        seen = 0
        try:
            while position < end:
                run_start = position
                matches = self._matches_from(text, position, end, last, last < end)
                try:
                    for match in matches:
                        span = match.span()
                        begin, finish = span
                        if begin >= last:
                            return spans
                        seen += 1
                        if ends_by is not None and seen % CHECK_EVERY_MATCHES == 0:
                            deadline.check(ends_by)
                        if finish == begin:
                            return self._search(text, position, end, last, limit, spans)
                        try:
                            if validator is None or validator(text[begin:finish]):
                                spans.append(span)
                                position = finish
                            else:
                                position = self._failed(text, begin, finish, limit, spans)
                        except TimeoutError:
                            raise self.timed_out() from None
                        if position >= last:
                            return spans
                        if position != finish:
                            break  # resume right after a valid piece: a new run
                    else:
                        return spans
                except TimeoutError:
                    if position == run_start:
                        raise  # the run's first search: one search past its timeout
                    return self._search(text, position, end, last, limit, spans)
        except TimeoutError:
            raise self.timed_out() from None
        return spans

    def _search(
        self, text: str, position: int, end: int, last: int, limit: int, spans: list[Span]
    ) -> list[Span]:
        """Add to ``spans`` what :meth:`_scan` finds from ``position``, one search at a time."""
        search = self.pattern.search
        while position < end:
            match = search(text, position, end, timeout=self.timeout)
            if match is None:
                break
            begin, finish = match.span()
            if begin >= last:
                break
            if finish == begin:
                position = begin + 1
                continue
            position = self._keep(text, begin, finish, limit, spans)
            if position >= last:
                break
        return spans

    def find_near(
        self, text: str, hit_starts: Sequence[int], lead: int, start: int, stop: int
    ) -> list[Span]:
        """Return the spans of :meth:`find`, attempting matches only near prefilter hits.

        A whole-range scan tries every start from where the last match ended. A
        match starting at ``x`` contains a prefilter match starting in ``[x, x +
        lead]``, so no start outside ``[hit - lead, hit]`` of some hit can match:
        attempting just those starts, in order and from where the last match ended,
        meets the same matches in the same order (docs/architecture.md, "The path
        of one decision"). The cost follows the hits, not the range, whatever the
        pattern's longest match.
        """
        if not self._plain_find:
            return super().find_near(text, hit_starts, lead, start, stop)
        spans: list[Span] = []
        attempt = self.pattern.match
        position = start
        tried = start  # every start before it was attempted (the ranges of hits overlap)
        try:
            for hit in hit_starts:
                if hit < position:
                    continue
                last = min(hit, stop - 1)
                matched = False
                for begin in range(max(position, tried, hit - lead), last + 1):
                    match = attempt(text, begin, stop, timeout=self.timeout)
                    if match is None or match.end() == begin:
                        continue
                    position = self._keep(text, begin, match.end(), stop, spans)
                    matched = True
                    break
                tried = position if matched else max(tried, last + 1)
        except TimeoutError:
            raise self.timed_out() from None
        return spans

    def _keep(self, text: str, begin: int, finish: int, limit: int, spans: list[Span]) -> int:
        """Add the candidate ``[begin, finish)`` (or its valid piece) to ``spans``; return
        where the scan goes on."""
        validator = self.validator
        if validator is None or validator(text[begin:finish]):
            spans.append((begin, finish))
            return finish
        return self._failed(text, begin, finish, limit, spans)

    def _failed(self, text: str, begin: int, finish: int, limit: int, spans: list[Span]) -> int:
        """Add the valid piece of a candidate that failed its check (if any) to ``spans``;
        return where the scan goes on."""
        if self.split_candidates:
            piece = self._piece(text, begin, finish, limit)
            if piece is not None:
                # Resume right after the piece: what followed it inside the
                # failed candidate may be the next value (two values glued).
                spans.append(piece)
                return piece[1]
        return finish

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Span]:
        """Return the non-overlapping, non-empty, validated match spans.

        A candidate that fails the validator is split: see :meth:`_piece`.
        """
        stop = len(text) if end is None else end
        return self._scan(text, start, stop, stop, stop)

    def window_bounds(self) -> tuple[int, int] | None:
        """Return the pattern's (longest match, right context) when windows are exact."""
        return scan_bounds(self.pattern) if self.window_safe else None

    def find_in_window(
        self, text: str, start: int, stop: int, last: int, limit: int | None = None
    ) -> list[Span]:
        """Return the validated spans in a window that start before ``last``.

        The scan stops at the first match reaching ``last``: the next search
        would begin at or after ``last`` and could only find spans the window drops.
        """
        if not self._plain_find:
            return super().find_in_window(text, start, stop, last, limit)
        return self._scan(text, start, stop, last, len(text) if limit is None else limit)

    def candidates_in_window(
        self, text: str, start: int, stop: int, last: int, limit: int | None = None
    ) -> tuple[list[Span], list[Span]]:
        """Return (values, pattern matches and values) in a window, starting before ``last``."""
        if self._plain_find:
            found = self._one_pass_candidates(
                text, start, stop, last, len(text) if limit is None else limit
            )
            if found is not None:
                return found
        values = self.find_in_window(text, start, stop, last, limit)
        pattern_spans = [span for span in self._pattern_spans(text, start, stop) if span[0] < last]
        if self.validator is None and self._plain_find:
            return values, pattern_spans
        return values, sorted({*values, *pattern_spans})

    def _one_pass_candidates(
        self, text: str, start: int, stop: int, last: int, limit: int
    ) -> tuple[list[Span], list[Span]] | None:
        """Return :meth:`candidates_in_window` from one pass of the pattern, or None when a
        failing candidate holds a valid piece (the values' scan then resumes inside it, so
        the two sequences part) or a match is empty."""
        validator = self.validator
        values: list[Span] = []
        spans: list[Span] = []
        try:
            for match in self._resumed_matches(text, start, stop, last, last < stop):
                span = match.span()
                if span[0] >= last:
                    break
                if span[0] == span[1]:
                    return None
                spans.append(span)
                if validator is None or validator(text[span[0] : span[1]]):
                    values.append(span)
                elif self.split_candidates and self._piece(text, *span, limit) is not None:
                    return None
        except TimeoutError:
            raise self.timed_out() from None
        return values, spans

    def candidates_near(
        self, text: str, hit_starts: Sequence[int], lead: int, start: int
    ) -> tuple[list[Span], list[Span]]:
        """Return :meth:`candidates` from ``start``, attempting matches only near hits:
        without a check, every match is a value and :meth:`find_near` finds them all."""
        if self.validator is not None or not self._plain_find:
            return self.candidates(text, start)
        values = self.find_near(text, hit_starts, lead, start, len(text))
        return values, values

    def candidates(self, text: str, start: int = 0) -> tuple[list[Span], list[Span]]:
        """Return (values, pattern matches and values) from ``start``."""
        if self._plain_find:
            end = len(text)
            found = self._one_pass_candidates(text, start, end, end, end)
            if found is not None:
                return found
        pattern_spans = self._pattern_spans(text, start, len(text))
        values = (
            self._scan(text, start, len(text), len(text), len(text))
            if self._plain_find
            else sorted(self.find(text, start))
        )
        if self.validator is None and self._plain_find:
            return values, pattern_spans
        return values, sorted({*values, *pattern_spans})

    def _growth_probe(self) -> regex.Pattern[str]:
        """Return the pattern followed by "one more character, then fail", compiled once.

        It never matches, so with ``partial=True`` a search reports exactly the
        first start whose attempt reads the end of the text: a greedy or optional
        part, a look-ahead, or a whole match that ends there. Plain partial
        matching misses a complete match whose preferred, longer branch ran
        out of text (``\\d{5}(?:-\\d{4})?`` on ``12345-67``).
        """
        probe: regex.Pattern[str] | None = getattr(self, "_probe", None)
        if probe is None:
            closing = "\n)" if self.pattern.flags & regex.VERBOSE else ")"
            probe = regex.compile(
                f"(?:{self.pattern.pattern}{closing}(?s:.)(?!)", self.pattern.flags
            )
            self._probe = probe
        return probe

    def _tests_the_end(self) -> bool:
        """True when the pattern may hold a zero-width test of what follows (\\b, $, ...)."""
        tests: bool | None = getattr(self, "_end_tests", None)
        if tests is None:
            tests = _END_ASSERTION.search(self.pattern.pattern) is not None
            self._end_tests = tests
        return tests

    def growing_start_near(
        self, text: str, starts: Sequence[int], tail: int, start: int
    ) -> int | None:
        """Return :meth:`growing_start`, trying only ``starts`` before ``tail`` (see the base
        class): one anchored attempt each, instead of a search of the whole range.

        A start counts when its attempt reads the end, or when a zero-width test of the
        end makes the variants' matches there differ (a start the left-to-right scan
        skips may count too: earlier is the cautious side).
        """
        probe = self._growth_probe()
        pattern = self.pattern
        variants = (text, text + "a", text + " ") if self._tests_the_end() else ()
        try:
            for begin in starts:
                if begin >= tail:
                    break
                if probe.match(text, begin, partial=True, timeout=self.timeout) is not None:
                    return begin
                if variants:
                    matches = [pattern.match(v, begin, timeout=self.timeout) for v in variants]
                    if len({None if m is None else m.span() for m in matches}) > 1:
                        return begin
        except TimeoutError:
            raise self.timed_out() from None
        return self.growing_start(text, tail)

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return where a match that more text could change begins (partial matching)."""
        try:
            probe = self._growth_probe().search(text, start, partial=True, timeout=self.timeout)
            earliest = len(text) if probe is None else probe.start()
            # Zero-width tests of the end (\b, $, a look-ahead ending in \b) are not partial
            # matches: the first place where appending a word or a non-word character
            # changes the matches is growing too.
            variants = (text, text + "a", text + " ") if self._tests_the_end() else ()
            runs = [
                self.pattern.finditer(variant, start, timeout=self.timeout) for variant in variants
            ]
            for matches in zip_longest(*runs):
                starts = [match.start() for match in matches if match is not None]
                if not starts or min(starts) >= earliest:
                    break
                spans = {match.span() if match is not None else None for match in matches}
                if len(spans) > 1:
                    earliest = min(starts)
                    break
        except TimeoutError:
            raise self.timed_out() from None
        return earliest if earliest < len(text) else None
