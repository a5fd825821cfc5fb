"""REST and SSE exchanges without I/O: request bodies, and how each answer is read.

The sync and async clients send what this module builds and hand back what it reads,
so both behave the same by construction. Every body is checked against the models
generated from the service's OpenAPI document; an answer that does not fit (not
JSON, a field missing, a stream cut short) is :class:`NativeRuntimeUnavailableError`,
never a partial result.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import httpx
from pydantic import BaseModel, ValidationError

from engine_core.errors import CodonRuntimeError, NativeRuntimeUnavailableError
from engine_core.payloads import payload_text

from .failures import blocked_stream_error, error_for_answer, invalid_request, unavailable
from .models import (
    DecisionRequest,
    DecisionResponse,
    EvaluateRequest,
    EvaluationResult,
    HealthResponse,
    StreamChunkResultModel,
    StreamRequest,
)
from .results import ServiceResult

__all__ = [
    "DECISION_PATH",
    "EVALUATE_PATH",
    "HEALTH_PATH",
    "JSON_HEADERS",
    "SOCKET_PATH",
    "STREAM_PATH",
    "StreamEvents",
    "auth_headers",
    "decision_body",
    "evaluate_body",
    "read_decision",
    "read_health",
    "read_result",
    "require_text",
    "socket_url",
    "stream_body",
]

HEALTH_PATH = "/v1/health"
EVALUATE_PATH = "/v1/evaluate"
DECISION_PATH = "/v1/decision"
STREAM_PATH = "/v1/evaluate/stream"
SOCKET_PATH = "/v1/ws/decision"
JSON_HEADERS = {"Content-Type": "application/json", "Accept": "application/json"}

Model = TypeVar("Model", bound=BaseModel)


def auth_headers(token: str | None) -> dict[str, str]:
    """Return the ``Authorization`` header for ``token`` (none without a token)."""
    return {} if not token else {"Authorization": f"Bearer {token}"}


def service_url(base_url: str) -> str:
    """Return ``base_url`` without a trailing slash; ValueError unless it is http(s)."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"base_url must be an http:// or https:// URL, got {base_url!r}")
    return base_url.rstrip("/")


def socket_url(base_url: str) -> str:
    """Return the WebSocket URL of the service at ``base_url`` (ws:// or wss://)."""
    parts = urlsplit(service_url(base_url))
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, parts.path + SOCKET_PATH, "", ""))


def require_text(text: object, what: str = "text") -> str:
    """Return ``text``; CodonRuntimeError (as the library raises) unless it is a string."""
    if not isinstance(text, str):
        raise CodonRuntimeError(f"{what} must be a string, got {type(text).__name__}")
    return text


def _body(model: type[BaseModel], fields: dict[str, Any]) -> bytes:
    """Check ``fields`` as strictly as the service does (InvalidRequestError) and encode them."""
    try:
        request = model.model_validate(fields, strict=True)
    except ValidationError as error:
        # The bodies are flat: name the top-level field (pydantic adds union member tags).
        problems = {item["loc"][:1]: item["msg"] for item in error.errors(include_input=False)}
        raise invalid_request({"loc": loc, "msg": msg} for loc, msg in problems.items()) from None
    return _encode(request.model_dump(exclude_unset=True))


def _encode(fields: dict[str, Any]) -> bytes:
    # json.dumps escapes to ASCII, so a lone surrogate in a text is sent, not refused.
    return json.dumps(fields, separators=(",", ":")).encode("ascii")


def evaluate_body(payload: str | dict[str, Any], license_key: str | None) -> bytes:
    """Return the body of ``POST /v1/evaluate`` for a payload read as the library reads it."""
    text = payload_text(payload)
    if license_key is None:
        return _encode({"text": text})  # the hot body: one field, already a str
    return _body(EvaluateRequest, {"text": text, "license_key": license_key})


def decision_body(
    domain: str,
    parameters: Mapping[str, Any] | None,
    license_key: str | None,
    license_data: Mapping[str, Any] | str | None,
) -> bytes:
    """Return the body of ``POST /v1/decision``."""
    fields: dict[str, Any] = {"domain": domain, "parameters": dict(parameters or {})}
    if license_key is not None:
        fields["license_key"] = license_key
    if license_data is not None:
        fields["license_data"] = (
            dict(license_data) if isinstance(license_data, Mapping) else license_data
        )
    return _body(DecisionRequest, fields)


