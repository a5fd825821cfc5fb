"""solver.tcn.basic: simple temporal networks, checked against Floyd-Warshall (in the tests)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solution_checks import check_negative_cycle, check_tcn_times, tcn_consistent

from engine_core import DecisionInputError, Engine
from engine_plugins.solvers import tcn

COMMUNITY = Engine()


def solve(problem: dict[str, Any], **parameters: Any) -> dict[str, Any]:
    return COMMUNITY.decide("solve_constraints", {"problem": problem, **parameters})


@st.composite
def networks(draw: st.DrawFn, numbers: st.SearchStrategy[Any] | None = None) -> dict[str, Any]:
    count = draw(st.integers(1, 7))
    names = [f"t{index}" for index in range(count)]
    bound = st.integers(-15, 30) if numbers is None else numbers
    constraints = []
    for _ in range(draw(st.integers(0, 12))):
        constraint: dict[str, Any] = {
            "from": draw(st.sampled_from(names)),
            "to": draw(st.sampled_from(names)),
        }
        low, high = draw(st.one_of(st.none(), bound)), draw(st.one_of(st.none(), bound))
        if low is None and high is None:
            high = draw(bound)
        if low is not None:
            constraint["min"] = low
        if high is not None:
            constraint["max"] = high
        constraints.append(constraint)
    return {"timepoints": names, "constraints": constraints}


@given(networks())
def test_decides_like_floyd_warshall(problem: dict[str, Any]) -> None:
    result = solve(problem)
    solution = result["solution"]
    assert result["solver"] == "solver.tcn.basic"
    if tcn_consistent(problem):
        assert result["status"] == "optimal"
        assert solution["consistent"] is True
        assert solution["conflict"] == []
        check_tcn_times(problem, solution)
    else:
        assert result["status"] == "infeasible"
        assert solution["consistent"] is False
        check_negative_cycle(problem, solution["conflict"])


@given(networks(st.integers(-150, 300).map(lambda tenths: tenths / 10)))
def test_decimal_bounds_decide_like_floyd_warshall(problem: dict[str, Any]) -> None:
    result = solve(problem)
    if tcn_consistent(problem):
        assert result["status"] == "optimal"
        check_tcn_times(problem, result["solution"])
    else:
        assert result["status"] == "infeasible"
        check_negative_cycle(problem, result["solution"]["conflict"])


def test_times_are_relative_to_the_first_timepoint() -> None:
    problem = {
        "timepoints": ["start", "load", "drive", "unconnected"],
        "constraints": [
            {"from": "start", "to": "load", "min": 10, "max": 20},
            {"from": "load", "to": "drive", "min": 30},
        ],
    }
    solution = solve(problem)["solution"]
    assert solution["earliest"] == {"start": 0, "load": 10, "drive": 40, "unconnected": None}
    assert solution["latest"] == {"start": 0, "load": 20, "drive": None, "unconnected": None}


def test_inconsistent_network_answers_a_negative_cycle() -> None:
    problem = {
        "timepoints": ["a", "b", "c"],
        "constraints": [
            {"from": "a", "to": "b", "min": 5, "max": 10},
            {"from": "b", "to": "c", "min": 3},
            {"from": "a", "to": "c", "max": 7},
            {"from": "a", "to": "c", "min": 0},
        ],
    }
    result = solve(problem)
    assert result["status"] == "infeasible"
    assert set(result["solution"]["conflict"]) == {0, 1, 2}
    check_negative_cycle(problem, result["solution"]["conflict"])


def test_long_chain_is_decided() -> None:
    count = 3000
    names = [f"n{index}" for index in range(count)]
    constraints = [
        {"from": names[index], "to": names[index + 1], "min": 1, "max": 2}
        for index in range(count - 1)
    ]
    solution = solve({"timepoints": names, "constraints": constraints})["solution"]
    assert solution["earliest"][names[-1]] == count - 1
    assert solution["latest"][names[-1]] == 2 * (count - 1)
    constraints.append({"from": names[-1], "to": names[0], "min": 0})  # closes a positive loop
    looped = solve({"timepoints": names, "constraints": constraints})
    assert looped["status"] == "infeasible"
    assert len(looped["solution"]["conflict"]) == count


def test_malformed_network_lists_every_problem() -> None:
    problem = {
        "timepoints": ["a", "a", 3],
        "constraints": [
            {"from": "a", "to": "zz", "min": "five"},
            {"from": "a", "to": "a"},
            {"from": "a", "to": "a", "max": 1, "weight": 2},
        ],
    }
    with pytest.raises(DecisionInputError) as caught:
        solve(problem)
    locations = {tuple(problem["loc"]) for problem in caught.value.problems}
    root = ("parameters", "problem")
    assert locations == {
        (*root, "timepoints", 1),
        (*root, "timepoints", 2),
        (*root, "constraints", 0, "to"),
        (*root, "constraints", 0, "min"),
        (*root, "constraints", 1),
        (*root, "constraints", 2, "weight"),
    }


def test_size_limit_is_named() -> None:
    names = [f"t{index}" for index in range(tcn.MAX_TIMEPOINTS + 1)]
    with pytest.raises(DecisionInputError) as caught:
        solve({"timepoints": names, "constraints": []})
    assert f"over the limit of {tcn.MAX_TIMEPOINTS}" in str(caught.value)


@pytest.mark.parametrize(
    "problem",
    [None, [], {"timepoints": []}, {"timepoints": [], "constraints": []}, {"constraints": []}],
)
def test_missing_or_empty_parts_are_problems(problem: Any) -> None:
    with pytest.raises(DecisionInputError):
        solve(problem)
