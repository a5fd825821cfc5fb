"""United Kingdom catalogue entries (``gb.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_plugins.catalogue.checks.gb import gb_driving_licence

from .conftest import catalogue_engine, hits, values

# --- NHS number ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "943 476 5919",  # NHS Digital's test number, as the NHS writes it
        "943-476-5870",  # python-stdnum's example
        "9434765870",
        "401 023 2137",
    ],
)
def test_nhs_number(builtin: Engine, number: str) -> None:
    """An NHS number next to "NHS" is UK_NHS, FATAL, UK-GDPR (not a phone number)."""
    found = hits(builtin, f"NHS number: {number}")
    assert [(hit.category, hit.severity, hit.law, hit.value) for hit in found] == [
        ("UK_NHS", "FATAL", "UK-GDPR", number)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "NHS number: 9434765871",  # python-stdnum's invalid check digit example
        "NHS number: 943476587",  # nine digits
        "Ticket 9434765870 closed",  # no context word
    ],
)
def test_not_nhs_number(builtin: Engine, text: str) -> None:
    """A wrong check digit, a wrong length or no context: no NHS number."""
    assert values(builtin, text, "UK_NHS") == []


# --- passport -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("UK passport number: 925076473", "925076473"),
        ("British passport 107185703 issued by HMPO", "107185703"),
        ("HM Passport Office record AB1234567", "AB1234567"),
    ],
)
def test_uk_passport(builtin: Engine, text: str, number: str) -> None:
    """Nine digits (or letters and digits) named a UK passport are UK_PASSPORT, FATAL."""
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [
        ("UK_PASSPORT", "FATAL", number)
    ]


def test_a_bare_passport_word_is_not_enough_for_the_uk(builtin: Engine) -> None:
    """ "Passport" alone takes its country from nothing: the US entry keeps it."""
    assert values(builtin, "Passport number: 925076473", "UK_PASSPORT") == []
    assert values(builtin, "Reference 925076473", "UK_PASSPORT") == []


# --- driving licence ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("British passport no. 253286813\nTIN: 509-805-586-002", "UK_PASSPORT"),
        ("British passport no. 425302295 Passport no. M63825346 (South Africa)", "UK_PASSPORT"),
    ],
)
def test_uk_passport_label_before_the_next_lines_label(text: str, category: str) -> None:
    """ "British passport no." before the number beats another value's label after it."""
    engine = catalogue_engine("gb.passport", "us.passport", "ph.tin", "za.passport")
    number = text.split("no. ")[1][:9]
    assert values(engine, text, category) == [number]


def test_a_spaced_licence_number_holds_no_us_licence(builtin: Engine) -> None:
    """Under "driving licence number" (a word of both entries) the six digits inside a
    spaced DVLA number are a part of it, not a US licence of their own."""
    for text in (
        "Driving licence number — MORGA 657054 SM9IJ",
        "Please enter your driving licence number.\n[01:22] alex: MORGA 657054 SM9IJ",
    ):
        found = hits(builtin, text)
        assert [(hit.category, hit.value) for hit in found] == [
            ("UK_DRIVING_LICENCE", "MORGA 657054 SM9IJ")
        ]


@pytest.mark.parametrize(
    "number",
    [
        "MORGA657054SM9IJ",  # the DVLA format's worked example (Wikipedia)
        "MORGA 657054 SM9IJ",
        "SMITH711214J99AB",  # born 14 Nov 1971, one initial
        "LI999802026W99AB",  # a two-letter surname padded with 9s
        # The photocard's field 5: the driver number, a space, the licence issue number
        "MORGA657054SM9IJ 35",
    ],
)
def test_driving_licence(builtin: Engine, number: str) -> None:
    """DVLA licence numbers are UK_DRIVING_LICENCE, FATAL, with no context needed."""
    found = hits(builtin, f"Licence {number} checked.")
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [
        ("UK_DRIVING_LICENCE", "FATAL", number)
    ]


@pytest.mark.parametrize(
    ("number", "what"),
    [
        ("MORGA613054SM9IJ", "month 13"),
        ("MORGA663054SM9IJ", "month 63 (a woman's month is 51-62)"),
        ("MORGA601324SM9IJ", "day 32"),
        ("MORGA702304SM9IJ", "30 February"),
        ("MO9GA657054SM9IJ", "padding 9 before a letter"),
        ("MORGA657054SM9I", "15 characters"),
        ("MORGA657054SM9I 35", "15 characters and an issue number"),
        ("MORGA613054SM9IJ 35", "month 13, with an issue number"),
    ],
)
def test_not_driving_licence(builtin: Engine, number: str, what: str) -> None:
    """Impossible dates of birth, misplaced padding, wrong length: no licence."""
    assert values(builtin, f"Licence {number} checked.", "UK_DRIVING_LICENCE") == [], what
    assert not gb_driving_licence(number)


# --- postcode and vehicle registration (not default entries) ------------------------


