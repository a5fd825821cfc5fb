"""``vrp.pyvrp``: VROOM-format problems solved with PyVRP, answered in VROOM's output shape.

The model (docs/decision-domains.md):

- one PyVRP location per vehicle start or end place and one per job, so a
  job's skills can forbid it to a vehicle (legs to and from it cost
  ``pyvrp.constants.MAX_VALUE`` in that vehicle's profile, as PyVRP's own
  reader does for allowed clients); a vehicle with no start (or no end) starts
  (or ends) at a virtual place with free legs, so its route starts at its
  first job as in VROOM;
- a PyVRP profile per combination of VROOM profile, costs, speed factor and
  skills: its distance matrix holds the VROOM leg costs, so PyVRP minimises
  exactly VROOM's cost (``unit_distance_cost`` 1), and its duration matrix
  the travel times;
- identical vehicles share one PyVRP vehicle type;
- every job is optional with a prize of ``(1 + priority) x BASE``, where
  ``BASE`` is more than any job's detour can cost: as in VROOM, a job is left
  unassigned only when no route can take it, and higher priorities go first;
- ``max_tasks`` is one more load dimension in which every job delivers 1.

The answer is recomputed from the input (legs, loads, times) and checked
against every constraint before it is returned: a solution that breaks one is
an error, never an answer.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine_core.errors import DecisionInputError, EngineRuntimeError
from engine_core.solver_types import SolveOutcome, SolveRequest
from engine_core.solvers.problems import PROBLEM_LOC

from .vroom_problem import Place, Vehicle, VroomProblem, read_problem

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt
    import pyvrp

__all__ = ["MAX_MATRIX_CELLS", "PreparedRouting", "prepare", "solve"]

#: PyVRP profiles x locations squared above which the model is refused (HTTP 422).
MAX_MATRIX_CELLS = 20_000_000
_INT64_MAX = 2**63 - 1
#: Time kept back from the limit for building the answer.
_ANSWER_MARGIN_S = 0.02


@dataclass(frozen=True)
class _Route:
    """One vehicle's route: the jobs in order and their service start times."""

    vehicle: Vehicle
    jobs: list[int]
    starts: list[int]
    route_start: int
    route_end: int


@dataclass
class PreparedRouting:
    """A checked problem and its PyVRP model."""

    problem: VroomProblem
    data: pyvrp.ProblemData
    groups: list[list[Vehicle]]
    loading_ms: float


def prepare(problem: Any) -> PreparedRouting:
    """Read the VROOM input and build the PyVRP model; raise DecisionInputError on problems."""
    started = time.perf_counter()
    vroom = read_problem(problem)
    data, groups = _model(vroom)
    return PreparedRouting(vroom, data, groups, (time.perf_counter() - started) * 1000)


# --- the PyVRP model ------------------------------------------------------------------


