"""A service token with non-ASCII characters is presented UTF-8 encoded, over HTTP and WebSocket."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from engine_core.errors import ServerConfigurationError
from engine_server import ServerHandle, create_app, start_server

#: Non-ASCII, and its UTF-8 encoding ends in 0xA0 ("à"), which is whitespace once decoded as
#: latin-1 (the way an ASGI server hands header bytes over).
UNICODE_TOKEN = "pässwörd-秘密-voilà"


@pytest.fixture(scope="module")
def unicode_server() -> Iterator[ServerHandle]:
    with start_server(token=UNICODE_TOKEN, cors_origins=[]) as handle:
        yield handle


def _bearer(token: bytes) -> dict[str, bytes]:
    return {"Authorization": b"Bearer " + token}


def _ws_bearer(token: bytes) -> dict[str, str]:
    # websockets sends header values ISO-8859-1 encoded: this sends exactly ``token``'s bytes.
    return {"Authorization": "Bearer " + token.decode("latin-1")}


@pytest.mark.parametrize(
    ("path", "body"), [("/v1/evaluate", {"text": "hi"}), ("/openapi.json", None)]
)
def test_utf8_token_is_accepted_over_http(
    unicode_server: ServerHandle, path: str, body: dict[str, str] | None
) -> None:
    with httpx.Client(base_url=unicode_server.base_url, timeout=20) as http:
        method = "POST" if body is not None else "GET"
        right = http.request(method, path, json=body, headers=_bearer(UNICODE_TOKEN.encode()))
        assert right.status_code == 200
        for wrong in (
            UNICODE_TOKEN.encode("latin-1", "replace"),  # the same text, another encoding
            UNICODE_TOKEN.encode()[:-1],  # a prefix
            UNICODE_TOKEN.encode()[:-2],  # the token without its trailing "à"
        ):
            refused = http.request(method, path, json=body, headers=_bearer(wrong))
            assert refused.status_code == 401


def test_utf8_token_is_accepted_over_websocket(unicode_server: ServerHandle) -> None:
    url = unicode_server.ws_url + "/v1/ws/decision"
    with connect(url, additional_headers=_ws_bearer(UNICODE_TOKEN.encode())) as ws:
        ws.send('{"type": "ping"}')
        assert '"pong"' in str(ws.recv(timeout=10))
    with connect(url, additional_headers=_ws_bearer(UNICODE_TOKEN.encode()[:-2])) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1008


@pytest.mark.parametrize(
    "token",
    [" leading-space", "trailing-space ", "line\nbreak", "tab\tinside", "nul\x00", "\udcff"],
    ids=["leading", "trailing", "newline", "tab", "nul", "not-utf8"],
)
def test_a_token_no_client_can_present_is_refused_at_start_up(token: str) -> None:
    with pytest.raises(ServerConfigurationError, match="token"):
        create_app(token=token)
