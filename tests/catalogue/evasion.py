"""Values written to slip past a filter, for the catalogue tests."""

from __future__ import annotations

#: ASCII digits to their full-width forms (U+FF10..U+FF19), which NFKC folds back.
_FULL_WIDTH = str.maketrans("0123456789", "".join(chr(0xFF10 + digit) for digit in range(10)))


def full_width(text: str) -> str:
    """``text`` with every ASCII digit written as its full-width form."""
    return text.translate(_FULL_WIDTH)