@pytest.mark.parametrize(
    "postcode",
    # Royal Mail's formats with the examples Wikipedia gives for each ("Postcodes in the
    # United Kingdom"): A9 9AA, A99 9AA, A9A 9AA, AA9 9AA, AA99 9AA, AA9A 9AA; GIR 0AA.
    ["M1 1AE", "B33 8TH", "W1A 0AX", "CR2 6XH", "DN55 1PT", "EC1A 1BB", "SW1A 1AA", "GIR 0AA"],
)
def test_postcodes_when_imported(postcode: str) -> None:
    """Imported by id, gb.postcode finds every postcode format."""
    engine = catalogue_engine("gb.postcode")
    found = hits(engine, f"Send it to London {postcode}, please.")
    assert [(hit.category, hit.value) for hit in found] == [("UK_POSTCODE", postcode)]


@pytest.mark.parametrize("text", ["QA1 1AA", "M1 1CA", "AB1234", "VAT 1AA"])
def test_not_postcodes(text: str) -> None:
    """Letters the format never uses in a position: no postcode."""
    assert values(catalogue_engine("gb.postcode"), f"code {text} here", "UK_POSTCODE") == []


@pytest.mark.parametrize(
    "plate",
    [
        "BD51 SMR",  # DVLA INF104's example of the current format
        "BD51SMR",
        "A123 BCD",  # prefix format, 1983-2001
        "ABC 123D",  # suffix format, 1963-1983
    ],
)
def test_vehicle_registrations_when_imported(plate: str) -> None:
    """Imported by id, gb.vehicle_registration and gb.vehicle_registration_dated find the
    three formats beside a vehicle word."""
    engine = catalogue_engine("gb.vehicle_registration", "gb.vehicle_registration_dated")
    assert values(engine, f"The car {plate} was parked.", "UK_VEHICLE_REGISTRATION") == [plate]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Spotted BD51 SMR outside.", ["BD51 SMR"]),  # the current format needs no word
        ("Comté AOP 200G 3,45", []),  # a cheese's label on a receipt
        ("Przesyłka w oddziale KRA64M", []),  # a parcel depot's code
        ("Reg no A123 BCD", ["A123 BCD"]),
    ],
)
def test_a_dated_format_needs_a_vehicle_word(text: str, found: list[str]) -> None:
    """The 1963-2001 shapes are any code's; only a vehicle word makes them a mark."""
    engine = catalogue_engine("gb.vehicle_registration", "gb.vehicle_registration_dated")
    assert values(engine, text, "UK_VEHICLE_REGISTRATION") == found


def test_issue_number_is_part_of_the_licence(builtin: Engine) -> None:
    """The issue number after a space is redacted with the driver number; a decimal is not."""
    assert gb_driving_licence("MORGA657054SM9IJ 35")
    assert not gb_driving_licence("MORGA657054SM9IJ35")
    text = "My DVLA licence number is MORGA657054SM9IJ 35, issue 12,5"
    assert values(builtin, text, "UK_DRIVING_LICENCE") == ["MORGA657054SM9IJ 35"]
    assert values(builtin, "Licence MORGA657054SM9IJ 12,5 kg", "UK_DRIVING_LICENCE") == [
        "MORGA657054SM9IJ"
    ]


@pytest.mark.parametrize("unit", ["STE 9B", "LOT 1C", "APT 4A"])
def test_unit_designators_are_not_number_plates(unit: str) -> None:
    """USPS unit designators before a unit number (an address) are no suffix-format mark."""
    engine = catalogue_engine("gb.vehicle_registration", "gb.vehicle_registration_dated")
    text = f"We live at 8509 5th Walk NW, {unit}, Wichita, KS 67255. Our car is a Ford."
    assert values(engine, text, "UK_VEHICLE_REGISTRATION") == []


def test_not_in_the_builtin_pack(builtin: Engine) -> None:
    """Postcodes and number plates are not default entries."""
    assert hits(builtin, "SW1A 1AA and BD51 SMR") == []


@pytest.mark.parametrize(
    ("text", "nino"),
    [
        ("NI number: JG 12 34 56 C", "JG 12 34 56 C"),  # HMRC's pairs
        ("NI number: JG123456C", "JG123456C"),
        ("NI: JG-12-34-56-C", "JG-12-34-56-C"),  # the pairs joined by dashes
    ],
)
def test_national_insurance_numbers(builtin: Engine, text: str, nino: str) -> None:
    """HMRC's format spaced in pairs, dashed or whole is UK_NINO."""
    assert values(builtin, text, "UK_NINO") == [nino]


@pytest.mark.parametrize("text", ["ref JG-12-34-56-CX", "ref JG-12-3456-C", "ref JG-123456-C"])
def test_dashed_near_ninos_are_not_ninos(builtin: Engine, text: str) -> None:
    """Dashes join HMRC's pairs only, and the suffix ends the token."""
    assert values(builtin, text, "UK_NINO") == []
