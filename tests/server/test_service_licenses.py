"""Per-request licenses: ``license_key`` (403 / 429) and ``license_data`` (403) end to end.

Keys and licenses are issued by a fresh test authority trusted through
``ENGINE_AUTHORITY_KEYS``; nothing is hard-coded.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from service_support import WARNING_TEXT
from service_support import issue_key as _key

keys_module = pytest.importorskip("engine_core.licensing.keys")
pytest.importorskip("engine_core.licensing.license_file")
pytest.importorskip("engine_core.licensing.entitlements")

from engine_core.licensing.authority import (  # noqa: E402
    generate_authority_keypair,
    issue_license,
    write_trust_file,
)

DAY = 86_400


@pytest.fixture(scope="module")
def authority(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A trusted authority's private seed (trust file exported for the module)."""
    seed, public = generate_authority_keypair()
    path = write_trust_file(tmp_path_factory.mktemp("trust") / "keys.json", [public])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ENGINE_AUTHORITY_KEYS", str(Path(path)))
        yield seed


def _ago(days: int) -> int:
    return int(time.time()) - days * DAY


def _decide(client: httpx.Client, license_data: Any) -> httpx.Response:
    body = {"parameters": {"text": "x"}, "license_data": license_data}
    return client.post("/v1/decision", json=body)


def _license(seed: str, **overrides: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"licensed_packs": ["builtin.*"], "content_key": "ck-do-not-echo"}
    options.update(overrides)
    return issue_license(seed, **options)


def _without(license: dict[str, Any], field: str) -> dict[str, Any]:
    return {key: value for key, value in license.items() if key != field}


def _detail(response: httpx.Response, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["cache-control"] == "no-store"
    return str(response.json()["detail"])


# --- license_key ----------------------------------------------------------------------


def test_valid_license_key_runs_a_per_request_engine(client: httpx.Client, authority: str) -> None:
    key = _key(authority)
    result = client.post("/v1/evaluate", json={"text": WARNING_TEXT, "license_key": key}).json()
    assert result["edition"] == "DEVELOPER"
    assert result["license_status"] == "ACTIVE"
    assert result["active_key_id"].startswith("svc-key-")
    assert result["action"] == "redact_and_permit"
    # The served engine is untouched.
    plain = client.post("/v1/evaluate", json={"text": WARNING_TEXT}).json()
    assert plain["edition"] == "COMMUNITY"
    answer = client.post(
        "/v1/decision", json={"parameters": {"text": WARNING_TEXT}, "license_key": key}
    ).json()
    assert answer["result"]["edition"] == "DEVELOPER"


@pytest.mark.parametrize(
    "make_key",
    [
        pytest.param(lambda seed: "EK1.not-a-key.at-all", id="malformed"),
        pytest.param(lambda seed: _key(generate_authority_keypair()[0]), id="untrusted-signer"),
        pytest.param(
            lambda seed: _key(
                seed,
                valid_from=int(time.time()) - 400 * DAY,
                valid_until=int(time.time()) - 100 * DAY,
            ),
            id="expired",
        ),
        pytest.param(lambda seed: _key(seed, packs=["acme.*"]), id="not-covering"),
    ],
)
@pytest.mark.parametrize("path", ["/v1/evaluate", "/v1/decision"])
def test_refused_license_key_is_403(
    client: httpx.Client, authority: str, make_key: Any, path: str
) -> None:
    key = make_key(authority)
    body: dict[str, Any] = {"license_key": key}
    body.update({"text": "hi"} if path == "/v1/evaluate" else {"parameters": {"text": "hi"}})
    assert _detail(client.post(path, json=body), 403)


def test_license_key_quota_is_429_with_retry_after(client: httpx.Client, authority: str) -> None:
    key = _key(authority, max_decisions_per_minute=2)
    statuses = [
        client.post("/v1/evaluate", json={"text": "hi", "license_key": key}).status_code
        for _ in range(2)
    ]
    assert statuses == [200, 200]
    # A new per-request engine cannot reset the key's counter.
    response = client.post("/v1/evaluate", json={"text": "hi", "license_key": key})
    assert "quota" in _detail(response, 429).lower()
    assert 1 <= int(response.headers["retry-after"]) <= 60


# --- license_data -----------------------------------------------------------------------


@pytest.mark.parametrize("as_text", [False, True])
def test_valid_license_data_is_accepted(
    client: httpx.Client, authority: str, as_text: bool
) -> None:
    license = _license(authority)
    data: Any = json.dumps(license) if as_text else license
    response = client.post(
        "/v1/decision", json={"parameters": {"text": WARNING_TEXT}, "license_data": data}
    )
    assert response.status_code == 200, response.text
    assert response.json()["result"]["action"] == "redact_and_permit"


def test_license_data_not_allowing_the_pack_is_403(client: httpx.Client, authority: str) -> None:
    license = _license(authority, licensed_packs=["acme.*"])
    response = _decide(client, license)
    detail = _detail(response, 403)
    assert "builtin.data_protection" in detail
    assert "ck-do-not-echo" not in response.text


@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(lambda lic: {**lic, "license_id": lic["license_id"] + "x"}, id="modified"),
        pytest.param(lambda lic: _without(lic, "signature"), id="unsigned"),
        pytest.param(lambda lic: _without(lic, "identity"), id="no-identity"),
        pytest.param(lambda lic: "{not json", id="not-json"),
        pytest.param(lambda lic: "/etc/passwd", id="path-string"),
    ],
)
def test_invalid_license_data_is_403(client: httpx.Client, authority: str, tamper: Any) -> None:
    data = tamper(_license(authority))
    response = _decide(client, data)
    assert _detail(response, 403).startswith("Invalid license: ")
    assert "ck-do-not-echo" not in response.text


def test_expired_license_data_is_403(client: httpx.Client, authority: str) -> None:
    license = _license(authority, valid_from=_ago(400), valid_until=_ago(100))
    response = _decide(client, license)
    assert _detail(response, 403).startswith("Invalid license: ")


def test_license_data_from_untrusted_authority_is_403(client: httpx.Client, authority: str) -> None:
    license = _license(generate_authority_keypair()[0])
    response = _decide(client, license)
    assert _detail(response, 403).startswith("Invalid license: ")
