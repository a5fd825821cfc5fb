"""The German named checks (no library validates these identifiers): published examples."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine
from engine_plugins.catalogue.checks import named_checks
from engine_plugins.catalogue.checks.de import (
    health_insurance_valid,
    icao_check_digit,
    id_card_valid,
    passport_valid,
    social_security_valid,
)

from .conftest import values

SERIAL_ALPHABET = "0123456789CFGHJKLMNPRTVWXYZ"


def test_checks_are_registered_by_name() -> None:
    """Catalogue entries name these checks; the package finds them."""
    checks = named_checks()
    assert checks["de_id_card"] is id_card_valid
    assert checks["de_passport"] is passport_valid
    assert checks["de_social_security"] is social_security_valid
    assert checks["de_health_insurance"] is health_insurance_valid


@pytest.mark.parametrize(
    ("serial", "check"),
    [
        # ICAO Doc 9303 Part 3, 4.9 worked example: document number L898902C3, check 6
        ("L898902C3", "6"),
        # Specimen identity card "Erika Mustermann": MRZ IDD<<L01X00T471
        ("L01X00T47", "1"),
        # Specimen identity card of 2010: MRZ IDD<<T220001293
        ("T22000129", "3"),
        # Specimen passport "Erika Mustermann": MRZ ...C01X00T478D<<...
        ("C01X00T47", "8"),
        # Identity card issued before November 2010 (mathematikalpha.de): 1220001297
        ("122000129", "7"),
    ],
)
def test_icao_check_digit_of_published_examples(serial: str, check: str) -> None:
    """Weights 7, 3, 1; letters count 10 to 35."""
    assert icao_check_digit(serial) == check


@pytest.mark.parametrize("value", ["L01X00T47", "L01X00T471", "T22000129", "T220001293"])
def test_identity_card_serials(value: str) -> None:
    """Identity card serials, with or without the check digit of the MRZ."""
    assert id_card_valid(value)
    assert not passport_valid(value)


@pytest.mark.parametrize("value", ["C01X00T47", "C01X00T478", "CZ6311T472"])
def test_passport_serials(value: str) -> None:
    """Passport serials (C to K first), with or without the check digit of the MRZ."""
    assert passport_valid(value)
    assert not id_card_valid(value)


@pytest.mark.parametrize(
    "value",
    [
        "L01X00T472",  # wrong check digit
        "L01X00T47X",  # a letter where the check digit stands
        "L01X00T4",  # 8 characters
        "L01X00T4711",  # 11 characters
        "A01X00T47",  # A is not in the serial alphabet
        "L01O00T47",  # neither is O
        "101X00T47",  # a digit first
        "",
    ],
)
def test_document_number_look_alikes(value: str) -> None:
    """Wrong check digit, wrong length, letters outside the alphabet."""
    assert not id_card_valid(value)
    assert not passport_valid(value)


@given(st.text(SERIAL_ALPHABET, min_size=8, max_size=8), st.sampled_from("LMNPRTVWXY"))
def test_only_the_computed_check_digit_is_accepted(rest: str, first: str) -> None:
    """For any serial, exactly one of the ten digits completes it."""
    serial = first + rest
    accepted = [digit for digit in "0123456789" if id_card_valid(serial + digit)]
    assert accepted == [icao_check_digit(serial)]


_FULL_WIDTH = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}


@pytest.mark.parametrize(
    ("check", "value", "valid"),
    [
        # Wikipedia (de), "Versicherungsnummer" (as in koblas/stdnum-js src/de/svnr.spec.ts)
        (social_security_valid, "15 070649 C 103", True),
        (social_security_valid, "15070649C103", True),
        # kryptografie.de, "Sozialversicherungsnummer Prüfziffer" (worked example)
        (social_security_valid, "10010490A443", True),
        # A day raised by 32 when a date's serial numbers run out (Haufe, 2.2)
        (social_security_valid, "15 390649 C 100", True),
        (social_security_valid, "15 390649 C 101", False),  # its check digit changed
        (social_security_valid, "15 070649 C 102", False),  # check digit changed
        (social_security_valid, "15 070649 D 103", False),  # another letter, same check digit
        (social_security_valid, "15 071349 C 103", False),  # month 13
        (social_security_valid, "15 000649 C 103", False),  # day 0
        (social_security_valid, "15 320649 C 103", False),  # day 32 (raised days: 33 to 63)
        (social_security_valid, "15 070649 C 10", False),  # 11 characters
        (social_security_valid, "15 070649 1 103", False),  # a digit where the letter stands
        (social_security_valid, "15 07064X C 103", False),  # a letter in the date
        # Full-width forms: the engine matches on NFKC-folded text, the check takes ASCII.
        (social_security_valid, "15070649C103".translate(_FULL_WIDTH), False),
        # Wikipedia (de), "Krankenversichertennummer"; gematik VSDM test data
        (health_insurance_valid, "A123456780", True),
        (health_insurance_valid, "a123456780", True),
        (health_insurance_valid, "A123456781", False),  # check digit changed
        (health_insurance_valid, "B123456780", False),  # another letter
        (health_insurance_valid, "A12345678", False),  # 9 characters
        (health_insurance_valid, "A1234567890", False),  # 11 characters
        (health_insurance_valid, "1123456780", False),  # a digit first
        (health_insurance_valid, "AA23456780", False),  # two letters first
    ],
)
def test_insurance_numbers(check: Callable[[str], bool], value: str, valid: bool) -> None:
    """Rentenversicherungsnummer: weights 2,1,2,5,7,1,2,1,2,1,2,1; Krankenversichertennummer:
    1,2,1,2,...; the letter as 01-26, digit sums of the products added, modulo 10."""
    assert check(value) is valid


def test_tax_numbers_joined_by_a_slash_are_two_values(builtin: Engine) -> None:
    """A Steuernummer holds slashes; one more slash between two of them still splits them."""
    # Wikipedia (de), "Steuernummer": 181/815/08155 (Bayern) and 93815/08152 (Baden-Württemberg)
    text = "Steuernummer: 181/815/08155/93815/08152"
    assert values(builtin, text, "DE_TAX_NUMBER") == ["181/815/08155", "93815/08152"]
    assert values(builtin, "Steuernummer: 181/815/08155.5", "DE_TAX_NUMBER") == []


def test_an_identity_cards_machine_readable_zone_names_its_serial(builtin: Engine) -> None:
    """The specimen card's MRZ (ICAO Doc 9303 Part 5: document code ID, issuing state D,
    the serial and its check digit) in a scan's text, with no other word for it."""
    mrz = (
        "IDD<<T220001293<<<<<<<<<<<<<<<\n"
        "6408125<2010315D<<<<<<<<<<<<<4\n"
        "MUSTERMANN<<ERIKA<<<<<<<<<<<<<"
    )
    assert values(builtin, f"Scan Rueckseite, Akte 131132\n\n{mrz}\n", "DE_ID_CARD") == [
        "T220001293"
    ]
    # A serial-shaped run in a line of another document code is not named.
    other = mrz.replace("IDD<<", "ACD<<")
    assert values(builtin, other, "DE_ID_CARD") == []


