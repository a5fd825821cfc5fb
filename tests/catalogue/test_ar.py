"""Argentina catalogue entries (``ar.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import values
from .expectations import assert_no_bypass, sole_hit


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("DNI 20.123.456", "20.123.456"),  # python-stdnum's ar.dni example
        ("DNI N° 20123456, domicilio en Córdoba", "20123456"),
        ("Documento Nacional de Identidad: 7.123.456", "7.123.456"),
        ("Titular con DNI 20 123 456.", "20 123 456"),
    ],
)
def test_dni(builtin: Engine, text: str, number: str) -> None:
    """A DNI near "DNI" is AR_DNI, FATAL, AR-PDPA, at its exact span."""
    assert sole_hit(builtin, text, number) == ("ar.dni", "AR_DNI", "FATAL", "AR-PDPA")


@pytest.mark.parametrize(
    "text",
    [
        "DNI 2012345699",  # ten digits (python-stdnum's invalid example)
        "DNI 201.234.56",  # not grouped as a DNI
        "DNI 123456",  # six digits
        "Pedido 20.123.456 despachado",  # no context word
        "DNI del cliente; total $ 20.123.456",  # a price
        "DNI del titular; saldo 20.123.456,78 pesos",  # an amount with decimals
        "DNI del cliente; CUIT 20-20123456-3",  # inside a CUIT
        "Número de documento 79.308.960 (Colombia)",  # a generic word: any country's id
        "DNI 12345678Z",  # a Spanish DNI (its letter)
        "DNI 12345678-Z",
        "DNI / RUT 12.531.909-2",  # a Chilean RUT's body
        '"session":"20123456-b20a-5a83-7b34-e55e13fb3cc8","text":"su DNI."',  # a UUID's group
    ],
)
def test_not_dni(builtin: Engine, text: str) -> None:
    """Wrong lengths, no context, prices, CUITs, Spanish DNIs, Chilean RUTs: no AR_DNI."""
    assert values(builtin, text, "AR_DNI") == []


def test_dni_no_bypass(builtin: Engine) -> None:
    """A list number before a DNI, or two DNIs side by side, hide nothing."""
    assert_no_bypass(builtin, "DNIs:", "20.123.456", "7.123.456", "AR_DNI")
