"""United States catalogue entries (``us.yaml``) through the real engine.

Published examples where the issuer publishes some (python-stdnum's, CMS's,
the Federal Reserve's routing directory); format examples where it publishes
only the format (passports, driver's licenses, bank accounts).
"""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_plugins.catalogue.checks.us import ITIN_GROUPS, us_itin, us_npi

from .conftest import hits, values

# --- SSN ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "SSN 536904399",  # python-stdnum's example, written bare
        "SSN: 536904399",
        "My social security number is 536904399.",
        "Soc Sec 123456789 on file",
    ],
)
def test_bare_ssn_after_ssn(builtin: Engine, text: str) -> None:
    """Nine bare digits next to "SSN" or "social security" are a US_SSN, FATAL, CCPA."""
    found = hits(builtin, text)
    assert [(hit.rule_id, hit.category, hit.severity, hit.law) for hit in found] == [
        ("us.ssn_bare", "US_SSN", "FATAL", "CCPA")
    ]
    assert found[0].value in text
    assert len(found[0].value) == 9


@pytest.mark.parametrize(
    "text",
    [
        "Order 536904399 has shipped.",  # no context word
        "SSN: 078051120",  # python-stdnum's blacklisted (Woolworth) number
        "SSN: 666904399",  # area 666
        "SSN: 536004399",  # group 00
        "SSN: 5369043991",  # ten digits
    ],
)
def test_not_bare_ssn(builtin: Engine, text: str) -> None:
    """Without context, or not issuable: no SSN."""
    assert values(builtin, text, "US_SSN") == []


@pytest.mark.parametrize(
    "text",
    [
        "phone (not in service): +386 1 234 45 9367",  # the groups of a +CC number
        "phone (not in service): +41 78 156 88 5684",
        "Tel +1 234-45-9367",
        "Tel +33 612.34.5678",  # dotted groups too
    ],
)
def test_no_ssn_inside_an_international_number(builtin: Engine, text: str) -> None:
    """Groups after a +CC country code belong to that number, valid or not: no SSN."""
    assert values(builtin, text, "US_SSN") == []


def test_dashed_ssn_keeps_its_rule_id_and_needs_no_context(builtin: Engine) -> None:
    """The dashed, spaced and dotted forms stay under the original id ``us_ssn``."""
    for text in ("Applicant 536-90-4399", "Applicant 536 90 4399", "Applicant 536.90.4399"):
        assert [(hit.rule_id, hit.category) for hit in hits(builtin, text)] == [
            ("us_ssn", "US_SSN")
        ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 536-90-4399", ["536-90-4399"]),
        ("SSNs: 536-90-4399 123-45-6789", ["536-90-4399", "123-45-6789"]),
        ("| 2 | 536-90-4399 |", ["536-90-4399"]),
        ("SSNs: 536-90-4399/123-45-6789", ["536-90-4399", "123-45-6789"]),  # a slash between
        ("SSNs: 536-90-4399,123-45-6789", ["536-90-4399", "123-45-6789"]),
        ("SSN 536904399/123456789", ["536904399", "123456789"]),
    ],
)
def test_list_numbers_and_neighbours_hide_no_ssn(
    builtin: Engine, text: str, expected: list[str]
) -> None:
    """An SSN after a list number or next to another one is still found."""
    assert values(builtin, text, "US_SSN") == expected


# --- ITIN ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ITIN 912-90-3456",  # python-stdnum's example
        "ITIN: 912 90 3456",
        "Taxpayer ID 912903456",
        "ITIN 900-50-1234",  # the 50-65 range the IRS added in 2011
        "ITIN 999-99-9999",
        # Written 9XX-XX-XXXX, the form and the ranges name it (no SSN starts with 9)
        "Here it is: 912-90-3456.",
        "| 1 | 912 70 3456 |",
        "ITINs 912-90-3456/900-50-1234",  # two values joined by a slash
    ],
)
def test_itin(builtin: Engine, text: str) -> None:
    """ITINs (9XX, middle digits in an IRS range), written 9XX-XX-XXXX or near a taxpayer
    word, are US_ITIN."""
    found = hits(builtin, text)
    assert {(hit.category, hit.severity) for hit in found} == {("US_ITIN", "FATAL")}


