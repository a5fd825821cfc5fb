"""Independent checks of solver answers: recomputed from the problem, never from the solver.

Each check raises AssertionError naming what is wrong. They share no code with
engine_plugins.solvers: every figure (legs, loads, times, costs, values) is
recomputed here from the problem the test sent.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

# --- temporal networks ----------------------------------------------------------------


def tcn_edges(problem: dict[str, Any]) -> list[tuple[str, str, float, int]]:
    """The distance graph: (from, to, weight, constraint index)."""
    edges = []
    for index, constraint in enumerate(problem["constraints"]):
        if constraint.get("max") is not None:
            edges.append((constraint["from"], constraint["to"], constraint["max"], index))
        if constraint.get("min") is not None:
            edges.append((constraint["to"], constraint["from"], -constraint["min"], index))
    return edges


def floyd_warshall(problem: dict[str, Any]) -> dict[tuple[str, str], float]:
    """All-pairs shortest distances of the distance graph (inf when unreachable)."""
    names = problem["timepoints"]
    distance = {(a, b): (0.0 if a == b else math.inf) for a in names for b in names}
    for start, end, weight, _ in tcn_edges(problem):
        distance[start, end] = min(distance[start, end], weight)
    for middle in names:
        for start in names:
            via = distance[start, middle]
            if via == math.inf:
                continue
            for end in names:
                candidate = via + distance[middle, end]
                if candidate < distance[start, end]:
                    distance[start, end] = candidate
    return distance


def tcn_consistent(problem: dict[str, Any]) -> bool:
    """True when the network has no negative cycle (Floyd-Warshall's diagonal)."""
    distance = floyd_warshall(problem)
    return all(distance[name, name] >= -1e-9 for name in problem["timepoints"])


def check_tcn_times(problem: dict[str, Any], solution: dict[str, Any]) -> None:
    """Earliest and latest times are the shortest-path bounds and satisfy every constraint."""
    distance = floyd_warshall(problem)
    origin = problem["timepoints"][0]
    for name in problem["timepoints"]:
        _same(solution["latest"][name], distance[origin, name], name)
        _same(solution["earliest"][name], -distance[name, origin], name)
    for schedule in (solution["earliest"], solution["latest"]):
        for constraint in problem["constraints"]:
            start, end = schedule[constraint["from"]], schedule[constraint["to"]]
            if start is None or end is None:
                continue
            gap = end - start
            if constraint.get("min") is not None:
                assert gap >= constraint["min"] - 1e-6, constraint
            if constraint.get("max") is not None:
                assert gap <= constraint["max"] + 1e-6, constraint


def _same(reported: float | None, expected: float, name: str) -> None:
    if math.isinf(expected):
        assert reported is None, (name, reported)
    else:
        assert reported is not None, (name, expected)
        assert math.isclose(reported, expected, abs_tol=1e-6), (
            name,
            reported,
            expected,
        )


def check_negative_cycle(problem: dict[str, Any], conflict: list[int]) -> None:
    """The conflict's constraints, in order, form a closed walk of negative total weight."""
    assert conflict, "an inconsistent network must report a conflict"
    assert len(set(conflict)) == len(conflict)
    constraints = [problem["constraints"][index] for index in conflict]
    if len(constraints) == 1:
        only = constraints[0]
        if only["from"] == only["to"]:  # a self-loop: 0 outside [min, max]
            low, high = only.get("min"), only.get("max")
            assert (low is not None and low > 0) or (high is not None and high < 0)
        else:  # both edges of one constraint: min > max
            assert only["min"] > only["max"]
        return
    # Each constraint is travelled forward (weight max) or backward (weight -min).
    options = []
    for constraint in constraints:
        choices = []
        if constraint.get("max") is not None:
            choices.append((constraint["from"], constraint["to"], constraint["max"]))
        if constraint.get("min") is not None:
            choices.append((constraint["to"], constraint["from"], -constraint["min"]))
        options.append(choices)
    for walk in itertools.product(*options):
        closed = all(walk[i][1] == walk[(i + 1) % len(walk)][0] for i in range(len(walk)))
        if closed and sum(edge[2] for edge in walk) < 0:
            return
    raise AssertionError(f"constraints {conflict} do not form a negative cycle")


# --- integer programs --------------------------------------------------------------------


def linear_value(terms: dict[str, int], values: dict[str, int]) -> int:
    return sum(coefficient * values[name] for name, coefficient in terms.items())


def check_program(problem: dict[str, Any], values: dict[str, int]) -> None:
    """Values are integers within bounds and satisfy every constraint."""
    for variable in problem["variables"]:
        value = values[variable["name"]]
        assert isinstance(value, int)
        assert variable["min"] <= value <= variable["max"], variable
    for constraint in problem.get("constraints", []):
        if "linear" in constraint:
            left, right = linear_value(constraint["linear"], values), constraint["rhs"]
            assert {
                "<=": left <= right,
                ">=": left >= right,
                "==": left == right,
                "!=": left != right,
            }[constraint["op"]], constraint
        elif "all_different" in constraint:
            picked = [values[name] for name in constraint["all_different"]]
            assert len(set(picked)) == len(picked), constraint
        else:
            tasks = []
            for task in constraint["no_overlap"]:
                start = values[task["start"]]
                duration = task["duration"]
                size = values[duration] if isinstance(duration, str) else duration
                tasks.append((start, start + size))
            # Two tasks overlap when each starts before the other ends (so a task of
            # duration 0 may not sit strictly inside another one).
            for (a_start, a_end), (b_start, b_end) in itertools.combinations(tasks, 2):
                assert not (a_start < b_end and b_start < a_end), constraint


def objective_value(problem: dict[str, Any], values: dict[str, int]) -> int:
    ((_, terms),) = problem["objective"].items()
    return linear_value(terms, values)


# --- bin packing ------------------------------------------------------------------------------


def check_packing(problem: dict[str, Any], solution: dict[str, Any]) -> None:
    """Every copy of every item packed once (or unassigned when oversize); loads within capacity."""
    capacity = problem["bin"]["capacity"]
    items = {item["id"]: item for item in problem["items"]}
    packed: Counter[Any] = Counter()
    for number, content in enumerate(solution["bins"]):
        assert content["index"] == number
        assert content["items"], "an empty bin is reported"
        load = [
            sum(items[identifier]["size"][d] for identifier in content["items"])
            for d in range(len(capacity))
        ]
        for d, limit in enumerate(capacity):
            assert load[d] <= limit + 1e-9, (content, limit)
            assert math.isclose(content["load"][d], load[d], abs_tol=1e-9)
        packed.update(content["items"])
    unassigned = Counter(solution["unassigned"])
    for identifier, item in items.items():
        copies = item.get("quantity", 1)
        oversize = any(part > limit for part, limit in zip(item["size"], capacity, strict=True))
        expected_packed, expected_unassigned = (0, copies) if oversize else (copies, 0)
        assert (packed[identifier], unassigned[identifier]) == (
            expected_packed,
            expected_unassigned,
        ), identifier
    assert solution["bins_used"] == len(solution["bins"])
    assert solution["lower_bound"] <= solution["bins_used"]
    if problem.get("max_bins") is not None:
        assert solution["bins_used"] <= problem["max_bins"]


def brute_force_bins(sizes: list[int], capacity: int) -> int:
    """The optimum of a tiny one-dimensional instance, by exhaustive assignment."""
    if not sizes:
        return 0
    best = len(sizes)
    ordered = sorted(sizes, reverse=True)

    def place(position: int, loads: list[int]) -> None:
        nonlocal best
        if len(loads) >= best:
            return
        if position == len(ordered):
            best = len(loads)
            return
        size = ordered[position]
        for index in range(len(loads)):
            if loads[index] + size <= capacity:
                loads[index] += size
                place(position + 1, loads)
                loads[index] -= size
        loads.append(size)
        place(position + 1, loads)
        loads.pop()

    place(0, [])
    return best


# --- vehicle routing (VROOM shapes) ------------------------------------------------------------


def _matrix(problem: dict[str, Any], kind: str, profile: str = "car") -> list[list[int]] | None:
    matrices = problem.get("matrices")
    if matrices is None and "matrix" in problem and kind == "durations":
        return problem["matrix"]
    if matrices is None:
        return None
    return matrices.get(profile, {}).get(kind)


def _great_circle(a: list[float], b: list[float]) -> float:
    lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6_371_008.8 * math.asin(min(1.0, math.sqrt(h)))


def _leg(
    problem: dict[str, Any], vehicle: dict[str, Any], a: dict[str, Any], b: dict[str, Any]
) -> tuple[int, int]:
    """(travel time, cost) of a leg between two places (dicts with location / location_index)."""
    profile = vehicle.get("profile", "car")
    durations = _matrix(problem, "durations", profile)
    if durations is not None:
        duration = durations[a["location_index"]][b["location_index"]]
        distances = _matrix(problem, "distances", profile)
        distance = distances[a["location_index"]][b["location_index"]] if distances else 0
        costs = _matrix(problem, "costs", profile)
        if costs is not None:
            return duration, costs[a["location_index"]][b["location_index"]]
    else:
        metres = round(_great_circle(a["location"], b["location"]))
        duration = round(metres / (50 / 3.6))
        distance = metres
    factor = vehicle.get("speed_factor", 1.0)
    if factor != 1.0:
        duration = round(duration / factor)
    costs_of = vehicle.get("costs", {})
    per_hour, per_km = costs_of.get("per_hour", 3600), costs_of.get("per_km", 0)
    return duration, round(per_hour * duration / 3600 + per_km * distance / 1000)


def _place(
    task: dict[str, Any], coordinates: str = "location", index: str = "location_index"
) -> dict[str, Any]:
    place = {}
    if coordinates in task:
        place["location"] = task[coordinates]
    if index in task:
        place["location_index"] = task[index]
    return place


def check_vrp(problem: dict[str, Any], answer: dict[str, Any]) -> None:
    """Each job served once or unassigned; loads within capacity; arrivals in time windows;
    costs, durations and totals recomputed from the matrices (or coordinates)."""
    jobs = {job["id"]: job for job in problem.get("jobs", [])}
    vehicles = {vehicle["id"]: vehicle for vehicle in problem["vehicles"]}
    dimensions = max(
        [len(vehicle.get("capacity", [])) for vehicle in problem["vehicles"]]
        + [len(job.get(key, [])) for job in jobs.values() for key in ("delivery", "pickup")]
    )
    served: Counter[int] = Counter()
    total_cost = 0
    used_vehicles = set()
    for route in answer["routes"]:
        vehicle = vehicles[route["vehicle"]]
        assert route["vehicle"] not in used_vehicles, "a vehicle drives two routes"
        used_vehicles.add(route["vehicle"])
        steps = route["steps"]
        assert steps[0]["type"] == "start"
        assert steps[-1]["type"] == "end"
        tasks = steps[1:-1]
        assert tasks
        assert all(step["type"] == "job" for step in tasks)
        capacity = vehicle.get("capacity", [0] * dimensions)
        route_jobs = [jobs[step["id"]] for step in tasks]
        load = [
            sum(job.get("delivery", [0] * dimensions)[d] for job in route_jobs)
            for d in range(dimensions)
        ]
        assert steps[0]["load"] == load
        for d in range(dimensions):
            assert 0 <= load[d] <= capacity[d]
        if vehicle.get("max_tasks") is not None:
            assert len(route_jobs) <= vehicle["max_tasks"]
        cost = travel = 0
        previous = (
            _place(vehicle, "start", "start_index")
            if ("start" in vehicle or "start_index" in vehicle)
            else None
        )
        clock = steps[0]["arrival"]
        window = vehicle.get("time_window")
        if window is not None:
            assert clock >= window[0]
        for step, job in zip(tasks, route_jobs, strict=True):
            served[job["id"]] += 1
            assert set(job.get("skills", [])) <= set(vehicle.get("skills", [])), "skills"
            here = _place(job)
            if previous is not None:
                duration, leg_cost = _leg(problem, vehicle, previous, here)
            else:
                duration, leg_cost = 0, 0
            cost += leg_cost
            travel += duration
            assert step["duration"] == travel
            assert step["arrival"] >= clock + duration if previous is not None else True
            begin = step["arrival"] + step["waiting_time"]
            windows = job.get("time_windows")
            if windows:
                assert any(low <= begin <= high for low, high in windows), (
                    job["id"],
                    begin,
                    windows,
                )
            for d in range(dimensions):
                load[d] += (
                    -job.get("delivery", [0] * dimensions)[d]
                    + job.get("pickup", [0] * dimensions)[d]
                )
                assert 0 <= load[d] <= capacity[d], "load over capacity"
            assert step["load"] == load
            clock = begin + job.get("service", 0)
            previous = here
        if "end" in vehicle or "end_index" in vehicle:
            duration, leg_cost = _leg(
                problem, vehicle, previous, _place(vehicle, "end", "end_index")
            )
            cost += leg_cost
            travel += duration
            clock += duration
        assert steps[-1]["arrival"] == clock
        if window is not None:
            assert steps[-1]["arrival"] <= window[1]
        cost += vehicle.get("costs", {}).get("fixed", 0)
        assert route["cost"] == cost, (route["cost"], cost)
        assert route["duration"] == travel
        total_cost += cost
    unassigned = [entry["id"] for entry in answer["unassigned"]]
    assert len(set(unassigned)) == len(unassigned)
    for identifier in jobs:
        assert served[identifier] + unassigned.count(identifier) == 1, identifier
    assert answer["summary"]["cost"] == total_cost
    assert answer["summary"]["routes"] == len(answer["routes"])
    assert answer["summary"]["unassigned"] == len(unassigned)
