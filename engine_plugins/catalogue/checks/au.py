"""Named checks for Australian identifiers that python-stdnum does not validate.

Tax file, business and company numbers come from python-stdnum (``stdnum:au.tfn``,
``stdnum:au.abn``, ``stdnum:au.acn``); only the Medicare card number is checked here.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CHECKS", "au_medicare"]

#: Weights of the first eight digits (Services Australia's Medicare card check digit).
_MEDICARE_WEIGHTS = (1, 3, 7, 9, 1, 3, 7, 9)
_SEPARATORS = str.maketrans("", "", " -/")


def au_medicare(value: str) -> bool:
    """True when ``value`` is a Medicare card number whose check digit is right.

    The published algorithm (Services Australia's Medicare check digit routine,
    as NEHTA's "Use of Healthcare Identifiers in Health Software Systems,
    Software Conformance Requirements" v1.4 gives it with the worked example
    ``2123 45670 1``, and as the Medicare claiming API documents it): ten
    digits, the first 2 to 6; the ninth is the sum of the first eight weighted
    1, 3, 7, 9, 1, 3, 7, 9, modulo 10; the tenth is the card's issue number,
    never 0. An eleventh digit, the individual reference number (1 to 9), may
    follow.
    """
    digits = value.translate(_SEPARATORS)
    if not (digits.isascii() and digits.isdigit() and len(digits) in (10, 11)):
        return False
    if digits[0] not in "23456" or digits[9] == "0" or digits[10:] == "0":
        return False
    total = sum(
        int(digit) * weight for digit, weight in zip(digits, _MEDICARE_WEIGHTS, strict=False)
    )
    return total % 10 == int(digits[8])


CHECKS: dict[str, Callable[[str], bool]] = {"au_medicare": au_medicare}