@pytest.mark.parametrize(
    "text",
    [
        "Reference 912903456 attached.",  # bare digits without a taxpayer word
        "ITIN 912-93-3456",  # 93 is the ATIN
        "ITIN 912-66-3456",  # 66-69 are not assigned
        "ITIN 912-45-3456",
        "ITIN 812-90-3456",  # not 9XX
    ],
)
def test_not_itin(builtin: Engine, text: str) -> None:
    """Bare digits without a taxpayer word, or outside the IRS ranges: no ITIN."""
    assert values(builtin, text, "US_ITIN") == []


def test_itin_groups() -> None:
    """The IRS ranges, nothing else: 50-65, 70-88, 90-92, 94-99."""
    assert sorted(ITIN_GROUPS) == [*range(50, 66), *range(70, 89), 90, 91, 92, *range(94, 100)]
    assert us_itin("912-70-3456")
    assert not us_itin("912-70-345")
    assert not us_itin("91a-70-3456")


# --- passports, driver's licenses ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("US passport number: 123456789", "123456789"),  # 9 digits (State Department)
        ("Passport No. A12345678", "A12345678"),  # Next Generation passports: letter + 8
        ("U.S. passport 987654321 issued 2019", "987654321"),
        ("Passport No.: 123456789\nMy BIR TIN is pending", "123456789"),  # its own label first
        # A field named for it: the word heads the field's name (context_field_head).
        ("passport_no = '987654321'", "987654321"),
        ('{"passport_number": "A12345678"}', "A12345678"),
        ("GET /verify?passport_no=123456789&lang=en", "123456789"),
    ],
)
def test_us_passport(builtin: Engine, text: str, number: str) -> None:
    """A US passport number next to "passport" is US_PASSPORT, FATAL."""
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [
        ("US_PASSPORT", "FATAL", number)
    ]


def test_us_passports_side_by_side(builtin: Engine) -> None:
    """Two passport numbers joined by a slash or a comma are two values."""
    for text in ("passport: 123456789/K12345678", "passport: 123456789,987654321"):
        first, second = text.split(" ")[1].replace("/", ",").split(",")
        assert values(builtin, text, "US_PASSPORT") == [first, second], text


@pytest.mark.parametrize(
    "text",
    [
        "Booking 123456789 confirmed",
        "passport 12345678",
        "passport AB1234567X",
        "passport_expiry: 20280501",  # a date, not the number's shape
    ],
)
def test_not_us_passport(builtin: Engine, text: str) -> None:
    """Without the word passport, or with the wrong shape: no passport."""
    assert values(builtin, text, "US_PASSPORT") == []


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Driver's license: D1234567", "D1234567"),  # California: a letter and 7 digits
        ("DL# 123 456 789", "123 456 789"),  # New York, as printed
        ("driver license W426-545-30-761-0", "W426-545-30-761-0"),  # Florida
        ("Driver's license S123-4567-8901", "S123-4567-8901"),  # Illinois
        ("DL number 12345678", "12345678"),  # Texas: 8 digits
        ("drivers license WDLABCD456DG", "WDLABCD456DG"),  # Washington
        # New Jersey: a letter and 14 digits, printed in groups of five
        ("New Jersey driver's license A1234 56789 01234, class D", "A1234 56789 01234"),
        ("Pennsylvania driver's license 12 345 678, class C", "12 345 678"),  # as printed
    ],
)
def test_us_driver_license(builtin: Engine, text: str, number: str) -> None:
    """State formats next to a license word are US_DRIVER_LICENSE, FATAL."""
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [
        ("US_DRIVER_LICENSE", "FATAL", number)
    ]


def test_us_driver_licenses_side_by_side(builtin: Engine) -> None:
    """Two Pennsylvania licences joined by one space are two values."""
    text = "driver's license: 35 876 512 01 958 718"
    assert values(builtin, text, "US_DRIVER_LICENSE") == ["35 876 512", "01 958 718"]


