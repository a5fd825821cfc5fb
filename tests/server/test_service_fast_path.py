"""The direct path for ``POST /v1/evaluate`` answers exactly as the FastAPI route does.

Each request goes to two applications built alike: one as served, one with a
(meaningless) dependency override, which sends every request through FastAPI's
routing, body parsing and dependencies. Status, headers and body must match; only
the measured ``latency_us`` of a result may differ.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_support import (
    ALLOWED_ORIGIN,
    FATAL_TEXT,
    FOREIGN_ORIGIN,
    TOKEN,
    WARNING_TEXT,
    ExplodingEngine,
    ScriptedLicense,
    builtin_engine_with,
    sealed_engine,
)

from engine_core import Engine
from engine_core.errors import DeveloperQuotaExceededError, LicenseExpiredError
from engine_server import create_app, fast_path

Answer = tuple[int, list[tuple[bytes, bytes]], Any]
JSON = (b"content-type", b"application/json")
BEARER = (b"authorization", f"Bearer {TOKEN}".encode())
LIMIT = 16 * 1024


def _unused() -> None:
    """A dependency no route has: overriding it only turns the direct path off."""


def _pair(engine: Any = None, **options: Any) -> tuple[FastAPI, FastAPI]:
    # One engine for both: receipts are keyed per engine.
    engine = Engine() if engine is None else engine
    direct, routed = create_app(engine, **options), create_app(engine, **options)
    routed.dependency_overrides[_unused] = _unused
    return direct, routed


def _call(
    app: FastAPI,
    chunks: list[bytes],
    headers: list[tuple[bytes, bytes]],
    *,
    method: str = "POST",
    path: str = "/v1/evaluate",
    complete: bool = True,
) -> Answer:
    """Drive ``app`` with one request whose body arrives as ``chunks``; return the answer.

    After the chunks (the last one ends the body unless ``complete`` is False), the
    client is gone: ``receive`` answers ``http.disconnect``.
    """
    last = len(chunks) - 1 if complete else len(chunks)
    messages: Iterator[dict[str, Any]] = iter(
        [
            {"type": "http.request", "body": chunk, "more_body": index < last}
            for index, chunk in enumerate(chunks)
        ]
    )
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return next(messages, {"type": "http.disconnect"})

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    asyncio.run(app(scope, receive, send))
    if not sent:
        return 0, [], None  # nothing answered (the client was gone)
    start = sent[0]
    body = b"".join(message.get("body", b"") for message in sent[1:])
    return start["status"], list(start["headers"]), _comparable(body)


def _comparable(body: bytes) -> Any:
    try:
        document = json.loads(body)
    except ValueError:
        return body
    if isinstance(document, dict) and "latency_us" in document:
        document["latency_us"] = "measured"
    if isinstance(document, dict) and isinstance(document.get("detail"), str):
        # Budget errors quote the measured decision time.
        document["detail"] = re.sub(r"took [0-9.]+ ms", "took (measured) ms", document["detail"])
    return document


def _same(
    pair: tuple[FastAPI, FastAPI],
    body: bytes | list[bytes],
    headers: list[tuple[bytes, bytes]],
    **request: Any,
) -> Answer:
    chunks = [body] if isinstance(body, bytes) else body
    direct = _call(pair[0], chunks, headers, **request)
    routed = _call(pair[1], chunks, headers, **request)
    # Content-Length follows latency_us, whose digits vary.
    strip = [(name, value) for name, value in direct[1] if name != b"content-length"]
    assert strip == [(name, value) for name, value in routed[1] if name != b"content-length"]
    assert direct[0] == routed[0]
    assert direct[2] == routed[2]
    return direct


@pytest.fixture(scope="module")
def open_pair() -> tuple[FastAPI, FastAPI]:
    return _pair(token="", cors_origins=[], max_body_size=LIMIT)


@pytest.fixture(scope="module")
def auth_pair() -> tuple[FastAPI, FastAPI]:
    return _pair(token=TOKEN, cors_origins=[ALLOWED_ORIGIN], max_body_size=LIMIT)


@pytest.fixture
def direct_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the evaluations the direct path runs."""
    calls: list[int] = []
    endpoint = fast_path.evaluate

    async def counting(*args: Any) -> Any:
        calls.append(1)
        return await endpoint(*args)

    monkeypatch.setattr(fast_path, "evaluate", counting)
    return calls


def test_plain_requests_take_the_direct_path(
    open_pair: tuple[FastAPI, FastAPI], direct_calls: list[int]
) -> None:
    for text in (FATAL_TEXT, WARNING_TEXT, "", "caf\u00e9 \U0001f600"):
        status, _, result = _same(open_pair, json.dumps({"text": text}).encode(), [JSON])
        assert status == 200
        assert result["remedy"] == Engine().evaluate(text).to_dict()["remedy"]
    assert len(direct_calls) == 4


