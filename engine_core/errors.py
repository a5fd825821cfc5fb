"""The whole exception tree of the runtime.

Every error the engine raises derives from :class:`EngineRuntimeError`, so a
caller can wrap each evaluation in one ``except EngineRuntimeError`` and never
forward an unevaluated payload. Some classes also derive from a builtin
(``RuntimeError``, ``ValueError``, ``AttributeError``) exactly where the
specification says so, so that older ``except`` clauses keep working.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = [
    "AmbiguousPayloadError",
    "BeliefSnapshotError",
    "CodonRuntimeError",
    "CommunityEditionRestrictionError",
    "CommunityRemovedCapabilityError",
    "CompilerError",
    "DecisionBudgetExceededError",
    "DecisionDomainUnavailableError",
    "DecisionInputError",
    "DeveloperQuotaExceededError",
    "EnclaveCapabilityError",
    "EngineRuntimeError",
    "InvalidRequestError",
    "KeyExpiredError",
    "KeyInvalidError",
    "KeyNotFoundError",
    "LicenseEntitlementError",
    "LicenseError",
    "LicenseExpiredError",
    "LicenseKeyError",
    "LicenseNotYetValidError",
    "LicenseRevokedAuthorityError",
    "LicenseSignatureInvalidError",
    "NativeRuntimeUnavailableError",
    "PackUnsealError",
    "PlaybookParseError",
    "PluginLoadError",
    "QuotaStorageUnavailableError",
    "RemovedCapabilityError",
    "ServerConfigurationError",
    "ServiceAuthenticationError",
    "ServiceError",
    "SolverCapacityError",
    "StreamBlockedError",
    "UnknownDecisionDomainError",
    "UnsupportedPackDeclarationError",
]


class EngineRuntimeError(Exception):
    """Base of every error the runtime raises: catch it around each evaluation."""


# --- capabilities -----------------------------------------------------------


class CommunityEditionRestrictionError(EngineRuntimeError):
    """A capability the built-in community license does not include."""


class EnclaveCapabilityError(EngineRuntimeError):
    """A capability a sealed pack does not offer (its rules are fixed)."""


class RemovedCapabilityError(EnclaveCapabilityError, AttributeError):
    """A removed capability (``compile_custom_rule``); ``hasattr`` is false for it."""


class CommunityRemovedCapabilityError(RemovedCapabilityError, CommunityEditionRestrictionError):
    """A removed capability asked of the community engine.

    It is also a :class:`CommunityEditionRestrictionError`, so ``except``
    clauses written for runtime 0.2.1 still catch it.
    """


# --- payloads and evaluation ------------------------------------------------


class CodonRuntimeError(EngineRuntimeError):
    """A payload the engine cannot read (unknown shape or non-string text)."""


class AmbiguousPayloadError(CodonRuntimeError):
    """A dict payload with more than one key; ``keys`` lists them sorted."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys: list[str] = sorted(str(key) for key in keys)
        super().__init__(
            "Ambiguous payload: expected exactly one of 'text', 'message' or 'payload', "
            f"got keys {self.keys}"
        )


class DecisionBudgetExceededError(EngineRuntimeError, RuntimeError):
    """A compiled pack's decision took longer than its budget; the result is withheld."""

    def __init__(self, pack_id: str, budget_key: str, limit: float, measured: float) -> None:
        self.pack_id = pack_id
        self.budget_key = budget_key
        self.limit = limit
        self.measured = measured
        super().__init__(
            f"Decision budget exceeded for pack {pack_id!r}: {budget_key} is {limit:g} ms, "
            f"the decision took {measured:.3f} ms; result withheld"
        )


class DeveloperQuotaExceededError(EngineRuntimeError):
    """A license's per-minute or lifetime decision quota is exhausted (fail-closed)."""

    def __init__(self, message: str, *, limit_name: str, retry_after: float | None) -> None:
        self.limit_name = limit_name
        self.retry_after = retry_after
        super().__init__(message)


class QuotaStorageUnavailableError(EngineRuntimeError):
    """The shared quota store (for example Redis) cannot be reached: the decision is refused."""


class StreamBlockedError(EngineRuntimeError, RuntimeError):
    """A streaming session met a fatal value; nothing more is released."""

    def __init__(self, action: str, reason: str | None) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"Stream blocked by statutory invariant: {reason} ({action})")


class BeliefSnapshotError(EngineRuntimeError, ValueError):
    """A belief snapshot that cannot be read (reserved for the next release's API)."""


# --- licenses -----------------------------------------------------------------


class LicenseError(EngineRuntimeError):
    """Base of every license-file error; any of them is fatal to loading."""


