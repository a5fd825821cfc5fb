"""Turkey catalogue entries (``tr.yaml``) through the real engine."""

# ruff: noqa: RUF001 - Turkish text: its dotless i (U+0131) is a letter, not a look-alike

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import values
from .evasion import full_width
from .expectations import assert_no_bypass, sole_hit

#: python-stdnum's example T.C. Kimlik No (its tr.tckimlik docstring).
TCKN = "17291716060"


@pytest.mark.parametrize(
    "text",
    [
        "T.C. Kimlik No: 17291716060",
        "TC Kimlik Numaranız 17291716060 olarak kayıtlıdır.",
        "Müşterinin kimlik numarasını (17291716060) sisteme girin.",
        "T.C. KİMLİK NUMARASI: 17291716060",
        "TCKN 17291716060",
        "Turkish ID number 17291716060",
        "Vatandaşlık numarası: 17291716060",
        "T.C. Kimlik No:17291716060",  # a label's colon
    ],
)
def test_national_id(builtin: Engine, text: str) -> None:
    """A T.C. Kimlik No named in Turkish (any inflection) or English is TR_NATIONAL_ID, FATAL."""
    assert sole_hit(builtin, text, TCKN) == ("tr.national_id", "TR_NATIONAL_ID", "FATAL", "KVKK")


@pytest.mark.parametrize(
    "text",
    [
        "T.C. Kimlik No: 17291716050",  # check digits changed (python-stdnum's example)
        "T.C. Kimlik No: 1729171606",  # ten digits (python-stdnum's example)
        "T.C. Kimlik No: 07291716092",  # first digit 0 (python-stdnum's example)
        "T.C. Kimlik No: 172917160601",  # twelve digits
        "Sipariş numarası 17291716060 kargoya verildi.",  # no context word
        "Kimlik doğrulama hattı: +90 532 123 45 67",  # a phone number
        "Kimlik kartı ücreti 1729171606,00 TL",  # a price
        "Kimlik doğrulama saat 10:17291716060",  # glued to a time
        "Kimlik belgesi arsiv/17291716060 klasöründe",  # a path segment
    ],
)
def test_not_national_id(builtin: Engine, text: str) -> None:
    """Invalid check digits, lengths, a leading 0, no context, phones, prices: nothing."""
    assert values(builtin, text, "TR_NATIONAL_ID") == []


def test_national_id_no_bypass(builtin: Engine) -> None:
    """A list number before an ID, full-width digits, two IDs side by side: each detected."""
    second = "10000000146"  # the test number of the NVI's identity verification service
    assert_no_bypass(builtin, "Kimlik numaraları:", TCKN, second, "TR_NATIONAL_ID")
    slashed = f"Kimlik numaraları: {TCKN}/{second}"
    assert values(builtin, slashed, "TR_NATIONAL_ID") == [TCKN, second]
    assert values(builtin, full_width(f"TC Kimlik No {TCKN}"), "TR_NATIONAL_ID") == [
        full_width(TCKN)
    ]