@pytest.mark.parametrize(
    ("category", "number", "id_type"),
    [
        ("DE_HEALTH_INSURANCE", "A123456780", "de_health_insurance"),
        ("DE_SOCIAL_SECURITY", "15070649C103", "de_social_security"),
    ],
)
def test_an_id_checks_english_fields_name_the_german_number_where_germany_shows(
    builtin: Engine, category: str, number: str, id_type: str
) -> None:
    """A screening log's ``nationality=DEU id_type=... id_no=`` and a KYC payload's
    ``personal_number`` beside a German nationality name the German insurance numbers
    (Wikipedia's examples); beside another nationality, only a field named for Germany
    (``id_type=de_health_insurance``: a French national insured in Germany) does."""
    log = f'screen name="Ann Berg" nationality=DEU id_type={id_type} id_no={number} result=ok'
    assert values(builtin, log, category) == [number]
    payload = f'{{"nationality": "DEU", "personal_number": "{number}"}}'
    assert values(builtin, payload, category) == [number]
    assert values(builtin, log.replace("DEU", "FRA"), category) == [number]
    generic = log.replace("DEU", "FRA").replace(id_type, "national_id")
    assert values(builtin, generic, category) == []
    assert values(builtin, payload.replace("DEU", "FRA"), category) == []
