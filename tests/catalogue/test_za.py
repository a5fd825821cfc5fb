"""South Africa catalogue entries (``za.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import hits, values
from .expectations import assert_no_bypass, sole_hit

# --- identity number ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's za.idnr docstring and its numbers found online
        ("ID number: 7503305044089", "7503305044089"),
        ("Identity number 750330 5044 08 9", "750330 5044 08 9"),
        ("Applicant 7611055077082, Cape Town", "7611055077082"),
        ("9103225261083", "9103225261083"),
        ("ID-nommer 8012185201081", "8012185201081"),
        # Luhn-valid 13 digits with a card network's first digit: the context word decides
        ("SA ID number 5306060050180 (permanent resident)", "5306060050180"),
        ("ID no. 6107165087088", "6107165087088"),
        # a 13-digit Visa-like number (valid by python-stdnum, born 1940; not published)
        ("Smart ID card 4012185201085 on file", "4012185201085"),
    ],
)
def test_identity_number(builtin: Engine, text: str, number: str) -> None:
    """An identity number is ZA_ID, FATAL, POPIA, not a card, at its exact span."""
    assert sole_hit(builtin, text, number) == ("za.id", "ZA_ID", "FATAL", "POPIA")


@pytest.mark.parametrize(
    "text",
    [
        "ID number: 8503305044089",  # check digit wrong (python-stdnum's example)
        "ID number: 0099015077086",  # month 99 (python-stdnum's example)
        "ID number: 5306060050883",  # citizenship digit 8 (python-stdnum's example)
        "ID number: 7503305044088",  # a digit changed
        "ID number: 750330504408",  # twelve digits
        "Event at 1712345678901 ms",  # a millisecond timestamp
        "Batch 7503305044006 shipped",  # valid, but a race digit and no context word
        "ISBN 9780306406157",  # an EAN-13
    ],
)
def test_not_identity_number(builtin: Engine, text: str) -> None:
    """Invalid check digits, dates, citizenship, lengths, timestamps, EANs: no ZA_ID."""
    assert values(builtin, text, "ZA_ID") == []


def test_identity_number_no_bypass(builtin: Engine) -> None:
    """A list number before an ID, or two IDs side by side, hide nothing."""
    assert_no_bypass(builtin, "ID numbers", "7503305044089", "7611055077082", "ZA_ID")


def test_identity_number_with_a_race_digit_needs_context(builtin: Engine) -> None:
    """A twelfth digit of 0-7 (the retired race digit) counts only next to a context word."""
    legacy = "7503305044006"  # python-stdnum's example with the race digit 0 (Luhn recomputed)
    assert [(hit.rule_id, hit.value) for hit in hits(builtin, f"ID number: {legacy}")] == [
        ("za.id_legacy", legacy)
    ]
    assert values(builtin, f"Reference {legacy}", "ZA_ID") == []


# --- passport -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # The format validator.js checks (isPassportNumber, ZA): T, A, M or D and 8 digits
        ("Paspoortnommer: A12345678", "A12345678"),
        ("Paspoort nr M00123456, uitgereik in Pretoria", "M00123456"),
        ("paspoort D01234567", "D01234567"),
        ("South African passport number: T12345678", "T12345678"),
        # The country named after the number decides against the generic "Passport no."
        ("Passport no. M01234567 (South Africa)", "M01234567"),
        ("Passport number A12345678, South African", "A12345678"),
    ],
)
def test_passport(builtin: Engine, text: str, number: str) -> None:
    """A passport number named a South African passport is ZA_PASSPORT, FATAL, POPIA."""
    assert sole_hit(builtin, text, number) == ("za.passport", "ZA_PASSPORT", "FATAL", "POPIA")


@pytest.mark.parametrize(
    "text",
    [
        "Paspoortnommer: B12345678",  # no such passport type
        "Paspoortnommer: A1234567",  # seven digits
        "Paspoortnommer: A123456789",  # nine digits
        "Reference A12345678 closed",  # no context word
        "Passport number: A12345678",  # a passport of no named country
    ],
)
def test_not_passport(builtin: Engine, text: str) -> None:
    """Another first letter, another length, no context: no ZA_PASSPORT."""
    assert values(builtin, text, "ZA_PASSPORT") == []
