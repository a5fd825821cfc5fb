"""vrp.pyvrp: VROOM-format problems; every answer checked against the input here."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solution_checks import check_vrp

from engine_core import DecisionInputError, Engine

LINE = [[abs(i - j) * 100 for j in range(8)] for i in range(8)]


def route(engine: Engine, problem: dict[str, Any], limit_ms: int = 200) -> dict[str, Any]:
    result = engine.decide("vrp", {"problem": problem, "time_limit_ms": limit_ms, "seed": 7})
    assert result["solver"] == "vrp.pyvrp"
    assert result["status"] == "feasible"
    answer = result["solution"]
    check_vrp(problem, answer)
    assert result["objective"] == answer["summary"]["cost"]
    return answer


def line_problem(**vehicle: Any) -> dict[str, Any]:
    return {
        "vehicles": [{"id": 1, "start_index": 0, "end_index": 0, **vehicle}],
        "jobs": [{"id": index, "location_index": index} for index in range(1, 8)],
        "matrices": {"car": {"durations": LINE}},
    }


def test_matrix_problem_is_solved_optimally_small(enterprise: Engine) -> None:
    answer = route(enterprise, line_problem())
    assert answer["summary"]["cost"] == 1400  # out to 7 and back
    assert answer["unassigned"] == []
    assert [step["type"] for step in answer["routes"][0]["steps"]] == ["start", *["job"] * 7, "end"]


def test_capacities_and_time_windows(enterprise: Engine) -> None:
    problem = {
        "vehicles": [
            {
                "id": 10,
                "start_index": 0,
                "end_index": 0,
                "capacity": [3, 10],
                "time_window": [0, 5000],
            },
            {
                "id": 11,
                "start_index": 0,
                "end_index": 0,
                "capacity": [3, 10],
                "time_window": [0, 5000],
            },
        ],
        "jobs": [
            {
                "id": 1,
                "location_index": 1,
                "delivery": [1, 2],
                "service": 30,
                "time_windows": [[500, 900]],
            },
            {"id": 2, "location_index": 2, "delivery": [1, 3], "service": 30},
            {
                "id": 3,
                "location_index": 3,
                "pickup": [2, 1],
                "service": 30,
                "time_windows": [[0, 400]],
            },
            {"id": 4, "location_index": 4, "delivery": [1, 1], "service": 30},
            {"id": 5, "location_index": 5, "delivery": [1, 1], "pickup": [1, 0]},
            {"id": 6, "location_index": 6, "delivery": [1, 1], "time_windows": [[700, 2000]]},
        ],
        "matrices": {
            "car": {"durations": LINE, "distances": [[d * 7 for d in row] for row in LINE]}
        },
    }
    answer = route(enterprise, problem)
    assert answer["summary"]["unassigned"] == 0
    assert answer["summary"]["distance"] == 7 * answer["summary"]["duration"]


def test_coordinates_use_great_circle_distances(enterprise: Engine) -> None:
    paris = [2.35044, 48.71764]
    problem = {
        "vehicles": [{"id": 1, "start": paris, "end": paris, "capacity": [4]}],
        "jobs": [
            {"id": 1, "location": [1.98935, 48.701], "delivery": [1], "service": 300},
            {"id": 2, "location": [2.03655, 48.61128], "pickup": [1], "service": 300},
            {"id": 5, "location": [2.28325, 48.5958], "delivery": [1], "service": 300},
            {"id": 6, "location": [2.89357, 48.90736], "delivery": [1], "service": 300},
        ],
    }
    answer = route(enterprise, problem)
    assert answer["summary"]["unassigned"] == 0
    steps = answer["routes"][0]["steps"]
    assert steps[0]["location"] == paris
    assert "distance" in steps[-1]


def test_short_capacity_leaves_the_lowest_priorities_unassigned(enterprise: Engine) -> None:
    problem = line_problem(capacity=[3])
    for job in problem["jobs"]:
        job["delivery"] = [1]
        job["priority"] = 100 if job["id"] in (2, 5, 7) else 0
    answer = route(enterprise, problem)
    served = {step["id"] for step in answer["routes"][0]["steps"] if step["type"] == "job"}
    assert served == {2, 5, 7}
    assert answer["summary"]["priority"] == 300


def test_skills_send_jobs_to_able_vehicles(enterprise: Engine) -> None:
    problem = {
        "vehicles": [
            {"id": 1, "start_index": 0, "end_index": 0, "skills": [1]},
            {"id": 2, "start_index": 7, "end_index": 7, "skills": [2]},
        ],
        "jobs": [
            {"id": 1, "location_index": 6, "skills": [1]},
            {"id": 2, "location_index": 1, "skills": [2]},
            {"id": 3, "location_index": 4, "skills": [1, 2]},
            {"id": 4, "location_index": 3},
        ],
        "matrices": {"car": {"durations": LINE}},
    }
    answer = route(enterprise, problem)
    vehicle_of = {
        step["id"]: entry["vehicle"]
        for entry in answer["routes"]
        for step in entry["steps"]
        if step["type"] == "job"
    }
    assert vehicle_of[1] == 1
    assert vehicle_of[2] == 2
    assert [entry["id"] for entry in answer["unassigned"]] == [3]


def test_max_tasks_fixed_costs_and_open_routes(enterprise: Engine) -> None:
    problem = {
        "vehicles": [
            {"id": 1, "start_index": 0, "max_tasks": 2, "costs": {"fixed": 50}},
            {"id": 2, "end_index": 7, "costs": {"fixed": 50, "per_hour": 7200}},
        ],
        "jobs": [{"id": index, "location_index": index, "service": 5} for index in range(1, 6)],
        "matrices": {"car": {"durations": LINE}},
    }
    answer = route(enterprise, problem)
    assert answer["summary"]["unassigned"] == 0
    for entry in answer["routes"]:
        if entry["vehicle"] == 1:
            assert len(entry["steps"]) - 2 <= 2


def test_per_km_and_custom_cost_matrices(enterprise: Engine) -> None:
    with_km = line_problem(costs={"per_hour": 0, "per_km": 1000})
    with_km["matrices"]["car"]["distances"] = [[d * 3 for d in row] for row in LINE]
    assert route(enterprise, with_km)["summary"]["cost"] == 3 * 1400
    custom = line_problem()
    custom["matrices"]["car"]["costs"] = [[1 if i != j else 0 for j in range(8)] for i in range(8)]
    assert route(enterprise, custom)["summary"]["cost"] == 8


def test_unreachable_time_window_is_unassigned_not_an_error(enterprise: Engine) -> None:
    problem = line_problem(time_window=[0, 10_000])
    problem["jobs"][6]["time_windows"] = [[0, 50]]  # job 7 is 700 away
    answer = route(enterprise, problem)
    assert [entry["id"] for entry in answer["unassigned"]] == [7]


def test_no_jobs_is_an_empty_plan(enterprise: Engine) -> None:
    problem = line_problem()
    problem["jobs"] = []
    answer = route(enterprise, problem)
    assert answer["routes"] == []
    assert answer["summary"]["cost"] == 0


def test_what_pyvrp_cannot_model_is_refused_naming_each_field(enterprise: Engine) -> None:
    problem = line_problem(breaks=[{"id": 1, "time_windows": [[0, 10]]}], max_travel_time=100)
    problem["shipments"] = [
        {"pickup": {"id": 1, "location_index": 1}, "delivery": {"id": 2, "location_index": 2}}
    ]
    problem["jobs"][0]["setup"] = 5
    problem["jobs"][1]["time_windows"] = [[0, 10], [20, 30]]
    problem["vehicles"][0]["costs"] = {"per_task_hour": 10}
    with pytest.raises(DecisionInputError) as caught:
        enterprise.decide("vrp", {"problem": problem})
    root = ("parameters", "problem")
    assert {tuple(problem["loc"]) for problem in caught.value.problems} == {
        (*root, "shipments"),
        (*root, "vehicles", 0, "breaks"),
        (*root, "vehicles", 0, "max_travel_time"),
        (*root, "vehicles", 0, "costs", "per_task_hour"),
        (*root, "jobs", 0, "setup"),
        (*root, "jobs", 1, "time_windows"),
    }
    assert all("not supported by vrp.pyvrp" in problem["msg"] for problem in caught.value.problems)


def test_malformed_problem_lists_every_problem(enterprise: Engine) -> None:
    problem = {
        "vehicles": [{"id": 1, "start_index": 0, "capacity": [2]}, {"id": 1}],
        "jobs": [
            {"id": 1, "location_index": 99},
            {"id": 1, "location_index": 1},
            {"id": 3},
            {"id": 4, "location_index": 2, "time_windows": [[10, 5]], "priority": 101},
            {"id": 5, "location_index": 2, "delivery": [1, 1]},
        ],
        "matrices": {"car": {"durations": [[0, 1, 2], [1, 0, 1], [2, 1, 0]]}},
        "options": {},
    }
    with pytest.raises(DecisionInputError) as caught:
        enterprise.decide("vrp", {"problem": problem})
    root = ("parameters", "problem")
    assert {tuple(problem["loc"]) for problem in caught.value.problems} == {
        (*root, "options"),
        (*root, "vehicles", 1, "id"),
        (*root, "vehicles", 1),
        (*root, "jobs", 0, "location_index"),
        (*root, "jobs", 1, "id"),
        (*root, "jobs", 2, "location_index"),
        (*root, "jobs", 3, "time_windows", 0),
        (*root, "jobs", 3, "priority"),
        root,  # delivery [1, 1] against capacity [2]
    }


def test_without_matrices_coordinates_are_required(enterprise: Engine) -> None:
    problem = {"vehicles": [{"id": 1, "start_index": 0}], "jobs": [{"id": 1, "location_index": 1}]}
    with pytest.raises(DecisionInputError) as caught:
        enterprise.decide("vrp", {"problem": problem})
    assert {tuple(problem["loc"])[-1] for problem in caught.value.problems} == {"start", "location"}


@st.composite
def random_problems(draw: st.DrawFn) -> dict[str, Any]:
    size = draw(st.integers(3, 9))
    points = [draw(st.tuples(st.integers(0, 60), st.integers(0, 60))) for _ in range(size)]
    durations = [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in points] for a in points]
    vehicles = [
        {
            "id": number,
            "start_index": 0,
            "end_index": draw(st.sampled_from([0, size - 1])),
            "capacity": [draw(st.integers(1, 6))],
            "time_window": [0, draw(st.integers(100, 400))],
        }
        for number in range(draw(st.integers(1, 3)))
    ]
    jobs = []
    for index in range(1, size):
        job: dict[str, Any] = {
            "id": 100 + index,
            "location_index": index,
            "service": draw(st.integers(0, 10)),
            draw(st.sampled_from(["delivery", "pickup"])): [draw(st.integers(0, 3))],
            "priority": draw(st.integers(0, 5)),
        }
        if draw(st.booleans()):
            start = draw(st.integers(0, 200))
            job["time_windows"] = [[start, start + draw(st.integers(0, 150))]]
        jobs.append(job)
    return {"vehicles": vehicles, "jobs": jobs, "matrices": {"car": {"durations": durations}}}


@settings(max_examples=12, suppress_health_check=[HealthCheck.too_slow])
@given(random_problems())
def test_random_problems_meet_every_constraint(enterprise: Engine, problem: dict[str, Any]) -> None:
    answer = route(enterprise, copy.deepcopy(problem), limit_ms=60)
    assert answer["summary"]["routes"] <= len(problem["vehicles"])
