"""Fixtures for the command-line tests (helpers in cli_support): shared authority and servers."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cli_support import (
    CATALOG,
    DAY,
    SECRETS,
    SUPPORT_PLAYBOOK,
    Authority,
    Cli,
    CompiledPack,
    InProcessResult,
    Server,
    check_output,
    register_secrets,
)
from typer.testing import CliRunner

from engine_cli.main import app
from engine_core import clock
from engine_core.licensing.authority import write_license_file, write_trust_file


@pytest.fixture(scope="session")
def session_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session-wide folder (also HOME for the shared runs)."""
    return tmp_path_factory.mktemp("cli")


@pytest.fixture(scope="session")
def authority(session_dir: Path) -> Authority:
    """Run ``engine-authority init`` and ``issue-license``; add the edge-case licenses."""
    home = session_dir / "home"
    home.mkdir()
    cli = Cli(session_dir, home)
    folder = session_dir / "authority"
    init = cli.ok("init", "--dir", folder, prog="engine-authority")
    key_file, trust_file = folder / "authority.key", folder / "trust.json"
    seed = key_file.read_text(encoding="ascii").strip()
    SECRETS.add(seed)
    public = json.loads(trust_file.read_text(encoding="utf-8"))["trusted"][0]
    authority = Authority(folder, key_file, trust_file, seed, public, init)
    cli.variables["ENGINE_AUTHORITY_KEYS"] = str(trust_file)
    dev = folder / "licenses" / "dev.lic"
    issued = cli.ok(
        "issue-license",
        "--out",
        dev,
        "--organization",
        "Acme Corp",
        "--org-id",
        "acme",
        "--contact-email",
        "dev@acme.example",
        "--pack",
        "acme.*",
        "--key",
        key_file,
        prog="engine-authority",
    )
    assert "(mode 600)" in issued.stdout
    register_secrets(dev)
    authority.licenses["dev"] = dev
    now = int(clock.now())
    authority.issue("other", organization="Other Corp", org_id="other", licensed_packs=["acme.*"])
    authority.issue("hr_only", organization="HR Only", org_id="hr", licensed_packs=["acme.hr"])
    authority.issue(
        "expired", licensed_packs=["acme.*"], valid_from=now - 400 * DAY, valid_until=now - 30 * DAY
    )
    authority.issue(
        "grace", licensed_packs=["acme.*"], valid_from=now - 30 * DAY, valid_until=now - DAY
    )
    authority.issue(
        "future", licensed_packs=["acme.*"], valid_from=now + 10 * DAY, valid_until=now + 40 * DAY
    )
    tampered = folder / "licenses" / "tampered.lic"
    document = json.loads(dev.read_text(encoding="utf-8"))
    document["identity"]["organization"] = "Mallory Corp"
    write_license_file(tampered, document)
    authority.licenses["tampered"] = tampered
    authority.revoked_trust_file = write_trust_file(
        folder / "revoked.json", trusted=[], revoked=[public]
    )
    return authority


@pytest.fixture(scope="session")
def shared_cli(session_dir: Path, authority: Authority) -> Cli:
    """A Cli trusting the test authority, HOME and cwd in the session folder."""
    work = session_dir / "work"
    work.mkdir(exist_ok=True)
    return Cli(work, session_dir / "home", {"ENGINE_AUTHORITY_KEYS": str(authority.trust_file)})


@pytest.fixture
def cli(tmp_path: Path, authority: Authority) -> Cli:
    """A Cli with a fresh HOME and working directory, trusting the test authority."""
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    return Cli(work, home, {"ENGINE_AUTHORITY_KEYS": str(authority.trust_file)})


@pytest.fixture(scope="session")
def support_pack(shared_cli: Cli, authority: Authority) -> CompiledPack:
    """``engine-pack compile`` of examples/catalog/acme.support.yaml for the dev license."""
    out = shared_cli.cwd / "packs" / "acme.support.epack"
    result = shared_cli.ok(
        "compile",
        "--playbook",
        SUPPORT_PLAYBOOK,
        "--out",
        out,
        "--license",
        authority.licenses["dev"],
    )
    return CompiledPack(out, result)


@pytest.fixture(scope="session")
def authority_server(shared_cli: Cli) -> Iterator[Server]:
    """``engine-authority serve --catalog examples/catalog`` on a free port."""
    server = shared_cli.start("serve", "--catalog", CATALOG, "--port", "0", prog="engine-authority")
    try:
        yield server
    finally:
        code = server.stop()
        assert code == 0, f"engine-authority serve exited {code}: {server.stderr}"


@pytest.fixture
def invoke(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, authority: Authority
) -> Callable[..., InProcessResult]:
    """Run ``engine-pack`` in this process (Typer's CliRunner) with a clean environment.

    No ENGINE_* variable but ENGINE_AUTHORITY_KEYS (the test authority), HOME and
    the working directory in a temporary folder; ``env`` adds variables.
    """
    for name in [name for name in os.environ if name.startswith("ENGINE_")]:
        monkeypatch.delenv(name)
    home, work = tmp_path / "in-home", tmp_path / "in-work"
    home.mkdir()
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", str(authority.trust_file))
    monkeypatch.chdir(work)

    def run(*args: str | os.PathLike[str], env: dict[str, str] | None = None) -> InProcessResult:
        for name, value in (env or {}).items():
            monkeypatch.setenv(name, value)
        result = CliRunner().invoke(app, [str(arg) for arg in args], terminal_width=200)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        check_output(result.stdout, result.stderr)
        return InProcessResult(result.exit_code, result.stdout, result.stderr)

    return run
