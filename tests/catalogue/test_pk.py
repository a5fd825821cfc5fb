"""Pakistan catalogue entries (``pk.yaml``): published examples through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found

#: python-stdnum's examples (pk.cnic): Punjab (a man) and Sindh (a woman).
PUBLISHED = ["34201-0891231-8", "42201-0397640-8"]


@pytest.mark.parametrize(
    "text",
    [
        "CNIC: {value}",
        "شناختی کارڈ نمبر {value}",
        "قومی شناختی کارڈ: {value}",
        "NADRA record {value}",
        # As chats write it: an ID card's number, Urdu's shanakhti card (identity card).
        "ID card no {value}",
        "shanakhti card: {value}",
    ],
)
@pytest.mark.parametrize("value", PUBLISHED)
def test_cnic(builtin: Engine, text: str, value: str) -> None:
    """A CNIC named so is PK_CNIC, FATAL, PK-PECA."""
    assert_found(builtin, text.format(value=value), value, "PK_CNIC")


def test_bare_cnic(builtin: Engine) -> None:
    """Thirteen bare digits next to CNIC are a CNIC."""
    assert_found(builtin, "CNIC 3420108912318", "3420108912318", "PK_CNIC")


@pytest.mark.parametrize(
    "text",
    [
        "CNIC: 84201-0891231-8",  # no province 8
        "CNIC: 34201-0891231-0",  # the last digit is 1-9 (sex)
        "CNIC: 34201-089123-8",
        "Invoice 34201-0891231-8",  # no context word
    ],
)
def test_not_cnic(builtin: Engine, text: str) -> None:
    """An unknown province, a sex digit 0, a short serial or no context: no CNIC."""
    assert_absent(builtin, text, "PK_CNIC")
