"""Compiled matchers: what a rule type turns a rule into.

A matcher finds ``(start, end)`` spans of a rule in a text and, for the
streaming layer, says where a match that is still growing could start.
:class:`RegexMatcher` is the matcher of the ``regex`` rule type and the base
that checksum rule types (and third-party plugins) reuse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, runtime_checkable

import regex

from .errors import DecisionBudgetExceededError

__all__ = [
    "DEFAULT_MATCH_TIMEOUT_S",
    "REGEX_FLAGS",
    "Matcher",
    "RegexMatcher",
    "Span",
    "compile_pattern",
    "pattern_problems",
]

Span = tuple[int, int]

#: Upper bound for one regex scan, so a pathological pattern cannot hang a worker.
DEFAULT_MATCH_TIMEOUT_S = 0.5

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


@runtime_checkable
class Matcher(Protocol):
    """What a compiled rule offers the engine and the streaming layer."""

    #: A regular expression every match contains at least once, or None.
    #: When it is not found in a text, the matcher is skipped for that text.
    prefilter: str | None

    #: False when :meth:`growing_start` cannot tell where a growing match
    #: could start; the streaming layer then holds text back conservatively.
    can_tell_growth: bool

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Span]:
        """Return the non-overlapping, non-empty match spans in ``text[start:end]``."""
        ...

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return the earliest index >= ``start`` where a match that more text could
        still change begins, or None when no match can grow past the end of ``text``."""
        ...


def _flag_bits(flags: Iterable[str]) -> int:
    bits = 0
    for name in flags:
        bits |= REGEX_FLAGS[name.upper()]
    return bits


def compile_pattern(pattern: str, flags: Iterable[str] = ()) -> regex.Pattern[str]:
    """Compile a rule pattern with the ``regex`` module (VERSION1 semantics off: Python-like)."""
    return regex.compile(pattern, _flag_bits(flags))


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


class RegexMatcher:
    """A matcher backed by a ``regex`` pattern and an optional value validator.

    ``validator`` receives each candidate's text and keeps it only when it
    returns True (a checksum, for example). ``prefilter`` is a regular
    expression that every match contains; texts without it are skipped.
    """

    can_tell_growth = True

    def __init__(
        self,
        pattern: str | regex.Pattern[str],
        *,
        flags: Iterable[str] = (),
        validator: Callable[[str], bool] | None = None,
        prefilter: str | None = None,
        timeout: float = DEFAULT_MATCH_TIMEOUT_S,
        rule_id: str = "",
    ) -> None:
        self.pattern = pattern if isinstance(pattern, regex.Pattern) else compile_pattern(pattern, flags)
        self.validator = validator
        self.prefilter = prefilter
        self.timeout = timeout
        self.rule_id = rule_id

    def _timed_out(self, exc: TimeoutError) -> DecisionBudgetExceededError:
        return DecisionBudgetExceededError(
            self.rule_id or "<rule>", "regex_timeout_ms", self.timeout * 1000, self.timeout * 1000
        )

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Span]:
        """Return the non-overlapping, non-empty, validated match spans."""
        endpos = len(text) if end is None else end
        try:
            matches = self.pattern.finditer(text, start, endpos, timeout=self.timeout)
            spans = [match.span() for match in matches if match.end() > match.start()]
        except TimeoutError as exc:
            raise self._timed_out(exc) from None
        if self.validator is not None:
            spans = [span for span in spans if self.validator(text[span[0] : span[1]])]
        return spans

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return where a match that more text could change begins (partial matching)."""
        earliest: int | None = None
        try:
            for match in self.pattern.finditer(text, start, partial=True, timeout=self.timeout):
                if match.partial or match.end() == len(text):
                    earliest = match.start() if earliest is None else min(earliest, match.start())
        except TimeoutError as exc:
            raise self._timed_out(exc) from None
        return earliest
