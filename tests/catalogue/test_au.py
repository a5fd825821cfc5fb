"""Australian catalogue entries (``au.yaml``): published examples through the real engine."""

# ruff: noqa: RUF001 - full-width digits: evasion the engine folds.
from __future__ import annotations

import pytest

from engine_core import Engine
from engine_plugins.catalogue.checks.au import au_medicare

from .apac_support import assert_absent, assert_found
from .conftest import catalogue_engine, hits


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("TFN: 123 456 782", "123 456 782"),  # python-stdnum's example (au.tfn)
        ("My tax file number is 123456782.", "123456782"),
        ("Your TFN (tax file number) is 123 456 782; keep it safe", "123 456 782"),
    ],
)
def test_tfn(builtin: Engine, text: str, value: str) -> None:
    """A TFN named so is AU_TFN, FATAL."""
    assert_found(builtin, text, value, "AU_TFN")


@pytest.mark.parametrize(
    "text",
    [
        "TFN: 999 999 999",  # python-stdnum: wrong check digit
        "TFN: 123 456 783",
        "Call 123 456 782 after five",  # no context word
        "Order 123456782 shipped",
        "TFN: 123-456-782",  # python-stdnum writes TFNs with spaces only
    ],
)
def test_not_tfn(builtin: Engine, text: str) -> None:
    """A failing check or no context word: no TFN."""
    assert_absent(builtin, text, "AU_TFN")


def test_medicare_check_published_examples() -> None:
    """NEHTA's worked example, its forms, and the routine's refusals."""
    assert au_medicare("2123 45670 1")  # NEHTA: 2123 4567 -> check digit 0, issue 1
    assert au_medicare("2123456701")
    assert au_medicare("21234567011")  # with the individual reference number
    assert not au_medicare("2123 45671 1")  # wrong check digit
    assert not au_medicare("2123 45670 0")  # issue number 0
    assert not au_medicare("7123 45675 1")  # right check digit, first digit not 2-6
    assert not au_medicare("21234567010")  # reference number 0
    assert not au_medicare("212345670")  # nine digits
    assert not au_medicare("２１２３４５６７０１")  # only ASCII digits (the engine folds first)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Medicare card number 2123 45670 1", "2123 45670 1"),
        ("Medicare: 2123456701", "2123456701"),
        ("Medicare no 2123 45670 1/2 (IRN 2)", "2123 45670 1/2"),
        ("Medicare card 2123 45670 1-3, expires 05/2027", "2123 45670 1-3"),
        ("My Medicare number is 2123 45670 1 2.", "2123 45670 1 2"),  # the IRN after a space
        ("Medicare card number: 2123456701/2", "2123456701/2"),
        ("8 2123456701/5 (Medicare)", "2123456701/5"),  # a quantity before it
        ("Medicare: 5288 18800 5/2123 45670 1", "2123 45670 1"),  # after a slash-joined one
    ],
)
def test_medicare(builtin: Engine, text: str, value: str) -> None:
    """A Medicare number named so is AU_MEDICARE, its reference number included."""
    assert_found(builtin, text, value, "AU_MEDICARE")


@pytest.mark.parametrize(
    "text", ["Medicare 2123 45671 1", "Medicare 7123 45675 1", "Invoice 2123 45670 1"]
)
def test_not_medicare(builtin: Engine, text: str) -> None:
    """A wrong check digit, a first digit out of range or no context: no Medicare number."""
    assert_absent(builtin, text, "AU_MEDICARE")


@pytest.mark.parametrize(
    "value",
    ["83 914 571 673", "51 824 753 556", "51824753556"],  # python-stdnum's examples (au.abn)
)
def test_abn(value: str) -> None:
    """Imported by id, an ABN is AU_ABN, with or without a context word."""
    engine = catalogue_engine("au.abn")
    assert_found(engine, f"ABN {value}", value, "AU_ABN")
    assert_found(engine, f"Supplier {value}", value, "AU_ABN")
    assert_absent(engine, f"ABN {value[:-1]}7", "AU_ABN")


@pytest.mark.parametrize("value", ["004 085 616", "010 499 966", "004085616"])
def test_acn(value: str) -> None:
    """Imported by id, an ACN (python-stdnum's examples) needs its context word."""
    engine = catalogue_engine("au.acn")
    assert_found(engine, f"Widgets Pty Ltd (ACN {value})", value, "AU_ACN")
    assert_absent(engine, f"Reference {value}", "AU_ACN")
    assert_absent(engine, "ACN 999 999 999", "AU_ACN")  # python-stdnum: wrong check digit


def test_abn_and_acn_of_one_company_are_two_values() -> None:
    """A company's ACN and the ABN built on it: each is reported as itself (the ACN's
    digits inside the ABN are redacted too, as every verbatim occurrence is)."""
    engine = catalogue_engine("au.abn", "au.acn")
    text = "ACN 002 724 334, ABN 43 002 724 334"  # python-stdnum: to_abn('002 724 334')
    found = {(hit.category, hit.span) for hit in hits(engine, text)}
    assert ("AU_ACN", (4, 15)) in found
    assert ("AU_ABN", (21, 35)) in found


def test_an_acn_label_names_the_number_after_it() -> None:
    """ACN: and the number after it make an ACN, though the next line names a TIN."""
    engine = catalogue_engine("au.acn", "us.itin_bare")
    # 900700003 is a valid ACN and has the form of an ITIN
    assert_found(engine, "Acme Pty Ltd, ACN: 900700003\nTIN: pending", "900700003", "AU_ACN")


def test_an_abns_tail_is_not_an_acn() -> None:
    """The last nine digits of a spaced ABN are not an ACN of their own, though the ACN word
    is near; a dash-joined suffix is not part of an ACN either."""
    engine = catalogue_engine("au.acn")
    # python-stdnum: to_abn("002 724 334") is 43 002 724 334
    assert_absent(engine, "Invoice (ABN: 43 002 724 334)\nACN on file", "AU_ACN")
    assert_absent(engine, "ACN ref 004085616-0", "AU_ACN")


def test_a_kyc_personal_number_in_australia_is_a_medicare_number(builtin: Engine) -> None:
    """A Medicare card is an identity document Australians show: an identity check's
    personal_number beside an Australian nationality names it, and no other country's."""
    webhook = '{"nationality": "AUS", "personal_number": "2123 45670 1"}'
    assert_found(builtin, webhook, "2123 45670 1", "AU_MEDICARE")
    assert_absent(builtin, webhook.replace("AUS", "NZL"), "AU_MEDICARE")
