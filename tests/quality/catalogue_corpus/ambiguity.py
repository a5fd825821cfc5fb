"""Which categories could take a string, and whether a placed value is ambiguous in its text.

A record must not hold a value that a detector following the design would, with
good reason, report in another category: one that validates for (by its
validator) or fits the format of (for format-only categories, the shapes their
values take) another category that has a context word at least as near as the
value's nearest word of its own, or, for a value without context of its own,
another context-free category. A word both categories list (``passport``) names
neither: the value's distance counts only its words that the other category
lacks, the other's counts all of its words save a match inside one of those
(``passport`` in ``UK passport``). Phone numbers are left out (whether a digit
string is a phone number depends on a region no text states), and so are secrets
(a provider prefix or a ``password=`` names them).
"""

from __future__ import annotations

import functools
import random
import re
import unicodedata
from collections import defaultdict

from .catalogue import CONTEXT_REQUIRED
from .evasion import fold
from .model import Check, Spec, Value

WINDOW = 40  # the design's default context window, in characters
_NO_SPACE_SCRIPTS = ("CJK", "HANGUL", "KATAKANA", "HIRAGANA", "THAI")


def word_pattern(word: str) -> str:
    """``word`` as a case-folded regular expression on word boundaries (a plain substring in
    scripts written without spaces: CJK, kana, Hangul, Thai)."""
    if any(unicodedata.name(c, "").startswith(_NO_SPACE_SCRIPTS) for c in word):
        return re.escape(word.lower())
    return rf"(?<!\w){re.escape(word.lower())}(?!\w)"


def compact(text: str) -> str:
    """The letters and digits of ``text``."""
    return "".join(c for c in text if c.isalnum())


def _form(text: str) -> tuple[int, bool]:
    # A cheap prefilter: compact length and whether it is all digits.
    letters = compact(text)
    return len(letters), letters.isdigit()


def shape(text: str) -> str:
    """``text``'s letters as A and digits as 9, separators dropped."""
    return "".join("9" if c.isdigit() else "A" for c in compact(text))


class Judge:
    """Knows every category's validators, value shapes and context words."""

    def __init__(self, specs: tuple[Spec, ...]) -> None:
        sampler = random.Random("judge")
        words: dict[str, set[str]] = defaultdict(set)
        # (compact length, all digits) of the values -> the validators to try on such a string
        self.checks: dict[tuple[int, bool], list[tuple[str, Check]]] = defaultdict(list)
        # shape of a format-only category's values -> those categories
        self.shapes: dict[str, set[str]] = defaultdict(set)
        self.requires: dict[str, bool] = {}
        seen: set[tuple[tuple[int, bool], Check]] = set()
        for spec in specs:
            words[spec.category].update(w.lower() for w in spec.context)
            if spec.category in ("PHONE", "SECRET"):
                continue  # see the module doc; a secret's own format or assignment names it
            samples = [spec.make(sampler) for _ in range(30)]
            if spec.check is not None:
                for form in {_form(s) for s in samples}:
                    if (form, spec.check) not in seen:
                        seen.add((form, spec.check))
                        self.checks[form].append((spec.category, spec.check))
            elif spec.category not in ("SECRET", "URL", "EMAIL", "POSTAL_ADDRESS", "DATE_OF_BIRTH"):
                for outline in {shape(s) for s in samples}:
                    self.shapes[outline].add(spec.category)
            requires = spec.context_required(spec.category in CONTEXT_REQUIRED)
            self.requires[spec.category] = self.requires.get(spec.category, True) and requires
        self.words = {category: frozenset(ws) for category, ws in words.items()}

    def accepting(self, text: str) -> set[str]:
        """Every category whose check (or, for format-only ones, value shape) ``text`` fits."""
        value = fold(text)
        found = {category for category, check in self.checks.get(_form(value), ()) if check(value)}
        return found | self.shapes.get(shape(value), set())

    def distance(self, text: str, value: Value, category: str) -> float:
        """Characters between ``value`` and the nearest context word of ``category``."""
        return _gap(value, _spans(text.lower(), value, self.words.get(category, frozenset())))

    def ambiguous(self, text: str, value: Value) -> str | None:
        """Another category that could claim ``value`` here, if any."""
        others = self.accepting(text[value.start : value.end]) - {value.category}
        if not others:
            return None
        lowered = text.lower()
        own_words = self.words.get(value.category, frozenset())
        for other in sorted(others):
            other_words = self.words.get(other, frozenset())
            # Only the value's words that ``other`` lacks name its category against ``other``;
            # a word of ``other`` inside one of them (``passport`` in ``UK passport``) is no word.
            named = _spans(lowered, value, own_words - other_words)
            own = _gap(value, named)
            near = _gap(
                value,
                [
                    (start, end)
                    for start, end in _spans(lowered, value, other_words)
                    if not any(a <= start and end <= b for a, b in named)
                ],
            )
            if self.requires.get(other, True):
                if near <= WINDOW and near <= own:
                    return other
            elif own > WINDOW or near <= own:
                return other
        return None

    def claimed(self, text: str, decoy: Value) -> str | None:
        """A category that could take the hard negative ``decoy`` as a value here, if any."""
        for other in self.accepting(text[decoy.start : decoy.end]):
            if not self.requires.get(other, True) or self.distance(text, decoy, other) <= WINDOW:
                return other
        return None


def _spans(lowered: str, value: Value, words: frozenset[str]) -> list[tuple[int, int]]:
    # Where ``words`` occur within 200 characters of ``value`` in the lower-cased text.
    pattern = _pattern(words)
    if pattern is None:
        return []
    low, high = max(0, value.start - 200), value.end + 200
    return [match.span() for match in pattern.finditer(lowered, low, high)]


def _gap(value: Value, spans: list[tuple[int, int]]) -> float:
    # Characters between ``value`` and the nearest of ``spans`` (that does not overlap it).
    best = float("inf")
    for start, end in spans:
        if end <= value.start:
            best = min(best, value.start - end)
        elif start >= value.end:
            best = min(best, start - value.end)
    return best


@functools.cache
def _pattern(words: frozenset[str]) -> re.Pattern[str] | None:
    # Longest words first, so that ``voter ID`` matches whole, not as ``voter``.
    if not words:
        return None
    return re.compile("|".join(word_pattern(w) for w in sorted(words, key=lambda w: (-len(w), w))))


@functools.cache
def judge() -> Judge:
    """The judge of every spec of the corpus (built once)."""
    from .generator import all_specs

    return Judge(all_specs())
