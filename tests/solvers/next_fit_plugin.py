"""A third-party solver for the built-in ``bin_packing`` domain: next fit (plugins.md's example).

It reuses the domain's own problem reader, so it accepts exactly the
problems (and lists exactly the problems) the built-in solvers do.
"""

from __future__ import annotations

from collections.abc import Callable

from engine_core import hookimpl
from engine_core.registries import Solver
from engine_core.solver_types import SolveOutcome, SolveRequest
from engine_plugins.solvers.bin_packing_problem import (
    PackingProblem,
    lower_bound,
    prepare,
    solution,
)


def next_fit(problem: PackingProblem, request: SolveRequest) -> SolveOutcome:
    """Keep one bin open; open a new one when the next copy does not fit."""
    bins: list[list[int]] = [[]]
    load = [0.0] * len(problem.capacity)
    for kind in problem.packable:
        size = problem.sizes[kind]
        for _ in range(problem.quantities[kind]):
            fits = zip(load, size, problem.capacity, strict=True)
            if any(used + part > limit for used, part, limit in fits):
                bins.append([])
                load = [0.0] * len(problem.capacity)
            bins[-1].append(kind)
            load = [used + part for used, part in zip(load, size, strict=True)]
    bins = [content for content in bins if content]
    bound = lower_bound(problem)
    return SolveOutcome(
        status="optimal" if len(bins) == bound else "feasible",
        solution=solution(problem, bins, bound),
        objective=len(bins),
        bound=bound,
    )


NEXT_FIT = Solver(
    id="bin_packing.next_fit",
    domain="bin_packing",
    prepare=prepare,
    solve=next_fit,
    description="Next fit: one open bin at a time.",
)


@hookimpl
def engine_register_solvers(register: Callable[[Solver], None]) -> None:
    """Add next fit to the bin_packing domain."""
    register(NEXT_FIT)
