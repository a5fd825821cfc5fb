"""engine-pack HTTP service (FastAPI): REST, Server-Sent Events and WebSocket."""

from __future__ import annotations

from .app import create_app
from .server import ServerHandle, start_server

__all__ = ["ServerHandle", "create_app", "start_server"]
