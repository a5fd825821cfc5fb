"""Bearer token, CORS and WebSocket origin checks end to end; bind and CORS configuration."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from service_support import ALLOWED_ORIGIN, FOREIGN_ORIGIN, TOKEN
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from engine_core.errors import ServerConfigurationError
from engine_server import ServerHandle, create_app, start_server

AUTH = {"Authorization": f"Bearer {TOKEN}"}
ENDPOINTS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/v1/evaluate", {"text": "hi"}),
    ("POST", "/v1/evaluate/stream", {"text": "hi"}),
    ("POST", "/v1/decision", {"parameters": {"text": "hi"}}),
    ("GET", "/openapi.json", None),
]


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS)
@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer wrong-token"},
        {"Authorization": f"Basic {TOKEN}"},
        {"Authorization": f"Bearer {TOKEN}x"},
        {"Authorization": TOKEN},
    ],
    ids=["none", "wrong", "basic", "suffix", "no-scheme"],
)
def test_missing_or_wrong_token_is_401(
    auth_client: httpx.Client,
    method: str,
    path: str,
    body: dict[str, Any] | None,
    headers: dict[str, str],
) -> None:
    response = auth_client.request(method, path, json=body, headers=headers)
    assert response.status_code == 401
    assert response.json() == {"detail": "Missing or invalid bearer token"}
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS)
def test_right_token_is_accepted(
    auth_client: httpx.Client, method: str, path: str, body: dict[str, Any] | None
) -> None:
    response = auth_client.request(method, path, json=body, headers=AUTH)
    assert response.status_code == 200, response.text


def test_health_needs_no_token(auth_client: httpx.Client) -> None:
    assert auth_client.get("/v1/health").status_code == 200


def test_without_a_token_there_is_no_authentication(client: httpx.Client) -> None:
    assert client.post("/v1/evaluate", json={"text": "hi"}).status_code == 200
    assert (
        client.post(
            "/v1/evaluate", json={"text": "hi"}, headers={"Authorization": "Bearer anything"}
        ).status_code
        == 200
    )


def test_token_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_SERVICE_TOKEN", "from-env")
    with start_server() as handle:
        url = f"{handle.base_url}/v1/evaluate"
        assert httpx.post(url, json={"text": "x"}).status_code == 401
        ok = httpx.post(url, json={"text": "x"}, headers={"Authorization": "Bearer from-env"})
        assert ok.status_code == 200


# --- CORS -----------------------------------------------------------------------------


def _preflight(http: httpx.Client, origin: str) -> httpx.Response:
    return http.options(
        "/v1/evaluate",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )


def test_preflight_from_allowed_origin_needs_no_token(auth_client: httpx.Client) -> None:
    response = _preflight(auth_client, ALLOWED_ORIGIN)
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == ALLOWED_ORIGIN
    assert response.headers["access-control-allow-credentials"] == "true"
    assert "POST" in response.headers["access-control-allow-methods"]
    assert "authorization" in response.headers["access-control-allow-headers"].lower()


def test_preflight_from_foreign_origin_is_refused_as_json(auth_client: httpx.Client) -> None:
    response = _preflight(auth_client, FOREIGN_ORIGIN)
    assert response.status_code == 400
    assert "access-control-allow-origin" not in response.headers
    assert "access-control-allow-credentials" not in response.headers
    assert response.json()["detail"]


def test_simple_request_cors_headers(auth_client: httpx.Client) -> None:
    allowed = auth_client.post(
        "/v1/evaluate", json={"text": "hi"}, headers={**AUTH, "Origin": ALLOWED_ORIGIN}
    )
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == ALLOWED_ORIGIN
    assert allowed.headers["access-control-allow-credentials"] == "true"
    foreign = auth_client.post(
        "/v1/evaluate", json={"text": "hi"}, headers={**AUTH, "Origin": FOREIGN_ORIGIN}
    )
    assert "access-control-allow-origin" not in foreign.headers
    assert "access-control-allow-credentials" not in foreign.headers


def test_cors_off_sends_no_cors_headers(client: httpx.Client) -> None:
    preflight = _preflight(client, ALLOWED_ORIGIN)
    assert "access-control-allow-origin" not in preflight.headers
    assert preflight.status_code == 405
    simple = client.post("/v1/evaluate", json={"text": "hi"}, headers={"Origin": ALLOWED_ORIGIN})
    assert "access-control-allow-origin" not in simple.headers


@pytest.mark.parametrize("origins", [["*"], ["https://*.example.com"], ["https://a.com", "*"]])
def test_wildcard_cors_origin_is_refused(origins: list[str]) -> None:
    with pytest.raises(ServerConfigurationError):
        create_app(cors_origins=origins)


def test_wildcard_cors_origin_from_environment_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_CORS_ORIGINS", "https://a.example.com, *")
    with pytest.raises(ServerConfigurationError):
        create_app()
    monkeypatch.setenv("ENGINE_CORS_ORIGINS", "https://a.example.com, https://b.example.com")
    settings = create_app().state.settings
    assert settings.cors_origins == ("https://a.example.com", "https://b.example.com")


# --- binding ----------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.10", "example.com"])
def test_non_loopback_without_token_is_refused(host: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ENGINE_SERVICE_TOKEN", raising=False)
    with pytest.raises(ServerConfigurationError, match="without authentication"):
        start_server(host=host)


def test_non_loopback_with_token_is_allowed() -> None:
    with start_server(token=TOKEN, host="0.0.0.0") as handle:
        response = httpx.get(f"http://127.0.0.1:{handle.port}/v1/health")
        assert response.status_code == 200


def test_handle_stops() -> None:
    handle = start_server(token="")
    assert handle.running
    assert handle.base_url == f"http://127.0.0.1:{handle.port}"
    handle.stop()
    assert not handle.running
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{handle.base_url}/v1/health", timeout=2)


# --- WebSocket: 1008 before any message is read ------------------------------------------


def _closed_code(url: str, **options: Any) -> int:
    with connect(url, open_timeout=10, **options) as ws:
        # The server closes at once, without waiting for (or reading) a message.
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        return closed.value.rcvd.code


@pytest.mark.parametrize(
    "headers", [{}, {"Authorization": "Bearer nope"}], ids=["missing", "wrong"]
)
def test_websocket_without_the_token_is_closed_1008(
    auth_server: ServerHandle, headers: dict[str, str]
) -> None:
    url = auth_server.ws_url + "/v1/ws/decision"
    assert _closed_code(url, additional_headers=headers) == 1008


def test_websocket_with_the_token_works(auth_server: ServerHandle) -> None:
    url = auth_server.ws_url + "/v1/ws/decision"
    with connect(url, additional_headers=AUTH, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"
    with connect(url, additional_headers=AUTH, origin=ALLOWED_ORIGIN, open_timeout=10) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"


def test_websocket_from_foreign_origin_is_closed_1008(auth_server: ServerHandle) -> None:
    url = auth_server.ws_url + "/v1/ws/decision"
    code = _closed_code(url, additional_headers=AUTH, origin=FOREIGN_ORIGIN)
    assert code == 1008


def test_websocket_with_cors_off_refuses_every_browser_origin(server: ServerHandle) -> None:
    url = server.ws_url + "/v1/ws/decision"
    assert _closed_code(url, origin=ALLOWED_ORIGIN) == 1008
    with connect(url, open_timeout=10) as ws:  # no Origin header: a non-browser client
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"