@pytest.mark.parametrize(
    "text",
    [
        "Confirmation D1234567 sent",
        "driver's license expires 2027-01-01",
        "DL 12345",
        "driver license fee 2024 123 456 789 1",  # the middle of a longer spaced number
        "ABN: 51 824 753 556\nDriver license pending",  # a spaced ABN's head or tail
        "Hemoglobin 13.5 g/dL, ref 821080",  # a laboratory's unit, decilitres
        "OM2|1|mg/dL|70-99\rMFE|MAD|821080|20240615",
    ],
)
def test_not_us_driver_license(builtin: Engine, text: str) -> None:
    """Without a license word, or a date, short number or piece of a longer number: no license."""
    assert values(builtin, text, "US_DRIVER_LICENSE") == []


def test_an_hl7_type_code_names_its_own_repetition(builtin: Engine) -> None:
    """HL7 v2 (Table 0203): in PID-3 each repetition's type code follows its own identifier;
    a DL in the next repetition does not make the medical record number a license."""
    segment = "PID|1||545268^^^HOSP^MR~226400588^^^STATE^DL||Curtis^Connor|||M\r\n"
    assert values(builtin, segment, "US_DRIVER_LICENSE") == ["226400588"]
    masked = "PID|1||958188^^^HOSP^MR~########42^^^GOV^DL~\r\n"
    assert values(builtin, masked, "US_DRIVER_LICENSE") == []


def test_an_x12_qualifier_names_the_element_after_it(builtin: Engine) -> None:
    """X12 (an 834 enrollment): the qualifier element right before an identifier names it,
    NM108 34 a taxpayer's number, XX an NPI, REF01 SY an SSN, PER03 TE a phone."""
    enrollment = (
        "INS*Y*18*021*28*A***FT~\nREF*SY*536904399~\n"
        "NM1*IL*1*DOE*JANE****34*912701234~\nPER*IP**TE*2125968342*EM*jane@example.com~\n"
        "DMG*D8*19700101*F~\nNM1*P3*1*ROE*ANN****XX*1234567893~\n"
        "NM1*IL*1*DOE*JOHN****34*536904399~\n"
    )
    assert values(builtin, enrollment, "US_SSN") == ["536904399", "536904399"]
    assert values(builtin, enrollment, "US_ITIN") == ["912701234"]
    assert values(builtin, enrollment, "US_NPI") == ["1234567893"]
    assert values(builtin, enrollment, "PHONE") == ["2125968342"]
    assert values(builtin, enrollment, "DATE_OF_BIRTH") == ["19700101"]
    # Only right before the value: another element or word between them, or none at all.
    for text in ("NM1*IL*1*DOE*JANE****34*X*536904399~", "Room 34 536904399", "XX 1234567893"):
        assert hits(builtin, text) == []


# --- bank accounts and routing numbers ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Account number: 12345678901",
        "checking account 000123456789",
        "Acct# 87654321",
        "Account: 12345678901",
    ],
)
def test_us_bank_account(builtin: Engine, text: str) -> None:
    """8 to 17 digits next to an account word are US_BANK_ACCOUNT, WARNING, GLBA."""
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.law) for hit in found] == [
        ("US_BANK_ACCOUNT", "WARNING", "GLBA")
    ]


def test_a_bare_account_beside_a_routing_number_is_a_bank_account(builtin: Engine) -> None:
    """A direct-deposit form's "routing ..., account ...": a bare "account" names a bank
    account beside a routing number (the ABA's published example, 021000021), and a
    customer's account number elsewhere is none."""
    text = "Refund direct deposit: routing 021000021, account 4855444171"
    assert values(builtin, text, "US_BANK_ACCOUNT") == ["4855444171"]
    assert (
        values(builtin, "Please quote your account 48554441 when calling.", "US_BANK_ACCOUNT") == []
    )


def test_a_micr_lines_transit_symbol_names_the_routing_number(builtin: Engine) -> None:
    assert values(builtin, "MICR: ⑆021000021⑆ 26084715⑈ 5897", "US_ABA_ROUTING") == ["021000021"]


@pytest.mark.parametrize(
    "text", ["Order 12345678901 shipped", "Account number: 1234567", "acct 123456789012345678"]
)
def test_not_us_bank_account(builtin: Engine, text: str) -> None:
    """Without an account word, or too short or long: no account."""
    assert values(builtin, text, "US_BANK_ACCOUNT") == []


