"""``bin_packing.cpsat``: bin packing on OR-Tools CP-SAT, started from first-fit decreasing.

One dimension (capacity up to 20,000): the arc-flow model
(:mod:`.bin_packing_arcflow`), whose strong relaxation proves optima.
Otherwise the assignment model: ``count[t][b]`` copies of item type ``t`` in
bin ``b`` and ``used[b]``; every copy packed; loads within capacity in every
dimension; used bins first (symmetry); at least the lower bound. Both
minimise the bins used, hinted with the first-fit packing, and answer optimal
(proved), or the best found with its proved lower bound. Sizes and
capacities must be integers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine_core.errors import DecisionInputError
from engine_core.solver_types import SolveOutcome, SolveRequest
from engine_core.solvers.problems import PROBLEM_LOC

from .bin_packing_arcflow import ArcFlow, flow_arcs
from .bin_packing_problem import (
    Packing,
    PackingProblem,
    first_fit_decreasing,
    lower_bound,
    solution,
)
from .bin_packing_problem import prepare as read_problem
from .cp_sat_support import configured_solver, solve_status

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model

__all__ = ["MAX_CELLS", "prepare", "solve"]

#: Item types x candidate bins above which the model is refused (HTTP 422).
MAX_CELLS = 500_000


@dataclass(frozen=True)
class PreparedPacking:
    """The problem with its first-fit start, lower bound, and arc-flow arcs when they apply."""

    problem: PackingProblem
    start: Packing
    bound: int
    arc_flow: ArcFlow | None


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
    arc_flow = flow_arcs(packing)
    bins = len(start) if packing.max_bins is None else min(len(start), packing.max_bins)
    cells = len(packing.packable) * bins
    if arc_flow is None and cells > MAX_CELLS:
        raise DecisionInputError(
            [
                {
                    "loc": [*PROBLEM_LOC, "items"],
                    "msg": f"item types x bins is {cells}: over the limit of {MAX_CELLS} for "
                    "bin_packing.cpsat; use bin_packing.ffd",
                }
            ]
        )
    return PreparedPacking(packing, start, lower_bound(packing), arc_flow)


def solve(prepared: PreparedPacking, request: SolveRequest) -> SolveOutcome:
    """Minimise the bins used; fall back to the first-fit packing when CP-SAT finds none."""
    problem, start, bound = prepared.problem, prepared.start, prepared.bound
    limit = problem.max_bins
    if limit is not None and bound > limit:
        return SolveOutcome(status="infeasible", solution=None, bound=bound)
    if not problem.packable:
        return SolveOutcome(
            status="optimal", solution=solution(problem, [], 0), objective=0, bound=0
        )
    start_fits = limit is None or len(start) <= limit
    upper = len(start) if start_fits else limit
    assert upper is not None
    if start_fits and len(start) == bound:
        return SolveOutcome(
            status="optimal", solution=solution(problem, start, bound), objective=bound, bound=bound
        )
    hint = start if start_fits else None
    if prepared.arc_flow is not None:
        model, read = _arc_flow(prepared.arc_flow, problem, bound, upper, hint)
    else:
        model, read = _assignment(problem, bound, upper, hint)
    solver = configured_solver(request)
    status = solve_status(solver.solve(model))
    if status == "infeasible":
        return SolveOutcome(status="infeasible", solution=None, bound=bound)
    proved = max(bound, int(-(-solver.best_objective_bound // 1)))
    if status in ("optimal", "feasible"):
        packing = [content for content in read(solver) if content]
        value = len(packing)
        optimal = status == "optimal" or value == proved
        return SolveOutcome(
            status="optimal" if optimal else "feasible",
            solution=solution(problem, packing, value if optimal else proved),
            objective=value,
            bound=value if optimal else proved,
        )
    if start_fits:
        return SolveOutcome(
            status="feasible",
            solution=solution(problem, start, proved),
            objective=len(start),
            bound=proved,
        )
    return SolveOutcome(status="unknown", solution=None, bound=proved)


Reader = Callable[["cp_model.CpSolver"], Packing]


def _arc_flow(
    arc_flow: ArcFlow, problem: PackingProblem, lower: int, upper: int, hint: Packing | None
) -> tuple[cp_model.CpModel, Reader]:
    model, bins, flow = arc_flow.model(lower, upper, hint, problem)

    def read(solver: cp_model.CpSolver) -> Packing:
        values = {arc: int(solver.value(variable)) for arc, variable in flow.items()}
        return arc_flow.packing(values, int(solver.value(bins)), problem)

    return model, read


def _assignment(
    problem: PackingProblem, lower: int, upper: int, hint: Packing | None
) -> tuple[cp_model.CpModel, Reader]:
    """Copies of each item type per bin; any number of dimensions."""
    from ortools.sat.python import cp_model

    kinds = problem.packable
    model = cp_model.CpModel()
    used = [model.new_bool_var(f"used{b}") for b in range(upper)]
    count = {
        (kind, b): model.new_int_var(0, problem.quantities[kind], f"n{kind}_{b}")
        for kind in kinds
        for b in range(upper)
    }
    for kind in kinds:
        model.add(sum(count[kind, b] for b in range(upper)) == problem.quantities[kind])
        for b in range(upper):
            model.add(count[kind, b] <= problem.quantities[kind] * used[b])
    for b in range(upper):
        for dimension, capacity in enumerate(problem.capacity):
            model.add(
                sum(int(problem.sizes[kind][dimension]) * count[kind, b] for kind in kinds)
                <= int(capacity) * used[b]
            )
        if b + 1 < upper:
            model.add(used[b] >= used[b + 1])
    model.add(sum(used) >= lower)
    model.minimize(sum(used))
    if hint is not None:
        for b, content in enumerate(hint):
            model.add_hint(used[b], True)
            copies = Counter(content)
            for kind in kinds:
                model.add_hint(count[kind, b], copies.get(kind, 0))

    def read(solver: cp_model.CpSolver) -> Packing:
        return [
            [kind for kind in kinds for _ in range(int(solver.value(count[kind, b])))]
            for b in range(upper)
        ]

    return model, read
