"""What both foreground servers share: a pre-bound socket and a clean stop on SIGINT/SIGTERM."""

from __future__ import annotations

import contextlib
import signal
import socket
from collections.abc import Iterator
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import uvicorn

__all__ = ["bind_socket", "run_until_stopped", "url_host"]


def bind_socket(host: str, port: int) -> socket.socket:
    """Bind the listening socket now, so a busy port is one clear error line (OSError)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        reason = exc.strerror or str(exc)
        raise OSError(f"cannot listen on {url_host(host)}:{port}: {reason}") from None
    return sock


def url_host(host: str) -> str:
    """Return ``host`` as it goes into a URL (IPv6 addresses in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


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
