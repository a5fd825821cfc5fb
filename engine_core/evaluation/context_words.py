"""A text's context words, found once for every context-required rule of a pack."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ahocorasick

from .rules import CompiledRule

__all__ = ["ContextWords"]


class ContextWords:
    """Which context-required rules have none of their words anywhere in a text.

    One Aho-Corasick pass over the lower-cased text finds every word of every
    context-required rule; a rule none of whose words occur cannot report a
    value, so the scan skips it (docs/architecture.md, "Context").
    """

    def __init__(self, rules: Iterable[CompiledRule]) -> None:
        self._required: dict[int, tuple[str, ...]] = {
            rule.index: tuple(rule.declaration.options.get("context") or ())
            for rule in rules
            if rule.context is not None and rule.context.required
        }
        self._automaton: Any = None
        if self._required:
            automaton = ahocorasick.Automaton()
            owners: dict[str, set[int]] = {}
            for index, words in self._required.items():
                for word in words:
                    owners.setdefault(word.strip().lower(), set()).add(index)
            for word, indexes in owners.items():
                automaton.add_word(word, frozenset(indexes))
            automaton.make_automaton()
            self._automaton = automaton

    def unmet(self, text: str) -> frozenset[int]:
        """Return the indexes of the context-required rules with no context word in ``text``."""
        if self._automaton is None or not text.isascii():
            # Outside ASCII, case folding can change a word's letters (Turkish dotted I):
            # only an ASCII text is safely ruled out by a lower-cased search.
            return frozenset()
        met: set[int] = set()
        for _, indexes in self._automaton.iter(text.lower()):
            met |= indexes
            if len(met) == len(self._required):
                break
        return frozenset(self._required.keys() - met)
