"""Named check for the Colombian NIT: python-stdnum's, on a number written with its dash.

A NIT is written with its check digit after a dash (DIAN, "NIT": ``900.206.480-2``),
and ``co.nit`` matches only that form. python-stdnum's ``co.nit`` also accepts the
digits without the dash, taking the last one as the check digit; so when a
written NIT fails its check, the piece before its dash, which the matcher tries
(docs/architecture.md, "No bypass"), would pass one time in eleven: the first part
of the mistyped ``949.589.119-7`` is not a NIT. The check digit stays in the value.
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum.co import nit

from . import checked_after_dash

__all__ = ["CHECKS", "co_nit"]


def co_nit(value: str) -> bool:
    """True for a NIT written with its check digit after a dash that passes DIAN's check."""
    return checked_after_dash(value, nit.is_valid)


CHECKS: dict[str, Callable[[str], bool]] = {"co_nit": co_nit}
