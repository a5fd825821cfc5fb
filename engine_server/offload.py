"""Engine work off the event loop: every surface (REST, SSE, WebSocket) runs it through here.

Evaluating or streaming a text can take far longer than a millisecond; while
it runs on the event loop nothing else is served (not even ``GET /v1/health``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from starlette.concurrency import run_in_threadpool

__all__ = ["INLINE_SCAN_CHARS", "run_engine_work"]

#: Work that scans at most this many characters runs inline: the built-in pack
#: evaluates 4 KiB in well under a millisecond, less than a thread hand-off adds.
INLINE_SCAN_CHARS = 4 * 1024

_P = ParamSpec("_P")
_T = TypeVar("_T")


async def run_engine_work(
    scanned_chars: int | None, function: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs
) -> _T:
    """Run ``function`` inline when it scans at most INLINE_SCAN_CHARS characters, else on a
    worker thread (``None``: cost not bounded by a scan, always a worker thread)."""
    if scanned_chars is not None and scanned_chars <= INLINE_SCAN_CHARS:
        return function(*args, **kwargs)
    return await run_in_threadpool(function, *args, **kwargs)
