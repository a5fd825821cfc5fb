"""The authority round trip (init, issue-license, serve, catalog, download-pack, compile --remote,
run the downloaded pack) and every authority failure: unreachable, HTTP errors, non-HTTPS URLs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from cli_support import (
    CATALOG,
    SUPPORT_PLAYBOOK,
    Authority,
    Cli,
    InProcessResult,
    Server,
    assert_no_secret,
    free_port,
)
from typer.testing import CliRunner

from engine_cli import common
from engine_cli.main import app

Invoke = Callable[..., InProcessResult]


@pytest.fixture
def at(cli: Cli, authority_server: Server, authority: Authority) -> Cli:
    """The per-test Cli, with the dev license and the test authority's URL in the environment."""
    cli.variables["ENGINE_LICENSE_FILE"] = str(authority.licenses["dev"])
    cli.variables["ENGINE_AUTHORITY_URL"] = authority_server.url
    return cli


def test_init_output(authority: Authority) -> None:
    out = authority.init_result.stdout
    assert f"Authority key pair created in {authority.folder}" in out
    assert f"public key:  {authority.public_key}" in out
    assert f"export ENGINE_AUTHORITY_KEYS={authority.trust_file.resolve()}" in out
    assert json.loads(authority.trust_file.read_text())["trusted"] == [authority.public_key]


def test_init_refuses_to_replace_a_key_pair(cli: Cli, authority: Authority) -> None:
    result = cli.run("init", "--dir", authority.folder, prog="engine-authority")
    assert result.returncode == 1, str(result)
    assert len(result.stderr_lines) == 1
    assert result.stderr_lines[0].startswith("Authority error: FileExistsError:")


def test_authority_serve_line_and_health(authority_server: Server) -> None:
    assert authority_server.line == (
        f"Authority serving 3 packs from {CATALOG} on {authority_server.url}"
    )
    health = httpx.get(f"{authority_server.url}/api/v1/health", timeout=10).json()
    assert health == {"status": "healthy", "service": "engine-authority", "packs": 3}


def test_catalog(at: Cli) -> None:
    out = at.ok("catalog").stdout
    assert "acme.hr  1.0.0  Human resources  [data_protection]  entitled" in out
    assert "acme.payments  1.0.0  Payments  [data_protection]  entitled" in out
    assert "acme.support  1.0.0  Support desk  [data_protection]  entitled" in out
    assert 'invariants: ["pci_scope_reduction"]' in out


def test_catalog_json_marks_what_the_license_does_not_cover(
    at: Cli, authority: Authority, authority_server: Server
) -> None:
    entries = at.ok(
        "catalog",
        "--json",
        "--license",
        authority.licenses["hr_only"],
        "--url",
        authority_server.url,
    ).json()
    entitled = {entry["pack_id"]: entry["entitled"] for entry in entries}
    assert entitled == {"acme.hr": True, "acme.payments": False, "acme.support": False}


def test_download_pack_default_out_then_run(at: Cli) -> None:
    out = at.ok("download-pack", "--pack-id", "acme.hr").stdout.strip()
    target = at.cwd / "acme.hr.epack"
    assert out == f"Downloaded acme.hr -> {target} ({target.stat().st_size} bytes)"
    result = at.ok("run", "--pack", target, "--text", "SSN 123-45-6789, badge EMP12345").json()
    assert result["pack_id"] == "acme.hr"
    assert result["action"] == "block"
    assert "EMP12345" not in result["remedy"]["clean_text"]


def test_download_pack_explicit_out(at: Cli, authority_server: Server) -> None:
    target = at.cwd / "nested" / "payments.epack"
    out = at.ok(
        "download-pack",
        "--pack-id",
        "acme.payments",
        "--out",
        target,
        "--url",
        authority_server.url,
    ).stdout.strip()
    assert out == f"Downloaded acme.payments -> {target} ({target.stat().st_size} bytes)"
    result = at.ok("run", "--pack", target, "--text", "Account CUST-0A1B2C3D").json()
    assert result["remedy"]["clean_text"] == "Account [REDACTED_CUSTOMER_ID]"


def test_compile_remote_then_run(at: Cli) -> None:
    target = at.cwd / "remote" / "support.epack"
    out = at.ok("compile", "--remote", "--playbook", SUPPORT_PLAYBOOK, "--out", target).stdout
    assert out.strip() == (
        f"Compiled {SUPPORT_PLAYBOOK} -> {target} ({target.stat().st_size} bytes)"
    )
    result = at.ok("run", "--pack", target, "--text", "Order ORD-1234567").json()
    assert result["remedy"]["clean_text"] == "Order [REDACTED_ORDER_ID]"


def test_compile_remote_invalid_playbook(at: Cli) -> None:
    playbook = at.cwd / "bad.yaml"
    playbook.write_text(
        "pack_id: acme.bad\nrules:\n  - id: a\n    pattern: '('\n", encoding="utf-8"
    )
    line = at.fails("compile", "--remote", "--playbook", playbook, "--out", "x.epack")
    assert "HTTP 422" in line
    assert "invalid regular expression" in line


def test_download_unknown_pack_is_404(at: Cli) -> None:
    line = at.fails("download-pack", "--pack-id", "acme.nope")
    assert "authority answered HTTP 404: pack 'acme.nope' is not in the catalog" in line
    assert not (at.cwd / "acme.nope.epack").exists()


