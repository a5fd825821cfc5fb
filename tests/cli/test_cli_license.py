"""inspect-license, license resolution (its four steps), .env loading, license file modes."""

from __future__ import annotations

import json
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import SECRETS, Authority, Cli, InProcessResult, Result, register_secrets

Invoke = Callable[..., InProcessResult]


def license_id(path: Path) -> str:
    """The license_id of a license file."""
    return str(json.loads(path.read_text(encoding="utf-8"))["license_id"])


def inspected_id(result: Result) -> str:
    """The license ID an `inspect-license --json` run reported."""
    assert result.returncode == 0, str(result)
    return str(result.json()["license_id"])


def place(source: Path, target: Path) -> Path:
    """Copy a license file to ``target`` with mode 600."""
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    target.chmod(0o600)
    return target


# --- success -------------------------------------------------------------------------------


def test_inspect_license_text(cli: Cli, authority: Authority) -> None:
    dev = authority.licenses["dev"]
    out = cli.ok("inspect-license", dev).stdout
    assert f"License ID:         {license_id(dev)}" in out
    assert "Organization:       Acme Corp (acme)" in out
    assert "Contact:            dev@acme.example" in out
    assert "Tier:               DEVELOPER (Developer)" in out
    assert "Status:             ACTIVE (36" in out  # 364 or 365 days remaining
    assert "days remaining)" in out
    assert "Grace period:       14 days" in out
    assert "Licensed packs:     acme.*" in out
    assert "Licensed solvers:   solver.tcn.*, bin_packing.*" in out
    assert "Expires:" in out
    assert "Features:           none" in out
    assert "content_key" not in out


def test_inspect_license_json(cli: Cli, authority: Authority) -> None:
    dev = authority.licenses["dev"]
    report = cli.ok("inspect-license", "--json", dev).json()
    assert report["license_id"] == license_id(dev)
    assert report["organization"] == "Acme Corp"
    assert report["tier"] == "DEVELOPER"
    assert report["status"] == "ACTIVE"
    assert report["days_remaining"] in (364, 365)
    assert report["licensed_packs"] == ["acme.*"]
    assert report["grace_period_days"] == 14
    assert "content_key" not in json.dumps(report)
    assert "crypto" not in report


def test_inspect_license_in_grace_period(cli: Cli, authority: Authority) -> None:
    out = cli.ok("inspect-license", authority.licenses["grace"]).stdout
    assert "Status:             IN GRACE PERIOD" in out


