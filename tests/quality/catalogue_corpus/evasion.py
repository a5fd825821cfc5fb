"""Evasion transforms: the same value written so that a naive matcher misses it.

Each transform keeps the value recoverable by the design's normalisation:
NFKC folding, then dropping every Unicode format character (category Cf), gives
back the plain value. Full-width forms (U+FF01-U+FF5E) and the mathematical
digit styles (U+1D7CE-U+1D7FF) fold to ASCII under NFKC; zero-width space,
non-joiner and joiner, word joiner, byte-order mark, soft hyphen and the bidi
marks are all category Cf. Other Unicode digits (Arabic-Indic, Devanagari) do
not fold under NFKC and are therefore not used.
"""

from __future__ import annotations

import random
import unicodedata

FORMAT_CHARACTERS = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f")
_MATH_DIGIT_BASES = (0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6)  # bold, double-struck, sans...


def fold(text: str) -> str:
    """The design's normalised view: NFKC, then format characters dropped."""
    return "".join(
        c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) != "Cf"
    )


def full_width(rng: random.Random, value: str) -> str:
    """Letters and digits (and, half of the time, punctuation) as full-width forms."""
    punctuation = rng.random() < 0.5

    def convert(character: str) -> str:
        if character.isascii() and (
            character.isalnum() or (punctuation and 0x21 <= ord(character) <= 0x7E)
        ):
            return chr(ord(character) - 0x21 + 0xFF01)
        return character

    return "".join(convert(c) for c in value)


def math_digits(rng: random.Random, value: str) -> str:
    """ASCII digits as one of the mathematical digit styles."""
    base = rng.choice(_MATH_DIGIT_BASES)
    return "".join(chr(base + int(c)) if c.isascii() and c.isdigit() else c for c in value)


def zero_width(rng: random.Random, value: str) -> str:
    """One to three format characters inserted between characters of the value."""
    positions = sorted(
        rng.sample(range(1, len(value)), min(len(value) - 1, rng.randint(1, 3))), reverse=True
    )
    for position in positions:
        value = value[:position] + rng.choice(FORMAT_CHARACTERS) + value[position:]
    return value


def mixed(rng: random.Random, value: str) -> str:
    """Full-width characters with format characters between them."""
    return zero_width(rng, full_width(rng, value))


TRANSFORMS = {
    "full_width": full_width,
    "math_digits": math_digits,
    "zero_width": zero_width,
    "mixed": mixed,
}
