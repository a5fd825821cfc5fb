"""The running decision's deadline: the scan checks it at checkpoints and stops once it passed.

A compiled pack's ``budget.max_latency_ms`` bounds a decision's wall time on
every path (docs/architecture.md, "Budget"): not only each regex search (the
matchers' timeout) but the one prefilter pass, the windows, resolution and
propagation. The engine sets the deadline around a decision (a context
variable, so that threads and tasks each see their own); the scanning code
reads it once per call and looks at the clock at checkpoints: every few
thousand prefilter hits, between prefilter groups, every few windows, between
phases. Past it, a checkpoint raises DecisionBudgetExceededError, which the
engine or the stream reports with the pack's bound and the real elapsed time.
A decision without a budget has no deadline and its checkpoints cost one
comparison.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

from .errors import DecisionBudgetExceededError

__all__ = ["call", "check", "current", "running"]

P = ParamSpec("P")
R = TypeVar("R")

_DEADLINE: ContextVar[int | None] = ContextVar("engine_decision_deadline", default=None)


@contextmanager
def running(deadline_ns: int | None) -> Iterator[None]:
    """Run the block as a decision that must end by ``deadline_ns`` (perf_counter_ns; None:
    no deadline)."""
    token = _DEADLINE.set(deadline_ns)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def call(deadline_ns: int | None, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Return ``function(*args, **kwargs)`` run as a decision that must end by
    ``deadline_ns`` (None: called as it is, at no cost)."""
    if deadline_ns is None:
        return function(*args, **kwargs)
    with running(deadline_ns):
        return function(*args, **kwargs)


def current() -> int | None:
    """Return the running decision's deadline (perf_counter_ns), or None."""
    return _DEADLINE.get()


def check(deadline_ns: int | None) -> None:
    """Raise DecisionBudgetExceededError when ``deadline_ns`` has passed."""
    if deadline_ns is not None and time.perf_counter_ns() > deadline_ns:
        # The engine replaces these figures with the pack's bound and the real elapsed time.
        raise DecisionBudgetExceededError("<decision>", "max_latency_ms", 0.0, 0.0)