class LicenseSignatureInvalidError(LicenseError):
    """The license has no signature, or it does not verify under a trusted key."""


class LicenseRevokedAuthorityError(LicenseSignatureInvalidError):
    """The license verifies only under a revoked authority key: have it reissued."""


class LicenseNotYetValidError(LicenseError):
    """The current time is before the license's ``valid_from``."""


class LicenseExpiredError(LicenseError):
    """The current time is past ``valid_until`` plus the grace period."""


class LicenseEntitlementError(LicenseError):
    """The license does not allow the pack, a declared solver, or a feature."""


class LicenseKeyError(EngineRuntimeError):
    """Base of the license-key-string errors."""


class KeyInvalidError(LicenseKeyError):
    """A license key string is malformed or its signature does not verify."""


class KeyExpiredError(LicenseKeyError):
    """Every key covering the pack is past its expiry plus grace."""


class KeyNotFoundError(LicenseKeyError):
    """No license key covers the pack."""


# --- packs and compilation ----------------------------------------------------


class UnsupportedPackDeclarationError(EngineRuntimeError, ValueError):
    """A playbook or pack declares something the runtime cannot execute.

    ``problems`` lists every problem found, each naming the rule and field.
    """

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: list[str] = list(problems)
        super().__init__("Unsupported pack declarations: " + "; ".join(self.problems))


class PackUnsealError(EngineRuntimeError):
    """A sealed pack that cannot be opened (size, magic, version, digest, binding, key)."""


class CompilerError(EngineRuntimeError):
    """Compiling a playbook failed (including a remote authority's failure)."""


class PlaybookParseError(CompilerError):
    """The playbook is not valid YAML, its root is not a mapping, or pack_id is missing."""


# --- service and plugins --------------------------------------------------------


class ServerConfigurationError(EngineRuntimeError):
    """The service refuses a configuration (non-loopback without token, wildcard CORS)."""


class PluginLoadError(EngineRuntimeError):
    """A plugin failed to import or to register; the message names the plugin."""


# --- decision domains and solvers (docs/architecture.md, "Decision domains") --------


class UnknownDecisionDomainError(EngineRuntimeError, LookupError):
    """No decision function has that name or alias (HTTP 400)."""


class DecisionInputError(EngineRuntimeError, ValueError):
    """Malformed decision parameters or problem, or a documented size limit exceeded (HTTP 422).

    ``problems`` lists every problem found, each ``{"loc": [...], "msg": ...}``
    with ``loc`` the path inside the request (``["parameters", "problem", ...]``).
    """

    def __init__(self, problems: Sequence[Mapping[str, Any]]) -> None:
        self.problems: list[dict[str, Any]] = [
            {"loc": list(problem["loc"]), "msg": str(problem["msg"])} for problem in problems
        ]
        shown = "; ".join(
            f"{_dotted(problem['loc'])}: {problem['msg']}" for problem in self.problems
        )
        count = len(self.problems)
        super().__init__(f"{count} problem{'s' if count != 1 else ''} in the request: {shown}")


def _dotted(loc: Sequence[Any]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "parameters"


class SolverCapacityError(EngineRuntimeError):
    """Every solve slot is busy, or a solve overran its time cap (HTTP 503 with Retry-After)."""

    def __init__(self, message: str, *, retry_after: float) -> None:
        self.retry_after = retry_after
        super().__init__(message)


# --- the service, seen from its Python client ---------------------------------------


class NativeRuntimeUnavailableError(ConnectionError):
    """The service could not give an answer: unreachable, timed out, or a garbled answer.

    Not an :class:`EngineRuntimeError` (no engine decided anything): catch it
    beside ``EngineRuntimeError`` around every call to the service.
    """


class ServiceAuthenticationError(EngineRuntimeError):
    """The service refused the bearer token (HTTP 401, WebSocket close 1008)."""


class InvalidRequestError(EngineRuntimeError, ValueError):
    """The service refused a request's fields (HTTP 400, 413, 422); ``fields`` names them."""

    def __init__(self, message: str, fields: Sequence[str] = ()) -> None:
        self.fields: list[str] = list(fields)
        super().__init__(message)


class DecisionDomainUnavailableError(EngineRuntimeError, NotImplementedError):
    """A known decision domain or solver whose plugin or backend is not installed (HTTP 501)."""


class ServiceError(EngineRuntimeError):
    """Any other failure the service reports (HTTP 500, a 503 not listed, WebSocket 1011)."""

    def __init__(
        self, message: str, *, status_code: int | None = None, retry_after: float | None = None
    ) -> None:
        self.status_code = status_code
        self.retry_after = retry_after
        super().__init__(message)
