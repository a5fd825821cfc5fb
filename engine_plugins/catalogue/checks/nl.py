"""Named check for the Dutch burgerservicenummer: python-stdnum's, on exactly nine digits.

``stdnum.nl.bsn`` pads shorter numbers with leading zeros (the register omits
them), so a piece of a longer number, which the matcher tries when a candidate
fails (docs/architecture.md, "No bypass"), would pass the eleven test one time
in eleven. Written BSNs have nine digits (Rijksdienst voor Identiteitsgegevens,
"Burgerservicenummer"); the eleven test is stdnum's.
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum.nl import bsn

__all__ = ["CHECKS", "bsn_valid"]

_SEPARATORS = str.maketrans("", "", " -.")


def bsn_valid(value: str) -> bool:
    """True for nine digits (separators aside) that pass the eleven test."""
    digits = value.translate(_SEPARATORS)
    return len(digits) == 9 and digits.isascii() and digits.isdigit() and bsn.is_valid(digits)


CHECKS: dict[str, Callable[[str], bool]] = {"nl_bsn": bsn_valid}
