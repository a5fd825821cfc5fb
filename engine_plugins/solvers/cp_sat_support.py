"""What the CP-SAT solvers share: solver parameters from a request, and status names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine_core.solver_types import SolveRequest, SolveStatus

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model

__all__ = ["configured_solver", "solve_status"]


def configured_solver(request: SolveRequest) -> cp_model.CpSolver:
    """A CP-SAT solver limited to the request's remaining time, threads and seed."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.001, request.remaining_s())
    solver.parameters.num_workers = request.threads
    solver.parameters.random_seed = request.seed
    solver.parameters.log_search_progress = False
    return solver


def solve_status(status: cp_model.CpSolverStatus) -> SolveStatus:
    """Map a CP-SAT status to the result's status (MODEL_INVALID is checked before solving)."""
    from ortools.sat.python import cp_model

    if status == cp_model.OPTIMAL:
        return "optimal"
    if status == cp_model.FEASIBLE:
        return "feasible"
    if status == cp_model.INFEASIBLE:
        return "infeasible"
    return "unknown"
