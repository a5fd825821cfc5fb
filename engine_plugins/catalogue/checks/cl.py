"""Named check for the Chilean RUT: python-stdnum's, on a number written with its dash.

A RUT is written with its check character after a dash (SII: ``12.531.909-2``), and
``cl.rut`` matches only that form. python-stdnum's ``cl.rut`` also accepts the digits
without the dash, taking the last one as the check character; so when a written RUT
fails its check, the piece before its dash, which the matcher tries
(docs/architecture.md, "No bypass"), would pass one time in eleven: the head of the
mistyped ``15.026.723-8`` is not a RUT. The check character stays in the value.
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum.cl import rut

__all__ = ["CHECKS", "cl_rut"]


def cl_rut(value: str) -> bool:
    """True for a RUT written with its check character after a dash that passes SII's check."""
    number, dash, check_character = value.rpartition("-")
    return bool(dash and number.strip() and check_character.strip() and rut.is_valid(value))


CHECKS: dict[str, Callable[[str], bool]] = {"cl_rut": cl_rut}
