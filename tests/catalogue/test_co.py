"""Colombia catalogue entries (``co.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_plugins.catalogue.checks import named_checks

from .conftest import values
from .expectations import assert_no_bypass, sole_hit


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's co.nit docstring and its numbers found online
        ("NIT 213.123.432-1", "213.123.432-1"),
        ("NIT: 900.206.480-2, Bogotá", "900.206.480-2"),
        ("Número de Identificación Tributaria 860 001 986-1", "860 001 986-1"),
        ("NIT 900 206 480 - 2", "900 206 480 - 2"),
        ("NIT No. 800088702-2", "800088702-2"),
        ("NIT:800226098 - 4", "800226098 - 4"),
        ("NIT 1.118.534.248-0", "1.118.534.248-0"),  # a person's cédula with its check digit
    ],
)
def test_nit(builtin: Engine, text: str, number: str) -> None:
    """A NIT near "NIT" is CO_NIT, FATAL, CO-PDPA, at its exact span."""
    assert sole_hit(builtin, text, number) == ("co.nit", "CO_NIT", "FATAL", "CO-PDPA")


@pytest.mark.parametrize(
    "text",
    [
        "NIT 2131234350",  # python-stdnum's invalid check digit example
        "NIT 900.206.480-3",  # check digit changed
        "NIT 2131234",  # too short (python-stdnum's example)
        "Factura 900.206.480-2 pagada",  # no context word
        "NIT en trámite; celular 8600019861",  # NIT-valid, but bare: a mobile number's shape
        # A wrong check digit after the dash, though the digits before it pass as a NIT of
        # their own (900206485 is one): the mistyped NIT is not split into that piece.
        "NIT: 900.206.485-3",
        "NIT 900 206 485 - 3",
        "NIT 900206485-3",
    ],
)
def test_not_nit(builtin: Engine, text: str) -> None:
    """Invalid check digits, short numbers, no context: no CO_NIT."""
    assert values(builtin, text, "CO_NIT") == []


def test_nit_no_bypass(builtin: Engine) -> None:
    """A list number before a NIT, or two NITs side by side, hide nothing."""
    assert_no_bypass(builtin, "NITs:", "900.206.480-2", "860.001.986-1", "CO_NIT")


def test_nit_check_keeps_its_check_digit() -> None:
    """The co_nit check accepts a NIT only with its check digit after a dash."""
    co_nit = named_checks()["co_nit"]
    assert co_nit("900.206.480-2")
    assert co_nit("800226098 - 4")
    assert not co_nit("900.206.485")  # valid for stdnum without its dash, not as written
    assert not co_nit("900.206.485-3")
    assert not co_nit("900.206.485-")
    assert not co_nit("-9")


def test_a_kyc_personal_number_in_colombia_is_a_nit(builtin: Engine) -> None:
    """A person's NIT is their cédula's number and a check digit: an identity check's
    personal_number beside a Colombian nationality names it, and no other country's."""
    webhook = '{"nationality": "COL", "personal_number": "1.118.534.248-0"}'
    assert values(builtin, webhook, "CO_NIT") == ["1.118.534.248-0"]
    assert values(builtin, webhook.replace("COL", "PER"), "CO_NIT") == []
