"""``start_server()``: run the service with uvicorn on a background thread."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from types import TracebackType
from typing import Any

import uvicorn
from fastapi import FastAPI

from engine_core import Engine
from engine_core.errors import ServerConfigurationError

from .app import create_app
from .protocol import QuietWebSocketProtocol
from .settings import resolve_token

__all__ = ["ServerHandle", "bind_socket", "check_bind", "is_loopback", "start_server", "url_host"]

_START_TIMEOUT_S = 15.0


def is_loopback(host: str) -> bool:
    """Return True when ``host`` is a loopback address or ``localhost``."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


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


def check_bind(host: str, token: str | None) -> None:
    """Refuse to bind a non-loopback address without a token (ServerConfigurationError)."""
    if not is_loopback(host) and resolve_token(token) is None:
        raise ServerConfigurationError(
            f"refusing to bind {host!r} without authentication: set a service token "
            "(--token or ENGINE_SERVICE_TOKEN) or bind 127.0.0.1"
        )


class ServerHandle:
    """A running service: ``base_url``, ``port``, ``stop()``; also a context manager."""

    def __init__(
        self, app: FastAPI, server: uvicorn.Server, thread: threading.Thread, host: str, port: int
    ) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._server = server
        self._thread = thread
        self.base_url = f"http://{url_host(host)}:{port}"
        self.ws_url = f"ws://{url_host(host)}:{port}"

    @property
    def running(self) -> bool:
        """True while the server thread is alive."""
        return self._thread.is_alive()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server and wait for its thread."""
        self._server.should_exit = True
        self._thread.join(timeout)

    def __enter__(self) -> ServerHandle:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<ServerHandle {self.base_url} running={self.running}>"


def start_server(
    engine: Engine | None = None,
    token: str | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    log_level: str = "warning",
    **app_options: Any,
) -> ServerHandle:
    """Serve ``engine`` (built-in pack when None) on ``host:port`` (0: a free port) in a thread."""
    check_bind(host, token)
    app = create_app(engine, token=token, **app_options)
    sock = bind_socket(host, port)
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        log_level=log_level,
        log_config=None,  # never reconfigure the host process's logging
        access_log=False,
        lifespan="off",
        ws=QuietWebSocketProtocol,
        ws_max_size=app.state.settings.max_body_size,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run,
        kwargs={"sockets": [sock]},
        name=f"engine-server:{bound_port}",
        daemon=True,
    )
    thread.start()
    deadline = time.monotonic() + _START_TIMEOUT_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise ServerConfigurationError(f"the server on {host}:{bound_port} did not start")
        time.sleep(0.01)
    return ServerHandle(app, server, thread, host, bound_port)
