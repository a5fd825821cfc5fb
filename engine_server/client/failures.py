"""The library's exceptions, rebuilt from the service's answers.

An HTTP error answer is ``{detail}`` (422: a list of ``{loc, msg}``); its status
and, for 403 and 503, its detail say which exception the library would have
raised. A WebSocket error is ``{type: error, message}``, where a handler failure
names the exception class (``"KeyExpiredError: ..."``). Nothing here quotes a
payload: the service never puts one in an error, and parse failures of an answer
are reported without the answer's text.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine_core import errors
from engine_core.errors import (
    AmbiguousPayloadError,
    DecisionBudgetExceededError,
    DecisionDomainUnavailableError,
    DeveloperQuotaExceededError,
    EngineRuntimeError,
    InvalidRequestError,
    KeyExpiredError,
    KeyInvalidError,
    KeyNotFoundError,
    LicenseEntitlementError,
    LicenseError,
    LicenseExpiredError,
    LicenseKeyError,
    LicenseNotYetValidError,
    LicenseRevokedAuthorityError,
    LicenseSignatureInvalidError,
    NativeRuntimeUnavailableError,
    ServiceAuthenticationError,
    ServiceError,
    StreamBlockedError,
    UnsupportedPackDeclarationError,
)

__all__ = [
    "STREAM_BLOCKED",
    "blocked_stream_error",
    "error_for_answer",
    "error_for_close",
    "error_for_socket_message",
    "invalid_request",
    "unavailable",
]

STREAM_BLOCKED = "STREAM_BLOCKED"
_INVALID_LICENSE = "Invalid license: "
_WS_POLICY_VIOLATION = 1008

# Detail texts of the library's own messages (engine_core/licensing), most specific first.
_KEY_DETAILS: tuple[tuple[str, type[LicenseKeyError]], ...] = (
    ("no license key covers", KeyNotFoundError),
    ("every license key covering", KeyExpiredError),
)
_LICENSE_DETAILS: tuple[tuple[str, type[LicenseError]], ...] = (
    ("revoked authority key", LicenseRevokedAuthorityError),
    ("signature", LicenseSignatureInvalidError),
    ("is not valid before", LicenseNotYetValidError),
    ("grace period ended", LicenseExpiredError),
    ("does not allow", LicenseEntitlementError),
    ("does not include the feature", LicenseEntitlementError),
)
_BUDGET = re.compile(
    r"Decision budget exceeded for pack (?P<pack>'.*'|\".*\"): (?P<key>\S+) is "
    r"(?P<limit>[-+.\deE]+) ms, the decision took (?P<measured>[-+.\deE]+) ms"
)
_PER_MINUTE = "max_decisions_per_minute"
_QUOTA_LIMIT = re.compile(r"\((max_decisions_\w+)\)")
_QUOTA_RETRY = re.compile(r"retry after ([\d.]+) s")
_BLOCKED = re.compile(
    r"^Stream blocked by statutory invariant: (?P<reason>.*) \((?P<action>[^()]*)\)"
)
_NAMED = re.compile(r"^(?P<name>[A-Z]\w*Error): (?P<message>.*)$", re.DOTALL)
_FIELD = re.compile(r"^field '(?P<field>\w+)'|^(?P<leading>[a-z_]+) (?:must|is not)")


def unavailable(reason: str) -> NativeRuntimeUnavailableError:
    """Return the error for a service that gave no usable answer (never quotes the answer)."""
    return NativeRuntimeUnavailableError(f"engine service unavailable: {reason}")


def _bare(kind: type[Exception], message: str, **attributes: Any) -> Exception:
    """Build ``kind`` with exactly ``message``, whatever its constructor takes."""
    error = kind.__new__(kind)
    Exception.__init__(error, message)
    error.__dict__.update(attributes)
    return error


def _number(text: str | None) -> float | None:
    """A finite number from an answer's text, or None."""
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _license_error(detail: str) -> Exception:
    """A refused license or license key, by the library's message (403, or 503 when served)."""
    text = detail.removeprefix(_INVALID_LICENSE)
    if not detail.startswith(_INVALID_LICENSE) and "license key" in text:
        for marker, key_kind in _KEY_DETAILS:
            if marker in text:
                return key_kind(text)
        return KeyInvalidError(text)
    for marker, license_kind in _LICENSE_DETAILS:
        if marker in text:
            return license_kind(detail)
    return LicenseError(detail)


def _budget_error(detail: str) -> Exception | None:
    found = _BUDGET.search(detail)
    if found is None:
        return None
    pack = found["pack"][1:-1]
    return _bare(
        DecisionBudgetExceededError,
        detail,
        pack_id=pack,
        budget_key=found["key"],
        limit=_number(found["limit"]),
        measured=_number(found["measured"]),
    )


def _quota_error(detail: str, retry_header: str | None) -> Exception:
    limit = _QUOTA_LIMIT.search(detail)
    limit_name = limit.group(1) if limit else _PER_MINUTE
    retry = _QUOTA_RETRY.search(detail)
    retry_after = _number(retry.group(1)) if retry else None
    if retry_after is None and limit_name == _PER_MINUTE:
        retry_after = _number(retry_header)  # a used-up lifetime quota has no retry time
    return DeveloperQuotaExceededError(detail, limit_name=limit_name, retry_after=retry_after)


def _stream_blocked(message: str) -> Exception:
    """StreamBlockedError from its message (``... invariant: <reason> (<action>)``)."""
    found = _BLOCKED.match(message)
    action, reason = (found["action"], found["reason"]) if found else (None, None)
    return _bare(
        StreamBlockedError, message, action=action, reason=None if reason == "None" else reason
    )


