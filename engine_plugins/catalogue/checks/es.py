"""Named check for the Spanish DNI: python-stdnum's, on the number without its dots.

A DNI is also written with dots between the thousands (``12.345.678-Z``), as the
Ministerio del Interior's own examples group it; ``stdnum.es.dni`` strips only
spaces and dashes. The mod-23 check letter is stdnum's.
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum.es import dni

__all__ = ["CHECKS", "dni_valid"]


def dni_valid(value: str) -> bool:
    """True for a DNI (dots between its thousands or none) that stdnum validates."""
    return dni.is_valid(value.replace(".", ""))


CHECKS: dict[str, Callable[[str], bool]] = {"es_dni": dni_valid}
