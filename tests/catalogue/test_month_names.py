# ruff: noqa: RUF001 - Greek and Cyrillic month names and words, not lookalikes
"""Written dates of birth in every context language: month names from Unicode CLDR."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_core import Engine
from engine_plugins.catalogue import cldr_months
from engine_plugins.catalogue.checks.intl import date_of_birth


def test_the_month_table_is_generated_from_cldr() -> None:
    """month_names.py is what the generator writes from Babel's CLDR data (make month-names)."""
    assert cldr_months.TARGET.read_text(encoding="utf-8") == cldr_months.render()
    assert Path(cldr_months.__file__).with_name("month_names.py") == cldr_months.TARGET


def test_every_cldr_month_name_is_read_in_a_date_of_birth(builtin: Engine) -> None:
    """14 <month> 1985 after a birth label is a DATE_OF_BIRTH for every CLDR month name of
    the context languages, in lower case, title case and capitals (the one pass's prefilter,
    the pattern and the check all take it)."""
    missed = []
    for name in sorted({name for name, _ in cldr_months.cldr_names()}):
        for form in sorted({name, name.lower(), name.title(), name.upper()}):
            for date in (f"14 {form} 1985", f"14. {form} 1985"):
                result = builtin.evaluate(f"Date of birth: {date}\n")
                found = [
                    value
                    for trigger in result.triggers
                    if trigger.category == "DATE_OF_BIRTH"
                    for value in trigger.matched_items
                ]
                if found != [date]:
                    missed.append(date)
    assert missed == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Ημερομηνία γέννησης: 11 Νοεμβρίου 1975", "11 Νοεμβρίου 1975"),
        ("Ημερομηνία γέννησης: 11 ΝΟΕΜΒΡΙΟΥ 1975", "11 ΝΟΕΜΒΡΙΟΥ 1975"),  # capitals, no accent
        ("Дата на раждане: 4 ноември 1965 г.", "4 ноември 1965 г."),
        ("תאריך לידה 1 במאי 1994", "1 במאי 1994"),  # the month with its preposition
        ("วันเกิด 27 พฤศจิกายน 2539", "27 พฤศจิกายน 2539"),  # Buddhist era: 1996
        ("Doğum tarihi: 14 KASIM 1985", "14 KASIM 1985"),
        ("Gimimo data: 14 gegužės 1985", "14 gegužės 1985"),
        ("Születési dátum: 14 március 1985", "14 március 1985"),
        ("Datum rojstva: 9. junija 1972", "9. junija 1972"),
        ("Date de naissance : 14 fevrier 1985", "14 fevrier 1985"),  # accent left out
        # An appointment's date, with its time, is no birth date beside one.
        ("Роден на 16 ноември 1996 г.\nЧас за 31 януари 2023 г. в 10:30.", "16 ноември 1996 г."),
    ],
)
def test_written_dates_in_other_scripts(builtin: Engine, text: str, date: str) -> None:
    """Greek, Cyrillic, Hebrew and Thai month names, and Latin ones CLDR adds, are read."""
    result = builtin.evaluate(text)
    assert [(trigger.category, trigger.matched_items) for trigger in result.triggers] == [
        ("DATE_OF_BIRTH", (date,))
    ]


@pytest.mark.parametrize(
    "value",
    [
        "31 Νοεμβρίου 1975",  # November has 30 days
        "14 Smarch 1985",
        "27 พฤศจิกายน 2600",  # B.E. 2600 is 2057
        "14 בשבת 1985",  # "on Saturday": no month
    ],
)
def test_written_dates_that_are_not_birth_dates(value: str) -> None:
    """A day a month never has, an unknown month name or a future year is no birth date."""
    assert not date_of_birth(value)