def test_download_pack_not_covered_is_403(at: Cli, authority: Authority) -> None:
    line = at.fails(
        "download-pack", "--pack-id", "acme.payments", "--license", authority.licenses["hr_only"]
    )
    assert "HTTP 403" in line
    assert "does not allow pack 'acme.payments'" in line


def test_catalog_with_a_bad_license_is_403(at: Cli, authority: Authority) -> None:
    line = at.fails("catalog", "--license", authority.licenses["tampered"])
    assert "authority answered HTTP 403: Invalid license:" in line


def test_download_pack_id_that_is_not_a_file_name(at: Cli) -> None:
    line = at.fails("download-pack", "--pack-id", "../escape")
    assert "not a file name" in line


def test_authority_unreachable(cli: Cli, authority: Authority) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    cli.variables["ENGINE_LICENSE_FILE"] = str(authority.licenses["dev"])
    for command, args in (
        ("catalog", []),
        ("download-pack", ["--pack-id", "acme.hr"]),
        ("compile", ["--remote", "--playbook", str(SUPPORT_PLAYBOOK), "--out", "x.epack"]),
    ):
        line = cli.fails(command, *args, "--url", url)
        assert f"authority {url}/api/v1/" in line
        assert "is unreachable" in line


def test_non_https_non_loopback_authority_refused(cli: Cli, authority: Authority) -> None:
    line = cli.fails(
        "catalog",
        "--license",
        authority.licenses["dev"],
        env={"ENGINE_AUTHORITY_URL": "http://10.1.2.3:18735"},
    )
    assert "refusing to send the license to http://10.1.2.3:18735" in line
    assert "HTTPS" in line


@pytest.mark.parametrize(
    ("command", "url", "message"),
    [
        ("download-pack", "http://example.com", "refusing to send the license"),
        ("compile", "http://192.168.1.10:18735/", "refusing to send the license"),
        ("catalog", "ftp://127.0.0.1", "is not an http(s) URL"),
    ],
)
def test_authority_url_refused_before_any_request(
    invoke: Invoke, authority: Authority, command: str, url: str, message: str
) -> None:
    extra = {
        "download-pack": ["--pack-id", "acme.hr"],
        "compile": ["--remote", "--playbook", str(SUPPORT_PLAYBOOK), "--out", "x.epack"],
        "catalog": [],
    }[command]
    result = invoke(command, *extra, "--license", authority.licenses["dev"], "--url", url)
    assert message in result.error_line(command)


def test_download_without_license(cli: Cli, authority_server: Server) -> None:
    line = cli.fails("download-pack", "--pack-id", "acme.hr", "--url", authority_server.url)
    assert "no license file provided" in line


# --- ENGINE_AUTHORITY_URL and ENGINE_ENVIRONMENT (in-process: no request leaves the machine) --


class Recorder:
    """Stands in for httpx.request: records the URL and refuses the connection."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def __call__(self, method: str, url: str, **kwargs: object) -> httpx.Response:
        self.urls.append(url)
        headers = kwargs.get("headers")
        json_body = kwargs.get("json")
        assert headers or json_body  # the license travels in a header or the body
        raise httpx.ConnectError("refused by the test")


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({}, "http://127.0.0.1:18735"),
        ({"ENGINE_ENVIRONMENT": "dev"}, "http://127.0.0.1:18735"),
        ({"ENGINE_ENVIRONMENT": "staging"}, "http://127.0.0.1:18735"),
        ({"ENGINE_ENVIRONMENT": "prod"}, "https://authority.engine-pack.dev"),
        ({"ENGINE_ENVIRONMENT": "production"}, "https://authority.engine-pack.dev"),
        (
            {"ENGINE_ENVIRONMENT": "prod", "ENGINE_AUTHORITY_URL": "http://localhost:9/"},
            "http://localhost:9",
        ),
    ],
    ids=["unset", "dev", "staging", "prod", "production", "url-wins"],
)
def test_authority_url_selection(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    authority: Authority,
    variables: dict[str, str],
    expected: str,
) -> None:
    for name in ("ENGINE_ENVIRONMENT", "ENGINE_AUTHORITY_URL", "ENGINE_LICENSE_FILE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    recorder = Recorder()
    monkeypatch.setattr("engine_cli.authority_client.httpx.request", recorder)
    result = CliRunner().invoke(app, ["catalog", "--license", str(authority.licenses["dev"])])
    assert result.exit_code == 1, result.output
    assert recorder.urls == [f"{expected}/api/v1/catalog"]
    assert result.stderr.startswith("Error querying catalog: AuthorityClientError: authority ")
    assert_no_secret(result.output)


def test_production_url_is_https_and_dev_url_is_loopback() -> None:
    assert common.PROD_AUTHORITY_URL.startswith("https://")
    assert common.DEV_AUTHORITY_URL == "http://127.0.0.1:18735"


def test_url_option_wins_over_the_environment(
    monkeypatch: pytest.MonkeyPatch, authority: Authority
) -> None:
    monkeypatch.setenv("ENGINE_AUTHORITY_URL", "http://127.0.0.1:1")
    recorder = Recorder()
    monkeypatch.setattr("engine_cli.authority_client.httpx.request", recorder)
    result = CliRunner().invoke(
        app,
        [
            "download-pack",
            "--pack-id",
            "acme.hr",
            "--license",
            str(authority.licenses["dev"]),
            "--url",
            "http://[::1]:2",
        ],
    )
    assert result.exit_code == 1
    assert recorder.urls == ["http://[::1]:2/api/v1/pack/download"]
