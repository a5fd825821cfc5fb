"""Canada catalogue entries (``ca.yaml``) through the real engine."""

from __future__ import annotations

import pytest
from stdnum.ca import sin

from engine_core import Engine

from .conftest import catalogue_engine, values
from .evasion import full_width
from .expectations import assert_no_bypass, sole_hit

# --- Social Insurance Number ----------------------------------------------------------

#: python-stdnum's example SIN (its ca.sin docstring), written the three ways Canadians do.
SIN = "123-456-782"


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("SIN: 123-456-782", "123-456-782"),
        ("Employee SIN 123 456 782 on file", "123 456 782"),
        ("Your Social Insurance Number is 123456782.", "123456782"),
        ("Numéro d'assurance sociale : 123 456 782", "123 456 782"),
        ("NAS 123-456-782 (Service Canada)", "123-456-782"),
        ("SIN:123456782", "123456782"),  # a label's colon
        # A field name in lower case is no Spanish or Portuguese word.
        ("event=kyc_reject sin=123-456-782 status=blocked", "123-456-782"),
        ('{"name": "Jo Roy", "sin": "123 456 782"}', "123 456 782"),
        ("full_name=Krista+Jones&nas=123456782&consent=on", "123456782"),
    ],
)
def test_sin(builtin: Engine, text: str, number: str) -> None:
    """A SIN named in English or French is CA_SIN, FATAL, PIPEDA, at its exact span."""
    assert sole_hit(builtin, text, number) == ("ca.sin", "CA_SIN", "FATAL", "PIPEDA")


@pytest.mark.parametrize(
    "text",
    [
        "SIN: 123-456-783",  # check digit changed
        "SIN: 823-456-785",  # Luhn-valid, but no SIN starts with 8 (python-stdnum's example)
        "SIN: 023-456-785",  # nor with 0
        "SIN: 1234-567-82",  # not grouped 3-3-3
        "SIN: 12345678",  # eight digits
        "SIN: 1234567820",  # ten digits
        "Reference 123-456-782 was closed.",  # no context word
        "SIN desk: call +33 123 456 782",  # an international phone number's digits
        "Llámenos sin compromiso al 123 456 782",  # Spanish "sin" (without)
        "Pedido 123456782, envío sin coste",
        "Reunião nas instalações do cliente, ref. 123 456 782",  # Portuguese "nas" (in the)
    ],
)
def test_not_sin(builtin: Engine, text: str) -> None:
    """Wrong check digit, first digit, grouping or length, no context, a phone: no CA_SIN."""
    assert values(builtin, text, "CA_SIN") == []


def test_sin_no_bypass(builtin: Engine) -> None:
    """A list number before a SIN, or two SINs side by side, hide nothing."""
    second = "193 456 787"  # Luhn-valid, first digit 1 (valid by python-stdnum, not published)
    assert sin.is_valid(second)
    assert_no_bypass(builtin, "SINs:", SIN, second, "CA_SIN")
    assert values(builtin, f"SIN,name\n{SIN},Tremblay", "CA_SIN") == [SIN]  # a CSV cell


def test_sin_evasion(builtin: Engine) -> None:
    """Full-width digits and a zero-width space inside a SIN still make a CA_SIN."""
    text = f"SIN: {full_width('123-456-782')} and S\u200bIN 123\u200b456782"
    assert values(builtin, text, "CA_SIN") == [full_width("123-456-782"), "123\u200b456782"]


def test_sin_and_israeli_id_take_their_own_context(builtin: Engine) -> None:
    """A Luhn-valid 9-digit value is a SIN after "SIN" and an Israeli ID after ת.ז."""
    assert values(builtin, "SIN 123456782", "CA_SIN") == ["123456782"]
    assert values(builtin, "SIN 123456782", "IL_ID") == []
    assert values(builtin, "ת.ז. 123456782", "IL_ID") == ["123456782"]
    assert values(builtin, "ת.ז. 123456782", "CA_SIN") == []


# --- postal code ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        "K1A 0B1",  # Canada Post's head office, 2701 Riverside Drive, Ottawa
        "H0H 0H0",  # Canada Post's published address for letters to Santa Claus
        "M5V 3L9",
        "K1A0B1",
    ],
)
def test_postal_code(code: str) -> None:
    """A Canadian postal code is CA_POSTAL_CODE, WARNING, when the entry is imported."""
    engine = catalogue_engine("ca.postal_code")
    text = f"Ottawa ON {code}, Canada"
    assert sole_hit(engine, text, code) == ("ca.postal_code", "CA_POSTAL_CODE", "WARNING", "PIPEDA")


@pytest.mark.parametrize(
    "text",
    [
        "Postal code D1A 0B1",  # D never starts a forward sortation area
        "Postal code W1A 0B1",  # nor W (W1A 0AX is London's BBC)
        "Postal code K1A 0O1",  # O never appears
        "Postal code K1A 0B12",  # part of a longer token
        "Part number AB1C2D3 and serial X9Y 8Z",
    ],
)
def test_not_postal_code(text: str) -> None:
    """Letters Canada Post does not use, or a longer token: no CA_POSTAL_CODE."""
    assert values(catalogue_engine("ca.postal_code"), text, "CA_POSTAL_CODE") == []


def test_postal_code_is_not_default(builtin: Engine) -> None:
    """The built-in pack leaves postal codes alone (the entry is not default)."""
    assert values(builtin, "Ottawa ON K1A 0B1", "CA_POSTAL_CODE") == []
