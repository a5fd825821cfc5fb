"""Named checks for Singapore identifiers that python-stdnum does not validate.

The entity number comes from python-stdnum (``stdnum:sg.uen``); the NRIC and
FIN check letters are checked here.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CHECKS", "sg_nric_fin"]

_WEIGHTS = (2, 7, 6, 5, 4, 3, 2)
#: Per prefix: what is added to the weighted sum, and the check letters by remainder.
_SERIES = {
    "S": (0, "JZIHGFEDCBA"),
    "T": (4, "JZIHGFEDCBA"),
    "F": (0, "XWUTRQPNMLK"),
    "G": (4, "XWUTRQPNMLK"),
    # The M series (from 1 January 2022) reads its table from the other end.
    "M": (3, "XWUTRQPNJLK"),
}


def sg_nric_fin(value: str) -> bool:
    """True when ``value`` is an NRIC number or FIN whose check letter is right.

    The published algorithm (ICA's NRIC/FIN check letter, as the Singapore
    Government's FormSG implements it in ``shared/utils/nric-validation.ts``,
    ``isNricValid`` and ``isMFinSeriesValid``): a prefix S, T (citizens and
    permanent residents), F, G or M (foreigners), seven digits weighted
    2, 7, 6, 5, 4, 3, 2, plus 0 for S and F, 4 for T and G, 3 for M; the
    remainder modulo 11 picks the letter from ``JZIHGFEDCBA`` (S, T),
    ``XWUTRQPNMLK`` (F, G), or, for M, ``KLJNPQRTUWX`` at index 10 - remainder.
    """
    text = value.upper()
    if len(text) != 9 or text[0] not in _SERIES:
        return False
    digits, letter = text[1:8], text[8]
    if not (digits.isascii() and digits.isdigit()):
        return False
    offset, letters = _SERIES[text[0]]
    total = offset + sum(
        int(digit) * weight for digit, weight in zip(digits, _WEIGHTS, strict=True)
    )
    return letters[total % 11] == letter


CHECKS: dict[str, Callable[[str], bool]] = {"sg_nric_fin": sg_nric_fin}
