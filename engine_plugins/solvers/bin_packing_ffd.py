"""``bin_packing.ffd``: first-fit decreasing, no dependency.

Optimal (proved) when it meets the lower bound; otherwise feasible. With
``max_bins`` and more bins needed: infeasible when the lower bound already
exceeds ``max_bins``, otherwise unknown (first fit proves nothing).
"""

from __future__ import annotations

from engine_core.solver_types import SolveOutcome, SolveRequest

from .bin_packing_problem import PackingProblem, first_fit_decreasing, lower_bound, solution

__all__ = ["solve"]


def solve(problem: PackingProblem, request: SolveRequest) -> SolveOutcome:
    """Pack with first-fit decreasing; compare with the lower bound."""
    bound = lower_bound(problem)
    if problem.max_bins is not None and bound > problem.max_bins:
        return SolveOutcome(status="infeasible", solution=None, bound=bound)
    bins = first_fit_decreasing(problem)
    if problem.max_bins is not None and len(bins) > problem.max_bins:
        return SolveOutcome(status="unknown", solution=None, bound=bound)
    return SolveOutcome(
        status="optimal" if len(bins) == bound else "feasible",
        solution=solution(problem, bins, bound),
        objective=len(bins),
        bound=bound,
    )
