"""A value written apart right after its label (one space between every digit, regrouped,
wrapped across a line) is still found: its groups are read joined (docs/architecture.md,
"Anti-evasion"). Values: python-stdnum's examples of each format."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine_core import Engine

from .conftest import hits


@pytest.fixture(scope="module")
def everything(codon_engine: Callable[..., Engine]) -> Engine:
    """An engine of every catalogue entry, default or not."""
    return codon_engine("*")


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        ("Numer PESEL: 4 4 0 5 1 4 0 1 3 5 9", "PL_PESEL", "4 4 0 5 1 4 0 1 3 5 9"),
        ("Fnr.: 15108\n695088\n", "NO_FODSELSNUMMER", "15108\n695088"),
        ("IdNr. = «3657 - 4261 - 809»", "DE_TAX_ID", "3657 - 4261 - 809"),
        ("NHS No.: 94347\n65919", "UK_NHS", "94347\n65919"),
        ("BSN: 11 12 22 33 3", "NL_BSN", "11 12 22 33 3"),
        ("OIB: 3 3 3 9 2 0 0 5 9 6 1 a hvala", "HR_OIB", "3 3 3 9 2 0 0 5 9 6 1"),
        ("BSN -> 111_222_333", "NL_BSN", "111_222_333"),  # underscores, after an arrow
        ("PESEL \u2192 440_514_013_59", "PL_PESEL", "440_514_013_59"),
        # A form laid out in columns: the label's column padded, the value wrapped.
        (
            "PESEL:                 44051\n                       401359\nok",
            "PL_PESEL",
            "44051\n                       401359",
        ),
        # A number's abbreviation after the word.
        ("Passaporto n.: YC622 9246 ok", "IT_PASSPORT", "YC622 9246"),
        ("PESEL nr 44051 401359 ok", "PL_PESEL", "44051 401359"),
        # A remark in brackets after the word.
        ("PESEL (pacjenta): 44051 401359 ok", "PL_PESEL", "44051 401359"),
        # Regrouped with dots or dashes alone, into four groups or more: no format's own.
        ("PESEL = 44.0514.0135.9", "PL_PESEL", "44.0514.0135.9"),
        ("BSN: 1.112.223-33", "NL_BSN", "1.112.223-33"),
        # A transcript: the question names it, the reply on the next line gives it after the
        # speaker's prefix and a few words.
        (
            "Agent: Proszę podać nr PESEL.\n[00:00:17] Caller:  4 4 0 5 1 4 0 1 3 5 9\n",
            "PL_PESEL",
            "4 4 0 5 1 4 0 1 3 5 9",
        ),
        (
            "12/03/2024, 10:01 - Bot: Vul uw BSN in.\n12/03/2024, 10:01 - Ann: mm, 11 12 22 33 3",
            "NL_BSN",
            "11 12 22 33 3",
        ),
    ],
)
def test_a_value_written_apart_after_its_label_is_found(
    builtin: Engine, text: str, category: str, value: str
) -> None:
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [(category, value)]


@pytest.mark.parametrize(
    "text",
    [
        "Numer PESEL: 4 4 0 5 1 4 0 1 3 5 8",  # the check digit changed
        "ref 4 4 0 5 1 4 0 1 3 5 9",  # no label: a run of digits is no identifier
        "BSN: 1 1 1 2 2 2 3 3 3 4",  # its head is no value: it is part of longer digits
        "BSN: 111.222.33",  # dots alone: the format's own layout decides (none here)
        "BSN: 11.122.233-4",  # regrouped, but the check digit is wrong
        "Version 44.0514.0135.9",  # regrouped, without a label
        "Tel.: 58 920 28 5",  # a phone number's grouping is part of its check
        # The next line without a speaker's prefix: its words are no reply.
        "Proszę podać nr PESEL.\nZamówienie numer 4 4 0 5 1 4 0 1 3 5 9",
    ],
)
def test_a_run_that_is_no_value_stays(builtin: Engine, text: str) -> None:
    assert hits(builtin, text) == []


def test_a_head_before_a_check_letter_is_no_value(builtin: Engine) -> None:
    """A capital letter alone after the digits is their check letter (a Spanish DNI's):
    the digits before it are no 8-digit Argentine DNI."""
    for text in ("DNI: 5436 2315 K", "DNI:\n[00:00:34] Caller: okay so 5436 2315 K"):
        assert "AR_DNI" not in {hit.category for hit in hits(builtin, text)}


def test_the_rules_own_value_is_left_to_them(builtin: Engine) -> None:
    """A value the rule found as written is reported once, by the rule, as before."""
    assert [hit.value for hit in hits(builtin, "PESEL: 44051401359 4 4")] == ["44051401359"]


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        # Rules their words only confirm: the label names a value written apart just as well.
        ("IBAN: BE62-5100-0754-7061", "IBAN", "BE62-5100-0754-7061"),
        ("IBAN: BE62\u20145100\u20100754\u22127061", "IBAN", "BE62\u20145100\u20100754\u22127061"),
        ("Card: 41-11.1111-11.11-1111 ok", "CREDIT_CARD", "41-11.1111-11.11-1111"),
        (
            "N\u00b0 de s\u00e9curit\u00e9 sociale : 29.510.99.126.111.93",
            "FR_NIR",
            "29.510.99.126.111.93",
        ),
        # A table's cell border between the label and the value, or ending the value (the
        # next cell's digits are another value), or splitting it across two cells.
        ("| SV-Nummer | 1 2 3 7 0 1 0 1 8 0 |", "AT_SOCIAL_SECURITY", "1 2 3 7 0 1 0 1 8 0"),
        (
            "| SV-Nummer | 1 2 3 7 0 1 0 1 8 0 | 0664 1234567 |",
            "AT_SOCIAL_SECURITY",
            "1 2 3 7 0 1 0 1 8 0",
        ),
        ("Isikukood: 3760125 | 8411", "EE_ISIKUKOOD", "3760125 | 8411"),
    ],
)
def test_a_label_names_a_value_written_apart_for_any_rule_with_words(
    everything: Engine, text: str, category: str, value: str
) -> None:
    assert [(hit.category, hit.value) for hit in hits(everything, text)] == [(category, value)]


@pytest.mark.parametrize(
    ("text", "category", "found"),
    [
        # A value repeated, or two values, joined by a spaced dash or slash.
        ("R\u010c: 71.0319.27.45 \u2013 71.0319.27.45", "CZ_BIRTH_NUMBER", ["71.0319.27.45"] * 2),
        (
            "SV-Nummer: 1237 0101 80 / 12 37 01 01 80",
            "AT_SOCIAL_SECURITY",
            ["1237 0101 80", "12 37 01 01 80"],
        ),
        # The second as the rule writes it: found by the rule, the first after the border.
        (
            "SV-Nummer: 1 2 3 7 0 1 0 1 8 0|1237010180",
            "AT_SOCIAL_SECURITY",
            ["1 2 3 7 0 1 0 1 8 0", "1237010180"],
        ),
    ],
)
def test_two_values_joined_after_one_label_are_both_found(
    everything: Engine, text: str, category: str, found: list[str]
) -> None:
    assert [(hit.category, hit.value) for hit in hits(everything, text)] == [
        (category, value) for value in found
    ]


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        ('"pps_number": "6433435f"', "IE_PPS", "6433435f"),
        ("Bot: EPIC No.?\n[02:46] Ann: wkh1186253", "IN_VOTER_ID", "wkh1186253"),
    ],
)
def test_an_identifier_in_small_letters_after_its_label_is_found(
    everything: Engine, text: str, category: str, value: str
) -> None:
    assert [(hit.category, hit.value) for hit in hits(everything, text)] == [(category, value)]


@pytest.mark.parametrize(
    "text",
    [
        "SV-Nummer: 1237 0101 80 / 12 37 01 01 81",  # the second's check digit is wrong
        "IdNr. = 6147 - 5908 - 266 - 1",  # a spaced dash inside one run of digits
        '"pps_number": "6433435g"',  # the check letter is wrong
        "pps: abc123",  # small letters and digits, but no value's format
        "IBAN: BE62-5100-0754-7062",  # regrouped, but mod 97 fails
    ],
)
def test_runs_that_are_no_values_stay(everything: Engine, text: str) -> None:
    assert hits(everything, text) == []
