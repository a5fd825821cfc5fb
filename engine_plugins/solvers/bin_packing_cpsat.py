"""``bin_packing.cpsat``: bin packing on OR-Tools CP-SAT, started from first-fit decreasing.

Variables ``count[t][b]`` (copies of item type ``t`` in bin ``b``) and
``used[b]``; every copy packed; loads within capacity in every dimension;
used bins first (symmetry); at least the lower bound; minimise bins used.
Answers optimal (proved), or the best found with its proved lower bound.
Item types need integer sizes and capacities.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine_core.errors import DecisionInputError
from engine_core.solvers.model import SolveOutcome, SolveRequest
from engine_core.solvers.problems import PROBLEM_LOC

from .bin_packing_problem import (
    Packing,
    PackingProblem,
    first_fit_decreasing,
    lower_bound,
    solution,
)
from .bin_packing_problem import prepare as read_problem
from .cp_sat_support import configured_solver, solve_status

__all__ = ["MAX_CELLS", "prepare", "solve"]

#: Item types x candidate bins above which the model is refused (HTTP 422).
MAX_CELLS = 500_000


@dataclass(frozen=True)
class PreparedPacking:
    """The problem with its first-fit start and lower bound."""

    problem: PackingProblem
    start: Packing
    bound: int


def prepare(problem: Any) -> PreparedPacking:
    """Read the problem (integer sizes), run first fit, and check the model's size."""
    import ortools.sat.python.cp_model  # noqa: F401 - imported here, before the solve's clock starts

    packing = read_problem(problem)
    if not packing.integral:
        raise DecisionInputError(
            [
                {
                    "loc": list(PROBLEM_LOC),
                    "msg": "bin_packing.cpsat needs integer sizes and capacities: scale them, "
                    "or use bin_packing.ffd",
                }
            ]
        )
    start = first_fit_decreasing(packing)
    bins = len(start) if packing.max_bins is None else min(len(start), packing.max_bins)
    cells = len(packing.packable) * bins
    if cells > MAX_CELLS:
        raise DecisionInputError(
            [
                {
                    "loc": [*PROBLEM_LOC, "items"],
                    "msg": f"item types x bins is {cells}: over the limit of {MAX_CELLS} for "
                    "bin_packing.cpsat; use bin_packing.ffd",
                }
            ]
        )
    return PreparedPacking(packing, start, lower_bound(packing))


def solve(prepared: PreparedPacking, request: SolveRequest) -> SolveOutcome:
    """Minimise the bins used; fall back to the first-fit packing when CP-SAT finds none."""
    problem, start, bound = prepared.problem, prepared.start, prepared.bound
    limit = problem.max_bins
    if limit is not None and bound > limit:
        return SolveOutcome(status="infeasible", solution=None, bound=bound)
    kinds = problem.packable
    if not kinds:
        return SolveOutcome(
            status="optimal", solution=solution(problem, [], 0), objective=0, bound=0
        )
    start_fits = limit is None or len(start) <= limit
    bins = len(start) if start_fits else limit
    assert bins is not None
    if start_fits and len(start) == bound:
        return SolveOutcome(
            status="optimal", solution=solution(problem, start, bound), objective=bound, bound=bound
        )
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    used = [model.new_bool_var(f"used{b}") for b in range(bins)]
    count = {
        (kind, b): model.new_int_var(0, problem.quantities[kind], f"n{kind}_{b}")
        for kind in kinds
        for b in range(bins)
    }
    for kind in kinds:
        model.add(sum(count[kind, b] for b in range(bins)) == problem.quantities[kind])
        for b in range(bins):
            model.add(count[kind, b] <= problem.quantities[kind] * used[b])
    for b in range(bins):
        for dimension, capacity in enumerate(problem.capacity):
            model.add(
                sum(int(problem.sizes[kind][dimension]) * count[kind, b] for kind in kinds)
                <= int(capacity) * used[b]
            )
        if b + 1 < bins:
            model.add(used[b] >= used[b + 1])
    model.add(sum(used) >= bound)
    model.minimize(sum(used))
    if start_fits:
        for b, content in enumerate(start):
            model.add_hint(used[b], True)
            copies = Counter(content)
            for kind in kinds:
                model.add_hint(count[kind, b], copies.get(kind, 0))
    solver = configured_solver(request)
    status = solve_status(solver.solve(model))
    proved = (
        max(bound, int(-(-solver.best_objective_bound // 1))) if status != "infeasible" else bound
    )
    if status in ("optimal", "feasible"):
        packing: Packing = [
            [kind for kind in kinds for _ in range(int(solver.value(count[kind, b])))]
            for b in range(bins)
        ]
        packing = [content for content in packing if content]
        value = len(packing)
        return SolveOutcome(
            status="optimal" if status == "optimal" or value == proved else "feasible",
            solution=solution(problem, packing, proved),
            objective=value,
            bound=value if status == "optimal" else proved,
        )
    if status == "infeasible":
        return SolveOutcome(status="infeasible", solution=None, bound=bound)
    if start_fits:
        return SolveOutcome(
            status="feasible",
            solution=solution(problem, start, proved),
            objective=len(start),
            bound=proved,
        )
    return SolveOutcome(status="unknown", solution=None, bound=proved)
