"""A value written apart right after its label (one space between every digit, regrouped,
wrapped across a line) is still found: its groups are read joined (docs/architecture.md,
"Anti-evasion"). Values: python-stdnum's examples of each format."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import hits


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        ("Numer PESEL: 4 4 0 5 1 4 0 1 3 5 9", "PL_PESEL", "4 4 0 5 1 4 0 1 3 5 9"),
        ("Fnr.: 15108\n695088\n", "NO_FODSELSNUMMER", "15108\n695088"),
        ("IdNr. = «3657 - 4261 - 809»", "DE_TAX_ID", "3657 - 4261 - 809"),
        ("NHS No.: 94347\n65919", "UK_NHS", "94347\n65919"),
        ("BSN: 11 12 22 33 3", "NL_BSN", "11 12 22 33 3"),
        ("OIB: 3 3 3 9 2 0 0 5 9 6 1 a hvala", "HR_OIB", "3 3 3 9 2 0 0 5 9 6 1"),
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
        "Tel.: 58 920 28 5",  # a phone number's grouping is part of its check
    ],
)
def test_a_run_that_is_no_value_stays(builtin: Engine, text: str) -> None:
    assert hits(builtin, text) == []


def test_the_rules_own_value_is_left_to_them(builtin: Engine) -> None:
    """A value the rule found as written is reported once, by the rule, as before."""
    assert [hit.value for hit in hits(builtin, "PESEL: 44051401359 4 4")] == ["44051401359"]
