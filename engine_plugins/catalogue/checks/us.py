"""Named checks of the United States catalogue entries (``us.yaml``)."""

from __future__ import annotations

from collections.abc import Callable

from stdnum import luhn

__all__ = ["CHECKS", "us_itin", "us_npi"]

_SEPARATORS = str.maketrans("", "", " -")

#: The middle (4th and 5th) digits the IRS assigns to ITINs: 50-65, 70-88, 90-92 and
#: 94-99 (IRS, "General ITIN Information" and Publication 1915; 93 is the ATIN).
#: python-stdnum's ``us.itin`` predates the 50-65 range, hence this check.
ITIN_GROUPS = frozenset((*range(50, 66), *range(70, 89), *range(90, 93), *range(94, 100)))


def us_itin(value: str) -> bool:
    """A US ITIN: nine digits, the first a 9, the middle two in an IRS-assigned range."""
    digits = value.translate(_SEPARATORS)
    if len(digits) != 9 or not (digits.isascii() and digits.isdigit()):
        return False
    return digits[0] == "9" and int(digits[3:5]) in ITIN_GROUPS


#: The prefix the NPI check digit is computed with: 80840, the ISO 7812 card-issuer
#: identifier of US health applications (CMS, "Requirements for the NPI check digit").
NPI_PREFIX = "80840"


def us_npi(value: str) -> bool:
    """A US National Provider Identifier: 10 digits, first 1 or 2, Luhn over 80840 + NPI.

    CMS, "Requirements for the National Provider Identifier (NPI) Check Digit":
    the check digit is the Luhn (ISO/IEC 7812) digit of the 9-digit base prefixed
    with 80840; python-stdnum supplies the Luhn check.
    """
    digits = value.translate(_SEPARATORS)
    if len(digits) != 10 or not (digits.isascii() and digits.isdigit()):
        return False
    return digits[0] in "12" and luhn.is_valid(NPI_PREFIX + digits)


CHECKS: dict[str, Callable[[str], bool]] = {
    "us_itin": us_itin,
    "us_npi": us_npi,
}
