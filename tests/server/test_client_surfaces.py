"""The Python client against the real service: every endpoint, sync and async, with a token."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from service_support import CLEAN_TEXT, FATAL_TEXT, TOKEN, WARNING_TEXT

from engine_core.errors import (
    EngineRuntimeError,
    ServiceAuthenticationError,
    StreamBlockedError,
)
from engine_core.licensing.authority import (
    generate_authority_keypair,
    issue_license,
    write_trust_file,
)
from engine_server import ServerHandle
from engine_server.client import (
    AsyncEngineClient,
    EngineClient,
    ServiceResult,
    SocketVerdict,
    StreamChunk,
)

LONG_WARNING_TEXT = " ".join([WARNING_TEXT, CLEAN_TEXT, WARNING_TEXT, CLEAN_TEXT])

#: A small problem for each decision function the service may list (DESIGN: decision domains).
SAMPLE_PARAMETERS: dict[str, dict[str, Any]] = {
    "evaluate": {"text": WARNING_TEXT},
    "solve_constraints": {
        "problem": {"timepoints": ["a", "b"], "constraints": [{"from": "a", "to": "b", "min": 1}]}
    },
    "bin_packing": {
        "problem": {
            "items": [{"id": "x", "size": [2]}, {"id": "y", "size": [3]}],
            "bin": {"capacity": [5]},
        }
    },
    "vrp": {
        "problem": {
            "jobs": [{"id": 1, "location": [2.35, 48.85]}],
            "vehicles": [{"id": 1, "start": [2.36, 48.86], "end": [2.36, 48.86]}],
        }
    },
}


@pytest.fixture(scope="module")
def engine(server: ServerHandle) -> Iterator[EngineClient]:
    with EngineClient(server.base_url, timeout=20) as client:
        yield client


@pytest.fixture(scope="module")
def raw(server: ServerHandle) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base_url, timeout=20) as http:
        yield http


@pytest.fixture(scope="module")
def enterprise_license(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """An ENTERPRISE license (every solver) from a test authority the service trusts."""
    seed, public = generate_authority_keypair()
    trust = write_trust_file(tmp_path_factory.mktemp("trust") / "keys.json", [public])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ENGINE_AUTHORITY_KEYS", str(trust))
        yield issue_license(
            seed, tier="ENTERPRISE", licensed_packs=["builtin.*"], content_key="ck-client"
        )


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key != "latency_us"}


# --- REST -------------------------------------------------------------------------------


def test_health_is_the_service_document(engine: EngineClient, raw: httpx.Client) -> None:
    health = engine.health()
    assert health.model_dump() == raw.get("/v1/health").json()
    assert health.status == "healthy"
    assert "evaluate" in health.decision_functions


@pytest.mark.parametrize("text", [CLEAN_TEXT, WARNING_TEXT, FATAL_TEXT, ""])
def test_evaluate_is_the_service_result(engine: EngineClient, raw: httpx.Client, text: str) -> None:
    result = engine.evaluate(text)
    assert isinstance(result, ServiceResult)
    expected = raw.post("/v1/evaluate", json={"text": text}).json()
    assert _comparable(result.to_dict()) == _comparable(expected)


def test_evaluate_guards(engine: EngineClient) -> None:
    warning = engine.evaluate(WARNING_TEXT)
    assert warning.action == "redact_and_permit"
    assert warning.forwardable_text() == warning.remedy.clean_text
    assert "jane.doe@example.com" not in warning.remedy.clean_text
    fatal = engine.evaluate(FATAL_TEXT)
    assert fatal.blocked
    assert fatal.forwardable_text() is None
    assert all(not trigger.matched_items for trigger in fatal.redacted().triggers)


def test_decide_runs_every_domain_the_service_lists(
    engine: EngineClient, enterprise_license: dict[str, Any]
) -> None:
    listed = engine.health().decision_functions
    unknown = sorted(set(listed) - set(SAMPLE_PARAMETERS))
    assert not unknown, f"add a sample problem for {unknown} to SAMPLE_PARAMETERS"
    for domain in listed:
        result = engine.decide(
            domain, SAMPLE_PARAMETERS[domain], license_data=enterprise_license, timeout=60
        )
        assert isinstance(result, dict)
        if domain == "evaluate":
            assert result["action"] == "redact_and_permit"
        else:
            assert result["status"] in ("optimal", "feasible")


def test_decide_evaluate_by_alias_is_the_evaluate_result(engine: EngineClient) -> None:
    by_alias = engine.decide("pii", {"text": WARNING_TEXT})
    assert _comparable(by_alias) == _comparable(engine.evaluate(WARNING_TEXT).to_dict())


# --- SSE --------------------------------------------------------------------------------


@pytest.mark.parametrize("chunk_size", [1, 7, 1000])
def test_stream_releases_the_clean_text(engine: EngineClient, chunk_size: int) -> None:
    released = list(engine.stream(LONG_WARNING_TEXT, chunk_size=chunk_size))
    assert "".join(released) == engine.evaluate(LONG_WARNING_TEXT).remedy.clean_text


def test_stream_block_raises_and_releases_no_value(engine: EngineClient) -> None:
    released: list[str] = []
    with pytest.raises(StreamBlockedError) as blocked:
        released.extend(engine.stream(CLEAN_TEXT + " " + FATAL_TEXT, chunk_size=5))
    assert blocked.value.action == "block_statutory_violation"
    assert "4111" not in "".join(released)


def test_stream_without_block_on_fatal_redacts(engine: EngineClient) -> None:
    text = "".join(engine.stream(FATAL_TEXT, block_on_fatal=False))
    assert "4111" not in text
    assert "[REDACTED_" in text


# --- WebSocket ----------------------------------------------------------------------------


def test_stream_session_push_and_flush(engine: EngineClient) -> None:
    with engine.stream_session() as session:
        chunks = [
            chunk for word in LONG_WARNING_TEXT.split(" ") for chunk in session.push(word + " ")
        ]
        chunks += session.flush()
        assert session.state == "completed"
        with pytest.raises(EngineRuntimeError, match="stream completed"):
            session.push("more")
    assert all(isinstance(chunk, StreamChunk) and not chunk.blocked for chunk in chunks)
    expected = engine.evaluate(LONG_WARNING_TEXT + " ").remedy.clean_text
    assert "".join(chunk.text for chunk in chunks) == expected


def test_stream_session_block_ends_the_session(engine: EngineClient) -> None:
    session = engine.stream_session(lookahead_chars=16)
    chunks = session.push(CLEAN_TEXT + " " + FATAL_TEXT + " " + CLEAN_TEXT)
    chunks += session.flush() if not session.blocked else []
    assert chunks[-1].blocked
    assert chunks[-1].text == ""
    assert chunks[-1].action == "block_statutory_violation"
    assert session.state == "blocked"
    assert all("4111" not in chunk.text for chunk in chunks)
    for call in (lambda: session.push("and more"), session.flush):
        with pytest.raises(StreamBlockedError) as refused:
            call()
        assert refused.value.action == "block_statutory_violation"
    session.close()
    assert session.state == "blocked"


def test_socket_evaluate_matches_rest(engine: EngineClient) -> None:
    with engine.socket() as socket:
        assert socket.ping() == pytest.approx(time.time(), abs=60)
        for text in (CLEAN_TEXT, WARNING_TEXT, FATAL_TEXT):
            verdict = socket.evaluate(text)
            result = engine.evaluate(text)
            assert isinstance(verdict, SocketVerdict)
            assert (verdict.action, verdict.invariants_passed, verdict.clean_text) == (
                result.action,
                result.invariants_passed,
                result.remedy.clean_text,
            )
            assert verdict.forwardable_text() == result.forwardable_text()


# --- token --------------------------------------------------------------------------------


def _every_surface(client: EngineClient) -> list[Any]:
    return [
        lambda: client.evaluate(WARNING_TEXT),
        lambda: client.decide("evaluate", {"text": WARNING_TEXT}),
        lambda: list(client.stream(WARNING_TEXT)),
        lambda: client.stream_session().close(),
        lambda: client.socket().close(),
    ]


def test_token_is_sent_on_every_surface(auth_server: ServerHandle) -> None:
    with EngineClient(auth_server.base_url, token=TOKEN, timeout=20) as client:
        for call in _every_surface(client):
            call()


@pytest.mark.parametrize("token", [None, "wrong-token"])
def test_missing_or_wrong_token_is_an_authentication_error(
    auth_server: ServerHandle, token: str | None
) -> None:
    with EngineClient(auth_server.base_url, token=token, timeout=20) as client:
        assert client.health().status == "healthy"  # health needs no token
        for call in _every_surface(client):
            with pytest.raises(ServiceAuthenticationError):
                call()


# --- async --------------------------------------------------------------------------------


async def _async_surfaces(base_url: str, token: str | None) -> dict[str, Any]:
    async with AsyncEngineClient(base_url, token=token, timeout=20) as client:
        seen: dict[str, Any] = {"health": (await client.health()).status}
        seen["evaluate"] = (await client.evaluate(WARNING_TEXT)).forwardable_text()
        seen["decide"] = (await client.decide("evaluate", {"text": WARNING_TEXT}))["action"]
        seen["stream"] = "".join([text async for text in client.stream(WARNING_TEXT)])
        try:
            async for _ in client.stream(FATAL_TEXT):
                pass
        except StreamBlockedError as exc:
            seen["stream_block"] = exc.action
        async with await client.stream_session() as session:
            chunks = await session.push(WARNING_TEXT) + await session.flush()
            seen["session"] = "".join(chunk.text for chunk in chunks)
        async with await client.stream_session() as session:
            blocked = await session.push(FATAL_TEXT)
            with pytest.raises(StreamBlockedError):
                await session.push("more")
            seen["session_block"] = (blocked[-1].blocked, session.state)
        async with await client.socket() as socket:
            seen["socket"] = (await socket.evaluate(FATAL_TEXT)).forwardable_text()
        return seen


@pytest.mark.parametrize("with_token", [False, True])
def test_async_client_every_surface(
    server: ServerHandle, auth_server: ServerHandle, engine: EngineClient, with_token: bool
) -> None:
    base_url, token = (auth_server.base_url, TOKEN) if with_token else (server.base_url, None)
    seen = asyncio.run(_async_surfaces(base_url, token))
    clean = engine.evaluate(WARNING_TEXT).remedy.clean_text
    assert seen == {
        "health": "healthy",
        "evaluate": clean,
        "decide": "redact_and_permit",
        "stream": clean,
        "stream_block": "block_statutory_violation",
        "session": clean,
        "session_block": (True, "blocked"),
        "socket": None,
    }


def test_async_client_without_token_is_refused(auth_server: ServerHandle) -> None:
    async def attempt() -> list[str]:
        refused = []
        async with AsyncEngineClient(auth_server.base_url, timeout=20) as client:
            calls = [
                lambda: client.evaluate(WARNING_TEXT),
                lambda: client.stream_session(),
                lambda: client.socket(),
            ]
            for call in calls:
                try:
                    await call()
                except ServiceAuthenticationError as exc:
                    refused.append(str(exc))
            try:
                async for _ in client.stream(WARNING_TEXT):
                    pass
            except ServiceAuthenticationError as exc:
                refused.append(str(exc))
        return refused

    assert asyncio.run(attempt()) == ["Missing or invalid bearer token"] * 4
