"""Transport failures (httpx, websockets) as the library's exceptions.

Any failure to get an answer (refused or lost connection, timeout, broken
protocol) is NativeRuntimeUnavailableError; a WebSocket the service closes with
1008 is ServiceAuthenticationError. Nothing is retried: a request that may have
reached the engine is never sent twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from engine_core.errors import NativeRuntimeUnavailableError, ServiceAuthenticationError

from .failures import error_for_close, unavailable

__all__ = ["http_failures", "socket_failures"]


@contextmanager
def http_failures() -> Iterator[None]:
    """Turn httpx's request errors (connect, timeout, protocol) into the library's."""
    try:
        yield
    except httpx.TimeoutException as exc:
        raise unavailable(f"no answer within the timeout ({type(exc).__name__})") from exc
    except httpx.RequestError as exc:
        raise unavailable(f"{type(exc).__name__}: {exc}") from exc


@contextmanager
def socket_failures() -> Iterator[None]:
    """Turn websockets' and the socket's errors into the library's."""
    try:
        yield
    except NativeRuntimeUnavailableError:
        raise  # already ours (it is an OSError too)
    except ConnectionClosed as exc:
        code = exc.rcvd.code if exc.rcvd is not None else None
        reason = exc.rcvd.reason if exc.rcvd is not None else ""
        raise error_for_close(code, reason) from exc
    except InvalidStatus as exc:
        status = exc.response.status_code
        if status == 401:
            raise ServiceAuthenticationError("Missing or invalid bearer token") from exc
        raise unavailable(f"WebSocket upgrade answered HTTP {status}") from exc
    except TimeoutError as exc:
        raise unavailable("no answer within the timeout (WebSocket)") from exc
    except (WebSocketException, OSError) as exc:
        raise unavailable(f"{type(exc).__name__}: {exc}") from exc