def stream_body(
    text: str,
    chunk_size: int,
    lookahead_chars: int,
    block_on_fatal: bool,
    license_key: str | None,
) -> bytes:
    """Return the body of ``POST /v1/evaluate/stream``."""
    fields: dict[str, Any] = {
        "text": require_text(text),
        "chunk_size": chunk_size,
        "lookahead_chars": lookahead_chars,
        "block_on_fatal": block_on_fatal,
    }
    if license_key is not None:
        fields["license_key"] = license_key
    return _body(StreamRequest, fields)


def check(response: httpx.Response) -> None:
    """Raise the library's exception for a non-200 answer (its body must be read)."""
    if response.status_code != 200:
        raise error_for_answer(response.status_code, response.headers, response.content)


def _garbled(what: str, problems: list[Any]) -> NativeRuntimeUnavailableError:
    # Say where the answer is wrong, never what it holds (pydantic quotes the input).
    places = sorted({".".join(str(part) for part in problem["loc"]) for problem in problems})
    return unavailable(f"garbled {what} (not the expected JSON at {places or 'top level'})")


def _validate(model: type[Model], data: Any, what: str) -> Model:
    """Validate parsed JSON against its model; NativeRuntimeUnavailableError if it does not fit."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = error.errors(include_input=False)
    raise _garbled(what, problems)


def _json(content: bytes | str, what: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        raise unavailable(f"garbled {what} (not JSON)") from None


def _parse(model: type[Model], content: bytes | str, what: str) -> Model:
    """Read and validate an answer; NativeRuntimeUnavailableError if it does not fit."""
    try:
        return model.model_validate_json(content)
    except ValidationError as error:
        problems = error.errors(include_input=False)
    if any(problem["type"] == "json_invalid" for problem in problems):
        # Python's JSON reader takes what pydantic's refuses: a lone surrogate's \u escape,
        # which the service sends for such a character in a payload.
        return _validate(model, _json(content, what), what)
    raise _garbled(what, problems)


def read_result(response: httpx.Response) -> ServiceResult:
    """Return the EvaluationResult of a ``POST /v1/evaluate`` answer, or raise."""
    check(response)
    return _parse(ServiceResult, response.content, "evaluation result")


def read_health(response: httpx.Response) -> HealthResponse:
    """Return the health document of a ``GET /v1/health`` answer, or raise."""
    check(response)
    return _parse(HealthResponse, response.content, "health document")


def read_decision(response: httpx.Response) -> dict[str, Any]:
    """Return the ``result`` of a ``POST /v1/decision`` answer, or raise."""
    check(response)
    answer = _json(response.content, "decision answer")
    _validate(DecisionResponse, answer, "decision answer")
    if answer["function"] == "evaluate":  # a garbled verdict never passes as a plain dict
        _validate(EvaluationResult, answer["result"], "decision result")
    result: dict[str, Any] = answer["result"]
    return result


def check_stream_start(response: httpx.Response) -> None:
    """Check the start of an SSE answer: 200 and ``text/event-stream`` (body read on errors)."""
    if response.status_code != 200:
        raise error_for_answer(response.status_code, response.headers, response.content)
    media_type = response.headers.get("content-type", "").partition(";")[0].strip()
    if media_type != "text/event-stream":
        raise unavailable(f"the stream answered {media_type or 'no content type'}, not SSE")


class StreamEvents:
    """Reads the events of one SSE answer: in order, up to the final one, blocks raised."""

    def __init__(self) -> None:
        self.index = 0
        self.done = False

    def text_of(self, data: str) -> str:
        """Return the released text of one event; StreamBlockedError on a blocked one."""
        if self.done:
            raise unavailable("the stream sent an event after its final one")
        event = _parse(StreamChunkResultModel, data, "stream event")
        self.index += 1
        if event.chunk_index != self.index:
            raise unavailable(
                f"stream event {event.chunk_index} arrived where {self.index} was due"
            )
        self.done = event.is_final or event.blocked
        if event.blocked:
            raise blocked_stream_error(event.action, event.reason)
        return event.text

    def finish(self) -> None:
        """Call at the end of the answer: NativeRuntimeUnavailableError if it was cut short."""
        if not self.done:
            raise unavailable("the stream ended before its final event (truncated)")
