"""Named checks for catalogue entries whose identifier no library validates.

Each module of this package (one per country or group) holds a ``CHECKS``
dict, name -> ``Callable[[str], bool]``; a catalogue entry names one with
``type: checked`` and ``options: {check: <name>}``. Checks from
python-stdnum are named ``stdnum:<module>`` and need no code here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

__all__ = ["checked_after_dash", "named_checks"]

Check = Callable[[str], bool]


def checked_after_dash(value: str, is_valid: Check) -> bool:
    """True when ``value`` has its check character after a dash and ``is_valid`` takes it.

    python-stdnum's checks of numbers written with a dash before their check character
    (co.nit, cl.rut) also take the digits without it, reading the last one as the check
    character: the piece before a mistyped number's dash, which the matcher tries
    (docs/architecture.md, "No bypass"), would pass one time in eleven.
    """
    number, dash, check_character = value.rpartition("-")
    return bool(dash and number.strip() and check_character.strip() and is_valid(value))


_checks: dict[str, Check] | None = None


def named_checks() -> dict[str, Check]:
    """Return every named check of this package's modules (loaded once)."""
    global _checks
    if _checks is None:
        found: dict[str, Check] = {}
        for module in pkgutil.iter_modules(__path__):
            checks = importlib.import_module(f"{__name__}.{module.name}").CHECKS
            duplicated = found.keys() & checks.keys()
            if duplicated:
                raise ValueError(f"checks defined twice: {', '.join(sorted(duplicated))}")
            found.update(checks)
        _checks = found
    return _checks
