"""One clock for every time check, so tests can set the time."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["frozen_at", "now", "reset_clock", "set_clock"]

_source: Callable[[], float] = time.time


def now() -> float:
    """Return the current POSIX time in seconds from the active clock source."""
    return _source()


def set_clock(source: Callable[[], float]) -> None:
    """Replace the clock source (for tests and simulations)."""
    global _source
    _source = source


def reset_clock() -> None:
    """Return to the system clock."""
    set_clock(time.time)


@contextmanager
def frozen_at(timestamp: float) -> Iterator[None]:
    """Run the block with the clock fixed at ``timestamp``."""
    previous = _source
    set_clock(lambda: timestamp)
    try:
        yield
    finally:
        set_clock(previous)
