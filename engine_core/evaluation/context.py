"""Context words near a value: whether a rule's value counts, and which category it is.

A rule's ``context`` words (case-insensitive, on word boundaries) are looked
for within ``context_window`` characters before and after each value. With
``context_required`` a value without one does not count; between rules that
take the same value, the nearest context word decides (docs/architecture.md,
"Context").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import regex

__all__ = ["DEFAULT_CONTEXT_WINDOW", "Context"]

DEFAULT_CONTEXT_WINDOW = 40


@dataclass(frozen=True)
class Context:
    """A rule's context words, their window, and whether a value needs one."""

    words: regex.Pattern[str]
    window: int
    required: bool

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Context | None:
        """Return the context a rule's (validated) options declare, or None."""
        words = options.get("context") or ()
        if not words:
            return None
        alternatives = "|".join(
            regex.escape(word.strip()) for word in sorted(words, key=len, reverse=True)
        )
        return cls(
            words=regex.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", regex.IGNORECASE),
            window=int(options.get("context_window", DEFAULT_CONTEXT_WINDOW)),
            required=bool(options.get("context_required", False)),
        )

    def distance(self, text: str, start: int, end: int) -> int | None:
        """Return how far the nearest context word is from ``text[start:end]``, or None."""
        low = max(0, start - self.window)
        high = min(len(text), end + self.window)
        nearest: int | None = None
        for match in self.words.finditer(text, low, high):
            if match.end() <= start:
                gap = start - match.end()
            elif match.start() >= end:
                gap = match.start() - end
            else:
                continue  # a word inside the value is not context for it
            if nearest is None or gap < nearest:
                nearest = gap
        return nearest
