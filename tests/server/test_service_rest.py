"""REST endpoints end to end: health, evaluate, decision and every error row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from service_support import (
    CLEAN_TEXT,
    FATAL_TEXT,
    TOKEN,
    WARNING_TEXT,
    ExplodingEngine,
    ScriptedLicense,
    builtin_engine_with,
    sealed_engine,
)

from engine_core import Engine
from engine_core.errors import (
    DeveloperQuotaExceededError,
    LicenseExpiredError,
)
from engine_core.packs.catalogue import catalogue_rules
from engine_core.plugins import make_plugin_manager, use_plugin_manager
from engine_core.version import RUNTIME_VERSION, SERVICE_VERSION
from engine_server import ServerHandle, start_server

RESULT_FIELDS = {
    "pack_id",
    "action",
    "invariants_passed",
    "reason",
    "triggers",
    "remedy",
    "latency_us",
    "tokens_spent",
    "egress_bytes",
    "receipt_hash",
    "license_status",
    "active_key_id",
    "active_epoch",
    "edition",
    "upgrade_notice",
    "runtime_version",
}

ServeEngine = Callable[[Any], None]


def _json_error(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert set(body) == {"detail"}
    assert isinstance(body["detail"], str)
    return str(body["detail"])


# --- health ---------------------------------------------------------------------------


def test_health_document(client: httpx.Client) -> None:
    response = client.get("/v1/health")
    assert response.status_code == 200
    health = response.json()
    assert health["status"] == "healthy"
    assert health["service"] == "engine-pack"
    assert health["version"] == SERVICE_VERSION
    assert health["runtime_version"] == RUNTIME_VERSION
    assert health["engine_edition"] == "COMMUNITY"
    assert health["license_status"] == "COMMUNITY_PERPETUAL"
    assert health["pack_id"] == "builtin.data_protection"
    assert health["supported_protocols"] == ["REST", "SSE", "WebSocket"]
    engine = Engine()
    catalogue = catalogue_rules(engine.registries).values()
    laws = {rule.law for rule in engine.compiled_pack.rules} | {rule.law for rule in catalogue}
    assert set(health["supported_regulations"]) == laws
    assert {"GDPR", "PCI-DSS"} <= laws
    # Canonical names of what installed plugins provide (the solvers extra is installed).
    assert health["decision_functions"] == ["evaluate", "solve_constraints", "bin_packing", "vrp"]


def test_health_reports_the_served_engine(client: httpx.Client, serve_engine: ServeEngine) -> None:
    serve_engine(sealed_engine())
    health = client.get("/v1/health").json()
    assert health["pack_id"] == "acme.orders"
    # Regulation labels stay those of the built-in pack.
    assert "PCI-DSS" in health["supported_regulations"]


# --- evaluate -------------------------------------------------------------------------


def test_evaluate_returns_the_engine_result(client: httpx.Client) -> None:
    response = client.post("/v1/evaluate", json={"text": FATAL_TEXT})
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    result = response.json()
    assert set(result) >= RESULT_FIELDS
    expected = Engine().evaluate(FATAL_TEXT).to_dict()
    assert result["action"] == expected["action"] == "block_statutory_violation"
    assert result["invariants_passed"] is False
    assert result["remedy"] == expected["remedy"]
    assert result["triggers"] == expected["triggers"]
    assert any("4111 1111 1111 1111" in trigger["matched_items"] for trigger in result["triggers"])


@pytest.mark.parametrize(
    ("text", "action"),
    [(CLEAN_TEXT, "allow"), (WARNING_TEXT, "redact_and_permit"), ("", "allow")],
)
def test_evaluate_actions(client: httpx.Client, text: str, action: str) -> None:
    result = client.post("/v1/evaluate", json={"text": text}).json()
    assert result["action"] == action
    assert result["remedy"]["clean_text"] == Engine().evaluate(text).remedy.clean_text


def test_evaluate_unicode_and_surrogates(client: httpx.Client) -> None:
    # A lone surrogate is valid JSON text; the answer must still be valid JSON.
    response = client.post(
        "/v1/evaluate",
        content=b'{"text": "caf\\u00e9 \\ud800 mail jane@example.com"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 200
    assert "[REDACTED_EMAIL]" in response.json()["remedy"]["clean_text"]


# --- decision -------------------------------------------------------------------------


@pytest.mark.parametrize("domain", [None, "evaluate", "pii", "safety"])
def test_decision_evaluate_and_aliases(client: httpx.Client, domain: str | None) -> None:
    body: dict[str, Any] = {"parameters": {"text": WARNING_TEXT}}
    if domain is not None:
        body["domain"] = domain
    response = client.post("/v1/decision", json=body)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    answer = response.json()
    assert answer["function"] == "evaluate"
    assert answer["status"] == "success"
    assert isinstance(answer["latency_us"], int | float)
    assert answer["result"]["action"] == "redact_and_permit"
    assert set(answer["result"]) >= RESULT_FIELDS


@pytest.mark.parametrize(
    "domain", ["vrp", "fleet", "bin_packing", "packing", "solve_constraints", "solver"]
)
def test_decision_known_but_not_provided_is_501(
    client: httpx.Client, serve_engine: ServeEngine, domain: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGINE_BLOCKED_PLUGINS", "solvers")
    with use_plugin_manager(make_plugin_manager()):
        serve_engine(Engine())  # an engine whose plugins provide no solver domain
    detail = _json_error(
        client.post("/v1/decision", json={"domain": domain, "parameters": {}}), 501
    )
    assert "not provided" in detail


def test_decision_unknown_domain_is_400_naming_it(client: httpx.Client) -> None:
    detail = _json_error(
        client.post("/v1/decision", json={"domain": "teleport", "parameters": {"text": "x"}}), 400
    )
    assert "teleport" in detail


def test_decision_evaluate_without_text_is_422(client: httpx.Client) -> None:
    response = client.post("/v1/decision", json={"parameters": {"text": 42}})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "parameters", "text"]


# --- validation, size, methods ---------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/evaluate", {}),
        ("/v1/evaluate", {"text": 5}),
        ("/v1/evaluate", {"text": "x", "license_key": 7}),
        ("/v1/decision", {"domain": 3}),
        ("/v1/decision", {"parameters": "text"}),
        ("/v1/evaluate/stream", {"text": "x", "chunk_size": 0}),
        ("/v1/evaluate/stream", {"text": "x", "lookahead_chars": 15}),
        ("/v1/evaluate/stream", {"text": "x", "chunk_size": "4"}),
        ("/v1/evaluate/stream", {"text": "x", "block_on_fatal": "yes"}),
        ("/v1/evaluate/stream", {"chunk_size": 4}),
    ],
)
def test_validation_errors_are_422_lists(
    client: httpx.Client, path: str, body: dict[str, Any]
) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, list)
    assert detail
    assert all({"loc", "msg", "type"} <= set(error) for error in detail)


def test_malformed_json_is_422(client: httpx.Client) -> None:
    response = client.post(
        "/v1/evaluate", content=b'{"text": ', headers={"content-type": "application/json"}
    )
    assert response.status_code == 422


def test_body_over_limit_is_413_json(client: httpx.Client) -> None:
    response = client.post("/v1/evaluate", json={"text": "a" * (1024 * 1024)})
    assert _json_error(response, 413)


def test_body_limit_is_configurable_and_covers_chunked_bodies() -> None:
    def chunks() -> Any:
        yield b'{"text": "'
        for _ in range(30):
            yield b"a" * 100
        yield b'"}'

    with start_server(token="", max_body_size=2000) as handle:
        small = httpx.post(f"{handle.base_url}/v1/evaluate", json={"text": "a" * 1500})
        assert small.status_code == 200
        large = httpx.post(f"{handle.base_url}/v1/evaluate", json={"text": "a" * 2500})
        assert _json_error(large, 413)
        chunked = httpx.post(
            f"{handle.base_url}/v1/evaluate",
            content=chunks(),
            headers={"content-type": "application/json"},
        )
        assert _json_error(chunked, 413)


def test_unknown_path_and_method_are_json(client: httpx.Client) -> None:
    assert _json_error(client.get("/v1/nothing"), 404)
    assert _json_error(client.get("/v1/evaluate"), 405)


# --- status codes beyond the spec (docs/architecture.md, "Surfaces") -----------------


def test_license_key_on_sealed_pack_service_is_400(
    client: httpx.Client, serve_engine: ServeEngine
) -> None:
    serve_engine(sealed_engine())
    for path, body in [
        ("/v1/evaluate", {"text": "ORD-123456", "license_key": "EK1.a.b"}),
        ("/v1/evaluate/stream", {"text": "ORD-123456", "license_key": "EK1.a.b"}),
        ("/v1/decision", {"parameters": {"text": "x"}, "license_key": "EK1.a.b"}),
    ]:
        detail = _json_error(client.post(path, json=body), 400)
        assert "sealed pack" in detail
        assert "license_key is not accepted" in detail


def test_sealed_pack_service_evaluates(client: httpx.Client, serve_engine: ServeEngine) -> None:
    serve_engine(sealed_engine())
    result = client.post("/v1/evaluate", json={"text": "order ORD-123456 shipped"}).json()
    assert result["pack_id"] == "acme.orders"
    assert result["remedy"]["clean_text"] == "order [REDACTED_ORDER_ID] shipped"


def test_quota_exceeded_is_429_with_retry_after(
    client: httpx.Client, serve_engine: ServeEngine
) -> None:
    error = DeveloperQuotaExceededError(
        "per-minute quota of 60 decisions exceeded", limit_name="per_minute", retry_after=2.2
    )
    serve_engine(builtin_engine_with(ScriptedLicense(error)))
    response = client.post("/v1/evaluate", json={"text": "hello"})
    assert "quota" in _json_error(response, 429)
    assert response.headers["retry-after"] == "3"
    response = client.post("/v1/decision", json={"parameters": {"text": "hello"}})
    assert _json_error(response, 429)
    assert int(response.headers["retry-after"]) >= 1


def test_lifetime_quota_without_retry_time_still_sends_retry_after(
    client: httpx.Client, serve_engine: ServeEngine
) -> None:
    error = DeveloperQuotaExceededError("lifetime quota", limit_name="lifetime", retry_after=None)
    serve_engine(builtin_engine_with(ScriptedLicense(error)))
    response = client.post("/v1/evaluate", json={"text": "hello"})
    assert _json_error(response, 429)
    assert int(response.headers["retry-after"]) > 0


def test_served_license_expired_is_503(client: httpx.Client, serve_engine: ServeEngine) -> None:
    serve_engine(sealed_engine(ScriptedLicense(LicenseExpiredError("license expired"))))
    assert "expired" in _json_error(client.post("/v1/evaluate", json={"text": "x"}), 503)
    assert _json_error(client.post("/v1/decision", json={"parameters": {"text": "x"}}), 503)


def test_decision_over_budget_is_503(client: httpx.Client, serve_engine: ServeEngine) -> None:
    serve_engine(sealed_engine(budget_ms=0.000001))
    detail = _json_error(client.post("/v1/evaluate", json={"text": "ORD-123456 " * 50}), 503)
    assert "budget" in detail.lower()
    assert "ORD-123456" not in detail


def test_unexpected_error_is_500_without_payload(
    client: httpx.Client, serve_engine: ServeEngine
) -> None:
    serve_engine(ExplodingEngine())
    secret = "payload-marker-7f3a"
    for path, body in [
        ("/v1/evaluate", {"text": secret}),
        ("/v1/decision", {"parameters": {"text": secret}}),
    ]:
        response = client.post(path, json=body)
        detail = _json_error(response, 500)
        assert secret not in response.text
        assert detail == "Internal server error"


def test_health_needs_no_engine_call(client: httpx.Client, server: ServerHandle) -> None:
    # Health is cheap and answers even while evaluations fail.
    server.app.dependency_overrides.clear()
    assert client.get("/v1/health").status_code == 200


@pytest.mark.parametrize(
    ("engine_factory", "status"),
    [
        (
            lambda: builtin_engine_with(
                ScriptedLicense(
                    DeveloperQuotaExceededError(
                        "per-minute quota exceeded", limit_name="per_minute", retry_after=2.2
                    )
                )
            ),
            429,
        ),
        (lambda: sealed_engine(ScriptedLicense(LicenseExpiredError("license expired"))), 503),
        (lambda: sealed_engine(budget_ms=0.000001), 503),
    ],
)
def test_engine_errors_on_the_served_engine_map_to_their_status(
    engine_factory: Callable[[], Any], status: int
) -> None:
    """Served as started (no dependency override), engine errors keep their status codes."""
    with (
        start_server(engine_factory(), token="") as handle,
        httpx.Client(base_url=handle.base_url, timeout=20) as http,
    ):
        response = http.post("/v1/evaluate", json={"text": "ORD-123456 " * 50})
    detail = _json_error(response, status)
    assert "ORD-123456" not in detail
    assert response.headers["cache-control"] == "no-store"
    if status == 429:
        assert response.headers["retry-after"] == "3"


def test_every_route_dependency_runs_for_plain_evaluate(auth_server: ServerHandle) -> None:
    """POST /v1/evaluate has one path, FastAPI's: its route dependencies (here the token
    check, overridden the documented way) run for the plainest request too."""
    from fastapi import HTTPException

    from engine_server.dependencies import require_token

    calls: list[str] = []

    async def audit() -> None:
        calls.append("audit")
        raise HTTPException(418, "refused by the route's dependency")

    auth_server.app.dependency_overrides[require_token] = audit
    try:
        with httpx.Client(base_url=auth_server.base_url, timeout=20) as http:
            answer = http.post(
                "/v1/evaluate",
                json={"text": "hello"},
                headers={"Authorization": f"Bearer {TOKEN}"},
            )
    finally:
        auth_server.app.dependency_overrides.pop(require_token, None)
    assert (answer.status_code, calls) == (418, ["audit"])