def test_inspect_license_json_in_grace_period(invoke: Invoke, authority: Authority) -> None:
    result = invoke("inspect-license", "--json", authority.licenses["grace"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["status"] == "IN GRACE PERIOD"


def test_issued_license_file_has_mode_600(authority: Authority) -> None:
    mode = stat.S_IMODE(authority.licenses["dev"].stat().st_mode)
    assert mode == 0o600
    assert stat.S_IMODE(authority.key_file.stat().st_mode) == 0o600


def test_issue_license_replaces_a_shared_file_with_mode_600(cli: Cli, authority: Authority) -> None:
    target = cli.cwd / "engine.lic"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o644)
    cli.ok(
        "issue-license",
        "--out",
        target,
        "--organization",
        "Acme Corp",
        "--org-id",
        "acme",
        "--contact-email",
        "dev@acme.example",
        "--key",
        authority.key_file,
        prog="engine-authority",
    )
    register_secrets(target)  # no later output may hold its content key either
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_inspect_license_warns_about_a_shared_license_file(cli: Cli, authority: Authority) -> None:
    shared = place(authority.licenses["dev"], cli.cwd / "shared.lic")
    shared.chmod(0o640)
    result = cli.run("inspect-license", shared)
    assert result.returncode == 0, str(result)
    assert len(result.stderr_lines) == 1
    warning = result.stderr_lines[0]
    assert warning.startswith("Warning: ")
    assert "shared.lic" in warning
    assert "group or others" in warning
    assert "chmod 600" in warning
    assert license_id(shared) in result.stdout


# --- failures ----------------------------------------------------------------------------


def test_missing_license_file(cli: Cli) -> None:
    line = cli.fails("inspect-license", "nowhere.lic")
    assert "license file not found: nowhere.lic" in line


def test_no_license_file_provided(cli: Cli) -> None:
    line = cli.fails("inspect-license")
    assert "no license file provided" in line


def test_license_that_is_not_json(invoke: Invoke, tmp_path: Path) -> None:
    bad = tmp_path / "bad.lic"
    bad.write_text("{not json", encoding="utf-8")
    bad.chmod(0o600)
    assert "JSONDecodeError" in invoke("inspect-license", bad).error_line("inspect-license")


def test_license_without_a_section(invoke: Invoke, tmp_path: Path) -> None:
    bad = tmp_path / "empty.lic"
    bad.write_text("{}", encoding="utf-8")
    bad.chmod(0o600)
    line = invoke("inspect-license", bad).error_line("inspect-license")
    assert "KeyError: missing field 'identity'" in line


def test_tampered_license(cli: Cli, authority: Authority) -> None:
    line = cli.fails("inspect-license", authority.licenses["tampered"])
    assert "LicenseSignatureInvalidError" in line


def test_license_from_an_untrusted_authority(
    invoke: Invoke, authority: Authority, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ENGINE_AUTHORITY_KEYS")
    line = invoke("inspect-license", authority.licenses["dev"]).error_line("inspect-license")
    assert "LicenseSignatureInvalidError" in line


def test_license_signed_by_a_revoked_authority_key(cli: Cli, authority: Authority) -> None:
    line = cli.fails(
        "inspect-license",
        authority.licenses["dev"],
        env={"ENGINE_AUTHORITY_KEYS": authority.revoked_trust_file},
    )
    assert "LicenseRevokedAuthorityError" in line


def test_expired_license(cli: Cli, authority: Authority) -> None:
    line = cli.fails("inspect-license", authority.licenses["expired"])
    assert "LicenseExpiredError" in line
    assert "grace period ended" in line


def test_license_not_yet_valid(cli: Cli, authority: Authority) -> None:
    line = cli.fails("inspect-license", authority.licenses["future"])
    assert "LicenseNotYetValidError" in line


# --- resolution order: --license, ENGINE_LICENSE_FILE, ./engine.lic, ~/.engine/engine.lic --


@pytest.fixture
def everywhere(cli: Cli, authority: Authority) -> dict[str, Path]:
    """Put a different valid license at each of the four places of the resolution order."""
    return {
        "explicit": place(authority.licenses["dev"], cli.cwd / "explicit.lic"),
        "env": place(authority.licenses["other"], cli.cwd / "from-env.lic"),
        "cwd": place(authority.licenses["hr_only"], cli.cwd / "engine.lic"),
        "home": place(authority.licenses["grace"], cli.home / ".engine" / "engine.lic"),
    }


def test_resolution_step_1_explicit_path_wins(cli: Cli, everywhere: dict[str, Path]) -> None:
    result = cli.run(
        "inspect-license",
        "--json",
        everywhere["explicit"],
        env={"ENGINE_LICENSE_FILE": everywhere["env"]},
    )
    assert inspected_id(result) == license_id(everywhere["explicit"])


def test_resolution_step_1_missing_explicit_path_does_not_fall_back(
    cli: Cli, everywhere: dict[str, Path]
) -> None:
    line = cli.fails(
        "inspect-license", "missing.lic", env={"ENGINE_LICENSE_FILE": everywhere["env"]}
    )
    assert "license file not found: missing.lic" in line


def test_resolution_step_1_missing_license_option_does_not_fall_back(
    cli: Cli, everywhere: dict[str, Path]
) -> None:
    line = cli.fails(
        "run",
        "--pack",
        "any.epack",
        "--license",
        "missing.lic",
        "--text",
        "hi",
        env={"ENGINE_LICENSE_FILE": everywhere["env"]},
    )
    assert "license file not found: missing.lic" in line


def test_resolution_step_2_environment_variable(cli: Cli, everywhere: dict[str, Path]) -> None:
    result = cli.run("inspect-license", "--json", env={"ENGINE_LICENSE_FILE": everywhere["env"]})
    assert inspected_id(result) == license_id(everywhere["env"])


def test_resolution_step_3_working_directory(cli: Cli, everywhere: dict[str, Path]) -> None:
    assert inspected_id(cli.run("inspect-license", "--json")) == license_id(everywhere["cwd"])


def test_resolution_step_4_home(cli: Cli, everywhere: dict[str, Path]) -> None:
    everywhere["cwd"].unlink()
    assert inspected_id(cli.run("inspect-license", "--json")) == license_id(everywhere["home"])


def test_resolution_missing_environment_file_is_an_error(
    cli: Cli, everywhere: dict[str, Path]
) -> None:
    line = cli.fails("inspect-license", env={"ENGINE_LICENSE_FILE": cli.cwd / "gone.lic"})
    assert "ENGINE_LICENSE_FILE not found" in line


# --- .env ------------------------------------------------------------------------------------


def test_dotenv_in_the_working_directory_sets_the_license(cli: Cli, authority: Authority) -> None:
    dev = place(authority.licenses["dev"], cli.cwd / "licenses" / "dev.lic")
    (cli.cwd / ".env").write_text(f"ENGINE_LICENSE_FILE={dev}\n", encoding="utf-8")
    assert inspected_id(cli.run("inspect-license", "--json")) == license_id(dev)


def test_dotenv_loses_to_a_real_environment_variable(cli: Cli, authority: Authority) -> None:
    dev = place(authority.licenses["dev"], cli.cwd / "dev.lic")
    other = place(authority.licenses["other"], cli.cwd / "other.lic")
    (cli.cwd / ".env").write_text(f"ENGINE_LICENSE_FILE={dev}\n", encoding="utf-8")
    result = cli.run("inspect-license", "--json", env={"ENGINE_LICENSE_FILE": other})
    assert inspected_id(result) == license_id(other)


def test_dotenv_in_a_parent_folder_is_not_read(cli: Cli, authority: Authority) -> None:
    dev = place(authority.licenses["dev"], cli.cwd / "dev.lic")
    (cli.cwd / ".env").write_text(f"ENGINE_LICENSE_FILE={dev}\n", encoding="utf-8")
    child = cli.cwd / "child"
    child.mkdir()
    line = cli.fails("inspect-license", cwd=child)
    assert "no license file provided" in line


def test_no_output_ever_holds_a_content_key(authority: Authority) -> None:
    """Every run of this suite is checked (cli_support.check_output); this pins the set."""
    for path in authority.licenses.values():
        assert json.loads(path.read_text(encoding="utf-8"))["crypto"]["content_key"] in SECRETS
    assert authority.seed in SECRETS
