"""engine-pack HTTP service (FastAPI): REST, Server-Sent Events and WebSocket.

The application is imported on first use, so that ``engine_server.client`` (the
Python client of the service) imports without FastAPI or uvicorn installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .app import create_app
    from .server import ServerHandle, start_server

__all__ = ["ServerHandle", "create_app", "start_server"]


def __getattr__(name: str) -> Any:
    # FastAPI and uvicorn load only when the service itself is asked for.
    if name == "create_app":
        from .app import create_app

        return create_app
    if name in ("ServerHandle", "start_server"):
        from . import server

        return getattr(server, name)
    raise AttributeError(f"module 'engine_server' has no attribute {name!r}")
