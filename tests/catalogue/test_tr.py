"""Turkey catalogue entries (``tr.yaml``) through the real engine."""

# ruff: noqa: RUF001 - Turkish text: its dotless i (U+0131) is a letter, not a look-alike

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import hits, values
from .evasion import full_width

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
    ],
)
def test_national_id(builtin: Engine, text: str) -> None:
    """A T.C. Kimlik No named in Turkish (any inflection) or English is TR_NATIONAL_ID, FATAL."""
    start = text.index(TCKN)
    assert [
        (hit.rule_id, hit.category, hit.severity, hit.law, hit.span) for hit in hits(builtin, text)
    ] == [("tr.national_id", "TR_NATIONAL_ID", "FATAL", "KVKK", (start, start + len(TCKN)))]


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
    ],
)
def test_not_national_id(builtin: Engine, text: str) -> None:
    """Invalid check digits, lengths, a leading 0, no context, phones, prices: nothing."""
    assert values(builtin, text, "TR_NATIONAL_ID") == []


def test_national_id_no_bypass(builtin: Engine) -> None:
    """A list number before an ID, full-width digits, two IDs side by side: each detected."""
    second = "10000000146"  # the test number of the NVI's identity verification service
    assert values(builtin, "Kimlik numaraları: 1) 17291716060", "TR_NATIONAL_ID") == [TCKN]
    assert values(builtin, f"Kimlik numaraları: {TCKN} {second}", "TR_NATIONAL_ID") == [
        TCKN,
        second,
    ]
    assert values(builtin, f"Kimlik numaraları: {TCKN},{second}", "TR_NATIONAL_ID") == [
        TCKN,
        second,
    ]
    assert values(builtin, full_width("TC Kimlik No 17291716060"), "TR_NATIONAL_ID") == [
        full_width("17291716060")
    ]
