"""What a solver plugin registers, and what a solver receives and returns."""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

__all__ = [
    "STATUSES",
    "SolveOutcome",
    "SolveRequest",
    "SolveStatus",
    "Solver",
]

#: ``optimal``: proved; ``feasible``: a solution, not proved optimal;
#: ``infeasible``: proved that none exists; ``unknown``: none found in time.
SolveStatus = Literal["optimal", "feasible", "infeasible", "unknown"]
STATUSES: tuple[SolveStatus, ...] = ("optimal", "feasible", "infeasible", "unknown")


@dataclass(frozen=True)
class SolveRequest:
    """The limits of one solve: ``deadline`` is a ``time.perf_counter()`` value."""

    time_limit_s: float
    seed: int
    threads: int
    deadline: float

    def remaining_s(self) -> float:
        """Seconds left before the deadline (never negative)."""
        return max(0.0, self.deadline - time.perf_counter())


@dataclass(frozen=True)
class SolveOutcome:
    """A solver's answer; the dispatcher adds the domain, solver id and timing.

    ``solution`` is JSON-ready (None when there is none to show); ``objective``
    is the value of the solution reported and ``bound`` the best proved bound.
    """

    status: SolveStatus
    solution: dict[str, Any] | None
    objective: int | float | None = None
    bound: int | float | None = None

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"solve status must be one of {STATUSES}, got {self.status!r}")


@dataclass(frozen=True)
class Solver:
    """A solver behind a decision domain, registered under a solver id.

    ``prepare(problem)`` reads the JSON problem and returns the solver's own
    form of it, raising :class:`~engine_core.errors.DecisionInputError` that
    lists every problem (use :class:`~engine_core.solvers.problems.ProblemChecker`);
    it runs before the decision is counted. ``solve(prepared, request)``
    returns a :class:`SolveOutcome` within ``request.deadline``. ``requires``
    names the modules the backend imports: when one is missing the solver is
    unavailable (HTTP 501) and its domain is listed only if another solver is.
    """

    id: str
    domain: str
    prepare: Callable[[Any], Any]
    solve: Callable[[Any, SolveRequest], SolveOutcome]
    requires: tuple[str, ...] = ()
    description: str = ""

    def missing_backends(self) -> list[str]:
        """Return the required modules that are not installed."""
        return [module for module in self.requires if not _installed(module)]


@lru_cache(maxsize=256)
def _installed(module: str) -> bool:
    """True when ``module`` can be imported (looked up once per process: health asks often)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False
