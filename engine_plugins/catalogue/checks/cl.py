"""Named check for the Chilean RUT: python-stdnum's, on a number written with its dash.

A RUT is written with its check character after a dash (SII: ``12.531.909-2``), and
``cl.rut`` matches only that form; the head of a mistyped ``15.026.723-8`` is no RUT
(:func:`~engine_plugins.catalogue.checks.checked_after_dash`).
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum.cl import rut

from . import checked_after_dash

__all__ = ["CHECKS", "cl_rut"]


def cl_rut(value: str) -> bool:
    """True for a RUT written with its check character after a dash that passes SII's check."""
    return checked_after_dash(value, rut.is_valid)


CHECKS: dict[str, Callable[[str], bool]] = {"cl_rut": cl_rut}
