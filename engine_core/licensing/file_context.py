"""The runtime side of a license file: what an engine checks before each decision."""

from __future__ import annotations

from ..errors import LicenseExpiredError, LicenseNotYetValidError
from .context import LicenseState
from .license_file import License

__all__ = ["FileLicenseContext"]


class FileLicenseContext:
    """An engine's view of a license file: validity and quota checked before each decision."""

    def __init__(self, license: License) -> None:
        self.license = license
        self.quota = license.quota()

    def _state(self, status: str) -> LicenseState:
        return LicenseState(
            license_status=status,
            active_key_id=self.license.key_id,
            active_epoch=self.license.epoch,
            edition=self.license.tier,
            upgrade_notice=None,
        )

    def authorize_decision(self) -> LicenseState:
        """Re-check validity now, count the decision against any quota, return the state."""
        status = self.license.status()
        if self.quota is not None:
            self.quota.consume()
        return self._state(status)

    def current_state(self) -> LicenseState:
        """Return the state to report now; EXPIRED/NOT_YET_VALID instead of raising."""
        try:
            status = self.license.status()
        except LicenseExpiredError:
            status = "EXPIRED"
        except LicenseNotYetValidError:
            status = "NOT_YET_VALID"
        return self._state(status)

    def __repr__(self) -> str:
        return f"<FileLicenseContext license_id={self.license.license_id!r}>"
