"""Two values joined by a slash or a comma are two values (no bypass), in the formats that
lacked it: Dutch BSN, US Medicare Beneficiary Identifier, Indian vehicle registration; and a
value right after a key and a colon (``ssn:123-45-6789``)."""

from __future__ import annotations

import pytest

from .conftest import catalogue_engine, values


@pytest.mark.parametrize(
    ("rule_id", "category", "text", "expected"),
    [
        # 111222333 and 123456782: the eleven-test examples of python-stdnum's stdnum.nl.bsn
        ("nl.bsn", "NL_BSN", "BSN: 111222333/123456782", ["111222333", "123456782"]),
        ("nl.bsn", "NL_BSN", "BSN: 111222333,123456782", ["111222333", "123456782"]),
        # 1EG4-TE5-MK73: the example MBI of CMS's "Understanding the MBI"
        ("us.mbi", "US_MBI", "MBI 1EG4-TE5-MK73/1EG4TE5MK73", ["1EG4-TE5-MK73", "1EG4TE5MK73"]),
        (
            "in.vehicle_registration",
            "IN_VEHICLE_REGISTRATION",
            "Vehicle MH 12 AB 1234/24 BH 8257 WJ",  # a state plate, then a Bharat series one
            ["MH 12 AB 1234", "24 BH 8257 WJ"],
        ),
        # A CSV row: an international number, then a date (+1 506: a New Brunswick number
        # of libphonenumber's CA plan); a decimal comma never follows a +CC number.
        ("phone", "PHONE", "Ann Roy,+1-506-233-0357,18/02/2024", ["+1-506-233-0357"]),
        ("phone", "PHONE", "x=true,+44-7400-155419,06-Sep-2023", ["+44-7400-155419"]),
    ],
)
def test_values_joined_by_a_slash_or_comma(
    rule_id: str, category: str, text: str, expected: list[str]
) -> None:
    assert values(catalogue_engine(rule_id), text, category) == expected


@pytest.mark.parametrize(
    ("rule_id", "category", "text"),
    [
        ("nl.bsn", "NL_BSN", "BSN: 111222333,50 euro"),  # a decimal comma: an amount
        ("in.vehicle_registration", "IN_VEHICLE_REGISTRATION", "see https://x.in/MH12AB1234"),
    ],
)
def test_a_slash_in_a_path_or_a_decimal_joins_nothing(
    rule_id: str, category: str, text: str
) -> None:
    assert values(catalogue_engine(rule_id), text, category) == []


@pytest.mark.parametrize(
    ("rule_id", "category", "text", "expected"),
    [
        ("us_ssn", "US_SSN", "user=ann ssn:123-45-6789 ok", ["123-45-6789"]),
        ("intl.imei", "IMEI", "deviceIMEI:490154203237518 thx", ["490154203237518"]),
        ("nl.bsn", "NL_BSN", "bsn:111222333", ["111222333"]),
        ("pl.pesel", "PL_PESEL", "{pesel:44051401359}", ["44051401359"]),
        ("gb.nhs", "UK_NHS", "nhs:9434765919", ["9434765919"]),
        # After a digit a colon is a time's or an address's: 10:30:111222333 is no BSN.
        ("nl.bsn", "NL_BSN", "bsn at 10:111222333", []),
    ],
)
def test_a_value_right_after_a_key_and_colon(
    rule_id: str, category: str, text: str, expected: list[str]
) -> None:
    """``key:value`` without a space, as logs write it, is no bypass."""
    assert values(catalogue_engine(rule_id), text, category) == expected


@pytest.mark.parametrize(
    ("rule_id", "category", "text", "expected"),
    [
        # Examples: python-stdnum's kr.rrn, se.personnummer, us.itin and us.ssn; S1234567D,
        # the NRIC that Singapore's check-letter write-ups work through.
        ("kr.rrn", "KR_RRN", "GET /records/971013-9019902 HTTP/1.1", ["971013-9019902"]),
        (
            "se.personnummer",
            "SE_PERSONNUMMER",
            "https://crm.example/people/19880320-0016?tab=docs",
            ["19880320-0016"],
        ),
        ("us.itin", "US_ITIN", "https://crm.example/clients/912-90-3456/edit", ["912-90-3456"]),
        ("us_ssn", "US_SSN", "GET /users/536-90-4399/profile", ["536-90-4399"]),
        ("sg.nric_fin", "SG_NRIC_FIN", "https://crm.example/customers/S1234567D", ["S1234567D"]),
        # The short personnummer in a path is more often some other id; a scheme's slash, and
        # for the RRN a date's, precede no value.
        ("se.personnummer", "SE_PERSONNUMMER", "https://crm.example/p/880320-0016", []),
        ("us_ssn", "US_SSN", "http://536-90-4399", []),
        ("kr.rrn", "KR_RRN", "batch 12/971013-9019902", []),
    ],
)
def test_a_strong_format_in_a_url_path(
    rule_id: str, category: str, text: str, expected: list[str]
) -> None:
    """An identifier whose format and check say what it is is found as a URL's path
    segment, as access logs and CRM links write it (no bypass)."""
    assert values(catalogue_engine(rule_id), text, category) == expected
