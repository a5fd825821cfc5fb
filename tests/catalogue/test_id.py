"""Indonesia catalogue entries (``id.yaml``): published examples through the real engine."""

from __future__ import annotations

import pytest
from stdnum import luhn

from engine_core import Engine

from .apac_support import assert_absent, assert_found
from .conftest import hits

#: python-stdnum's examples (id.nik): born 17 August 1945, a man and (day + 40) a woman.
PUBLISHED = ["3171011708450001", "3171015708450001"]


@pytest.mark.parametrize(
    "text",
    ["NIK: {value}", "Nomor Induk Kependudukan {value}", "No. KTP {value} (Jakarta Pusat)"],
)
@pytest.mark.parametrize("value", PUBLISHED)
def test_nik(builtin: Engine, text: str, value: str) -> None:
    """A NIK named so is ID_NIK, FATAL, ID-PDP."""
    assert_found(builtin, text.format(value=value), value, "ID_NIK")


@pytest.mark.parametrize(
    "text",
    [
        "NIK: 9971011708450001",  # python-stdnum: no province 99
        "NIK: 3171013002001234",  # python-stdnum: 30 February
        "NIK: 31710117084500",  # fourteen digits
        "Resi pengiriman 3171011708450001",  # a tracking number: no context word
    ],
)
def test_not_nik(builtin: Engine, text: str) -> None:
    """An unknown province, an impossible date, a wrong length or no context: no NIK."""
    assert_absent(builtin, text, "ID_NIK")


def test_a_luhn_valid_nik_is_not_a_card(builtin: Engine) -> None:
    """Sixteen digits that pass Luhn too: next to NIK they are a NIK, reported once."""
    body = "317101170845000"
    nik = body + luhn.calc_check_digit(body)
    text = f"NIK {nik}"
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [("ID_NIK", nik)]
