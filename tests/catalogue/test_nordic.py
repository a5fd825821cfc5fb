"""Nordic catalogue entries (``se.yaml``, ``dk.yaml``, ``no.yaml``, ``is.yaml``) through the
real engine: inflected context words, the Swedish number as written without context, and
the word all three countries use ("personnummer")."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import values


@pytest.mark.parametrize(
    ("text", "value", "category"),
    [
        # Norwegian writes the definite form as one word (python-stdnum no/fodselsnummer.py
        # doctest value 15108695088).
        ("Fødselsnummeret mitt er 15108695088.", "15108695088", "NO_FODSELSNUMMER"),
        ("Fødselsnummeret mitt er 151086 95088.", "151086 95088", "NO_FODSELSNUMMER"),
        # Icelandic declines the word and suffixes the article (stdnum is_/kennitala.py
        # doctest value 450401-3150).
        ("Kennitalan mín er 450401-3150.", "450401-3150", "IS_KENNITALA"),
        ("Vinsamlegast sendið kennitöluna 4504013150.", "4504013150", "IS_KENNITALA"),
        # Swedish definite form (stdnum se/personnummer.py doctest value 880320-0016).
        ("Personnumret 8803200016 saknas.", "8803200016", "SE_PERSONNUMMER"),
        ("Mit CPR-nummeret er 2110625629.", "2110625629", "DK_CPR"),
    ],
)
def test_inflected_context_words(builtin: Engine, text: str, value: str, category: str) -> None:
    """The definite and declined forms of the identifier's name are context words."""
    assert values(builtin, text, category) == [value]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Här är den: 880320-0016.", "880320-0016"),  # stdnum doctest value
        ("5 \u00d7 811228-9841", "811228-9841"),  # python-stdnum doctest value
        ("19880320-0016, 811228-9841", "19880320-0016"),
    ],
)
def test_swedish_number_as_written_needs_no_context(builtin: Engine, text: str, value: str) -> None:
    """YYMMDD-NNNC (a birth date, the separator and a Luhn digit) stands alone."""
    assert value in values(builtin, text, "SE_PERSONNUMMER")


@pytest.mark.parametrize(
    "text",
    [
        "Här är den: 8803200016.",  # ten bare digits: 1 in 10 pass the Luhn digit
        "Invoice 8812030834, due 2025-01-31.",  # an invoice number that passes both checks
        "Här är den: 880320-0018.",  # Luhn digit changed
        "Här är den: 881320-0016.",  # month 13
    ],
)
def test_not_a_swedish_number_without_context(builtin: Engine, text: str) -> None:
    """Bare digits without context, a wrong Luhn digit or an impossible date: nothing."""
    assert values(builtin, text, "SE_PERSONNUMMER") == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # 020115-8193 is a valid birth date both ways and passes the Luhn digit: a tie
        # at "personnummer" goes to the stricter format (Swedish date and Luhn digit).
        ("Mitt personnummer är 020115-8193.", "SE_PERSONNUMMER"),
        ("Personnummer: 020115-8193", "SE_PERSONNUMMER"),
        # A Danish word nearer than any Swedish one decides for Denmark.
        ("CPR-nummer 020115-8193", "DK_CPR"),
        ("Oplys venligst CPR-nr. 020115-8193 ved henvendelse.", "DK_CPR"),
    ],
)
def test_one_category_for_a_swedish_and_danish_value(
    builtin: Engine, text: str, category: str
) -> None:
    """A value valid in Sweden and Denmark is reported once, in one category."""
    found = {name: values(builtin, text, name) for name in ("SE_PERSONNUMMER", "DK_CPR")}
    assert found[category] == ["020115-8193"]
    assert sum(len(found_values) for found_values in found.values()) == 1