@pytest.mark.parametrize(
    "number",
    [
        "111000025",  # python-stdnum's example
        "021000021",  # JPMorgan Chase, Federal Reserve E-Payments Routing Directory
        "026009593",  # Bank of America
        "011000015",  # Federal Reserve Bank of Boston
    ],
)
def test_aba_routing(builtin: Engine, number: str) -> None:
    """Published routing numbers next to "routing" or "ABA" are US_ABA_ROUTING."""
    for text in (f"Routing number: {number}", f"ABA {number}"):
        assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [
            ("US_ABA_ROUTING", number)
        ]


@pytest.mark.parametrize(
    "text",
    [
        "routing number 112000025",  # python-stdnum's bad checksum example
        "routing number 500000003",  # prefix 50 is not a Federal Reserve prefix
        "Reference 021000021",  # no context word
    ],
)
def test_not_aba_routing(builtin: Engine, text: str) -> None:
    """A wrong check digit, a prefix outside the Fed's, or no context: no routing number."""
    assert values(builtin, text, "US_ABA_ROUTING") == []


def test_labels_before_values_decide(builtin: Engine) -> None:
    """In a form, each nine-digit value takes the category of the label before it."""
    text = "Passport: 123456789, SSN: 536904399"
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [
        ("US_PASSPORT", "123456789"),
        ("US_SSN", "536904399"),
    ]


def test_account_and_routing_side_by_side(builtin: Engine) -> None:
    """Each nine-digit or longer number takes the category of the nearest context word."""
    text = "Routing 021000021, account number 12345678901"
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [
        ("US_ABA_ROUTING", "021000021"),
        ("US_BANK_ACCOUNT", "12345678901"),
    ]


# --- NPI and MBI --------------------------------------------------------------------


def test_npi(builtin: Engine) -> None:
    """CMS's check-digit example 1234567893 next to "NPI" is US_NPI, FATAL, HIPAA."""
    found = hits(builtin, "Provider NPI: 1234567893")
    assert [(hit.category, hit.severity, hit.law, hit.value) for hit in found] == [
        ("US_NPI", "FATAL", "HIPAA", "1234567893")
    ]


@pytest.mark.parametrize(
    "text", ["NPI: 1234567890", "NPI: 3234567893", "Invoice 1234567893", "NPI 123456789"]
)
def test_not_npi(builtin: Engine, text: str) -> None:
    """A wrong check digit, a first digit other than 1 or 2, no context, or 9 digits: no NPI."""
    assert values(builtin, text, "US_NPI") == []


def test_npis_side_by_side(builtin: Engine) -> None:
    """Two NPIs joined by a slash are two values; a label's colon names the NPI before the
    next line's licence word."""
    assert values(builtin, "NPI: 1234567893/1245319599", "US_NPI") == [
        "1234567893",
        "1245319599",
    ]
    text = "Referring physician NPI: 1234567893\nDriver license (Texas): 12345678"
    assert values(builtin, text, "US_NPI") == ["1234567893"]


def test_npi_check() -> None:
    """The Luhn digit is computed over 80840 and the NPI (CMS), not over the NPI alone."""
    assert us_npi("1234567893")
    assert not us_npi("1234567897")


@pytest.mark.parametrize("mbi", ["1EG4-TE5-MK73", "1EG4TE5MK73"])
def test_mbi(builtin: Engine, mbi: str) -> None:
    """CMS's MBI example, dashed as printed or plain, is US_MBI with no context needed."""
    found = hits(builtin, f"Member {mbi} enrolled.")
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [("US_MBI", "FATAL", mbi)]


@pytest.mark.parametrize(
    "mbi", ["1SG4-TE5-MK73", "0EG4-TE5-MK73", "1EG4-TE5-MK7", "1EGA-TE5-MK73", "1EG4TE5MK73X"]
)
def test_not_mbi(builtin: Engine, mbi: str) -> None:
    """An excluded letter (S), a first 0, a wrong length or a letter for a digit: no MBI."""
    assert values(builtin, f"Member {mbi} enrolled.", "US_MBI") == []


# --- postal addresses ---------------------------------------------------------------

