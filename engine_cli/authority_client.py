"""The client side of the license authority's API (httpx)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import httpx

from engine_core.atomic_files import PUBLIC_FILE_MODE, write_atomically
from engine_core.constants import LICENSE_HEADER
from engine_core.errors import CompilerError

__all__ = ["AuthorityClientError", "download_pack", "fetch_catalog", "remote_compile"]

TIMEOUT = httpx.Timeout(30.0, connect=5.0)


class AuthorityClientError(Exception):
    """The authority refused a request or could not be reached."""


def _detail(response: httpx.Response) -> str:
    try:
        detail = response.json().get("detail")
    except (ValueError, AttributeError):
        detail = None
    return str(detail) if detail else response.reason_phrase


def _request(method: str, url: str, **kwargs: Any) -> httpx.Response:
    try:
        response = httpx.request(method, url, timeout=TIMEOUT, **kwargs)
    except httpx.HTTPError as exc:
        raise AuthorityClientError(f"authority {url} is unreachable: {exc}") from None
    if response.status_code != 200:
        raise AuthorityClientError(
            f"authority answered HTTP {response.status_code}: {_detail(response)}"
        )
    return response


def remote_compile(playbook: str, license: dict[str, Any], out: Path, base_url: str) -> int:
    """Compile on the authority and write the sealed pack; raise CompilerError on failure."""
    try:
        response = _request(
            "POST",
            f"{base_url}/api/v1/pack/compile",
            json={"playbook": playbook, "license": license},
        )
    except AuthorityClientError as exc:
        raise CompilerError(str(exc)) from None
    write_atomically(out, response.content, mode=PUBLIC_FILE_MODE)  # a sealed pack
    return len(response.content)


def fetch_catalog(license: dict[str, Any], base_url: str) -> list[dict[str, Any]]:
    """Return the authority's catalog entries for the license."""
    encoded = base64.b64encode(json.dumps(license).encode("utf-8")).decode("ascii")
    response = _request("GET", f"{base_url}/api/v1/catalog", headers={LICENSE_HEADER: encoded})
    entries = response.json()
    if not isinstance(entries, list):
        raise AuthorityClientError("authority answered a catalog that is not a list")
    return entries


def download_pack(pack_id: str, license: dict[str, Any], out: Path, base_url: str) -> int:
    """Download a catalog pack sealed for the license and write it; return its size."""
    response = _request(
        "POST", f"{base_url}/api/v1/pack/download", json={"pack_id": pack_id, "license": license}
    )
    write_atomically(out, response.content, mode=PUBLIC_FILE_MODE)  # a sealed pack
    return len(response.content)
