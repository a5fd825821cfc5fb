"""A text's context words, found once for every context-required rule of a pack."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import ahocorasick

from .context import fold_word
from .rules import CompiledRule

__all__ = ["ContextWords", "caseless"]

#: Characters whose lower case is not what ``IGNORECASE`` matching treats them as (a
#: multi-character lower case, or a lower case that is not its upper case's): mapped to
#: that. A test checks the table against every code point the normalized text can hold.
_CASE_EXCEPTIONS = {
    0x130: "i",  # LATIN CAPITAL LETTER I WITH DOT ABOVE (lower: i + U+0307)
    0x131: "i",  # LATIN SMALL LETTER DOTLESS I
    0x345: "\u03b9",  # COMBINING GREEK YPOGEGRAMMENI
    0x3C2: "\u03c3",  # GREEK SMALL LETTER FINAL SIGMA
    0x1C80: "\u0432",  # CYRILLIC SMALL LETTER ROUNDED VE ... (historic variants)
    0x1C81: "\u0434",
    0x1C82: "\u043e",
    0x1C83: "\u0441",
    0x1C84: "\u0442",
    0x1C85: "\u0442",
    0x1C86: "\u044a",
    0x1C87: "\u0463",
    0x1C88: "\ua64b",
}
_CASE_CHARS = re.compile("[" + "".join(map(chr, _CASE_EXCEPTIONS)) + "]")


def caseless(text: str) -> str:
    """Return ``text`` lower-cased so that a case-insensitive match is a substring of it."""
    if text.isascii() or _CASE_CHARS.search(text) is None:
        return text.lower()
    return text.translate(_CASE_EXCEPTIONS).lower()


class ContextWords:
    """Which context-required rules have none of their words anywhere in a text.

    One Aho-Corasick pass over the lower-cased text finds every word of every
    context-required rule; a rule none of whose words occur cannot report a
    value, so the scan skips it (docs/architecture.md, "Context"). The words are
    folded like the scanned text and found as plain substrings, a superset of
    the word-boundary matches the rule's context asks for.
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
                    folded = caseless(fold_word(word))
                    if folded:
                        owners.setdefault(folded, set()).add(index)
            for word, indexes in owners.items():
                automaton.add_word(word, frozenset(indexes))
            automaton.make_automaton()
            self._automaton = automaton

    def unmet(self, text: str) -> frozenset[int]:
        """Return the indexes of the context-required rules with no context word in ``text``
        (the scanned text: already normalized)."""
        if self._automaton is None:
            return frozenset()
        met: set[int] = set()
        for _, indexes in self._automaton.iter(caseless(text)):
            met |= indexes
            if len(met) == len(self._required):
                break
        return frozenset(self._required.keys() - met)