#: One address per USPS Publication 28 feature the issue names: the suffixes recall
#: missed (Parkways, Glen, Summit, Pine, Grove, Forks, Oval, Shoal, Junction, Ferry),
#: pre- and post-directionals, unit designators, city, state and ZIP(+4).
ADDRESSES = [
    "12 Cedar Parkways",
    "48 Willow Glen",
    "7 Harbor Summit",
    "310 Lone Pine",
    "22 Oak Grove",
    "220 Old Mill Forks",
    "9 Elm Oval",
    "15 Turtle Shoal",
    "4100 Lake Junction",
    "66 Kings Ferry",
    "1600 Pennsylvania Avenue NW, Washington, DC 20500",
    "123 1/2 N Main St, Salt Lake City, UT 84101",
    "48 Willow Glen, Apt 4B, Springfield, IL 62704-1234",
    "350 5th Ave, Fl 34, New York, NY 10118",
    "12 McDonald Street, Suite 300",
    "901 E Cherry Ln #12",
    "77 Massachusetts Ave, Cambridge, Massachusetts 02139",
    "350 5TH AVE, NEW YORK, NY 10118",
    "4500 US Highway 19 N, Dunedin, FL 34698",
    "1200 Farm to Market Road 1960, Houston, TX 77073",  # "to": a lower-case second word
    "12 O\u2019Brien Street, Boston, MA 02110",  # a typographic apostrophe inside a name
    "500 Market Sq Bldg 5 Rm 204",
    "1 Infinite Loop\nCupertino, CA 95014",
    "21780 Day Drives\nLake Karen, MI 62062",
    "033 Theodore Station, Barnesshire, SC 26517",  # house numbers may start with 0
    "503 Prospect Is",  # IS: Publication 28's abbreviation of Island
    "12 PINE ESTATES",
    "8 Pine Estates, Ofc, Reno, NV 89501",  # OFC: a designator that needs no number
    "41386 2nd Crst Trlr 9F",  # TRLR is a suffix and a unit designator; here, a unit
    "91353 Miller TRAIL TRLR 11, Burlington, VT 05430",
    "2200 Highway 50, Carson City, NV 89701",  # a numbered road: digits after a word
    "75 Route 9W",
    "100 W 34th St, New York, NY 10001",  # an ordinal after a pre-directional
]


def test_addresses_joined_by_a_slash(builtin: Engine) -> None:
    """Two addresses joined by a slash after a ZIP code are two values."""
    text = "Ship to 5979 Magnolia Byp, #32, Duluth, MN 55889/45350 Clarke Drives DEPT 32"
    assert values(builtin, text, "POSTAL_ADDRESS") == [
        "5979 Magnolia Byp, #32, Duluth, MN 55889",
        "45350 Clarke Drives DEPT 32",
    ]


@pytest.mark.parametrize("address", ADDRESSES)
def test_postal_addresses(builtin: Engine, address: str) -> None:
    """Each address is one POSTAL_ADDRESS, WARNING, found whole."""
    text = f"Please ship the parcel to {address}. Thanks"
    found = hits(builtin, text)
    assert [(hit.category, hit.severity) for hit in found] == [("POSTAL_ADDRESS", "WARNING")]
    assert found[0].value.rstrip(".") == address


@pytest.mark.parametrize(
    "text",
    [
        "in 2019 we moved offices",
        "Chapter 12 Summary of the findings",
        "We met 3 Friends OK",  # a state code is not a street suffix
        "Ship it to 12 Cedar MI today",
        "The call is at 5 PM EST today",
        "Top 10 Key Points of the talk",
        "We ran 5 miles along the river road",
        "page 12 of the report",
        "Order #12 Main St shipped",
        "Version 3.2 Park release",
        "NI number: HP 71 86 07 B Est",  # the tail of a NINO is no house number
        # A report's columns: a room number, then a guest whose surname is a suffix.
        "Room  Guest\n686   Tyler Brooks           NO-SHOW",
    ],
)
def test_not_postal_addresses(builtin: Engine, text: str) -> None:
    """A number and a suffix with no name-like words between them are not an address."""
    assert values(builtin, text, "POSTAL_ADDRESS") == []


