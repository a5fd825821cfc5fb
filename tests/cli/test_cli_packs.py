"""compile (local), run and serve: success paths and every failure row."""

from __future__ import annotations

import json
import re
import signal
import socket
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from cli_support import (
    SUPPORT_PLAYBOOK,
    Authority,
    Cli,
    CompiledPack,
    InProcessResult,
    free_port,
)

Invoke = Callable[..., InProcessResult]
TEXT = "Order ORD-1234567 from jane@example.com"


# --- compile -----------------------------------------------------------------------------


def test_compile_local(support_pack: CompiledPack) -> None:
    line = support_pack.result.stdout.strip()
    assert re.fullmatch(
        rf"Compiled {re.escape(str(SUPPORT_PLAYBOOK))} -> "
        rf"{re.escape(str(support_pack.path))} \((\d+) bytes\)",
        line,
    ), line
    size = int(line.rsplit("(", 1)[1].split()[0])
    assert support_pack.path.stat().st_size == size


def test_compile_invalid_playbook_lists_every_problem(cli: Cli, authority: Authority) -> None:
    playbook = cli.cwd / "bad.yaml"
    playbook.write_text(
        "pack_id: acme.bad\n"
        "codons: [nosuch]\n"
        "rules:\n"
        "  - id: broken\n"
        "    pattern: '('\n"
        "  - id: odd\n"
        "    pattern: x\n"
        "    type: telepathy\n"
        "    action: explode\n"
        "  - pattern: y\n",
        encoding="utf-8",
    )
    line = cli.fails(
        "compile",
        "--playbook",
        playbook,
        "--out",
        "x.epack",
        "--license",
        authority.licenses["dev"],
    )
    assert "UnsupportedPackDeclarationError" in line
    for problem in (
        "rule 'broken': pattern: invalid regular expression",
        "rule 'odd': type: unknown rule type 'telepathy'",
        "rule 'odd': action: unknown action 'explode'",
        "rule #3: id: required",
        "codons: 'nosuch' is not a built-in detector",
    ):
        assert problem in line
    assert not (cli.cwd / "x.epack").exists()


def test_compile_playbook_that_is_not_a_mapping(cli: Cli, authority: Authority) -> None:
    playbook = cli.cwd / "list.yaml"
    playbook.write_text("- just\n- a list\n", encoding="utf-8")
    line = cli.fails(
        "compile",
        "--playbook",
        playbook,
        "--out",
        "x.epack",
        "--license",
        authority.licenses["dev"],
    )
    assert "PlaybookParseError" in line


def test_compile_missing_playbook(invoke: Invoke, authority: Authority) -> None:
    line = invoke(
        "compile",
        "--playbook",
        "nope.yaml",
        "--out",
        "x.epack",
        "--license",
        authority.licenses["dev"],
    ).error_line("compile")
    assert "nope.yaml" in line


def test_compile_entitlement_refused(cli: Cli, authority: Authority) -> None:
    line = cli.fails(
        "compile",
        "--playbook",
        SUPPORT_PLAYBOOK,
        "--out",
        "x.epack",
        "--license",
        authority.licenses["hr_only"],
    )
    assert "LicenseEntitlementError" in line
    assert "acme.support" in line


def test_compile_with_an_expired_license(cli: Cli, authority: Authority) -> None:
    line = cli.fails(
        "compile",
        "--playbook",
        SUPPORT_PLAYBOOK,
        "--out",
        "x.epack",
        "--license",
        authority.licenses["expired"],
    )
    assert "LicenseExpiredError" in line


def test_compile_without_a_license(cli: Cli) -> None:
    line = cli.fails("compile", "--playbook", SUPPORT_PLAYBOOK, "--out", "x.epack")
    assert "no license file provided" in line


# --- run -------------------------------------------------------------------------------------


def test_run_pack(cli: Cli, authority: Authority, support_pack: CompiledPack) -> None:
    result = cli.ok(
        "run", "--pack", support_pack.path, "--license", authority.licenses["dev"], "--text", TEXT
    ).json()
    assert result["pack_id"] == "acme.support"
    assert result["action"] == "redact_and_permit"
    assert result["remedy"]["clean_text"] == "Order [REDACTED_ORDER_ID] from [REDACTED_EMAIL]"
    assert result["edition"] == "DEVELOPER"
    assert result["license_status"] == "ACTIVE"
    assert result["active_key_id"] == "k-0001"
    assert sorted(t["rule_id"] for t in result["triggers"]) == ["email", "order-id"]