def invalid_request(problems: Iterable[Any]) -> InvalidRequestError:
    """A 422 list (or pydantic's): every problem as ``field: message``, without ``body.``."""
    fields: list[str] = []
    parts: list[str] = []
    for problem in problems:
        location = problem.get("loc", []) if isinstance(problem, dict) else []
        path = [str(part) for part in location]
        if path[:1] == ["body"]:
            path = path[1:]
        field = ".".join(path) or "body"
        message = problem.get("msg", "invalid") if isinstance(problem, dict) else "invalid"
        fields.append(field)
        parts.append(f"{field}: {message}")
    return InvalidRequestError("Invalid request: " + "; ".join(parts), fields)


def _bad_request(detail: str) -> Exception:
    if detail.startswith("Unknown decision function"):
        return InvalidRequestError(detail, ["domain"])
    if "license_key" in detail:
        return InvalidRequestError(detail, ["license_key"])
    if detail.startswith("Stream blocked"):
        return _stream_blocked(detail)
    return InvalidRequestError(detail)


def _unavailable_service(detail: str, retry_header: str | None) -> Exception:
    """503: over budget, the served license or key refused, or another outage."""
    budget = _budget_error(detail)
    if budget is not None:
        return budget
    if "license" in detail.lower():
        error = _license_error(detail)
        if type(error) is not LicenseError:
            return error
    return ServiceError(detail, status_code=503, retry_after=_number(retry_header))


def _detail(body: bytes) -> Any:
    try:
        document = json.loads(body)
    except ValueError:
        return None
    return document.get("detail") if isinstance(document, dict) else None


def error_for_answer(status: int, headers: Mapping[str, str], body: bytes) -> Exception:
    """Return the exception for a non-200 HTTP answer of the service."""
    detail = _detail(body)
    text = detail if isinstance(detail, str) else ""
    retry_header = headers.get("retry-after")
    if status == 422 and isinstance(detail, list):
        return invalid_request(detail)
    builders: dict[int, Callable[[], Exception]] = {
        400: lambda: _bad_request(text),
        401: lambda: ServiceAuthenticationError(text or "Missing or invalid bearer token"),
        403: lambda: _license_error(text),
        413: lambda: InvalidRequestError(
            f"request body over the service's size limit (413): {text or 'Content Too Large'}",
            ["body"],
        ),
        422: lambda: InvalidRequestError(f"Invalid request: {text or 'validation failed'}"),
        429: lambda: _quota_error(text, retry_header),
        500: lambda: ServiceError(text or "Internal server error", status_code=500),
        501: lambda: DecisionDomainUnavailableError(text or "not implemented by this service"),
        503: lambda: _unavailable_service(text, retry_header),
    }
    build = builders.get(status)
    if build is None:
        # Not an answer the engine service gives (a proxy, or base_url names another service).
        return unavailable(f"unexpected HTTP status {status} (is base_url the engine service?)")
    return build()


#: Attributes of the exceptions whose constructors take more than a message.
_ATTRIBUTES: tuple[tuple[type[Exception], Callable[[str], dict[str, Any]]], ...] = (
    (AmbiguousPayloadError, lambda message: {"keys": []}),
    (UnsupportedPackDeclarationError, lambda message: {"problems": [message]}),
    (InvalidRequestError, lambda message: {"fields": []}),
    (ServiceError, lambda message: {"status_code": None, "retry_after": None}),
)


def _engine_error(name: str, message: str) -> Exception | None:
    """Rebuild the library exception a WebSocket handler failure names, or None."""
    kind = getattr(errors, name, None)
    if not (isinstance(kind, type) and issubclass(kind, EngineRuntimeError)):
        return None
    if kind is DecisionBudgetExceededError:
        return _budget_error(message) or _bare(kind, message)
    if kind is DeveloperQuotaExceededError:
        return _quota_error(message, None)
    if kind is StreamBlockedError:
        return _stream_blocked(message)
    for base, attributes in _ATTRIBUTES:
        if issubclass(kind, base):
            return _bare(kind, message, **attributes(message))
    try:
        return kind(message)
    except TypeError:  # a constructor with its own arguments: keep the message as sent
        return _bare(kind, message)


def blocked_stream_error(action: object, reason: object) -> Exception:
    """Return the exception for a stream that blocked: over budget, as the library raises
    it (DecisionBudgetExceededError, its reason naming the budget), else StreamBlockedError."""
    text = reason if isinstance(reason, str) else None
    budget = _budget_error(text) if text is not None else None
    return budget if budget is not None else StreamBlockedError(str(action), text)


def error_for_socket_message(message: Mapping[str, Any]) -> Exception:
    """Return the exception for a WebSocket ``{type: error}`` message."""
    text = message.get("message")
    text = text if isinstance(text, str) else "error"
    if message.get("code") == STREAM_BLOCKED:
        return blocked_stream_error(message.get("action"), message.get("reason"))
    named = _NAMED.match(text)
    if named is not None:
        rebuilt = _engine_error(named["name"], named["message"])
        if rebuilt is not None:
            return rebuilt
    if text == "internal error":
        return ServiceError("the service failed while handling the message (internal error)")
    field = _FIELD.match(text)
    fields = [field["field"] or field["leading"]] if field else []
    return InvalidRequestError(text, fields)


def error_for_close(code: int | None, reason: str) -> Exception:
    """Return the exception for a WebSocket the service closed before answering."""
    if code == _WS_POLICY_VIOLATION:
        return ServiceAuthenticationError(reason or "Missing or invalid bearer token")
    return unavailable(f"the service closed the WebSocket (code {code}) before answering")