#: Words an address may hold, with numbers, ordinals, road words and a price's currency.
_ADDRESS_WORDS = [
    *("Main", "Oak", "Old", "Pine", "Elm", "King", "O\u2019Brien", "to", "Market", "Farm"),
    *("N", "W", "NE", "North", "US", "U.S.", "State", "County", "EUR", "3rd", "34th", "22ND"),
    *("Highway", "Hwy", "Route", "Rte", "Road", "Rd", "Interstate", "HIGHWAY", "ROUTE"),
    *("St", "Street", "Ave", "Blvd", "Ln", "Way", "Ct", "Pkwy", "Glen", "Summit"),
]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=0, max_value=99999),
    st.lists(
        st.one_of(
            st.sampled_from(_ADDRESS_WORDS),
            st.integers(min_value=1, max_value=9999).map(str),
            st.integers(min_value=1, max_value=999).map(lambda n: f"{n}th"),
        ),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["", ", Boston, MA 02110", ".", " today"]),
)
def test_every_address_holds_its_prefilter_within_its_lead(
    builtin: Engine, number: int, words: list[str], tail: str
) -> None:
    """Every match of the address pattern holds a match of its prefilter starting at most
    the declared lead into it: windows around the one pass's hits miss no address (a price
    such as "6 EUR 2614.94" need not be a hit, a numbered road or an ordinal must)."""
    rule = next(rule for rule in builtin.compiled_pack.rules if rule.rule_id == "postal_address")
    matcher = rule.matcher
    assert matcher.prefilter is not None
    assert matcher.prefilter_lead is not None
    prefilter = regex.compile(matcher.prefilter)
    text = f"Ship to {number} {' '.join(words)}{tail}"
    for match in matcher.pattern.finditer(text):  # type: ignore[attr-defined]
        begin = match.start()
        assert any(
            begin <= hit.start() <= begin + matcher.prefilter_lead
            for hit in prefilter.finditer(text, begin, overlapped=True)
        ), (text, match.group())


@pytest.mark.parametrize(
    "box", ["PO Box 1234, Austin, TX 78701", "P.O. Box 42", "Post Office Box 7"]
)
def test_po_boxes(builtin: Engine, box: str) -> None:
    """Post office boxes (Publication 28) are POSTAL_ADDRESS too."""
    assert values(builtin, f"Mail it to {box} please", "POSTAL_ADDRESS") == [box]


@pytest.mark.parametrize(
    "address",
    [
        "PSC 1234, Box 12345, APO AE 09204",  # USPS Publication 28, military addresses
        "Unit 2050 Box 4190\nAPO AP 96278",
        "CMR 415 Box 7, APO AE 09114-0002",
        "USNS Comfort, FPO AE 09707",
    ],
)
def test_military_addresses(builtin: Engine, address: str) -> None:
    """APO, FPO and DPO addresses are POSTAL_ADDRESS."""
    assert values(builtin, f"Forward to {address} asap", "POSTAL_ADDRESS") == [address]


def test_apo_without_a_unit_is_not_an_address(builtin: Engine) -> None:
    """The APO line alone names no one's address."""
    assert values(builtin, "Route via APO AE 09204 only", "POSTAL_ADDRESS") == []


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Lic: CO DL 80-340-4852", "80-340-4852"),
        ("Colorado driver license no. 60-395-3207", "60-395-3207"),
    ],
)
def test_colorado_licence_numbers_as_printed(builtin: Engine, text: str, number: str) -> None:
    """Colorado prints its nine-digit licence numbers 12-345-6789 (AAMVA): found with a
    licence word, and a dashed SSN beside a licence word stays an SSN."""
    assert values(builtin, text, "US_DRIVER_LICENSE") == [number]
    assert values(builtin, "DL 123-45-6789", "US_DRIVER_LICENSE") == []


@pytest.mark.parametrize(
    "text",
    ["STO SAVINGS REF 40713744", "UBER *TRIP CHECKING 151027400"],
)
def test_a_statement_line_is_no_bank_account(builtin: Engine, text: str) -> None:
    """Savings or checking alone titles a bank-statement line, whose reference is not an
    account number; 'savings account' or 'checking account' still name one."""
    assert values(builtin, text, "US_BANK_ACCOUNT") == []
    assert values(builtin, "Checking account 40713744", "US_BANK_ACCOUNT") == ["40713744"]
