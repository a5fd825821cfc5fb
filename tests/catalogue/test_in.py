"""India catalogue entries (``in.yaml``): published examples through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found
from .conftest import catalogue_engine, hits

# --- PAN ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("PAN: ACUPA7085R", "ACUPA7085R"),  # python-stdnum's example (in_.pan)
        ("Permanent Account Number (PAN) AAPPV8261K", "AAPPV8261K"),  # python-stdnum's
        ("मेरा पैन नंबर AAPPV8261K है।", "AAPPV8261K"),
        ("Please quote ACUPA7085R on the invoice", "ACUPA7085R"),  # no context needed
    ],
)
def test_pan(builtin: Engine, text: str, value: str) -> None:
    """A PAN is IN_PAN, FATAL, DPDP, whole."""
    assert_found(builtin, text, value, "IN_PAN")


@pytest.mark.parametrize(
    "text",
    [
        "PAN: ABMXA3211G",  # python-stdnum: X is no holder type
        "PAN: ACUPA0000R",  # python-stdnum: the serial is never 0000
        "PAN: ACUPA7085RR",  # eleven characters
        "PAN: ACUPA708R",  # nine characters
        "PAN: ABMPA32111",  # python-stdnum: the last character is a letter
        "Product code ABCDE1234F",  # D is no holder type
        "SKU XACUPA7085R, build ACUPA7085R2",  # inside longer tokens
    ],
)
def test_not_pan(builtin: Engine, text: str) -> None:
    """Wrong holder type, serial, length or token: no PAN."""
    assert_absent(builtin, text, "IN_PAN")


def test_a_gstin_is_not_a_pan(builtin: Engine) -> None:
    """The PAN inside a GSTIN is not reported on its own; imported, the GSTIN is."""
    text = "GSTIN 27AAPFU0939F1ZV"  # python-stdnum's example (in_.gstin)
    assert_absent(builtin, text, "IN_PAN")
    engine = catalogue_engine("in.pan", "in.gstin")
    assert [(hit.category, hit.value) for hit in hits(engine, text)] == [
        ("IN_GSTIN", "27AAPFU0939F1ZV")
    ]
    assert_absent(engine, "GSTIN 27AAPFU0939F1ZO", "IN_GSTIN")  # python-stdnum: bad check
    assert_absent(engine, "GSTIN 27AAPFU0939F1AA", "IN_GSTIN")  # the 14th is always Z


# --- passport, voter ID -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Passport No. J8369854",  # the format: a letter and seven digits
        "पासपोर्ट संख्या J8369854",
        "Indian passport J8369854, issued at Delhi",
    ],
)
def test_passport(builtin: Engine, text: str) -> None:
    """A letter and seven digits named a passport are IN_PASSPORT."""
    assert_found(builtin, text, "J8369854", "IN_PASSPORT")


@pytest.mark.parametrize(
    "text",
    [
        "Booking reference J8369854",  # no context word
        "Passport No. J83698541",  # eight digits
        "Passport No. JJ8369854",
    ],
)
def test_not_passport(builtin: Engine, text: str) -> None:
    """Without the word, or with another shape, it is no Indian passport."""
    assert_absent(builtin, text, "IN_PASSPORT")


@pytest.mark.parametrize(
    "text",
    [
        "EPIC No. WKH1186253",  # python-stdnum's example (in_.epic)
        "मतदाता पहचान पत्र संख्या WKH1186253",
        "Voter ID: WKH1186253",
        "Voter ID: WKH1186253 Driver license (Ohio): AB123456",  # its label, not the next one's
    ],
)
def test_voter_id(builtin: Engine, text: str) -> None:
    """An EPIC number whose Luhn digit holds, named so, is IN_VOTER_ID."""
    assert_found(builtin, text, "WKH1186253", "IN_VOTER_ID")


@pytest.mark.parametrize(
    "text",
    ["EPIC No. WKH1186263", "Voter ID: WKH118625", "Ticket WKH1186253 resolved"],
)
def test_not_voter_id(builtin: Engine, text: str) -> None:
    """A wrong check digit, a short number or no context word: no voter ID."""
    assert_absent(builtin, text, "IN_VOTER_ID")


# --- vehicle registration -----------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "MH 12 AB 1234",  # state, district, series, number (Wikipedia's layout)
        "MH12AB1234",
        "KA-01-MJ-2022",
        "DL 3C AB 1234",  # Delhi: district and category letter
        "TN 09 Z 4321",
        "22 BH 1234 AA",  # Bharat series
    ],
)
def test_vehicle_registration(value: str) -> None:
    """Imported by id, Indian plates are IN_VEHICLE_REGISTRATION (WARNING)."""
    engine = catalogue_engine("in.vehicle_registration")
    assert_found(engine, f"Vehicle number {value} was parked", value, "IN_VEHICLE_REGISTRATION")


@pytest.mark.parametrize(
    "text",
    ["XY 12 AB 1234", "MH 12 AB 0000", "MH12AB12345", "MH 00 AB 1234", "room MH 12 floor"],
)
def test_not_vehicle_registration(text: str) -> None:
    """Unknown state code, number 0000, five digits, district 00, no number: no plate."""
    assert_absent(catalogue_engine("in.vehicle_registration"), text, "IN_VEHICLE_REGISTRATION")


def test_aadhaar_and_pan_together(builtin: Engine) -> None:
    """Two Indian identifiers in one sentence are both reported."""
    text = "Aadhaar 2345 6789 0124 and PAN ACUPA7085R."
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [
        ("IN_AADHAAR", "2345 6789 0124"),
        ("IN_PAN", "ACUPA7085R"),
    ]


# --- Aadhaar: no bypass, and its context decides --------------------------------------

#: python-stdnum's example (in_.aadhaar) and a second Verhoeff-valid number.
AADHAAR = "2341 2341 2346"
SECOND_AADHAAR = "2345 6789 0124"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"Aadhaar:\n1 {AADHAAR}\n2 {SECOND_AADHAAR}", [AADHAAR, SECOND_AADHAAR]),  # list numbers
        (f"Aadhaar: {AADHAAR}/{SECOND_AADHAAR}", [AADHAAR, SECOND_AADHAAR]),  # a slash between
        (f"Aadhaar: {AADHAAR},{SECOND_AADHAAR}", [AADHAAR, SECOND_AADHAAR]),
        ("2 234123412346 was linked", ["234123412346"]),  # a quantity before bare digits
    ],
)
def test_aadhaar_no_bypass(builtin: Engine, text: str, expected: list[str]) -> None:
    """A list number or quantity before an Aadhaar, or one separator between two: each found."""
    assert [hit.value for hit in hits(builtin, text) if hit.category == "IN_AADHAAR"] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Pay to FI90 2341 2341 2346 66 today",  # digits inside an IBAN-like grouping
        "Card 4111 2341 2341 2346 expired",  # the tail of a longer grouped number
        "Aadhaar 2341 2341 2347",  # python-stdnum: wrong Verhoeff digit
    ],
)
def test_not_aadhaar(builtin: Engine, text: str) -> None:
    """Groups inside a longer grouped number, or a wrong check digit: no Aadhaar."""
    assert [hit for hit in hits(builtin, text) if hit.category == "IN_AADHAAR"] == []


def test_aadhaar_context_decides_against_a_next_line_label(builtin: Engine) -> None:
    """An Aadhaar after its own label is IN_AADHAAR, though another number's label follows."""
    text = "Aadhaar: 234123412346\nMy BIR TIN is 123-456-789-000."
    assert [hit.value for hit in hits(builtin, text) if hit.category == "IN_AADHAAR"] == [
        "234123412346"
    ]


def test_gstins_side_by_side() -> None:
    """Two GSTINs joined by a slash are two values (python-stdnum's examples)."""
    engine = catalogue_engine("in.gstin")
    found = hits(engine, "GSTINs 27AAPFU0939F1ZV/29AAACG0569P1Z3")
    assert [hit.value for hit in found] == ["27AAPFU0939F1ZV", "29AAACG0569P1Z3"]
