"""What an engine asks of the license it runs under, before every decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = [
    "COMMUNITY_UPGRADE_NOTICE",
    "CommunityLicense",
    "LicenseContext",
    "LicenseState",
]

COMMUNITY_UPGRADE_NOTICE = (
    "Community edition: built-in data-protection pack only. A Developer license "
    "adds compiled playbooks, license keys and higher limits."
)


@dataclass(frozen=True)
class LicenseState:
    """The license fields every result reports."""

    license_status: str
    active_key_id: str
    active_epoch: int
    edition: str
    upgrade_notice: str | None = None


class LicenseContext(Protocol):
    """The license an engine runs under."""

    def authorize_decision(self) -> LicenseState:
        """Check the license still allows a decision and count it against any quota.

        Raise (``LicenseExpiredError``, ``KeyExpiredError``,
        ``DeveloperQuotaExceededError``, ...) when it does not; return the
        state the result reports otherwise.
        """
        ...

    def current_state(self) -> LicenseState:
        """Return the state to report now, without counting a decision."""
        ...


class CommunityLicense:
    """The built-in community license: perpetual, no file, built-in pack only."""

    STATE = LicenseState(
        license_status="COMMUNITY_PERPETUAL",
        active_key_id="community",
        active_epoch=0,
        edition="COMMUNITY",
        upgrade_notice=COMMUNITY_UPGRADE_NOTICE,
    )

    def authorize_decision(self) -> LicenseState:
        """Always allowed: the community license has no quota and no expiry."""
        return self.STATE

    def current_state(self) -> LicenseState:
        """Return the constant community state."""
        return self.STATE
