"""The Python client of the engine service: fails closed by construction.

>>> from engine_server.client import EngineClient
>>> with EngineClient("http://127.0.0.1:18734") as engine:  # doctest: +SKIP
...     text = engine.evaluate("write to jane@example.com").forwardable_text()

``EngineClient`` (blocking) and ``AsyncEngineClient`` (asyncio) answer with the
library's results and raise the library's exceptions (``engine_core.errors``), so
code written for ``Engine()`` keeps its ``except`` clauses; a service that gives
no usable answer raises :class:`~engine_core.errors.NativeRuntimeUnavailableError`.
Needs the ``client`` extra only (httpx, httpx-sse, websockets, pydantic): neither
FastAPI nor uvicorn.
"""

from __future__ import annotations

from engine_core.errors import NativeRuntimeUnavailableError

from .async_client import AsyncEngineClient, AsyncServiceSocket, AsyncSocketStreamSession
from .models import HealthResponse
from .results import ServiceResult, SocketVerdict, StreamChunk
from .settings import DEFAULT_TIMEOUT_S
from .sync_client import EngineClient, ServiceSocket, SocketStreamSession

__all__ = [
    "DEFAULT_TIMEOUT_S",
    "AsyncEngineClient",
    "AsyncServiceSocket",
    "AsyncSocketStreamSession",
    "EngineClient",
    "HealthResponse",
    "NativeRuntimeUnavailableError",
    "ServiceResult",
    "ServiceSocket",
    "SocketStreamSession",
    "SocketVerdict",
    "StreamChunk",
]
