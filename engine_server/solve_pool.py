"""The bounded worker pool solves run in: never on the event loop, never more than allowed.

At most ``ENGINE_SOLVE_CONCURRENCY`` solves (default 2) run at once, each on
a worker thread (the solvers run natively or release the GIL often enough
that the event loop stays responsive; see docs/decision-domains.md). A solve
that finds every slot busy is refused at once with
:class:`~engine_core.errors.SolverCapacityError` (HTTP 503, ``Retry-After``:
the seconds until the earliest running solve reaches its time limit). The
service waits for a solve up to its time limit plus :data:`GRACE_S`; past
that it answers 503 and the slot stays taken until the solver returns.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from engine_core.errors import SolverCapacityError
from engine_core.solvers.limits import positive_int_env

__all__ = ["CONCURRENCY_ENV", "DEFAULT_CONCURRENCY", "GRACE_S", "SolvePool", "solve_pool_from_env"]

CONCURRENCY_ENV = "ENGINE_SOLVE_CONCURRENCY"
DEFAULT_CONCURRENCY = 2
#: Seconds the service waits past a solve's time limit before answering 503.
GRACE_S = 5.0

T = TypeVar("T")


class SolvePool:
    """Runs solves on ``workers`` threads; a solve beyond that is refused, never queued."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._ends: dict[int, float] = {}  # running solve -> when its time limit ends
        self._ticket = 0

    def _admit(self, limit_s: float) -> int:
        with self._lock:
            now = time.monotonic()
            if len(self._ends) >= self.workers:
                wait = min(self._ends.values()) - now
                raise SolverCapacityError(
                    f"all {self.workers} solve slots are busy; retry later",
                    retry_after=max(1, math.ceil(wait)),
                )
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="engine-solve")
            self._ticket += 1
            self._ends[self._ticket] = now + limit_s
            return self._ticket

    def _release(self, ticket: int) -> None:
        with self._lock:
            self._ends.pop(ticket, None)

    async def run(self, function: Callable[[], T], limit_s: float) -> T:
        """Run ``function`` on a worker; 503 when every slot is busy or it overruns its cap."""
        ticket = self._admit(limit_s)
        try:
            assert self._executor is not None
            future: Future[T] = self._executor.submit(function)
        except BaseException:
            self._release(ticket)
            raise
        future.add_done_callback(lambda _done: self._release(ticket))
        try:
            # shield: a timeout must not try to cancel the running solve (it cannot be).
            return await asyncio.wait_for(
                asyncio.shield(asyncio.wrap_future(future)), limit_s + GRACE_S
            )
        except TimeoutError:
            raise SolverCapacityError(
                f"the solve overran its time limit by more than {GRACE_S:g} s",
                retry_after=max(1, math.ceil(limit_s)),
            ) from None

    def shutdown(self) -> None:
        """Stop accepting work; running solves finish on their own."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None


def solve_pool_from_env() -> SolvePool:
    """A pool sized by ``ENGINE_SOLVE_CONCURRENCY`` (default 2); a bad value is refused."""
    return SolvePool(positive_int_env(CONCURRENCY_ENV, DEFAULT_CONCURRENCY))
