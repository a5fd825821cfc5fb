"""Choosing, entitling, limiting and counting solves; a third-party solver; missing backends."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import next_fit_plugin
import pytest
from solution_checks import check_packing
from solver_support import license_document, license_key

from engine_core import (
    DecisionDomainUnavailableError,
    DecisionInputError,
    DeveloperQuotaExceededError,
    Engine,
    LicenseEntitlementError,
    ServerConfigurationError,
    UnknownDecisionDomainError,
    hookimpl,
)
from engine_core.decisions import decision_functions
from engine_core.licensing.file_context import FileLicenseContext
from engine_core.licensing.license_file import load_license
from engine_core.registries import DecisionDomain, Solver
from engine_core.solvers.dispatch import SolverDispatcher

TCN = {"timepoints": ["a", "b"], "constraints": [{"from": "a", "to": "b", "min": 1}]}
PROGRAM = {"variables": [{"name": "x", "min": 0, "max": 3}], "objective": {"maximize": {"x": 1}}}
PACKING = {"items": [{"id": "a", "size": [2]}], "bin": {"capacity": [5]}}
ROUTING = {
    "vehicles": [{"id": 1, "start_index": 0, "end_index": 0}],
    "jobs": [{"id": 1, "location_index": 1}],
    "matrices": {"car": {"durations": [[0, 5], [5, 0]]}},
}
#: (domain, solver, problem) for every built-in solver.
CASES = [
    ("solve_constraints", "solver.tcn.basic", TCN),
    ("solve_constraints", "solver.cp.sat", PROGRAM),
    ("bin_packing", "bin_packing.ffd", PACKING),
    ("bin_packing", "bin_packing.cpsat", PACKING),
    ("vrp", "vrp.pyvrp", ROUTING),
]
#: What each tier's default licensed_solvers allow (the spec's globs).
ALLOWED = {
    "COMMUNITY": {"solver.tcn.basic"},
    "DEVELOPER": {"solver.tcn.basic", "bin_packing.ffd", "bin_packing.cpsat"},
    "ENTERPRISE": {solver for _, solver, _ in CASES},
}


def parameters(problem: Any, **extra: Any) -> dict[str, Any]:
    return {"problem": problem, "time_limit_ms": 100, **extra}


@pytest.mark.parametrize("tier", list(ALLOWED))
@pytest.mark.parametrize(("domain", "solver", "problem"), CASES)
def test_tier_defaults_decide_who_solves(
    engine_for: Callable[[str], Engine], tier: str, domain: str, solver: str, problem: Any
) -> None:
    engine = engine_for(tier)
    if solver in ALLOWED[tier]:
        result = engine.decide(domain, parameters(problem, solver=solver))
        assert result["solver"] == solver
        assert result["domain"] == domain
    else:
        with pytest.raises(LicenseEntitlementError, match=solver.replace(".", r"\.")):
            engine.decide(domain, parameters(problem, solver=solver))


def test_default_solver_is_the_first_the_license_allows(
    engine_for: Callable[[str], Engine],
) -> None:
    assert Engine().decide("solver", parameters(TCN))["solver"] == "solver.tcn.basic"
    developer = engine_for("DEVELOPER")
    assert developer.decide("packing", parameters(PACKING))["solver"] == "bin_packing.cpsat"
    with pytest.raises(LicenseEntitlementError, match="allows none of the solvers of domain 'vrp'"):
        developer.decide("fleet", parameters(ROUTING))


def test_license_file_globs_replace_the_tier_defaults(authority: str) -> None:
    document = license_document(
        authority, "DEVELOPER", licensed_solvers=["vrp.*", "bin_packing.ffd"]
    )
    license = FileLicenseContext(load_license(document))
    registries = Engine().registries
    packing = SolverDispatcher("bin_packing", preferred=("bin_packing.cpsat", "bin_packing.ffd"))
    assert packing.plan(registries, parameters(PACKING), license).solver.id == "bin_packing.ffd"
    routing = SolverDispatcher("vrp")
    assert routing.plan(registries, parameters(ROUTING), license).run()["status"] == "feasible"
    with pytest.raises(LicenseEntitlementError):
        SolverDispatcher("solve_constraints").plan(registries, parameters(TCN), license)


def test_unknown_solver_and_bad_parameters_list_every_problem() -> None:
    with pytest.raises(DecisionInputError) as caught:
        Engine().decide(
            "solver", {"problem": TCN, "time_limit_ms": 0, "seed": -1, "solver": 3, "limit": 1}
        )
    assert {tuple(problem["loc"]) for problem in caught.value.problems} == {
        ("parameters", "time_limit_ms"),
        ("parameters", "seed"),
        ("parameters", "solver"),
        ("parameters", "limit"),
    }
    with pytest.raises(DecisionInputError, match=r"unknown solver 'solver\.tcn\.fast'"):
        Engine().decide("solver", parameters(TCN, solver="solver.tcn.fast"))
    with pytest.raises(DecisionInputError, match="problem: is required"):
        Engine().decide("solver", {})


def test_time_limit_defaults_and_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Engine().decide("solver", {"problem": TCN})["time_limit_ms"] == 1000
    monkeypatch.setenv("ENGINE_SOLVE_TIME_LIMIT_MS", "250")
    assert Engine().decide("solver", parameters(TCN, time_limit_ms=60_000))["time_limit_ms"] == 250
    monkeypatch.setenv("ENGINE_SOLVE_TIME_LIMIT_MS", "soon")
    with pytest.raises(ServerConfigurationError, match="ENGINE_SOLVE_TIME_LIMIT_MS"):
        Engine().decide("solver", parameters(TCN))


def test_each_solve_counts_one_decision_and_a_malformed_one_none(authority: str) -> None:
    engine = Engine(license_key=license_key(authority, "DEVELOPER", max_decisions_per_minute=2))
    with pytest.raises(DecisionInputError):
        engine.decide("packing", parameters({"items": []}))
    engine.decide("packing", parameters(PACKING))
    engine.decide("solver", parameters(TCN))
    with pytest.raises(DeveloperQuotaExceededError):
        engine.decide("packing", parameters(PACKING))


def test_unknown_domain_and_evaluate_through_decide() -> None:
    with pytest.raises(UnknownDecisionDomainError, match="teleport"):
        Engine().decide("teleport", {})
    assert (
        Engine().decide("pii", {"text": "mail jane@example.com"})["action"] == "redact_and_permit"
    )
    with pytest.raises(DecisionInputError):
        Engine().decide("solver", "not an object")  # type: ignore[arg-type]


def exotic_solver(solver_id: str, domain: str) -> Solver:
    """A solver whose backend is not installed."""
    return Solver(
        id=solver_id,
        domain=domain,
        prepare=dict,
        solve=next_fit_plugin.next_fit,
        requires=("no_such_exotic_backend",),
    )


MISSING_BACKEND = types.SimpleNamespace(
    engine_register_solvers=hookimpl(lambda register: register(exotic_solver("vrp.quantum", "vrp")))
)


def test_a_third_party_solver_joins_a_domain(
    plugin_manager: Any, register_plugin: Callable[..., object], authority: str
) -> None:
    register_plugin(next_fit_plugin, name="next_fit")
    engine = Engine(license_key=license_key(authority, "DEVELOPER"))  # bin_packing.* allowed
    problem = {
        "items": [{"id": i, "size": [size]} for i, size in enumerate([6, 5, 4])],
        "bin": {"capacity": [10]},
    }
    result = engine.decide("packing", parameters(problem, solver="bin_packing.next_fit"))
    assert result["solver"] == "bin_packing.next_fit"
    assert result["objective"] == 2  # next fit: [6] then [5, 4]
    check_packing(problem, result["solution"])
    with pytest.raises(DecisionInputError):  # the domain's own reader lists the problems
        engine.decide("packing", parameters({"items": []}, solver="bin_packing.next_fit"))
    # The built-in preferences still come first by default.
    assert engine.decide("packing", parameters(PACKING))["solver"] == "bin_packing.cpsat"


def test_a_solver_whose_backend_is_missing_is_501(
    plugin_manager: Any, register_plugin: Callable[..., object], authority: str
) -> None:
    register_plugin(MISSING_BACKEND, name="quantum")
    engine = Engine(license_key=license_key(authority, "ENTERPRISE"))
    with pytest.raises(DecisionDomainUnavailableError, match="no_such_exotic_backend"):
        engine.decide("vrp", parameters(ROUTING, solver="vrp.quantum"))
    assert engine.decide("vrp", parameters(ROUTING))["solver"] == "vrp.pyvrp"


def test_domains_are_listed_only_with_an_installed_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine_core.plugins import get_registries, make_plugin_manager

    assert decision_functions(Engine().registries) == [
        "evaluate",
        "solve_constraints",
        "bin_packing",
        "vrp",
    ]
    monkeypatch.setenv("ENGINE_BLOCKED_PLUGINS", "solvers")
    bare = get_registries(make_plugin_manager())
    assert decision_functions(bare) == ["evaluate"]


ROUTING_ONLY = types.SimpleNamespace(
    engine_register_decision_domains=hookimpl(
        lambda register: register(
            DecisionDomain(name="timetabling", run=SolverDispatcher("timetabling"))
        )
    ),
    engine_register_solvers=hookimpl(
        lambda register: register(exotic_solver("timetabling.exotic", "timetabling"))
    ),
)


def test_a_domain_whose_backends_are_all_missing_is_hidden_and_501(
    plugin_manager: Any, register_plugin: Callable[..., object]
) -> None:
    register_plugin(ROUTING_ONLY, name="timetabling")
    engine = Engine()
    assert "timetabling" not in decision_functions(engine.registries)
    with pytest.raises(DecisionDomainUnavailableError, match="no solver installed"):
        engine.decide("timetabling", parameters({}))
