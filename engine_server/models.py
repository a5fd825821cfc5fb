"""Request and response models: the OpenAPI document is generated from these."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine_core.constants import DEFAULT_LOOKAHEAD_CHARS, MIN_LOOKAHEAD_CHARS
from engine_core.model import EvaluationResult, Trigger

__all__ = [
    "DecisionRequest",
    "DecisionResponse",
    "ErrorResponse",
    "EvaluateRequest",
    "HealthResponse",
    "StreamChunkResultModel",
    "StreamRequest",
]


class _Request(BaseModel):
    # Strict: "4" is not an integer and "true" is not a boolean.
    model_config = ConfigDict(strict=True)


class _Result(BaseModel):
    # Clients must ignore unknown fields; the server may add some.
    model_config = ConfigDict(extra="allow")


class EvaluateRequest(_Request):
    """Body of ``POST /v1/evaluate``."""

    text: str = Field(description="Payload to evaluate.")
    license_key: str | None = Field(
        default=None,
        description="License key string; built-in-pack service only (400 on a sealed pack).",
    )


class StreamRequest(_Request):
    """Body of ``POST /v1/evaluate/stream``."""

    text: str = Field(description="Complete text; the server cuts it into chunks.")
    chunk_size: int = Field(default=4, ge=1, description="Characters per simulated fragment.")
    lookahead_chars: int = Field(
        default=DEFAULT_LOOKAHEAD_CHARS, ge=MIN_LOOKAHEAD_CHARS, description="Held-back window."
    )
    block_on_fatal: bool = Field(default=True, description="Stop the stream on a fatal match.")
    license_key: str | None = Field(default=None, description="As for /v1/evaluate.")


class DecisionRequest(_Request):
    """Body of ``POST /v1/decision``."""

    domain: str = Field(
        default="evaluate",
        description="Decision function: evaluate (aliases pii, safety), vrp, bin_packing, ...",
    )
    parameters: dict[str, Any] = Field(
        default_factory=dict, description="For evaluate: an object with `text` (string)."
    )
    license_key: str | None = Field(default=None, description="As for /v1/evaluate.")
    license_data: dict[str, Any] | str | None = Field(
        default=None,
        description="License file JSON, verified on this request; 403 unless it allows the pack.",
    )


class DecisionResponse(_Result):
    """Answer of ``POST /v1/decision``."""

    function: str = Field(description="Canonical name of the decision function that ran.")
    status: str = Field(description="`success`.")
    latency_us: float
    result: EvaluationResult | dict[str, Any]


class StreamChunkResultModel(_Result):
    """One Server-Sent Event of ``POST /v1/evaluate/stream``."""

    chunk_index: int
    text: str
    is_final: bool
    redacted: bool
    blocked: bool
    action: str
    reason: str | None
    triggers: list[Trigger] = Field(default_factory=list)


class HealthResponse(_Result):
    """The health document."""

    status: str
    service: str
    version: str
    runtime_version: str
    engine_edition: str
    license_status: str
    pack_id: str
    supported_protocols: list[str]
    supported_regulations: list[str]
    decision_functions: list[str]


class ErrorResponse(BaseModel):
    """Every error body except 422's validation list."""

    detail: str
