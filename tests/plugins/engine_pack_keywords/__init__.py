"""engine-pack-keywords: a sample third-party engine-pack plugin.

It adds a ``keyword_list`` rule type, backed by an Aho-Corasick automaton
(pyahocorasick), and a ``mask`` remedy. ``plugins.md`` walks through it.

A rule of this type lists its keywords in ``pattern``, separated by ``|``::

    rules:
      - id: project_codenames
        type: keyword_list
        pattern: "bluebird|red falcon|nightjar"
        action: mask
        options: {case_sensitive: false}

Keywords match as whole words (not inside a longer word), case-insensitively
unless ``case_sensitive`` is true.
"""

from __future__ import annotations

from collections.abc import Callable

import ahocorasick

from engine_core import hookimpl
from engine_core.matching import Matcher
from engine_core.model import WARNING, RuleDeclaration
from engine_core.options import Option
from engine_core.registries import Remedy, RuleType

__all__ = ["KEYWORD_LIST", "MASK", "KeywordMatcher"]

# ASCII-only case folding keeps every offset unchanged (str.lower() may not).
_FOLD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _keywords(rule: RuleDeclaration) -> list[str]:
    return [word.strip() for word in rule.pattern.split("|") if word.strip()]


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


class KeywordMatcher(Matcher):
    """Finds whole-word keywords with one Aho-Corasick pass over the text."""

    def __init__(self, keywords: list[str], *, case_sensitive: bool = False) -> None:
        self.case_sensitive = case_sensitive
        self.automaton = ahocorasick.Automaton()
        self.longest = max((len(keyword) for keyword in keywords), default=0)
        for keyword in keywords:
            key = self._fold(keyword)
            self.automaton.add_word(key, len(key))
        self.automaton.make_automaton()

    def _fold(self, text: str) -> str:
        return text if self.case_sensitive else text.translate(_FOLD)

    def _whole_word(self, text: str, start: int, end: int) -> bool:
        before = start > 0 and _is_word_char(text[start - 1])
        after = end < len(text) and _is_word_char(text[end])
        return not before and not after

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
        """Return leftmost-longest, non-overlapping whole-word keyword spans."""
        stop = len(text) if end is None else end
        folded = self._fold(text)
        candidates = sorted(
            (last + 1 - length, -(last + 1))
            for last, length in self.automaton.iter(folded, start, stop)
        )
        spans: list[tuple[int, int]] = []
        for begin, negative_end in candidates:
            finish = -negative_end
            if spans and begin < spans[-1][1]:
                continue
            if self._whole_word(text, begin, finish):
                spans.append((begin, finish))
        return spans

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return where a keyword that more text could complete or extend begins."""
        # Only a tail no longer than the longest keyword can still grow into one; a
        # keyword ending at the very end may still stop being a whole word.
        first = max(start, len(text) - self.longest)
        folded = self._fold(text[first:])
        for offset in range(len(folded)):
            if self.automaton.match(folded[offset:]):
                return first + offset
        return None


def _validate(rule: RuleDeclaration) -> list[str]:
    problems = []
    if not _keywords(rule):
        problems.append(f"rule {rule.id!r}: pattern: needs at least one keyword (a|b|c)")
    return problems


def _compile(rule: RuleDeclaration) -> KeywordMatcher:
    # Options arrive typed (a bool here) as the rule type declares them below.
    return KeywordMatcher(_keywords(rule), case_sensitive=rule.options.get("case_sensitive", False))


KEYWORD_LIST = RuleType(
    name="keyword_list",
    validate=_validate,
    compile=_compile,
    description="Whole-word keywords separated by | (Aho-Corasick).",
    options=(Option("case_sensitive", bool, "Match case exactly.", default=False),),
)
MASK = Remedy(
    name="mask",
    severity=WARNING,
    replace=lambda value, _category: "*" * len(value),
    description="Replace each character of the value by '*'.",
)


@hookimpl
def engine_register_rule_types(register: Callable[[RuleType], None]) -> None:
    """Register the keyword_list rule type."""
    register(KEYWORD_LIST)


@hookimpl
def engine_register_remedies(register: Callable[[Remedy], None]) -> None:
    """Register the mask remedy."""
    register(MASK)
