"""``python -m engine_server``: the foreground server (stand-in for ``make serve``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import httpx
import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("ENGINE_SERVICE_TOKEN", None)
    env.pop("ENGINE_CORS_ORIGINS", None)
    return env


@pytest.mark.slow
def test_serves_the_builtin_pack_with_a_token() -> None:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "engine_server", "--port", str(port), "--token", "t0ken"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                health = httpx.get(f"{base}/v1/health", timeout=1)
                break
            except httpx.TransportError:
                assert process.poll() is None, process.communicate()
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
        assert health.json()["pack_id"] == "builtin.data_protection"
        assert httpx.post(f"{base}/v1/evaluate", json={"text": "x"}).status_code == 401
        authorized = httpx.post(
            f"{base}/v1/evaluate", json={"text": "x"}, headers={"Authorization": "Bearer t0ken"}
        )
        assert authorized.status_code == 200
    finally:
        process.terminate()
        stdout, _ = process.communicate(timeout=20)
    assert f"Serving pack builtin.data_protection (COMMUNITY) on http://127.0.0.1:{port}" in stdout


def test_refuses_non_loopback_without_token() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine_server", "--host", "0.0.0.0", "--port", "1"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("Server error:")
    assert "without authentication" in result.stderr
