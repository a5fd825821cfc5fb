"""Models of the service's JSON bodies, generated from ``create_app().openapi()``.

Do not edit: ``make generate-client`` writes it (engine_server/client/codegen.py).
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field, RootModel

from engine_server.client.quiet_model import QuietModel


class DecisionRequest(QuietModel):
    """
    Body of ``POST /v1/decision``.
    """

    domain: str | None = Field("evaluate", title="Domain")
    """
    Decision function: evaluate (aliases pii, safety), vrp, bin_packing, ...
    """
    parameters: dict[str, Any] | None = Field(None, title="Parameters")
    """
    For evaluate: an object with `text` (string).
    """
    license_key: str | None = Field(None, title="License Key")
    """
    As for /v1/evaluate.
    """
    license_data: dict[str, Any] | str | None = Field(None, title="License Data")
    """
    License file JSON, verified on this request; 403 unless it allows the pack.
    """


class EvaluateRequest(QuietModel):
    """
    Body of ``POST /v1/evaluate``.
    """

    text: str = Field(..., title="Text")
    """
    Payload to evaluate.
    """
    license_key: str | None = Field(None, title="License Key")
    """
    License key string; built-in-pack service only (400 on a sealed pack).
    """


class HealthResponse(QuietModel):
    """
    The health document.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    status: str = Field(..., title="Status")
    service: str = Field(..., title="Service")
    version: str = Field(..., title="Version")
    runtime_version: str = Field(..., title="Runtime Version")
    engine_edition: str = Field(..., title="Engine Edition")
    license_status: str = Field(..., title="License Status")
    pack_id: str = Field(..., title="Pack Id")
    supported_protocols: list[str] = Field(..., title="Supported Protocols")
    supported_regulations: list[str] = Field(..., title="Supported Regulations")
    decision_functions: list[str] = Field(..., title="Decision Functions")


class RemedyResult(QuietModel):
    """
    The cleaned text and what was done to it.
    """

    clean_text: str = Field(..., title="Clean Text")
    redactions_count: int = Field(..., title="Redactions Count")
    redacted_categories: list[str] = Field(..., title="Redacted Categories")


class StreamRequest(QuietModel):
    """
    Body of ``POST /v1/evaluate/stream``.
    """

    text: str = Field(..., title="Text")
    """
    Complete text; the server cuts it into chunks.
    """
    chunk_size: int | None = Field(4, ge=1, title="Chunk Size")
    """
    Characters per simulated fragment.
    """
    lookahead_chars: int | None = Field(28, ge=16, title="Lookahead Chars")
    """
    Held-back window.
    """
    block_on_fatal: bool | None = Field(True, title="Block On Fatal")
    """
    Stop the stream on a fatal match.
    """
    license_key: str | None = Field(None, title="License Key")
    """
    As for /v1/evaluate.
    """


class Span(RootModel[tuple[int, int]]):
    root: tuple[int, int] = Field(..., max_length=2, min_length=2)


class Trigger(QuietModel):
    """
    One fired rule: its identity, severity and every value it matched.

    ``matched_items`` holds raw values: never log it.
    """

    rule_id: str = Field(..., title="Rule Id")
    law: str = Field(..., title="Law")
    severity: str = Field(..., title="Severity")
    matched_items: list[str] = Field(..., title="Matched Items")
    category: str = Field(..., title="Category")
    spans: list[Span] = Field(..., title="Spans")


class ValidationError(QuietModel):
    loc: list[str | int] = Field(..., title="Location")
    msg: str = Field(..., title="Message")
    type: str = Field(..., title="Error Type")
    input: Any | None = Field(None, title="Input")
    ctx: dict[str, Any] | None = Field(None, title="Context")


class EvaluationResult(QuietModel):
    """
    The verdict on one payload. Sensitive: ``triggers`` carry raw values.
    """

    pack_id: str = Field(..., title="Pack Id")
    action: str = Field(..., title="Action")
    invariants_passed: bool = Field(..., title="Invariants Passed")
    reason: str | None = Field(..., title="Reason")
    triggers: list[Trigger] = Field(..., title="Triggers")
    remedy: RemedyResult
    latency_us: float = Field(..., title="Latency Us")
    receipt_hash: str = Field(..., title="Receipt Hash")
    license_status: str = Field(..., title="License Status")
    active_key_id: str = Field(..., title="Active Key Id")
    active_epoch: int = Field(..., title="Active Epoch")
    edition: str = Field(..., title="Edition")
    upgrade_notice: str | None = Field(..., title="Upgrade Notice")
    runtime_version: str = Field(..., title="Runtime Version")
    tokens_spent: int | None = Field(0, title="Tokens Spent")
    egress_bytes: int | None = Field(0, title="Egress Bytes")


class HTTPValidationError(QuietModel):
    detail: list[ValidationError] | None = Field(None, title="Detail")


class StreamChunkResultModel(QuietModel):
    """
    One Server-Sent Event of ``POST /v1/evaluate/stream``.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    chunk_index: int = Field(..., title="Chunk Index")
    text: str = Field(..., title="Text")
    is_final: bool = Field(..., title="Is Final")
    redacted: bool = Field(..., title="Redacted")
    blocked: bool = Field(..., title="Blocked")
    action: str = Field(..., title="Action")
    reason: str | None = Field(..., title="Reason")
    triggers: list[Trigger] | None = Field(None, title="Triggers")


class DecisionResponse(QuietModel):
    """
    Answer of ``POST /v1/decision``.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    function: str = Field(..., title="Function")
    """
    Canonical name of the decision function that ran.
    """
    status: str = Field(..., title="Status")
    """
    `success`.
    """
    latency_us: float = Field(..., title="Latency Us")
    result: EvaluationResult | dict[str, Any] = Field(..., title="Result")