def test_run_block_still_exits_0(
    cli: Cli, authority: Authority, support_pack: CompiledPack
) -> None:
    text = "key sk_live_abcdefghijklmnop1234"
    result = cli.ok(
        "run", "--pack", support_pack.path, "--license", authority.licenses["dev"], "--text", text
    ).json()
    assert result["action"] == "block_credential_leak"


def test_run_builtin(cli: Cli) -> None:
    result = cli.ok("run", "--builtin", "--text", "Card 4111 1111 1111 1111").json()
    assert result["pack_id"] == "builtin.data_protection"
    assert result["action"] == "block_statutory_violation"
    assert result["edition"] == "COMMUNITY"
    assert result["triggers"][0]["matched_items"] == ["4111 1111 1111 1111"]


def test_run_builtin_ignores_license_resolution(invoke: Invoke) -> None:
    result = invoke("run", "--builtin", "--text", "hello", env={"ENGINE_LICENSE_FILE": "gone.lic"})
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["action"] == "allow"


def test_run_with_the_wrong_license(
    cli: Cli, authority: Authority, support_pack: CompiledPack
) -> None:
    line = cli.fails(
        "run", "--pack", support_pack.path, "--license", authority.licenses["other"], "--text", TEXT
    )
    assert "PackUnsealError" in line
    assert "different license" in line


def test_run_tampered_pack(cli: Cli, authority: Authority, support_pack: CompiledPack) -> None:
    tampered = cli.cwd / "tampered.epack"
    data = bytearray(support_pack.path.read_bytes())
    data[-5] ^= 0x01
    tampered.write_bytes(bytes(data))
    line = cli.fails(
        "run", "--pack", tampered, "--license", authority.licenses["dev"], "--text", TEXT
    )
    assert "PackUnsealError" in line


def test_run_not_a_pack(invoke: Invoke, authority: Authority, tmp_path: Path) -> None:
    junk = tmp_path / "junk.epack"
    junk.write_bytes(b"not a pack at all" * 10)
    result = invoke("run", "--pack", junk, "--license", authority.licenses["dev"], "--text", TEXT)
    assert "PackUnsealError" in result.error_line("run")


def test_run_missing_pack(invoke: Invoke, authority: Authority) -> None:
    result = invoke(
        "run", "--pack", "nope.epack", "--license", authority.licenses["dev"], "--text", TEXT
    )
    assert "nope.epack" in result.error_line("run")


def test_run_with_a_tampered_license(
    invoke: Invoke, authority: Authority, support_pack: CompiledPack
) -> None:
    line = invoke(
        "run",
        "--pack",
        support_pack.path,
        "--license",
        authority.licenses["tampered"],
        "--text",
        TEXT,
    ).error_line("run")
    assert "LicenseSignatureInvalidError" in line


def test_run_with_a_license_not_yet_valid(
    invoke: Invoke, authority: Authority, support_pack: CompiledPack
) -> None:
    line = invoke(
        "run",
        "--pack",
        support_pack.path,
        "--license",
        authority.licenses["future"],
        "--text",
        TEXT,
    ).error_line("run")
    assert "LicenseNotYetValidError" in line


def test_serve_pack(cli: Cli, authority: Authority, support_pack: CompiledPack) -> None:
    server = cli.start(
        "serve", "--pack", support_pack.path, "--port", "0", "--license", authority.licenses["dev"]
    )
    try:
        assert server.line.startswith(
            f"Unsealed pack acme.support from {support_pack.path} (DEVELOPER, ACTIVE); "
            "serving on http://127.0.0.1:"
        ), server.line
        health = httpx.get(f"{server.url}/v1/health", timeout=10).json()
        assert health["pack_id"] == "acme.support"
        assert health["engine_edition"] == "DEVELOPER"
        response = httpx.post(f"{server.url}/v1/evaluate", json={"text": TEXT}, timeout=10)
        assert response.status_code == 200
        assert response.json()["remedy"]["clean_text"] == (
            "Order [REDACTED_ORDER_ID] from [REDACTED_EMAIL]"
        )
        refused = httpx.post(
            f"{server.url}/v1/evaluate", json={"text": TEXT, "license_key": "EK1.x"}, timeout=10
        )
        assert refused.status_code == 400
    finally:
        code = server.stop(signal.SIGINT)
    assert code == 0, server.stderr
    assert server.stderr == ""


