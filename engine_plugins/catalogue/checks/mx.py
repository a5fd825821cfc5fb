"""Named checks of the Mexico catalogue entries (``mx.yaml``)."""

from __future__ import annotations

from collections.abc import Callable

from stdnum.mx import rfc

__all__ = ["CHECKS", "mx_rfc"]


def mx_rfc(value: str) -> bool:
    """A Mexican RFC with its homoclave and a check character that holds.

    python-stdnum's ``mx.rfc`` with ``validate_check_digits=True``: the SAT's
    algorithm for the last character (mod 11 over the other twelve), which
    python-stdnum leaves off by default because about 1.5% of the numbers in use
    fail it. An RFC-shaped code next to the word RFC is far more often a wrong
    number than one of those, so the check is on; a number without its
    homoclave (ten characters) has nothing to check and is not taken.
    """
    compact = rfc.compact(value)
    return len(compact) in (12, 13) and bool(rfc.is_valid(compact, validate_check_digits=True))


CHECKS: dict[str, Callable[[str], bool]] = {
    "mx_rfc": mx_rfc,
}
