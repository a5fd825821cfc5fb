"""Malaysia catalogue entries (``my.yaml``): published examples through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("No. K/P: 770305-02-1234", "770305-02-1234"),  # python-stdnum's example (my.nric)
        ("MyKad 770305021234", "770305021234"),
        ("Nombor kad pengenalan 770305 02 1234", "770305 02 1234"),
        ("NRIC no. 770305-02-1234 (Selangor)", "770305-02-1234"),
    ],
)
def test_nric(builtin: Engine, text: str, value: str) -> None:
    """A MyKad number named so is MY_NRIC, FATAL, MY-PDPA."""
    assert_found(builtin, text, value, "MY_NRIC")


@pytest.mark.parametrize(
    "text",
    [
        "MyKad 771305-02-1234",  # python-stdnum: month 13
        "MyKad 770305-17-1234",  # python-stdnum: no birthplace 17
        "MyKad 770305-02-123",
        "Invoice 770305-02-1234",  # no context word
    ],
)
def test_not_nric(builtin: Engine, text: str) -> None:
    """An impossible date or birthplace, a wrong length, or no context word: no MyKad."""
    assert_absent(builtin, text, "MY_NRIC")
