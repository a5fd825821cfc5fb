"""`engine-pack solve` as a subprocess: results as JSON, entitlements, every error as exit 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_support import SUPPORT_PLAYBOOK, Authority, Cli

TCN = {"timepoints": ["a", "b"], "constraints": [{"from": "a", "to": "b", "min": 3, "max": 5}]}
ROUTING = {
    "vehicles": [{"id": 1, "start_index": 0, "end_index": 0, "capacity": [2]}],
    "jobs": [{"id": job, "location_index": job, "delivery": [1]} for job in (1, 2)],
    "matrices": {"car": {"durations": [[0, 10, 20], [10, 0, 10], [20, 10, 0]]}},
}
PACKING = {"items": [{"id": "a", "size": [3], "quantity": 3}], "bin": {"capacity": [6]}}


def problem_file(cli: Cli, name: str, problem: Any) -> Path:
    path = cli.cwd / f"{name}.json"
    path.write_text(json.dumps(problem), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def enterprise(authority: Authority, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """An ENTERPRISE license and a pack compiled for it (the license in effect with --pack)."""
    license = authority.issue(
        "enterprise", tier="ENTERPRISE", organization="Big Corp", licensed_packs=["acme.*"]
    )
    work = tmp_path_factory.mktemp("enterprise")
    cli = Cli(work, work, {"ENGINE_AUTHORITY_KEYS": str(authority.trust_file)})
    pack = work / "support.epack"
    cli.ok("compile", "--playbook", SUPPORT_PLAYBOOK, "--out", pack, "--license", license)
    return pack, license


def test_builtin_solves_a_temporal_network(cli: Cli) -> None:
    result = cli.ok(
        "solve", "solver", "--problem", problem_file(cli, "tcn", TCN), "--builtin"
    ).json()
    assert (result["solver"], result["status"]) == ("solver.tcn.basic", "optimal")
    assert result["solution"]["latest"] == {"a": 0, "b": 5}


def test_infeasible_is_exit_0(cli: Cli) -> None:
    looped = {
        "timepoints": ["a", "b"],
        "constraints": [{"from": "a", "to": "b", "min": 3, "max": 2}],
    }
    result = cli.ok("solve", "solver", "--problem", problem_file(cli, "loop", looped), "--builtin")
    assert result.json()["status"] == "infeasible"


def test_community_license_refuses_other_solvers(cli: Cli) -> None:
    line = cli.fails("solve", "vrp", "--problem", problem_file(cli, "vrp", ROUTING), "--builtin")
    assert "LicenseEntitlementError" in line
    assert "licensed_solvers" in line


def test_pack_license_is_in_effect(cli: Cli, enterprise: tuple[Path, Path]) -> None:
    pack, license = enterprise
    arguments = ["--pack", pack, "--license", license, "--time-limit", "200", "--seed", "3"]
    routing = cli.ok("solve", "fleet", "--problem", problem_file(cli, "vrp", ROUTING), *arguments)
    answer = routing.json()
    assert answer["solver"] == "vrp.pyvrp"
    assert answer["time_limit_ms"] == 200
    assert answer["solution"]["summary"]["unassigned"] == 0
    packing = cli.ok(
        "solve",
        "packing",
        "--problem",
        problem_file(cli, "packing", PACKING),
        "--solver",
        "bin_packing.ffd",
        *arguments,
    ).json()
    assert (packing["solver"], packing["objective"]) == ("bin_packing.ffd", 2)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({"timepoints": [], "constraints": [{"to": "a"}]}), "DecisionInputError"),
    ],
)
def test_bad_problem_files_are_one_error_line(cli: Cli, content: str, needle: str) -> None:
    path = cli.cwd / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert needle in cli.fails("solve", "solver", "--problem", path, "--builtin")


def test_missing_problem_file_and_unknown_domain(cli: Cli) -> None:
    assert "problem file not found" in cli.fails(
        "solve", "solver", "--problem", cli.cwd / "nope.json", "--builtin"
    )
    problem = problem_file(cli, "tcn", TCN)
    assert "teleport" in cli.fails("solve", "teleport", "--problem", problem, "--builtin")


def test_usage_errors_exit_2(cli: Cli) -> None:
    problem = problem_file(cli, "tcn", TCN)
    assert cli.run("solve", "solver", "--problem", problem).returncode == 2
    assert cli.run("solve", "solver", "--builtin").returncode == 2
    assert (
        cli.run(
            "solve", "solver", "--problem", problem, "--builtin", "--time-limit", "0"
        ).returncode
        == 2
    )
