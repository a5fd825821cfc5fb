"""Nigeria catalogue entries (``ng.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import values
from .expectations import assert_no_bypass, sole_hit

# NIMC assigns NINs as 11 random digits and publishes no check digit, so any 11 digits
# are a NIN's format (NIMC, "About NIN"); these values are that format, not real NINs.


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("NIN: 12345678901", "12345678901"),
        ("National Identification Number (NIN) 70123456789", "70123456789"),
        ("Enrolled with NIMC, number 45612378900.", "45612378900"),
        ("NIN 01234567890", "01234567890"),
    ],
)
def test_nin(builtin: Engine, text: str, number: str) -> None:
    """A NIN near "NIN" or "NIMC" is NG_NIN, FATAL, NDPA, at its exact span."""
    assert sole_hit(builtin, text, number) == ("ng.nin", "NG_NIN", "FATAL", "NDPA")


@pytest.mark.parametrize(
    "text",
    [
        "NIN: 1234567890",  # ten digits
        "NIN: 123456789012",  # twelve digits
        "Order 12345678901 shipped",  # no context word
        "NIN pending; call 08031234567",  # a Nigerian mobile number
        "NIN pending; call +234 803 123 4567",
        "NIN pending; BVN: 22123456789",  # a bank verification number
        "NIN pending; Bank Verification Number 22123456789",
    ],
)
def test_not_nin(builtin: Engine, text: str) -> None:
    """Other lengths, no context, Nigerian phone numbers: no NG_NIN."""
    assert values(builtin, text, "NG_NIN") == []


def test_nin_no_bypass(builtin: Engine) -> None:
    """A list number before a NIN, or two NINs side by side, hide nothing."""
    assert_no_bypass(builtin, "NINs:", "12345678901", "70123456789", "NG_NIN")
    slashed = "NINs: 12345678901/70123456789"
    assert values(builtin, slashed, "NG_NIN") == ["12345678901", "70123456789"]
