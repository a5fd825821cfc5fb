"""Chile catalogue entries (``cl.yaml``) through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import values
from .expectations import assert_no_bypass, sole_hit


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's cl.rut docstring and its numbers from the SII's list of e-invoicers
        ("RUT: 76.086.428-5", "76.086.428-5"),
        ("Rol Único Tributario 12.531.909-2", "12.531.909-2"),
        ("RUT 10626628-K, Santiago", "10626628-K"),
        ("RUN N° 9334748-k", "9334748-k"),
        ("RUT:76086428-5", "76086428-5"),  # a label's colon
        ("Correo: x\nRUN: 12.531.909-2\n", "12.531.909-2"),  # a bare RUN as a form's label
    ],
)
def test_rut(builtin: Engine, text: str, number: str) -> None:
    """A RUT near "RUT" or "RUN" is CL_RUT, FATAL, CL-PDPA, at its exact span."""
    assert sole_hit(builtin, text, number) == ("cl.rut", "CL_RUT", "FATAL", "CL-PDPA")


@pytest.mark.parametrize(
    "text",
    [
        "RUT: 12.531.909-3",  # check digit changed (python-stdnum's example)
        "RUT: 15.026.723-8",  # mistyped: its head 15.026.723 passes the check without a dash
        "RUT: 76086A28-5",  # a letter in the body (python-stdnum's example)
        "RUT: 76.086.428-K",  # check character changed
        "RUT: 760.864.285-5",  # grouped wrong
        "Folio 76086428-5 emitido",  # no context word
        "RUT del cliente; celular 912345688",  # RUT-valid, but bare: a mobile number's shape
        "Nightly test run 104857604 finished",  # "run" is an English verb, not the RUN
    ],
)
def test_not_rut(builtin: Engine, text: str) -> None:
    """Invalid check characters, letters, grouping, no context: no CL_RUT."""
    assert values(builtin, text, "CL_RUT") == []


def test_rut_no_bypass(builtin: Engine) -> None:
    """A list number before a RUT, or two RUTs side by side, hide nothing."""
    assert_no_bypass(builtin, "RUTs:", "76.086.428-5", "10626628-K", "CL_RUT")