def _model(vroom: VroomProblem) -> tuple[pyvrp.ProblemData, list[list[Vehicle]]]:
    import numpy as np
    import pyvrp
    from pyvrp.constants import MAX_VALUE as FORBIDDEN

    virtual = any(vehicle.start is None or vehicle.end is None for vehicle in vroom.vehicles)
    depot_rows: list[int] = []  # matrix row of each depot; -1 for the virtual place
    for vehicle in vroom.vehicles:
        for place in (vehicle.start, vehicle.end):
            if place is not None and place.index not in depot_rows:
                depot_rows.append(place.index)
    if virtual:
        depot_rows.append(-1)
    rows = np.array(depot_rows + [job.place.index for job in vroom.jobs], dtype=np.int64)
    depots = len(depot_rows)

    profile_keys: list[tuple[Any, ...]] = []
    for vehicle in vroom.vehicles:
        key = _profile_key(vehicle)
        if key not in profile_keys:
            profile_keys.append(key)
    size = len(rows)
    if len(profile_keys) * size * size > MAX_MATRIX_CELLS:
        raise DecisionInputError(
            [
                {
                    "loc": [*PROBLEM_LOC, "vehicles"],
                    "msg": f"{len(profile_keys)} distinct profile/cost/skills combinations x "
                    f"{size} places squared is over the limit of {MAX_MATRIX_CELLS} cells",
                }
            ]
        )
    costs: list[npt.NDArray[np.int64]] = []
    durations: list[npt.NDArray[np.int64]] = []
    largest_leg = 0
    for key in profile_keys:
        vehicle = next(vehicle for vehicle in vroom.vehicles if _profile_key(vehicle) == key)
        cost, duration = _matrices(vroom, vehicle, rows)
        largest_leg = max(largest_leg, int(cost.max(initial=0)))
        forbidden = [
            depots + position
            for position, job in enumerate(vroom.jobs)
            if not job.skills <= vehicle.skills
        ]
        cost[:, forbidden] = FORBIDDEN
        cost[forbidden, :] = FORBIDDEN
        np.fill_diagonal(cost, 0)
        costs.append(cost)
        durations.append(duration)

    base = 2 * largest_leg + max((vehicle.fixed for vehicle in vroom.vehicles), default=0) + 1
    if base * 101 >= FORBIDDEN // 4:
        raise DecisionInputError(
            [
                {
                    "loc": list(PROBLEM_LOC),
                    "msg": f"leg costs up to {largest_leg} are too large to model; scale the "
                    "matrices or costs down",
                }
            ]
        )
    counted = any(vehicle.max_tasks is not None for vehicle in vroom.vehicles)
    dimensions = vroom.dimensions

    def amount(values: tuple[int, ...], task: int) -> list[int]:
        padded = list(values) or [0] * dimensions
        return [*padded, task] if counted else padded

    groups: dict[tuple[Any, ...], list[Vehicle]] = {}
    for vehicle in vroom.vehicles:
        groups.setdefault(_group_key(vehicle, depot_rows, profile_keys), []).append(vehicle)
    vehicle_types = []
    for key, members in groups.items():
        start, end, capacity, max_tasks, window, fixed, profile = key
        tasks = [len(vroom.jobs) if max_tasks is None else max_tasks] if counted else []
        vehicle_types.append(
            pyvrp.VehicleType(
                num_available=len(members),
                capacity=[*capacity, *tasks],
                start_depot=start,
                end_depot=end,
                fixed_cost=fixed,
                tw_early=window[0],
                tw_late=window[1],
                unit_distance_cost=1,
                unit_duration_cost=0,
                profile=profile,
            )
        )
    locations = [pyvrp.Location(x=0.0, y=0.0) for _ in range(size)]
    clients = [
        pyvrp.Client(
            location=depots + position,
            delivery=amount(job.delivery, 1),
            pickup=amount(job.pickup, 0),
            service_duration=job.service,
            tw_early=job.time_window[0] if job.time_window else 0,
            tw_late=job.time_window[1] if job.time_window else _INT64_MAX,
            prize=base * (1 + job.priority),
            required=False,
        )
        for position, job in enumerate(vroom.jobs)
    ]
    data = pyvrp.ProblemData(
        locations=locations,
        clients=clients,
        depots=[pyvrp.Depot(location=index) for index in range(depots)],
        vehicle_types=vehicle_types,
        # PyVRP's stubs spell these ndarray[int]; they are int64 matrices as it requires.
        distance_matrices=costs,  # type: ignore[arg-type]
        duration_matrices=durations,  # type: ignore[arg-type]
    )
    return data, list(groups.values())


def _profile_key(vehicle: Vehicle) -> tuple[Any, ...]:
    return (vehicle.profile, vehicle.per_hour, vehicle.per_km, vehicle.speed_factor, vehicle.skills)


def _group_key(
    vehicle: Vehicle, depot_rows: list[int], profile_keys: list[tuple[Any, ...]]
) -> tuple[Any, ...]:
    start = depot_rows.index(vehicle.start.index if vehicle.start is not None else -1)
    end = depot_rows.index(vehicle.end.index if vehicle.end is not None else -1)
    window = vehicle.time_window or (0, _INT64_MAX)
    return (
        start,
        end,
        vehicle.capacity,
        vehicle.max_tasks,
        window,
        vehicle.fixed,
        profile_keys.index(_profile_key(vehicle)),
    )


