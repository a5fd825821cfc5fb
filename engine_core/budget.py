"""The decision budget: how long one decision (an evaluate, a push, a flush) of a pack may take.

A compiled pack's ``budget.max_latency_ms`` bounds each decision; every regex
scan is also cut off by a timeout (the budget, or a default when the pack has
none). Either way the result is withheld with :class:`DecisionBudgetExceededError`,
which names the pack, the bound and the time the decision really took.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .errors import DecisionBudgetExceededError
from .matching import DEFAULT_MATCH_TIMEOUT_S

__all__ = ["MAX_LATENCY_MS", "REGEX_TIMEOUT_MS", "DecisionBudget", "elapsed_ms", "match_timeout_s"]

#: ``budget_key`` of a decision over the pack's ``budget.max_latency_ms``.
MAX_LATENCY_MS = "max_latency_ms"
#: ``budget_key`` of a regex scan cut off by the default timeout (a pack without a budget).
REGEX_TIMEOUT_MS = "regex_timeout_ms"


def match_timeout_s(max_latency_ms: float | None) -> float:
    """Return the timeout of one regex scan under a budget (``None``: no budget)."""
    if max_latency_ms is None:
        return DEFAULT_MATCH_TIMEOUT_S
    return min(DEFAULT_MATCH_TIMEOUT_S, max_latency_ms / 1000)


def elapsed_ms(started_ns: int) -> float:
    """Return the milliseconds since ``started_ns`` (a ``time.perf_counter_ns()`` reading)."""
    return (time.perf_counter_ns() - started_ns) / 1_000_000


@dataclass(frozen=True)
class DecisionBudget:
    """A pack's bound on one decision: ``max_latency_ms`` (None when it declares none)."""

    pack_id: str
    max_latency_ms: float | None = None

    def deadline(self, started_ns: int) -> int | None:
        """Return when a decision started at ``started_ns`` must end (perf_counter_ns), or None."""
        if self.max_latency_ms is None:
            return None
        return started_ns + int(self.max_latency_ms * 1_000_000)

    def over(self, elapsed: float) -> bool:
        """True when a decision that took ``elapsed`` ms is over the pack's budget."""
        return self.max_latency_ms is not None and elapsed > self.max_latency_ms

    def exceeded(self, elapsed: float) -> DecisionBudgetExceededError:
        """Return the error for a decision that took ``elapsed`` ms and was cut off."""
        if self.max_latency_ms is None:
            limit = match_timeout_s(None) * 1000
            return DecisionBudgetExceededError(self.pack_id, REGEX_TIMEOUT_MS, limit, elapsed)
        return DecisionBudgetExceededError(
            self.pack_id, MAX_LATENCY_MS, self.max_latency_ms, elapsed
        )
