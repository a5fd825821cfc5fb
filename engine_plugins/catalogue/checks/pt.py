"""Named check for the Portuguese cartão de cidadão: python-stdnum's, on its 12 characters.

``stdnum.pt.cc`` accepts any number of leading digits before the version and
check characters, so a piece of a longer candidate, which the matcher tries
when a candidate fails (docs/architecture.md, "No bypass"), could pass. The
document number has 8 digits, a check digit, 2 version letters and a check
digit (Agência para a Modernização Administrativa, "Validação de Número de
Documento do Cartão de Cidadão"); the check digits are stdnum's.
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum.pt import cc

__all__ = ["CHECKS", "citizen_card_valid"]


def citizen_card_valid(value: str) -> bool:
    """True for 9 digits, 2 letters and a digit (spaces aside) with valid check digits."""
    number = cc.compact(value)
    shaped = (
        len(number) == 12
        and number[:9].isdigit()
        and number[9:11].isalpha()
        and number[11].isdigit()
        and number.isascii()
    )
    return shaped and cc.is_valid(number)


CHECKS: dict[str, Callable[[str], bool]] = {"pt_cc": citizen_card_valid}