def _matrices(
    vroom: VroomProblem, vehicle: Vehicle, rows: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Leg costs and travel times between PyVRP locations for ``vehicle`` (virtual: free)."""
    import numpy as np

    real = rows >= 0
    picked = np.where(real, rows, 0)

    def spread(matrix: list[list[int]]) -> npt.NDArray[np.float64]:
        full: npt.NDArray[np.float64] = np.asarray(matrix, dtype=np.float64)[np.ix_(picked, picked)]
        full[~real, :] = 0
        full[:, ~real] = 0
        return full

    duration = spread(vroom.durations[vehicle.profile])
    if vehicle.speed_factor != 1.0:
        duration = np.rint(duration / vehicle.speed_factor)
    if vehicle.profile in vroom.costs:
        cost = spread(vroom.costs[vehicle.profile])
    else:
        distance = spread(vroom.distances[vehicle.profile]) if vroom.distances is not None else 0.0
        cost = np.rint(vehicle.per_hour * duration / 3600 + vehicle.per_km * distance / 1000)
    return cost.astype(np.int64), duration.astype(np.int64)


# --- solving -------------------------------------------------------------------------------


def solve(prepared: PreparedRouting, request: SolveRequest) -> SolveOutcome:
    """Run PyVRP's iterated local search until the deadline; answer in VROOM's shape."""
    import pyvrp
    from pyvrp.stop import MaxRuntime

    vroom = prepared.problem
    started = time.perf_counter()
    routes: list[_Route] = []
    if vroom.jobs:
        result = pyvrp.solve(
            prepared.data,
            stop=MaxRuntime(max(0.0, request.remaining_s() - _ANSWER_MARGIN_S)),
            seed=request.seed,
            collect_stats=False,
            display=False,
        )
        if not result.best.is_feasible():
            return SolveOutcome(status="unknown", solution=None)
        routes = _routes(result.best, prepared.groups)
    solving_ms = (time.perf_counter() - started) * 1000
    answer = _answer(vroom, routes, prepared.loading_ms, solving_ms)
    return SolveOutcome(status="feasible", solution=answer, objective=answer["summary"]["cost"])


def _routes(best: pyvrp.Solution, groups: list[list[Vehicle]]) -> list[_Route]:
    free = [iter(members) for members in groups]
    routes = []
    for route in best.routes():
        vehicle = next(free[route.vehicle_type()])
        schedule = list(route.schedule())
        jobs, starts = [], []
        for activity in schedule:
            if activity.time_warp:
                raise EngineRuntimeError(
                    "vrp.pyvrp: PyVRP returned a route that breaks a time window"
                )
            if activity.is_client():
                jobs.append(activity.idx)
                starts.append(activity.start_time)
        routes.append(
            _Route(vehicle, jobs, starts, schedule[0].start_time, schedule[-1].start_time)
        )
    return routes


# --- the answer (VROOM's output shape) ------------------------------------------------------------


def _answer(
    vroom: VroomProblem, routes: list[_Route], loading_ms: float, solving_ms: float
) -> dict[str, Any]:
    answered = [_route_answer(vroom, route) for route in routes]
    served = {job for route in routes for job in route.jobs}
    unassigned = [
        {"id": job.id, "type": "job", **job.place.shown(), **_described(job.description)}
        for position, job in enumerate(vroom.jobs)
        if position not in served
    ]
    with_distance = vroom.distances is not None
    summary: dict[str, Any] = {
        "cost": sum(route["cost"] for route in answered),
        "routes": len(answered),
        "unassigned": len(unassigned),
        "setup": 0,
        "service": sum(route["service"] for route in answered),
        "duration": sum(route["duration"] for route in answered),
        "waiting_time": sum(route["waiting_time"] for route in answered),
        "priority": sum(route["priority"] for route in answered),
        "violations": [],
        "delivery": _total(vroom.dimensions, (route["delivery"] for route in answered)),
        "pickup": _total(vroom.dimensions, (route["pickup"] for route in answered)),
        "computing_times": {"loading": round(loading_ms), "solving": round(solving_ms)},
    }
    if with_distance:
        summary["distance"] = sum(route["distance"] for route in answered)
    return {"code": 0, "summary": summary, "unassigned": unassigned, "routes": answered}


def _described(description: str | None) -> dict[str, str]:
    return {} if description is None else {"description": description}


def _total(dimensions: int, amounts: Iterable[list[int]]) -> list[int]:
    total = [0] * dimensions
    for amount in amounts:
        total = [a + b for a, b in zip(total, amount, strict=True)]
    return total


def _pad(values: tuple[int, ...], dimensions: int) -> list[int]:
    return list(values) or [0] * dimensions


def _route_answer(vroom: VroomProblem, route: _Route) -> dict[str, Any]:
    """One route in VROOM's shape, every figure recomputed from the input."""
    vehicle = route.vehicle
    dimensions = vroom.dimensions
    jobs = [vroom.jobs[position] for position in route.jobs]
    delivery = _total(dimensions, (_pad(job.delivery, dimensions) for job in jobs))
    pickup = _total(dimensions, (_pad(job.pickup, dimensions) for job in jobs))
    load = list(delivery)
    travel = cost = waiting = service = 0
    distance: int | None = 0 if vroom.distances is not None else None
    place: Place | None = vehicle.start
    clock = route.route_start
    steps: list[dict[str, Any]] = []

    def step(kind: str, where: Place | None, arrival: int, **extra: Any) -> dict[str, Any]:
        shown = {"type": kind, **(where.shown() if where is not None else {})}
        shown.update(arrival=arrival, duration=travel, setup=0)
        shown.update(extra)
        shown.update(load=list(load), violations=[])
        if distance is not None:
            shown["distance"] = distance
        return shown

    for job, start in zip(jobs, route.starts, strict=True):
        if place is not None:
            leg_time, leg_cost, leg_distance = vroom.travel(vehicle, place.index, job.place.index)
        else:
            leg_time, leg_cost, leg_distance = 0, 0, 0
            clock = start  # an open start: the route starts at its first job
        if not steps:
            steps.append(
                step("start", vehicle.start or job.place, clock, service=0, waiting_time=0)
            )
        travel += leg_time
        cost += leg_cost
        if distance is not None:
            distance += leg_distance or 0
        arrival = clock + leg_time
        wait = start - arrival
        if wait < 0:
            raise EngineRuntimeError("vrp.pyvrp: a service starts before the vehicle arrives")
        waiting += wait
        service += job.service
        load = [
            now - out + back
            for now, out, back in zip(
                load, _pad(job.delivery, dimensions), _pad(job.pickup, dimensions), strict=True
            )
        ]
        steps.append(
            step(
                "job",
                job.place,
                arrival,
                service=job.service,
                waiting_time=wait,
                id=job.id,
                **_described(job.description),
            )
        )
        clock = start + job.service
        place = job.place
    end_place = vehicle.end
    if end_place is not None and place is not None:
        leg_time, leg_cost, leg_distance = vroom.travel(vehicle, place.index, end_place.index)
        travel += leg_time
        cost += leg_cost
        if distance is not None:
            distance += leg_distance or 0
        clock += leg_time
    steps.append(step("end", end_place or place, clock, service=0, waiting_time=0))
    answer: dict[str, Any] = {
        "vehicle": vehicle.id,
        "cost": cost + vehicle.fixed,
        "setup": 0,
        "service": service,
        "duration": travel,
        "waiting_time": waiting,
        "priority": sum(job.priority for job in jobs),
        "delivery": delivery,
        "pickup": pickup,
        "violations": [],
        "steps": steps,
    }
    if distance is not None:
        answer["distance"] = distance
    if vehicle.description is not None:
        answer["description"] = vehicle.description
    _check_route(vroom, route, answer)
    return answer


def _check_route(vroom: VroomProblem, route: _Route, answer: dict[str, Any]) -> None:
    """Fail closed: the recomputed route must meet every constraint of the input."""
    vehicle = route.vehicle
    problems = []
    capacity = list(vehicle.capacity) or [0] * vroom.dimensions
    window = vehicle.time_window
    if vehicle.max_tasks is not None and len(route.jobs) > vehicle.max_tasks:
        problems.append("max_tasks")
    for entry in answer["steps"]:
        if any(
            part < 0 or part > limit for part, limit in zip(entry["load"], capacity, strict=True)
        ):
            problems.append("capacity")
    for position, entry in zip(route.jobs, answer["steps"][1:-1], strict=True):
        job = vroom.jobs[position]
        begin = entry["arrival"] + entry["waiting_time"]
        if job.time_window is not None and not job.time_window[0] <= begin <= job.time_window[1]:
            problems.append(f"time window of job {job.id}")
        if not job.skills <= vehicle.skills:
            problems.append(f"skills of job {job.id}")
    steps = answer["steps"]
    if window is not None and (steps[0]["arrival"] < window[0] or steps[-1]["arrival"] > window[1]):
        problems.append("vehicle time window")
    if problems:
        raise EngineRuntimeError(
            f"vrp.pyvrp: the route of vehicle {vehicle.id} breaks "
            f"{', '.join(sorted(set(problems)))}"
        )
