"""bin_packing.ffd and bin_packing.cpsat: every packing checked here, optima by brute force."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solution_checks import brute_force_bins, check_packing

from engine_core import DecisionInputError, Engine
from engine_plugins.solvers import bin_packing_problem

SOLVERS = ["bin_packing.ffd", "bin_packing.cpsat"]
#: First fit decreasing needs 3 bins (6+3, 5+2+2, 2); 2 are enough (6+2+2, 5+3+2).
FIRST_FIT_TRAP: dict[str, Any] = {
    "items": [
        {"id": "six", "size": [6]},
        {"id": "five", "size": [5]},
        {"id": "three", "size": [3]},
        {"id": "two", "size": [2], "quantity": 3},
    ],
    "bin": {"capacity": [10]},
}


def pack(engine: Engine, problem: dict[str, Any], **parameters: Any) -> dict[str, Any]:
    # Small problems: CP-SAT proves them at once; the limit only guards a loaded machine.
    return engine.decide("bin_packing", {"problem": problem, "time_limit_ms": 10_000, **parameters})


@st.composite
def one_dimensional(draw: st.DrawFn) -> dict[str, Any]:
    capacity = draw(st.integers(5, 20))
    sizes = draw(st.lists(st.integers(1, capacity + 3), min_size=1, max_size=8))
    items = [
        {"id": f"i{index}", "size": [size], "quantity": draw(st.integers(1, 2))}
        for index, size in enumerate(sizes)
    ]
    return {"items": items, "bin": {"capacity": [capacity]}}


@settings(max_examples=30)
@given(one_dimensional())
def test_cpsat_is_optimal_like_brute_force(enterprise: Engine, problem: dict[str, Any]) -> None:
    result = pack(enterprise, problem, solver="bin_packing.cpsat")
    check_packing(problem, result["solution"])
    capacity = problem["bin"]["capacity"][0]
    packable = [
        item["size"][0]
        for item in problem["items"]
        for _ in range(item["quantity"])
        if item["size"][0] <= capacity
    ]
    assert result["status"] == "optimal"
    assert result["objective"] == result["bound"] == brute_force_bins(packable, capacity)


@settings(max_examples=40)
@given(
    st.integers(1, 3).flatmap(
        lambda dims: st.fixed_dictionaries(
            {
                "bin": st.fixed_dictionaries(
                    {"capacity": st.lists(st.integers(5, 30), min_size=dims, max_size=dims)}
                ),
                "items": st.lists(
                    st.fixed_dictionaries(
                        {
                            "size": st.lists(st.integers(0, 32), min_size=dims, max_size=dims),
                            "quantity": st.integers(1, 4),
                        }
                    ),
                    min_size=1,
                    max_size=12,
                ),
            }
        )
    )
)
def test_ffd_packs_every_item_once_within_capacity(
    enterprise: Engine, problem: dict[str, Any]
) -> None:
    for index, item in enumerate(problem["items"]):
        item["id"] = index
    result = pack(enterprise, problem, solver="bin_packing.ffd")
    check_packing(problem, result["solution"])
    assert result["bound"] <= result["objective"] == result["solution"]["bins_used"]
    assert result["status"] == ("optimal" if result["bound"] == result["objective"] else "feasible")


def test_default_solver_is_cpsat_when_licensed_else_ffd(engine_for: Any) -> None:
    problem = {"items": [{"id": "a", "size": [3]}], "bin": {"capacity": [5]}}
    assert pack(engine_for("ENTERPRISE"), problem)["solver"] == "bin_packing.cpsat"
    assert pack(engine_for("DEVELOPER"), problem)["solver"] == "bin_packing.cpsat"


def test_multi_dimensional_quantities_and_oversize(enterprise: Engine) -> None:
    problem = {
        "items": [
            {"id": "crate", "size": [40, 10], "quantity": 3},
            {"id": "pallet", "size": [60, 80], "quantity": 2},
            {"id": "tall", "size": [10, 101]},
        ],
        "bin": {"capacity": [100, 100]},
    }
    for solver in SOLVERS:
        result = pack(enterprise, problem, solver=solver)
        check_packing(problem, result["solution"])
        assert result["solution"]["unassigned"] == ["tall"]
        assert result["objective"] == 3


def test_cpsat_beats_first_fit_and_proves_it(enterprise: Engine) -> None:
    problem = FIRST_FIT_TRAP
    ffd = pack(enterprise, problem, solver="bin_packing.ffd")
    exact = pack(enterprise, problem, solver="bin_packing.cpsat")
    check_packing(problem, exact["solution"])
    assert ffd["objective"] == 3
    assert ffd["status"] == "feasible"
    assert (exact["status"], exact["objective"], exact["bound"]) == ("optimal", 2, 2)


@pytest.mark.parametrize("solver", SOLVERS)
def test_too_few_bins_is_infeasible(enterprise: Engine, solver: str) -> None:
    problem = {
        "items": [{"id": "a", "size": [7], "quantity": 3}],
        "bin": {"capacity": [10]},
        "max_bins": 2,
    }
    result = pack(enterprise, problem, solver=solver)
    assert (result["status"], result["solution"]) == ("infeasible", None)


def test_max_bins_cpsat_finds_what_first_fit_misses(enterprise: Engine) -> None:
    problem = {**FIRST_FIT_TRAP, "max_bins": 2}
    assert pack(enterprise, problem, solver="bin_packing.ffd")["status"] == "unknown"
    result = pack(enterprise, problem, solver="bin_packing.cpsat")
    assert result["status"] == "optimal"
    check_packing(problem, result["solution"])


def test_decimal_sizes_need_first_fit(enterprise: Engine) -> None:
    problem = {"items": [{"id": "a", "size": [0.6], "quantity": 3}], "bin": {"capacity": [1.5]}}
    result = pack(enterprise, problem, solver="bin_packing.ffd")
    check_packing(problem, result["solution"])
    assert result["objective"] == 2
    with pytest.raises(DecisionInputError, match="integer sizes"):
        pack(enterprise, problem, solver="bin_packing.cpsat")


def test_malformed_problem_lists_every_problem(enterprise: Engine) -> None:
    problem = {
        "items": [
            {"id": "a", "size": [1, 2]},
            {"id": "a", "size": [-1]},
            {"id": True, "size": [1], "quantity": 0},
            {"size": [1]},
        ],
        "bin": {"capacity": [0]},
        "max_bins": 0,
        "extra": 1,
    }
    with pytest.raises(DecisionInputError) as caught:
        pack(enterprise, problem)
    root = ("parameters", "problem")
    assert {tuple(problem["loc"]) for problem in caught.value.problems} == {
        (*root, "extra"),
        (*root, "bin", "capacity", 0),
        (*root, "max_bins"),
        (*root, "items", 1, "id"),
        (*root, "items", 1, "size", 0),
        (*root, "items", 2, "id"),
        (*root, "items", 2, "quantity"),
        (*root, "items", 3, "id"),
    }


def test_total_item_limit_is_named(enterprise: Engine) -> None:
    limit = bin_packing_problem.MAX_TOTAL_ITEMS
    problem = {
        "items": [{"id": "a", "size": [1], "quantity": limit}, {"id": "b", "size": [1]}],
        "bin": {"capacity": [5]},
    }
    with pytest.raises(DecisionInputError, match=f"over the limit of {limit}"):
        pack(enterprise, problem, solver="bin_packing.ffd")


def test_lower_bound_is_martello_toth(enterprise: Engine) -> None:
    # Sum bound: ceil(3 * 51 / 100) = 2, but no two items of 51 share a bin: 3.
    problem = {"items": [{"id": "a", "size": [51], "quantity": 3}], "bin": {"capacity": [100]}}
    result = pack(enterprise, problem, solver="bin_packing.ffd")
    assert result["solution"]["lower_bound"] == 3
    assert result["status"] == "optimal"
