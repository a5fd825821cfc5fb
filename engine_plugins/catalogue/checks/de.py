"""Named checks for German identifiers that python-stdnum does not validate.

- ``de_id_card`` and ``de_passport``: the serial number of a Personalausweis
  (since November 2010) or a Reisepass (since November 2007), nine characters
  from the Bundesdruckerei alphabet (digits and C F G H J K L M N P R T V W X
  Y Z), optionally followed by the check digit printed in the machine-readable
  zone. The first character is a letter: C to K for passports (Z for travel
  documents issued to foreigners), L to Y for identity cards. The check digit
  is ICAO Doc 9303 Part 3, section 4.9: weights 7, 3, 1 repeated, digits at
  face value and letters A-Z as 10-35, the sum modulo 10.
- ``de_social_security``: the Versicherungsnummer of the statutory pension
  insurance (Rentenversicherungsnummer), § 147 SGB VI and § 2 VKVV: area
  number (2 digits), birth date DDMMYY (the day raised by 32, 64 or 96 when a
  date's serial numbers run out), initial of the birth name, serial (2 digits)
  and check digit. Deutsche Rentenversicherung's check: the letter becomes its
  two-digit alphabet position (A = 01), the twelve digits are weighted
  2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1, the digit sums of the products are added
  and the sum modulo 10 is the check digit.
- ``de_health_insurance``: the unchangeable part of the Krankenversichertennummer
  (§ 290 SGB V; GKV-Spitzenverband / gematik): a capital letter, eight digits
  and a check digit. The letter becomes its two-digit alphabet position
  (A = 01), the ten digits are weighted 1, 2, 1, 2, ... from the left, the digit
  sums of the products are added and the sum modulo 10 is the check digit.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = [
    "CHECKS",
    "health_insurance_valid",
    "icao_check_digit",
    "id_card_valid",
    "passport_valid",
    "social_security_valid",
]

#: Characters of German passport and identity card serial numbers (no vowels, B, D, Q, S).
_SERIAL_LETTERS = frozenset("CFGHJKLMNPRTVWXYZ")
_SERIAL_CHARACTERS = _SERIAL_LETTERS | frozenset("0123456789")
_ID_CARD_FIRST = frozenset("LMNPRTVWXY")
_PASSPORT_FIRST = frozenset("CFGHJKZ")
_ICAO_WEIGHTS = (7, 3, 1)
_PENSION_WEIGHTS = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
#: Birth days of a Versicherungsnummer: the day, or the day raised by 32 or 64, or the
#: first of the month raised by 96 (Haufe, "Versicherungsnummer", 2.2).
_PENSION_DAYS = frozenset(range(1, 32)) | frozenset(range(33, 64)) | frozenset(range(65, 96)) | {97}


def _compact(value: str) -> str:
    return "".join(value.split()).upper()


def _digit_sum(number: int) -> int:
    return number // 10 + number % 10


def _letter_position(letter: str) -> str:
    """A = 01 ... Z = 26, as the German social insurance numbers encode a letter."""
    return f"{ord(letter) - ord('A') + 1:02d}"


def icao_check_digit(value: str) -> str:
    """Return the ICAO Doc 9303 check digit of ``value`` (digits and capital letters)."""
    total = sum(int(char, 36) * _ICAO_WEIGHTS[index % 3] for index, char in enumerate(value))
    return str(total % 10)


def _document_number_valid(value: str, first: frozenset[str]) -> bool:
    serial = _compact(value)
    if len(serial) == 10:
        serial, check = serial[:9], serial[9]
        if not check.isdigit() or icao_check_digit(serial) != check:
            return False
    return len(serial) == 9 and serial[0] in first and set(serial) <= _SERIAL_CHARACTERS


def id_card_valid(value: str) -> bool:
    """True for a Personalausweis serial (L-Y first), with a correct check digit if given."""
    return _document_number_valid(value, _ID_CARD_FIRST)


def passport_valid(value: str) -> bool:
    """True for a Reisepass serial (C-K or Z first), with a correct check digit if given."""
    return _document_number_valid(value, _PASSPORT_FIRST)


def social_security_valid(value: str) -> bool:
    """True for a Rentenversicherungsnummer whose date, letter and check digit are valid."""
    number = _compact(value)
    if len(number) != 12 or not number.isascii():
        return False
    digits, letter, serial, check = number[:8], number[8], number[9:11], number[11]
    if not (digits.isdigit() and letter.isalpha() and serial.isdigit() and check.isdigit()):
        return False
    if int(digits[2:4]) not in _PENSION_DAYS or not 1 <= int(digits[4:6]) <= 12:
        return False
    weighted = digits + _letter_position(letter) + serial
    total = sum(
        _digit_sum(int(digit) * weight)
        for digit, weight in zip(weighted, _PENSION_WEIGHTS, strict=True)
    )
    return total % 10 == int(check)


def health_insurance_valid(value: str) -> bool:
    """True for the ten-character Krankenversichertennummer with a correct check digit."""
    number = _compact(value)
    if len(number) != 10 or not number.isascii():
        return False
    letter, digits, check = number[0], number[1:9], number[9]
    if not (letter.isalpha() and digits.isdigit() and check.isdigit()):
        return False
    weighted = _letter_position(letter) + digits
    total = sum(_digit_sum(int(digit) * (1 + index % 2)) for index, digit in enumerate(weighted))
    return total % 10 == int(check)


CHECKS: dict[str, Callable[[str], bool]] = {
    "de_id_card": id_card_valid,
    "de_passport": passport_valid,
    "de_social_security": social_security_valid,
    "de_health_insurance": health_insurance_valid,
}
