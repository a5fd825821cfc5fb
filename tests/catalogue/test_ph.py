"""Philippines catalogue entries (``ph.yaml``) through the real engine.

The BIR, the SSS and the DFA publish no check digit for the TIN, the UMID
CRN or the passport number: these entries are formats that need context,
tested with values in the published layouts.
"""

from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("TIN: 123-456-789-000", "123-456-789-000"),  # nine digits and the branch code
        ("BIR TIN 123-456-789", "123-456-789"),
        ("Taxpayer Identification Number 123 456 789 00000", "123 456 789 00000"),
        ("TIN 123456789000", "123456789000"),
        ("TIN: 537-898-491-000/123-456-789-001", "123-456-789-001"),  # slash-joined
    ],
)
def test_tin(builtin: Engine, text: str, value: str) -> None:
    """A TIN named so is PH_TIN, FATAL, PH-DPA."""
    assert_found(builtin, text, value, "PH_TIN")


@pytest.mark.parametrize(
    "text",
    [
        "TIN: 123-456-78",
        "TIN: 123-456-7890",
        "Order 123-456-789-000 shipped",
        "Supplier (ABN: 51 824 753 556)\nMy TIN is pending",  # the tail of a spaced ABN
        "Passport No.: 833713984\nMy BIR TIN is pending",  # bare nine digits: anyone's
    ],
)
def test_not_tin(builtin: Engine, text: str) -> None:
    """Eight or ten digits, no context word, or a longer spaced number's tail: no TIN."""
    assert_absent(builtin, text, "PH_TIN")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("UMID CRN: 0028-1215160-9", "0028-1215160-9"),  # the CRN's 4-7-1 layout
        ("Common Reference Number 002812151609", "002812151609"),
        ("SSS UMID card 0028 1215160 9", "0028 1215160 9"),
    ],
)
def test_umid(builtin: Engine, text: str, value: str) -> None:
    """A UMID common reference number named so is PH_UMID."""
    assert_found(builtin, text, value, "PH_UMID")


@pytest.mark.parametrize("text", ["UMID 0028-121516-9", "Ref 0028-1215160-9"])
def test_not_umid(builtin: Engine, text: str) -> None:
    """A short middle group or no context word: no UMID."""
    assert_absent(builtin, text, "PH_UMID")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Passport No.: P1234567A", "P1234567A"),  # since 2016: letter, 7 digits, letter
        ("Philippine passport EB1234567", "EB1234567"),  # the older two-letter series
        ("Ang numero ng pasaporte ko ay P7654321B.", "P7654321B"),
    ],
)
def test_passport(builtin: Engine, text: str, value: str) -> None:
    """A Philippine passport number named so is PH_PASSPORT."""
    assert_found(builtin, text, value, "PH_PASSPORT")


@pytest.mark.parametrize(
    "text", ["Passport No.: P123456A", "Passport No.: P12345678A", "Booking P1234567A"]
)
def test_not_passport(builtin: Engine, text: str) -> None:
    """Six or eight digits, or no context word: no Philippine passport."""
    assert_absent(builtin, text, "PH_PASSPORT")
