"""VROOM-format vehicle routing problems: reading them and their travel matrices.

The input is VROOM's open JSON format (``jobs``, ``vehicles``, ``matrices``
or the older ``matrix``). What this adapter cannot model exactly is refused
with HTTP 422 naming the field, never dropped: ``shipments``, vehicle
``breaks``, ``steps``, ``max_travel_time``, ``max_distance``, task ``setup``
and per-type times, more than one time window per job, and a non-zero
``costs.per_task_hour``.

Without matrices, ``location`` coordinates (``[lon, lat]``) are required;
distances are great-circle metres (mean Earth radius 6,371,008.8 m) and
travel times follow :data:`DEFAULT_SPEED_KMH`, both rounded to integers.
Travel costs follow VROOM: ``per_hour`` (default 3600) times the travel time
in hours plus ``per_km`` times the distance in km, rounded per leg, or a
custom ``costs`` matrix; plus ``costs.fixed`` per vehicle used.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine_core.solvers.problems import PROBLEM_LOC, Loc, ProblemChecker

__all__ = [
    "DEFAULT_PER_HOUR",
    "DEFAULT_SPEED_KMH",
    "MAX_JOBS",
    "MAX_LOCATIONS",
    "MAX_VEHICLES",
    "Job",
    "Place",
    "Vehicle",
    "VroomProblem",
    "read_problem",
]

#: Size limits (HTTP 422 naming the limit above them).
MAX_JOBS = 1500
MAX_VEHICLES = 500
MAX_LOCATIONS = 5000
#: Largest matrix entry, time or amount accepted (VROOM uses 32-bit unsigned values).
MAX_VALUE = 2**32 - 1
#: Travel speed used with coordinates and no matrices.
DEFAULT_SPEED_KMH = 50.0
DEFAULT_PER_HOUR = 3600
EARTH_RADIUS_M = 6_371_008.8
DEFAULT_PROFILE = "car"

_UNSUPPORTED_TOP = {"shipments": "paired pickup-and-delivery shipments"}
_JOB_FIELDS = (
    "description",
    "location",
    "location_index",
    "service",
    "delivery",
    "pickup",
    "priority",
    "time_windows",
    "skills",
)
_JOB_UNSUPPORTED = {
    "setup": "setup times (they depend on the previous location)",
    "setup_per_type": "per-type setup times",
    "service_per_type": "per-type service times",
    "amount": "the deprecated amount (use delivery)",
}
_VEHICLE_FIELDS = (
    "description",
    "profile",
    "start",
    "start_index",
    "end",
    "end_index",
    "capacity",
    "costs",
    "skills",
    "time_window",
    "max_tasks",
    "speed_factor",
)
_VEHICLE_UNSUPPORTED = {
    "breaks": "breaks",
    "steps": "imposed route steps",
    "max_travel_time": "a travel-time limit",
    "max_distance": "a distance limit",
    "type": "vehicle types for per-type task times",
}


@dataclass(frozen=True)
class Place:
    """Where a task or a vehicle end is: a matrix index and/or coordinates, as given."""

    index: int  # the row of the travel matrices (after reading)
    location_index: int | None = None
    coordinates: tuple[float, float] | None = None

    def shown(self) -> dict[str, Any]:
        """The ``location`` / ``location_index`` keys of an answer step."""
        shown: dict[str, Any] = {}
        if self.coordinates is not None:
            shown["location"] = list(self.coordinates)
        if self.location_index is not None:
            shown["location_index"] = self.location_index
        return shown


@dataclass(frozen=True)
class Job:
    """One VROOM job."""

    id: int
    place: Place
    service: int
    delivery: tuple[int, ...]
    pickup: tuple[int, ...]
    time_window: tuple[int, int] | None
    priority: int
    skills: frozenset[int]
    description: str | None


@dataclass(frozen=True)
class Vehicle:
    """One VROOM vehicle."""

    id: int
    start: Place | None
    end: Place | None
    capacity: tuple[int, ...]
    time_window: tuple[int, int] | None
    max_tasks: int | None
    fixed: int
    per_hour: int
    per_km: int
    skills: frozenset[int]
    profile: str
    speed_factor: float
    description: str | None


@dataclass
class VroomProblem:
    """A checked problem with its travel matrices, indexed by ``Place.index``."""

    jobs: list[Job]
    vehicles: list[Vehicle]
    dimensions: int
    durations: dict[str, list[list[int]]]
    distances: dict[str, list[list[int]]] | None
    costs: dict[str, list[list[int]]] = field(default_factory=dict)

    def travel(
        self, vehicle: Vehicle, origin: int, destination: int
    ) -> tuple[int, int, int | None]:
        """(duration, cost, distance or None) of one leg driven by ``vehicle``."""
        duration = self.durations[vehicle.profile][origin][destination]
        if vehicle.speed_factor != 1.0:
            duration = round(duration / vehicle.speed_factor)
        distance = (
            None if self.distances is None else self.distances[vehicle.profile][origin][destination]
        )
        if vehicle.profile in self.costs:
            cost = self.costs[vehicle.profile][origin][destination]
        else:
            cost = round(
                vehicle.per_hour * duration / 3600 + vehicle.per_km * (distance or 0) / 1000
            )
        return duration, cost, distance


def read_problem(problem: Any) -> VroomProblem:
    """Read a VROOM input; raise DecisionInputError listing every problem."""
    return _Reader().read(problem)


class _Reader:
    def __init__(self) -> None:
        self.checker = ProblemChecker()
        self.matrix_rows: int | None = None
        self.coordinates: dict[tuple[float, float], int] = {}
        self.indexes: dict[int, int] = {}

    # --- top level -------------------------------------------------------------

    def read(self, problem: Any) -> VroomProblem:
        checker = self.checker
        document = checker.mapping(
            problem,
            PROBLEM_LOC,
            required=("vehicles",),
            optional=("jobs", "matrices", "matrix", *_UNSUPPORTED_TOP),
        )
        if document is None:
            checker.raise_if_any()
        assert document is not None
        self._supported(document, PROBLEM_LOC, _UNSUPPORTED_TOP)
        matrices = self._matrices(document)
        self.matrix_rows = _rows(matrices)
        if matrices is None and ("matrices" in document or "matrix" in document):
            self.matrix_rows = MAX_LOCATIONS  # unreadable matrices: still check each index
        jobs = self._jobs(document.get("jobs", []))
        vehicles = self._vehicles(document["vehicles"], matrices)
        dimensions = self._dimensions(jobs, vehicles)
        checker.raise_if_any()
        if matrices is not None:
            return self._with_matrices(jobs, vehicles, dimensions, matrices)
        return self._with_coordinates(jobs, vehicles, dimensions)

    def _matrices(
        self, document: Mapping[str, Any]
    ) -> dict[str, dict[str, list[list[int]]]] | None:
        checker = self.checker
        if "matrix" in document and "matrices" in document:
            checker.add(
                (*PROBLEM_LOC, "matrix"), "give matrices or the deprecated matrix, not both"
            )
            return None
        if "matrix" in document:
            matrix = self._matrix(document["matrix"], (*PROBLEM_LOC, "matrix"))
            return None if matrix is None else {DEFAULT_PROFILE: {"durations": matrix}}
        if "matrices" not in document:
            return None
        loc = (*PROBLEM_LOC, "matrices")
        profiles = document["matrices"]
        if not isinstance(profiles, Mapping) or not profiles:
            checker.add(loc, "must be a non-empty object of profile name to matrices")
            return None
        result: dict[str, dict[str, list[list[int]]]] = {}
        for name, kinds in profiles.items():
            here = (*loc, str(name))
            fields = checker.mapping(
                kinds, here, required=("durations",), optional=("distances", "costs")
            )
            if fields is None:
                continue
            read = {
                kind: self._matrix(fields[kind], (*here, kind))
                for kind in ("durations", "distances", "costs")
                if kind in fields
            }
            if all(matrix is not None for matrix in read.values()):
                sizes = {len(matrix) for matrix in read.values() if matrix is not None}
                if len(sizes) > 1:
                    checker.add(here, "durations, distances and costs must have the same size")
                    continue
                result[str(name)] = {
                    kind: matrix for kind, matrix in read.items() if matrix is not None
                }
        sizes = {len(kinds["durations"]) for kinds in result.values()}
        if len(sizes) > 1:
            checker.add(loc, "every profile's matrices must have the same size")
        return result if len(result) == len(profiles) else None

    def _matrix(self, value: Any, loc: Loc) -> list[list[int]] | None:
        rows = self.checker.array(value, loc, limit=MAX_LOCATIONS, min_items=1)
        if rows is None:
            return None
        size = len(rows)
        for position, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != size:
                self.checker.add(
                    (*loc, position), f"must be an array of {size} integers (square matrix)"
                )
                return None
            if not all(type(entry) is int and 0 <= entry <= MAX_VALUE for entry in row):
                self.checker.add(
                    (*loc, position), f"entries must be integers from 0 to {MAX_VALUE}"
                )
                return None
        return rows

    # --- places --------------------------------------------------------------------

    def _place(
        self, fields: Mapping[str, Any], loc: Loc, coordinates_key: str, index_key: str
    ) -> Place | None:
        """A place from ``coordinates_key`` / ``index_key`` (a matrix row with matrices)."""
        coordinates = None
        if coordinates_key in fields:
            coordinates = self._coordinates(fields[coordinates_key], (*loc, coordinates_key))
            if coordinates is None:
                return None
        location_index = None
        if index_key in fields:
            location_index = self.checker.integer(fields[index_key], (*loc, index_key), minimum=0)
            if location_index is None:
                return None
        if self.matrix_rows is not None:
            if location_index is None:
                self.checker.add((*loc, index_key), "is required when matrices are given")
                return None
            if location_index >= self.matrix_rows:
                self.checker.add(
                    (*loc, index_key), f"is outside the matrices ({self.matrix_rows} rows)"
                )
                return None
            row = self.indexes.setdefault(location_index, len(self.indexes))
            return Place(row, location_index, coordinates)
        if coordinates is None:
            self.checker.add((*loc, coordinates_key), "is required when no matrices are given")
            return None
        row = self.coordinates.setdefault(coordinates, len(self.coordinates))
        return Place(row, location_index, coordinates)

    def _coordinates(self, value: Any, loc: Loc) -> tuple[float, float] | None:
        pair = self.checker.array(value, loc, limit=2, min_items=2)
        if pair is None:
            return None
        lon = self.checker.number(pair[0], (*loc, 0), minimum=-180, maximum=180)
        lat = self.checker.number(pair[1], (*loc, 1), minimum=-90, maximum=90)
        if lon is None or lat is None:
            return None
        return (float(lon), float(lat))

    # --- jobs ------------------------------------------------------------------------------

    def _jobs(self, value: Any) -> list[Job]:
        loc = (*PROBLEM_LOC, "jobs")
        jobs: list[Job] = []
        seen: set[int] = set()
        for position, item in enumerate(self.checker.array(value, loc, limit=MAX_JOBS) or []):
            job = self._job(item, (*loc, position), seen)
            if job is not None:
                jobs.append(job)
        return jobs

    def _job(self, item: Any, loc: Loc, seen: set[int]) -> Job | None:
        checker = self.checker
        fields, ok = self._task(item, loc, _JOB_FIELDS, _JOB_UNSUPPORTED)
        if fields is None:
            return None
        identifier = self._identifier(fields["id"], (*loc, "id"), seen, "job")
        place = self._place(fields, loc, "location", "location_index")
        service = checker.integer(
            fields.get("service", 0), (*loc, "service"), minimum=0, maximum=MAX_VALUE
        )
        delivery = self._amount(fields.get("delivery"), (*loc, "delivery"))
        pickup = self._amount(fields.get("pickup"), (*loc, "pickup"))
        priority = checker.integer(
            fields.get("priority", 0), (*loc, "priority"), minimum=0, maximum=100
        )
        window = self._job_window(fields.get("time_windows"), (*loc, "time_windows"))
        skills = self._skills(fields.get("skills"), (*loc, "skills"))
        description = self._description(fields.get("description"), (*loc, "description"))
        if (
            not ok
            or identifier is None
            or place is None
            or service is None
            or delivery is None
            or pickup is None
            or priority is None
            or window is None
            or skills is None
            or description is None
        ):
            return None
        return Job(
            id=identifier,
            place=place,
            service=service,
            delivery=delivery,
            pickup=pickup,
            time_window=window[0],
            priority=priority,
            skills=skills,
            description=description[0],
        )

    def _task(
        self, item: Any, loc: Loc, known: tuple[str, ...], unsupported: Mapping[str, str]
    ) -> tuple[Mapping[str, Any] | None, bool]:
        """A job or vehicle object, and False when it uses what this adapter cannot model."""
        fields = self.checker.mapping(item, loc, required=("id",), optional=(*known, *unsupported))
        if fields is None:
            return None, False
        return fields, self._supported(fields, loc, unsupported)

    def _supported(
        self, fields: Mapping[str, Any], loc: Loc, unsupported: Mapping[str, str]
    ) -> bool:
        """List each field PyVRP cannot model (null or empty is no use of it; for task
        times, setup 0 neither, but a vehicle limit of 0 is a real limit)."""
        ok = True
        for key, what in unsupported.items():
            unused: tuple[Any, ...] = (
                (None, {}, []) if key in _VEHICLE_UNSUPPORTED else (0, None, {}, [])
            )
            if key in fields and fields[key] not in unused:
                self.checker.add((*loc, key), f"{what} are not supported by vrp.pyvrp")
                ok = False
        return ok

    def _identifier(self, value: Any, loc: Loc, seen: set[int], kind: str) -> int | None:
        """A non-negative integer id not seen before among the same kind."""
        identifier = self.checker.integer(value, loc, minimum=0)
        if identifier is not None and identifier in seen:
            self.checker.add(loc, f"duplicate {kind} id {identifier}")
            return None
        if identifier is not None:
            seen.add(identifier)
        return identifier

    def _amount(self, value: Any, loc: Loc) -> tuple[int, ...] | None:
        if value is None:
            return ()
        parts = self.checker.array(value, loc, limit=16)
        if parts is None:
            return None
        amounts = [
            self.checker.integer(part, (*loc, position), minimum=0, maximum=MAX_VALUE)
            for position, part in enumerate(parts)
        ]
        if any(amount is None for amount in amounts):
            return None
        return tuple(amount for amount in amounts if amount is not None)

    def _window(self, value: Any, loc: Loc) -> tuple[int, int] | None:
        pair = self.checker.array(value, loc, limit=2, min_items=2)
        if pair is None:
            return None
        start = self.checker.integer(pair[0], (*loc, 0), minimum=0, maximum=2**53)
        end = self.checker.integer(pair[1], (*loc, 1), minimum=0, maximum=2**53)
        if start is None or end is None:
            return None
        if start > end:
            self.checker.add(loc, f"starts ({start}) after it ends ({end})")
            return None
        return (start, end)

    def _job_window(self, value: Any, loc: Loc) -> tuple[tuple[int, int] | None] | None:
        """The job's one time window (wrapped, so that None means a problem was found)."""
        if value is None:
            return (None,)
        windows = self.checker.array(value, loc)
        if windows is None:
            return None
        if len(windows) > 1:
            self.checker.add(loc, "more than one time window per job is not supported by vrp.pyvrp")
            return None
        if not windows:
            return (None,)
        window = self._window(windows[0], (*loc, 0))
        return None if window is None else (window,)

    def _skills(self, value: Any, loc: Loc) -> frozenset[int] | None:
        if value is None:
            return frozenset()
        skills = self.checker.array(value, loc, limit=1000)
        if skills is None:
            return None
        read = [
            self.checker.integer(skill, (*loc, position), minimum=0)
            for position, skill in enumerate(skills)
        ]
        if any(skill is None for skill in read):
            return None
        return frozenset(skill for skill in read if skill is not None)

    def _description(self, value: Any, loc: Loc) -> tuple[str | None] | None:
        if value is None:
            return (None,)
        text = self.checker.string(value, loc, max_length=1000)
        return None if text is None else (text,)

    # --- vehicles ----------------------------------------------------------------------------

    def _vehicles(
        self, value: Any, matrices: dict[str, dict[str, list[list[int]]]] | None
    ) -> list[Vehicle]:
        loc = (*PROBLEM_LOC, "vehicles")
        vehicles: list[Vehicle] = []
        seen: set[int] = set()
        for position, item in enumerate(
            self.checker.array(value, loc, limit=MAX_VEHICLES, min_items=1) or []
        ):
            vehicle = self._vehicle(item, (*loc, position), seen, matrices)
            if vehicle is not None:
                vehicles.append(vehicle)
        return vehicles

    def _vehicle(
        self,
        item: Any,
        loc: Loc,
        seen: set[int],
        matrices: dict[str, dict[str, list[list[int]]]] | None,
    ) -> Vehicle | None:
        checker = self.checker
        fields, ok = self._task(item, loc, _VEHICLE_FIELDS, _VEHICLE_UNSUPPORTED)
        if fields is None:
            return None
        identifier = self._identifier(fields["id"], (*loc, "id"), seen, "vehicle")
        start = end = None
        if "start" in fields or "start_index" in fields:
            start = self._place(fields, loc, "start", "start_index")
            ok = ok and start is not None
        if "end" in fields or "end_index" in fields:
            end = self._place(fields, loc, "end", "end_index")
            ok = ok and end is not None
        if not any(key in fields for key in ("start", "start_index", "end", "end_index")):
            checker.add(loc, "needs a start or an end (or both)")
            ok = False
        capacity = self._amount(fields.get("capacity"), (*loc, "capacity"))
        window = None
        if fields.get("time_window") is not None:
            window = self._window(fields["time_window"], (*loc, "time_window"))
            ok = ok and window is not None
        max_tasks = None
        if fields.get("max_tasks") is not None:
            max_tasks = checker.integer(fields["max_tasks"], (*loc, "max_tasks"), minimum=0)
            ok = ok and max_tasks is not None
        costs = self._costs(fields.get("costs"), (*loc, "costs"))
        skills = self._skills(fields.get("skills"), (*loc, "skills"))
        profile = DEFAULT_PROFILE
        if "profile" in fields:
            profile = checker.string(fields["profile"], (*loc, "profile")) or DEFAULT_PROFILE
        if matrices is not None and profile not in matrices:
            checker.add((*loc, "profile"), f"no matrices are given for profile {profile!r}")
            ok = False
        speed = 1.0
        if "speed_factor" in fields:
            factor = checker.number(fields["speed_factor"], (*loc, "speed_factor"), maximum=5)
            if factor is not None and factor <= 0:
                checker.add((*loc, "speed_factor"), "must be greater than 0")
                factor = None
            ok = ok and factor is not None
            speed = round(float(factor or 1.0), 2)
        description = self._description(fields.get("description"), (*loc, "description"))
        if costs is not None:
            ok = ok and self._costs_consistent(costs, profile, matrices, (*loc, "costs"))
        if (
            not ok
            or identifier is None
            or capacity is None
            or costs is None
            or skills is None
            or description is None
        ):
            return None
        return Vehicle(
            id=identifier,
            start=start,
            end=end,
            capacity=capacity,
            time_window=window,
            max_tasks=max_tasks,
            fixed=costs[0],
            per_hour=costs[1],
            per_km=costs[2],
            skills=skills,
            profile=profile,
            speed_factor=speed,
            description=description[0],
        )

    def _costs(self, value: Any, loc: Loc) -> tuple[int, int, int] | None:
        if value is None:
            return (0, DEFAULT_PER_HOUR, 0)
        fields = self.checker.mapping(
            value, loc, optional=("fixed", "per_hour", "per_km", "per_task_hour")
        )
        if fields is None:
            return None
        if fields.get("per_task_hour", 0) != 0:
            self.checker.add(
                (*loc, "per_task_hour"), "task-time costs are not supported by vrp.pyvrp"
            )
            return None
        read = [
            self.checker.integer(
                fields.get(key, default), (*loc, key), minimum=0, maximum=MAX_VALUE
            )
            for key, default in (("fixed", 0), ("per_hour", DEFAULT_PER_HOUR), ("per_km", 0))
        ]
        if any(part is None for part in read):
            return None
        fixed, per_hour, per_km = (part or 0 for part in read)
        return (fixed, per_hour, per_km)

    def _costs_consistent(
        self,
        costs: tuple[int, int, int],
        profile: str,
        matrices: dict[str, dict[str, list[list[int]]]] | None,
        loc: Loc,
    ) -> bool:
        _, per_hour, per_km = costs
        kinds = (matrices or {}).get(profile, {})
        if "costs" in kinds and (per_hour != DEFAULT_PER_HOUR or per_km):
            self.checker.add(
                loc,
                "per_hour and per_km cannot be combined with a custom costs matrix "
                f"for {profile!r}",
            )
            return False
        if matrices is not None and per_km and "distances" not in kinds:
            self.checker.add((*loc, "per_km"), f"needs matrices.{profile}.distances")
            return False
        return True

    def _dimensions(self, jobs: list[Job], vehicles: list[Vehicle]) -> int:
        # VROOM: every amount given and every capacity has the same length.
        lengths = {len(amount) for job in jobs for amount in (job.delivery, job.pickup) if amount}
        lengths |= {len(vehicle.capacity) for vehicle in vehicles}
        if len(lengths) > 1:
            self.checker.add(
                PROBLEM_LOC,
                "delivery, pickup and capacity arrays must all have the same length "
                f"(found lengths {sorted(lengths)})",
            )
            return 0
        return next(iter(lengths), 0)

    # --- matrices ------------------------------------------------------------------------------

    def _with_matrices(
        self,
        jobs: list[Job],
        vehicles: list[Vehicle],
        dimensions: int,
        matrices: dict[str, dict[str, list[list[int]]]],
    ) -> VroomProblem:
        rows = sorted(self.indexes, key=self.indexes.__getitem__)

        def restrict(matrix: list[list[int]]) -> list[list[int]]:
            return [[matrix[origin][destination] for destination in rows] for origin in rows]

        durations = {name: restrict(kinds["durations"]) for name, kinds in matrices.items()}
        with_distances = all("distances" in kinds for kinds in matrices.values())
        distances = (
            {name: restrict(kinds["distances"]) for name, kinds in matrices.items()}
            if with_distances
            else None
        )
        costs = {
            name: restrict(kinds["costs"]) for name, kinds in matrices.items() if "costs" in kinds
        }
        return VroomProblem(jobs, vehicles, dimensions, durations, distances, costs)

    def _with_coordinates(
        self, jobs: list[Job], vehicles: list[Vehicle], dimensions: int
    ) -> VroomProblem:
        points = sorted(self.coordinates, key=self.coordinates.__getitem__)
        metres = [[_great_circle(a, b) for b in points] for a in points]
        speed = DEFAULT_SPEED_KMH / 3.6
        seconds = [[round(distance / speed) for distance in row] for row in metres]
        profiles = {vehicle.profile for vehicle in vehicles} or {DEFAULT_PROFILE}
        return VroomProblem(
            jobs,
            vehicles,
            dimensions,
            {profile: seconds for profile in profiles},
            {profile: metres for profile in profiles},
        )


def _rows(matrices: dict[str, dict[str, list[list[int]]]] | None) -> int | None:
    if not matrices:
        return None
    return min(len(kinds["durations"]) for kinds in matrices.values())


def _great_circle(a: tuple[float, float], b: tuple[float, float]) -> int:
    """Haversine distance in whole metres between two ``(lon, lat)`` points."""
    lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return round(2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h))))
