"""--version, --help, usage errors (exit 2) and `plugins`."""

from __future__ import annotations

import pytest
from cli_support import Cli
from typer.testing import CliRunner

from engine_cli.authority.main import app as authority_app
from engine_cli.main import app
from engine_core.version import RUNTIME_VERSION, __version__

COMMANDS = {
    "inspect-license": ["--json"],
    "compile": ["--playbook", "--out", "--license", "--remote", "--url"],
    "run": ["--pack", "--builtin", "--text", "--license"],
    "catalog": ["--license", "--url", "--json"],
    "download-pack": ["--pack-id", "--out", "--license", "--url"],
    "serve": ["--pack", "--builtin", "--host", "--port", "--token", "--license", "--workers"],
    "plugins": ["--all", "--json"],
}
AUTHORITY_COMMANDS = {
    "init": ["--dir", "--force"],
    "issue-license": ["--out", "--organization", "--org-id", "--contact-email", "--pack"],
    "issue-key": ["--pack", "--tier", "--key-id", "--days", "--key"],
    "serve": ["--catalog", "--host", "--port", "--trust", "--ssl-certfile", "--ssl-keyfile"],
}


def test_version_from_both_program_names(cli: Cli) -> None:
    expected = f"engine-pack {__version__} (runtime {RUNTIME_VERSION})"
    assert cli.ok("--version").stdout.strip() == expected
    assert cli.ok("--version", prog="engine").stdout.strip() == expected


def test_global_help_lists_every_command(cli: Cli) -> None:
    out = cli.ok("--help").stdout
    assert "Usage: engine-pack" in out
    for command in COMMANDS:
        assert command in out
    out = cli.ok("--help", prog="engine-authority").stdout
    for command in AUTHORITY_COMMANDS:
        assert command in out


@pytest.mark.parametrize(("command", "options"), COMMANDS.items())
def test_help_per_command(command: str, options: list[str]) -> None:
    result = CliRunner().invoke(app, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout
    for option in options:
        assert option in result.stdout


@pytest.mark.parametrize(("command", "options"), AUTHORITY_COMMANDS.items())
def test_help_per_authority_command(command: str, options: list[str]) -> None:
    result = CliRunner().invoke(authority_app, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    for option in options:
        assert option in result.stdout


# --- exit 2: usage errors ------------------------------------------------------------------


def test_no_command_is_a_usage_error(cli: Cli) -> None:
    result = cli.run()
    assert result.returncode == 2, str(result)
    assert "Usage: engine-pack" in result.stdout + result.stderr


def test_unknown_command_is_a_usage_error(cli: Cli) -> None:
    result = cli.run("frobnicate")
    assert result.returncode == 2, str(result)
    assert "No such command 'frobnicate'" in result.stderr


def test_authority_without_command_is_a_usage_error() -> None:
    assert CliRunner().invoke(authority_app, []).exit_code == 2


USAGE_ERRORS = {
    "compile without --playbook": (["compile", "--out", "x.epack"], "--playbook"),
    "compile without --out": (["compile", "--playbook", "p.yaml"], "--out"),
    "run without --text": (["run", "--builtin"], "--text"),
    "download-pack without --pack-id": (["download-pack"], "--pack-id"),
    "run with neither --pack nor --builtin": (["run", "--text", "hi"], "--builtin"),
    "run with --builtin and --pack": (
        ["run", "--builtin", "--pack", "p.epack", "--text", "hi"],
        "exactly one of --pack or --builtin",
    ),
    "run with --builtin and --license": (
        ["run", "--builtin", "--license", "engine.lic", "--text", "hi"],
        "--license",
    ),
    "serve with neither --pack nor --builtin": (["serve"], "--builtin"),
    "serve with --builtin and --pack": (
        ["serve", "--builtin", "--pack", "p.epack"],
        "exactly one of --pack or --builtin",
    ),
    "serve with --builtin and --license": (
        ["serve", "--builtin", "--license", "engine.lic"],
        "--license",
    ),
    "unknown option": (["run", "--builtin", "--text", "hi", "--frob"], "--frob"),
    "scan with neither --pack nor --builtin": (["scan", "a.log", "--out", "o"], "--builtin"),
    "scan with --builtin and --pack": (
        ["scan", "a.log", "--out", "o", "--builtin", "--pack", "p.epack"],
        "exactly one of --pack or --builtin",
    ),
    "scan with --builtin and --license": (
        ["scan", "a.log", "--out", "o", "--builtin", "--license", "l"],
        "--license",
    ),
    "scan without --out": (["scan", "a.log", "--builtin"], "--out"),
    "scan without an input": (["scan", "--out", "o", "--builtin"], "'inputs'"),
    "scan with an unknown format": (["scan", "a", "--out", "o", "--format", "xml"], "--format"),
    "scan with an unknown --on-block": (["scan", "a", "--out", "o", "--on-block", "x"], "on-block"),
    "scan with no workers": (["scan", "a", "--out", "o", "--workers", "0"], "--workers"),
    "scan sizing a running cluster": (
        ["scan", "a", "--out", "o", "--builtin", "--dask", "tcp://127.0.0.1:1", "--workers", "2"],
        "--workers sizes a local cluster",
    ),
}


@pytest.mark.parametrize(("args", "mentions"), USAGE_ERRORS.values(), ids=USAGE_ERRORS.keys())
def test_usage_errors_exit_2(args: list[str], mentions: str) -> None:
    result = CliRunner().invoke(app, args, terminal_width=200)
    assert result.exit_code == 2, result.output
    assert mentions in result.stderr
    assert result.stdout == ""


def test_builtin_with_pack_exits_2_in_a_subprocess(cli: Cli) -> None:
    result = cli.run("serve", "--builtin", "--pack", "p.epack")
    assert result.returncode == 2, str(result)
    assert "exactly one of --pack or --builtin" in result.stderr
    assert result.stdout == ""


# --- plugins ----------------------------------------------------------------------------------


def test_plugins_lists_third_party_plugins_only(cli: Cli) -> None:
    out = cli.ok("plugins").stdout
    assert "(built-in)" not in out
    assert "engine_plugins.rule_types" not in out
    assert out.strip()  # the sample keyword plugin, or the "no third-party plugins" line


def test_plugins_all_includes_the_builtins(cli: Cli) -> None:
    out = cli.ok("plugins", "--all").stdout
    for name in ("rule_types", "remedies", "decision_domains", "builtin_pack"):
        assert f"{name} (built-in)" in out
    assert "builtin_packs: builtin.data_protection" in out
    assert "regex" in out


def test_plugins_json() -> None:
    result = CliRunner().invoke(app, ["plugins", "--all", "--json"])
    assert result.exit_code == 0, result.output
    import json

    listing = json.loads(result.stdout)
    builtin = {entry["name"] for entry in listing if entry["builtin"]}
    assert {"rule_types", "remedies", "decision_domains", "builtin_pack"} <= builtin
