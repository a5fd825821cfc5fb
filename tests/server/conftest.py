"""Fixtures for the service tests: real servers on free loopback ports, shared per session."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from service_support import ALLOWED_ORIGIN, TOKEN

from engine_server import ServerHandle, start_server
from engine_server.dependencies import get_engine


@pytest.fixture(scope="session")
def server() -> Iterator[ServerHandle]:
    """The built-in pack served without a token (authentication off, CORS off)."""
    with start_server(token="", cors_origins=[]) as handle:
        yield handle


@pytest.fixture(scope="session")
def auth_server() -> Iterator[ServerHandle]:
    """The built-in pack served with a token and one allowed CORS origin."""
    with start_server(token=TOKEN, cors_origins=[ALLOWED_ORIGIN]) as handle:
        yield handle


@pytest.fixture(scope="session")
def client(server: ServerHandle) -> Iterator[httpx.Client]:
    """An HTTP client for ``server``."""
    with httpx.Client(base_url=server.base_url, timeout=20) as http:
        yield http


@pytest.fixture(scope="session")
def auth_client(auth_server: ServerHandle) -> Iterator[httpx.Client]:
    """An HTTP client for ``auth_server`` (no credentials by default)."""
    with httpx.Client(base_url=auth_server.base_url, timeout=20) as http:
        yield http


@pytest.fixture
def serve_engine(server: ServerHandle) -> Iterator[Callable[[Any], None]]:
    """Swap the engine ``server`` serves (through the dependency override) for one test."""
    overrides = server.app.dependency_overrides

    def use(engine: Any) -> None:
        overrides[get_engine] = lambda: engine

    yield use
    overrides.pop(get_engine, None)
