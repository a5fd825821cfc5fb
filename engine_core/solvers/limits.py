"""Time limits of a solve and the threads it may use (documented in README, "Solvers")."""

from __future__ import annotations

import os

from ..errors import ServerConfigurationError

__all__ = [
    "DEFAULT_TIME_LIMIT_CAP_MS",
    "DEFAULT_TIME_LIMIT_MS",
    "SOLVER_THREADS_ENV",
    "TIME_LIMIT_CAP_ENV",
    "positive_int_env",
    "solver_threads",
    "time_limit_cap_ms",
]

#: ``time_limit_ms`` when a request gives none.
DEFAULT_TIME_LIMIT_MS = 1000
#: The cap on any request's ``time_limit_ms`` unless ``ENGINE_SOLVE_TIME_LIMIT_MS`` says otherwise.
DEFAULT_TIME_LIMIT_CAP_MS = 30_000
TIME_LIMIT_CAP_ENV = "ENGINE_SOLVE_TIME_LIMIT_MS"
#: Threads one solve may use (CP-SAT workers); default: the CPUs, at most 8.
SOLVER_THREADS_ENV = "ENGINE_SOLVER_THREADS"


def positive_int_env(name: str, default: int) -> int:
    """A positive integer from the environment (``default`` when unset); else refuse it."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        # Fail closed: a mistyped cap must not silently lift or drop the limit.
        raise ServerConfigurationError(f"{name} must be a positive integer, got {raw!r}")
    return value


def time_limit_cap_ms() -> int:
    """The largest time limit a solve may run with (``ENGINE_SOLVE_TIME_LIMIT_MS``)."""
    return positive_int_env(TIME_LIMIT_CAP_ENV, DEFAULT_TIME_LIMIT_CAP_MS)


def solver_threads() -> int:
    """Threads one solve may use (``ENGINE_SOLVER_THREADS``; default the CPUs, at most 8)."""
    return positive_int_env(SOLVER_THREADS_ENV, max(1, min(8, os.cpu_count() or 1)))