def test_serve_builtin_with_a_token_and_a_license_key(cli: Cli, authority: Authority) -> None:
    """serve --builtin; the license key from `engine-authority issue-key` works per request."""
    key = cli.ok(
        "issue-key",
        "--key",
        authority.key_file,
        "--key-id",
        "key-cli-test",
        prog="engine-authority",
    ).stdout.strip()
    assert key.startswith("EK1.")
    server = cli.start("serve", "--builtin", "--port", "0", "--token", "s3cret")
    try:
        assert server.line.startswith(
            "Unsealed pack builtin.data_protection from the built-in pack "
            "(COMMUNITY, COMMUNITY_PERPETUAL); serving on http://127.0.0.1:"
        ), server.line
        body = {"text": "mail jane@example.com"}
        assert httpx.post(f"{server.url}/v1/evaluate", json=body, timeout=10).status_code == 401
        auth = {"Authorization": "Bearer s3cret"}
        answer = httpx.post(f"{server.url}/v1/evaluate", json=body, headers=auth, timeout=10)
        assert answer.status_code == 200
        assert answer.json()["edition"] == "COMMUNITY"
        keyed = httpx.post(
            f"{server.url}/v1/evaluate",
            json={**body, "license_key": key},
            headers=auth,
            timeout=10,
        )
        assert keyed.status_code == 200, keyed.text
        assert keyed.json()["edition"] == "DEVELOPER"
        assert keyed.json()["active_key_id"] == "key-cli-test"
    finally:
        code = server.stop(signal.SIGINT)
    assert code == 0, server.stderr


def test_issued_license_key_with_the_library(
    cli: Cli, authority: Authority, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same key string works with Engine(license_key=...) in this process."""
    key = cli.ok(
        "issue-key", "--key", authority.key_file, "--tier", "developer", prog="engine-authority"
    ).stdout.strip()
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", str(authority.trust_file))
    from engine_core import Engine

    result = Engine(license_key=key).evaluate("Card 4111 1111 1111 1111")
    assert result.edition == "DEVELOPER"
    assert result.action.startswith("block")


def test_serve_stops_cleanly_on_sigterm_with_workers(cli: Cli) -> None:
    port = free_port()
    server = cli.start("serve", "--builtin", "--port", str(port), "--workers", "2")
    try:
        assert server.url == f"http://127.0.0.1:{port}"
        answer = httpx.post(f"{server.url}/v1/evaluate", json={"text": "hi"}, timeout=10)
        assert answer.json()["action"] == "allow"
    finally:
        code = server.stop(signal.SIGTERM)
    assert code == 0, server.stderr


def test_serve_non_loopback_without_token(cli: Cli) -> None:
    line = cli.fails("serve", "--builtin", "--host", "0.0.0.0", "--port", "0")
    assert "refusing to bind '0.0.0.0' without authentication" in line


def test_serve_busy_port(cli: Cli) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = cli.fails("serve", "--builtin", "--port", str(port))
    assert f"cannot listen on 127.0.0.1:{port}" in line


def test_serve_tampered_pack(cli: Cli, authority: Authority, support_pack: CompiledPack) -> None:
    tampered = cli.cwd / "tampered.epack"
    data = bytearray(support_pack.path.read_bytes())
    data[len(data) // 2] ^= 0x01
    tampered.write_bytes(bytes(data))
    line = cli.fails(
        "serve", "--pack", tampered, "--port", "0", "--license", authority.licenses["dev"]
    )
    assert "PackUnsealError" in line


def test_serve_pack_without_a_license(cli: Cli, support_pack: CompiledPack) -> None:
    line = cli.fails("serve", "--pack", support_pack.path, "--port", "0")
    assert "no license file provided" in line


def test_serve_wildcard_cors_origin(cli: Cli) -> None:
    line = cli.fails("serve", "--builtin", "--port", "0", env={"ENGINE_CORS_ORIGINS": "*"})
    assert "wildcard" in line
