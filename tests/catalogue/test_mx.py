"""Mexico catalogue entries (``mx.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import hits, values
from .expectations import sole_hit

# --- CURP -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's mx.curp docstring and tests (hypothetical persons from published examples)
        ("CURP: HEGG560427MVZRRL04", "HEGG560427MVZRRL04"),
        ("Clave Única de Registro de Población BEML920313HMCLNS09", "BEML920313HMCLNS09"),
        ("Solicitante PEGL890909MJCRMS08, Guadalajara", "PEGL890909MJCRMS08"),
        ("BOXW310820HNERXN09", "BOXW310820HNERXN09"),
    ],
)
def test_curp(builtin: Engine, text: str, number: str) -> None:
    """A CURP is MX_CURP, FATAL, LFPDPPP, with or without a context word."""
    assert sole_hit(builtin, text, number) == ("mx.curp", "MX_CURP", "FATAL", "LFPDPPP")


@pytest.mark.parametrize(
    "text",
    [
        "CURP: HEGG560427MVZRRL05",  # check digit changed
        "CURP: PEGL891313MJCRMS06",  # month 13 (python-stdnum's invalid example)
        "CURP: PEGL890909QJCRMS08",  # gender Q
        "CURP: PEGL890909MQQRMS02",  # no state QQ
        "CURP: BACA890909MJCRMS05",  # a blocked word for the name letters
        "CURP: HEGG560427MVZRRL0",  # 17 characters
        "Lote XHEGG560427MVZRRL04",  # part of a longer token
    ],
)
def test_not_curp(builtin: Engine, text: str) -> None:
    """Invalid check digit, date, gender, state, name letters or length: no MX_CURP."""
    assert values(builtin, text, "MX_CURP") == []


# --- RFC ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's mx.rfc docstring and its numbers checked on the SAT's portal
        ("RFC: GODE 561231 GR8", "GODE 561231 GR8"),
        ("Registro Federal de Contribuyentes MAB-930714-8T4", "MAB-930714-8T4"),
        ("RFC con homoclave AAAL730401TE0", "AAAL730401TE0"),
        ("Su RFC es GODE561231GR8.", "GODE561231GR8"),
        ("R.F.C. COML-810320-3QA", "COML-810320-3QA"),
        ("RFC MUÑ110218LJ6", "MUÑ110218LJ6"),
    ],
)
def test_rfc(builtin: Engine, text: str, number: str) -> None:
    """An RFC near "RFC" is MX_RFC, FATAL, LFPDPPP, at its exact span."""
    assert sole_hit(builtin, text, number) == ("mx.rfc", "MX_RFC", "FATAL", "LFPDPPP")


@pytest.mark.parametrize(
    "text",
    [
        "RFC: GODE561231GR9",  # check character changed
        "RFC: VACE-460910-SX6",  # in use, but its check fails: taken for a mistyped number
        "RFC sin homoclave: COMG-600703",  # nothing to check without the homoclave
        "RFC: GODE561331GR8",  # month 13
        "RFC: ABCD 123456",  # no such date (python-stdnum's example)
        "RFC: CACA 580710 NF7",  # a blocked word for the name letters
        "RFC: AKJ970902",  # a company needs its homoclave
        "Código GODE561231GR8 en almacén",  # no context word
        "See RFC 5322 section 3.4.1 and RFC 9110.",  # Requests for Comments
        "RFC genérico: XAXX010101000",  # the SAT's RFC for sales to the public at large
        "RFC extranjero XEXX010101000",  # and for foreign residents
    ],
)
def test_not_rfc(builtin: Engine, text: str) -> None:
    """Invalid dates, blocked words, short company numbers, no context: no MX_RFC."""
    assert values(builtin, text, "MX_RFC") == []


def test_curp_is_not_an_rfc(builtin: Engine) -> None:
    """A CURP begins like an RFC; next to "RFC" it is still one CURP, not an RFC."""
    found = hits(builtin, "RFC y CURP: HEGG560427MVZRRL04")
    assert [(hit.category, hit.value) for hit in found] == [("MX_CURP", "HEGG560427MVZRRL04")]


def test_rfc_and_curp_side_by_side(builtin: Engine) -> None:
    """An RFC and a CURP one space apart are two values, each in its category."""
    found = hits(builtin, "RFC/CURP: GODE561231GR8 HEGG560427MVZRRL04")
    assert [(hit.category, hit.value) for hit in found] == [
        ("MX_RFC", "GODE561231GR8"),
        ("MX_CURP", "HEGG560427MVZRRL04"),
    ]