@pytest.mark.parametrize(
    "body",
    [
        b'{"text": "x", "license_key": null}',
        b'{"text": "x", "unknown": [1, {"a": 2}]}',
        b'{"text": "a", "text": "jane.doe@example.com"}',
        b'  {"text": "caf\\u00e9 \\ud800 mail jane@example.com"}\n',
        b'{"text": "x", "n": NaN}',
        b'{"text": "x", "big": 1e400}',
    ],
)
def test_unusual_but_valid_json_answers_alike(
    open_pair: tuple[FastAPI, FastAPI], body: bytes
) -> None:
    assert _same(open_pair, body, [JSON])[0] == 200


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"", 422),
        (b"null", 422),
        (b"[]", 422),
        (b'"text"', 422),
        (b"{}", 422),
        (b'{"text": 5}', 422),
        (b'{"text": ["x"]}', 422),
        (b'{"text": "x", "license_key": 7}', 422),
        (b'{"text": "x",}', 422),
        (b'{"text": "x"} trailing', 422),
        (b'{"text": "\xff\xfe"}', 400),
        ('{"text": "x"}'.encode("utf-16"), 200),
        (b'\xef\xbb\xbf{"text": "x"}', 200),
        (b'{"text": "x", "deep": ' + b"[" * 5000 + b"]" * 5000 + b"}", 400),
    ],
)
def test_invalid_bodies_answer_alike(
    open_pair: tuple[FastAPI, FastAPI], body: bytes, status: int
) -> None:
    answer = _same(open_pair, body, [JSON])
    assert answer[0] == status
    if status == 422:
        assert all("input" not in error for error in answer[2]["detail"])


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        b"text/plain",
        b"application/json; charset=utf-8",
        b"APPLICATION/JSON",
        b"application/problem+json",
        b"application/x-www-form-urlencoded",
    ],
)
def test_content_types_answer_alike(
    open_pair: tuple[FastAPI, FastAPI], content_type: bytes | None
) -> None:
    headers = [] if content_type is None else [(b"content-type", content_type)]
    _same(open_pair, b'{"text": "mail jane.doe@example.com"}', headers)


def test_license_keys_answer_alike(open_pair: tuple[FastAPI, FastAPI]) -> None:
    status, _, answer = _same(open_pair, b'{"text": "x", "license_key": "not-a-key"}', [JSON])
    assert status in (400, 403, 500)
    assert set(answer) == {"detail"}


def test_chunked_bodies_and_the_size_limit_answer_alike(
    open_pair: tuple[FastAPI, FastAPI], direct_calls: list[int]
) -> None:
    assert _same(open_pair, [b'{"text": "mail jane', b'.doe@example.com"}'], [JSON])[0] == 200
    assert len(direct_calls) == 1
    big = json.dumps({"text": "x" * LIMIT}).encode()
    status, headers, answer = _same(open_pair, [big[:3000], big[3000:]], [JSON])
    assert (status, answer) == (413, {"detail": "Content Too Large"})
    assert (b"cache-control", b"no-store") in headers
    declared = [JSON, (b"content-length", str(len(big)).encode())]
    assert _same(open_pair, big, declared)[0] == 413
    assert len(direct_calls) == 1


def test_a_disconnect_before_the_body_ends_answers_alike(
    open_pair: tuple[FastAPI, FastAPI],
) -> None:
    _same(open_pair, [b'{"text": ', b'"x"}'], [JSON], complete=False)


@pytest.mark.parametrize(
    "headers",
    [
        [JSON],
        [JSON, (b"authorization", b"Bearer wrong")],
        [JSON, (b"authorization", b"Basic " + TOKEN.encode())],
        [JSON, BEARER],
        [JSON, (b"authorization", b"bearer " + TOKEN.encode())],
        [JSON, BEARER, (b"origin", ALLOWED_ORIGIN.encode())],
        [JSON, BEARER, (b"origin", FOREIGN_ORIGIN.encode())],
        [JSON, (b"origin", ALLOWED_ORIGIN.encode())],
    ],
)
def test_authentication_and_cors_answer_alike(
    auth_pair: tuple[FastAPI, FastAPI],
    headers: list[tuple[bytes, bytes]],
    direct_calls: list[int],
) -> None:
    status, answer_headers, _ = _same(auth_pair, b'{"text": "jane.doe@example.com"}', headers)
    assert len(direct_calls) == (status == 200)
    if status == 401:
        assert (b"www-authenticate", b"Bearer") in answer_headers


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/v1/evaluate"), ("PUT", "/v1/evaluate"), ("POST", "/v1/evaluate/")],
)
def test_other_methods_and_paths_answer_alike(
    open_pair: tuple[FastAPI, FastAPI], method: str, path: str
) -> None:
    _same(open_pair, b'{"text": "x"}', [JSON], method=method, path=path)


EngineFactory = Callable[[], Any]


@pytest.mark.parametrize(
    ("make_engine", "status"),
    [
        (
            lambda: builtin_engine_with(
                ScriptedLicense(
                    DeveloperQuotaExceededError("quota", limit_name="lifetime", retry_after=None)
                )
            ),
            429,
        ),
        (lambda: sealed_engine(ScriptedLicense(LicenseExpiredError("license expired"))), 503),
        (lambda: sealed_engine(budget_ms=0.000001), 503),
        (ExplodingEngine, 500),
    ],
)
def test_engine_errors_answer_alike(
    make_engine: EngineFactory,
    status: int,
    caplog: pytest.LogCaptureFixture,
    direct_calls: list[int],
) -> None:
    pair = _pair(make_engine(), token="", cors_origins=[])
    marker = "payload-marker-7f3a ORD-123456 " * 20
    answer = _same(pair, json.dumps({"text": marker}).encode(), [JSON])
    assert answer[0] == status
    if status == 429:
        assert any(name == b"retry-after" for name, _ in answer[1])
    assert "payload-marker" not in json.dumps(answer[2])
    assert "payload-marker" not in caplog.text
    assert len(direct_calls) == 1


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.sampled_from(["text", "license_key", "x"]), children, max_size=3)
    ),
    max_leaves=8,
)


@given(
    document=_json_values,
    # Every category, lone surrogates included (valid as JSON escapes).
    text=st.text(st.characters(categories=["L", "M", "N", "P", "S", "Z", "C"]), max_size=40),
)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_generated_bodies_answer_alike(
    open_pair: tuple[FastAPI, FastAPI], document: Any, text: str
) -> None:
    _same(open_pair, json.dumps(document).encode(), [JSON])
    _same(open_pair, json.dumps({"text": text}).encode(), [JSON])
