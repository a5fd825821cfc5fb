"""Solver entitlements: the ``licensed_solvers`` globs of the license in effect.

The license in effect is an engine's :class:`~engine_core.licensing.context.LicenseContext`
(the built-in community license, a license file, or license keys) or a
request's own license. A license file lists ``licensed_solvers`` or gets its
tier's defaults; a license key and the community license carry no list, so
they get their tier's defaults. See docs/decision-domains.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..constants import TIER_SOLVERS
from ..errors import LicenseEntitlementError
from .context import CommunityLicense, LicenseContext
from .entitlements import matches_any

__all__ = ["check_solver_allowed", "licensed_solvers", "solver_allowed", "tier_solvers"]


def tier_solvers(tier: str) -> tuple[str, ...]:
    """The licensed_solvers a tier gets when its license does not list them."""
    return TIER_SOLVERS.get(tier, TIER_SOLVERS["COMMUNITY"])


def licensed_solvers(license: LicenseContext) -> tuple[str, ...]:
    """Return the solver-id globs the license in effect allows."""
    # Dispatch on the known context classes (imported lazily: keys and files pull in
    # cryptography); any other context gets the defaults of the tier it reports.
    from .file_context import FileLicenseContext
    from .keys import KeyLicenseContext

    if isinstance(license, FileLicenseContext):
        return license.license.licensed_solvers
    if isinstance(license, KeyLicenseContext):
        return tier_solvers(license.key.tier)
    if isinstance(license, CommunityLicense):
        return tier_solvers("COMMUNITY")
    return tier_solvers(license.current_state().edition)


def solver_allowed(license: LicenseContext, solver_id: str) -> bool:
    """True when a licensed_solvers glob of the license in effect matches ``solver_id``."""
    return matches_any(licensed_solvers(license), solver_id)


def check_solver_allowed(license: LicenseContext, solver_ids: Iterable[str]) -> None:
    """Raise LicenseEntitlementError unless the license allows every solver id."""
    globs = licensed_solvers(license)
    refused = [solver for solver in solver_ids if not matches_any(globs, solver)]
    if refused:
        edition = license.current_state().edition
        raise LicenseEntitlementError(
            f"the {edition} license in effect does not allow solver "
            f"{', '.join(repr(solver) for solver in refused)}: licensed_solvers are "
            f"{list(globs)}"
        )
