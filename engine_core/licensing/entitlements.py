"""Pack, solver and feature entitlements of a license."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import LicenseEntitlementError

if TYPE_CHECKING:  # pragma: no cover
    from .license_file import License

__all__ = [
    "CUSTOM_PLAYBOOK_COMPILATION",
    "check_feature",
    "check_pack_allowed",
    "glob_match",
    "matches_any",
]

#: The feature that allows compiling and loading a pack outside ``licensed_packs``.
CUSTOM_PLAYBOOK_COMPILATION = "custom_playbook_compilation"


@lru_cache(maxsize=1024)
def _compile_glob(pattern: str) -> re.Pattern[str]:
    parts: list[str] = []
    for char in pattern:
        if char == "*":
            parts.append(".*")
        elif char == "?":
            parts.append(".")
        else:
            parts.append(re.escape(char))
    return re.compile("".join(parts), re.DOTALL)


def glob_match(pattern: str, name: str) -> bool:
    """Match ``name`` against a glob where only ``*`` (any run) and ``?`` (one char) are special."""
    return _compile_glob(pattern).fullmatch(name) is not None


def matches_any(patterns: Iterable[str], name: str) -> bool:
    """Return True when any glob pattern matches ``name``."""
    return any(glob_match(pattern, name) for pattern in patterns)


def check_pack_allowed(license: License, pack_id: str, solvers: Iterable[str] = ()) -> None:
    """Raise LicenseEntitlementError unless the license allows the pack and every solver."""
    if not (
        matches_any(license.licensed_packs, pack_id)
        or CUSTOM_PLAYBOOK_COMPILATION in license.features
    ):
        raise LicenseEntitlementError(
            f"license {license.license_id} does not allow pack {pack_id!r}: it matches none of "
            f"licensed_packs {list(license.licensed_packs)} and the license lacks the "
            f"{CUSTOM_PLAYBOOK_COMPILATION!r} feature"
        )
    refused = [solver for solver in solvers if not matches_any(license.licensed_solvers, solver)]
    if refused:
        raise LicenseEntitlementError(
            f"license {license.license_id} does not allow solver(s) {refused} declared by pack "
            f"{pack_id!r}: licensed_solvers are {list(license.licensed_solvers)}"
        )


def check_feature(license: License, feature: str) -> None:
    """Raise LicenseEntitlementError unless the license lists ``feature``."""
    if feature not in license.features:
        raise LicenseEntitlementError(
            f"license {license.license_id} does not include the feature {feature!r}"
        )
