"""Israel catalogue entries (``il.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import values
from .expectations import assert_no_bypass, sole_hit


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's il.idnr example, as written with and without the dropped zero
        ("ת.ז. 039337423", "039337423"),
        ("מספר תעודת זהות: 03933742-3", "03933742-3"),
        ('ת"ז 3933742-3', "3933742-3"),
        ("Israeli ID number 039337423", "039337423"),
        ("Teudat zehut 039337423, issued in Haifa", "039337423"),
    ],
)
def test_israeli_id(builtin: Engine, text: str, number: str) -> None:
    """An identity number named in Hebrew or English is IL_ID, FATAL, IL-PPL."""
    assert sole_hit(builtin, text, number) == ("il.id", "IL_ID", "FATAL", "IL-PPL")


@pytest.mark.parametrize(
    "text",
    [
        "ת.ז. 3933742-2",  # check digit changed (python-stdnum's example)
        "ת.ז. 039337433",  # a digit changed
        "ת.ז. 490154203237518",  # fifteen digits (python-stdnum's example)
        "Order 039337423 shipped",  # no context word
        "Identity number 123456782 (not said to be Israeli)",  # a generic word
        "מספר זהות של הלקוח; טלפון +972 50 123 4567",  # a phone number
    ],
)
def test_not_israeli_id(builtin: Engine, text: str) -> None:
    """Invalid check digits, lengths, no context, phone numbers: no IL_ID."""
    assert values(builtin, text, "IL_ID") == []


def test_israeli_id_no_bypass(builtin: Engine) -> None:
    """A list number before an ID, or two IDs side by side, hide nothing."""
    assert_no_bypass(builtin, "ת.ז.", "039337423", "123456782", "IL_ID")
