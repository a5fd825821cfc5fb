"""What both foreground servers share: a clean stop on SIGINT/SIGTERM."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import socket

    import uvicorn

__all__ = ["run_until_stopped", "stop_quietly"]


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def stop_quietly() -> Iterator[None]:
    """Treat SIGTERM like Ctrl-C and swallow the interrupt: a requested stop exits 0."""
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_until_stopped(server: uvicorn.Server, sock: socket.socket) -> None:
    """Serve on ``sock`` until SIGINT or SIGTERM, then return normally (exit code 0).

    uvicorn shuts down gracefully on either signal and then re-raises it: SIGINT
    becomes KeyboardInterrupt and SIGTERM would kill the process (exit 143); both
    end here as a normal return instead.
    """
    with stop_quietly():
        server.run(sockets=[sock])
