"""solver.cp.sat: values satisfy every constraint (checked here), optimal matches brute force."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solution_checks import check_program, linear_value, objective_value

from engine_core import DecisionInputError, Engine

NAMES = ["x", "y", "z"]


def solve(engine: Engine, problem: dict[str, Any], **parameters: Any) -> dict[str, Any]:
    # Tiny programs: CP-SAT answers at once; the limit only guards a loaded machine.
    parameters = {"solver": "solver.cp.sat", "time_limit_ms": 10_000, **parameters}
    return engine.decide("solve_constraints", {"problem": problem, **parameters})


def brute_force(problem: dict[str, Any]) -> list[dict[str, int]]:
    """Every assignment of the (tiny) program that satisfies its constraints."""
    ranges = [range(var["min"], var["max"] + 1) for var in problem["variables"]]
    found = []
    for combination in itertools.product(*ranges):
        values = dict(zip((var["name"] for var in problem["variables"]), combination, strict=True))
        try:
            check_program(problem, values)
        except AssertionError:
            continue
        found.append(values)
    return found


@st.composite
def programs(draw: st.DrawFn) -> dict[str, Any]:
    variables = [
        {"name": name, "min": low, "max": low + draw(st.integers(0, 4))}
        for name in NAMES
        for low in [draw(st.integers(-3, 3))]
    ]
    coefficient = st.integers(-4, 4)
    constraints: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["linear", "all_different", "no_overlap"]))
        chosen = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
        if kind == "linear":
            constraints.append(
                {
                    "linear": {name: draw(coefficient) for name in chosen},
                    "op": draw(st.sampled_from(["<=", ">=", "==", "!="])),
                    "rhs": draw(st.integers(-8, 8)),
                }
            )
        elif kind == "all_different":
            constraints.append({"all_different": chosen})
        else:
            tasks = [{"start": name, "duration": draw(st.integers(0, 3))} for name in chosen]
            constraints.append({"no_overlap": tasks})
    sense = draw(st.sampled_from(["minimize", "maximize"]))
    objective = {sense: {name: draw(coefficient) for name in NAMES}}
    return {"variables": variables, "constraints": constraints, "objective": objective}


@settings(max_examples=40)
@given(programs())
def test_optimal_like_brute_force(enterprise: Engine, problem: dict[str, Any]) -> None:
    result = solve(enterprise, problem)
    feasible = brute_force(problem)
    if not feasible:
        assert result["status"] == "infeasible"
        assert result["solution"] is None
        return
    assert result["status"] == "optimal"
    values = result["solution"]["values"]
    check_program(problem, values)
    assert result["objective"] == objective_value(problem, values)
    ((sense, terms),) = problem["objective"].items()
    best = (min if sense == "minimize" else max)(linear_value(terms, v) for v in feasible)
    assert result["objective"] == best == result["bound"]


def test_scheduling_with_variable_durations(enterprise: Engine) -> None:
    problem = {
        "variables": [
            {"name": "a", "min": 0, "max": 20},
            {"name": "b", "min": 0, "max": 20},
            {"name": "c", "min": 0, "max": 20},
            {"name": "d_c", "min": 2, "max": 5},
            {"name": "makespan", "min": 0, "max": 40},
        ],
        "constraints": [
            {
                "no_overlap": [
                    {"start": "a", "duration": 4},
                    {"start": "b", "duration": 3},
                    {"start": "c", "duration": "d_c"},
                ]
            },
            {"linear": {"makespan": 1, "a": -1}, "op": ">=", "rhs": 4},
            {"linear": {"makespan": 1, "b": -1}, "op": ">=", "rhs": 3},
            {"linear": {"makespan": 1, "c": -1, "d_c": -1}, "op": ">=", "rhs": 0},
        ],
        "objective": {"minimize": {"makespan": 1}},
    }
    result = solve(enterprise, problem)
    assert result["status"] == "optimal"
    check_program(problem, result["solution"]["values"])
    assert result["objective"] == 9


def test_satisfaction_problem_without_objective(enterprise: Engine) -> None:
    problem = {
        "variables": [{"name": n, "min": 1, "max": 3} for n in NAMES],
        "constraints": [{"all_different": NAMES}, {"linear": {"x": 1}, "op": "==", "rhs": 3}],
    }
    result = solve(enterprise, problem)
    assert result["status"] == "optimal"
    assert result["objective"] is None
    assert result["bound"] is None
    check_program(problem, result["solution"]["values"])


def test_infeasible_program_is_a_result(enterprise: Engine) -> None:
    problem = {
        "variables": [{"name": n, "min": 0, "max": 1} for n in NAMES],
        "constraints": [{"all_different": NAMES}],
    }
    result = solve(enterprise, problem)
    assert (result["status"], result["solution"]) == ("infeasible", None)


def test_malformed_program_lists_every_problem(enterprise: Engine) -> None:
    problem = {
        "variables": [
            {"name": "x", "min": 0, "max": 5},
            {"name": "x", "min": 0, "max": 5},
            {"name": "y", "min": 4, "max": 1},
            {"name": "z", "min": 0},
        ],
        "constraints": [
            {"linear": {"x": 1, "w": 2}, "op": "<", "rhs": 1.5},
            {"all_different": ["x"], "linear": {"x": 1}},
            {"no_overlap": [{"start": "x", "duration": -1}]},
        ],
        "objective": {"minimize": {"x": 1}, "maximize": {"x": 1}},
    }
    with pytest.raises(DecisionInputError) as caught:
        solve(enterprise, problem)
    root = ("parameters", "problem")
    assert {tuple(problem["loc"]) for problem in caught.value.problems} == {
        (*root, "variables", 1, "name"),
        (*root, "variables", 2),
        (*root, "variables", 3, "max"),
        (*root, "constraints", 0, "linear", "w"),
        (*root, "constraints", 0, "op"),
        (*root, "constraints", 0, "rhs"),
        (*root, "constraints", 1),
        (*root, "constraints", 2, "no_overlap", 0, "duration"),
        (*root, "objective"),
    }
