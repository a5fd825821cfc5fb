"""Singapore catalogue entries (``sg.yaml``): published examples through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_plugins.catalogue.checks.sg import sg_nric_fin

from .apac_support import assert_absent, assert_found
from .conftest import catalogue_engine

#: S/T/F/G: ICA's check letters for the digits 1234567 (the weights 2, 7, 6, 5, 4, 3, 2);
#: M: the Singapore Government's FormSG test vector for the M series (isMFinSeriesValid).
PUBLISHED = ["S1234567D", "T1234567J", "F1234567N", "G1234567X", "M1234567K"]


@pytest.mark.parametrize("value", PUBLISHED)
def test_check_letters(value: str) -> None:
    """Each series' published example passes; every other letter fails."""
    assert sg_nric_fin(value)
    assert sg_nric_fin(value.lower())
    others = [letter for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter != value[-1]]
    assert not any(sg_nric_fin(value[:-1] + letter) for letter in others)


def test_m_series_reads_its_table_from_the_other_end() -> None:
    """M1234567N is what the F/G table would give (no +3, other order): wrong for M."""
    assert sg_nric_fin("M3960741N")  # P = 11 - (147 + 3) % 11 = 4: the 4th letter, N
    assert not sg_nric_fin("M1234567N")
    assert not sg_nric_fin("M1234567X")


@pytest.mark.parametrize("value", ["X1234567D", "S123456D", "S12345678D", "S1234567", "S12E4567D"])
def test_check_refuses_other_shapes(value: str) -> None:
    """Another prefix, six or eight digits, no letter, a letter among the digits."""
    assert not sg_nric_fin(value)


@pytest.mark.parametrize(
    "text",
    [
        "NRIC: {value}",
        "FIN {value} (work pass)",
        "Please bring your IC ({value}) tomorrow",
        "Patient {value} was admitted",  # a strong format: no context needed
    ],
)
@pytest.mark.parametrize("value", PUBLISHED)
def test_nric_fin(builtin: Engine, text: str, value: str) -> None:
    """An NRIC number or FIN is SG_NRIC_FIN, FATAL, SG-PDPA."""
    assert_found(builtin, text.format(value=value), value, "SG_NRIC_FIN")


@pytest.mark.parametrize(
    "text",
    [
        "NRIC: S1234567A",  # wrong check letter
        "FIN: M1234567N",  # the F/G letter on an M number
        "NRIC: S123456D",
        "Part no. XS1234567D, serial S1234567D2",  # inside longer tokens
        "Flight SQ1234567",
    ],
)
def test_not_nric_fin(builtin: Engine, text: str) -> None:
    """A wrong letter, a wrong length, a longer token: no NRIC."""
    assert_absent(builtin, text, "SG_NRIC_FIN")


@pytest.mark.parametrize(
    "value",
    # python-stdnum's examples (sg.uen): a business, a local company, two other entities
    ["00192200M", "197401143C", "S16FC0121D", "T01FC6132D"],
)
def test_uen(value: str) -> None:
    """Imported by id, a UEN is SG_UEN."""
    engine = catalogue_engine("sg.uen")
    assert_found(engine, f"UEN {value}", value, "SG_UEN")
    assert_absent(engine, f"UEN {value[:-1]}{'A' if value[-1] != 'A' else 'B'}", "SG_UEN")
