"""Fixtures for the streaming tests."""

from __future__ import annotations

import pytest

from engine_core import Engine


@pytest.fixture(scope="session")
def engine() -> Engine:
    """The built-in pack under the community license."""
    return Engine()


@pytest.fixture(scope="session")
def built() -> Engine:
    """The built-in pack, with its word places compiled."""
    engine = Engine()
    assert engine.compiled_pack.wait_background(timeout=120)
    return engine
