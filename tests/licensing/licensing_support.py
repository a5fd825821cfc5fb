"""Constants and helper types shared by the licensing tests (imported by conftest and tests)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Copies of the shared vectors (vectors/ beside DESIGN.md), byte for byte.
VECTORS = Path(__file__).parent / "vectors"
#: 2026-06-01T00:00:00Z: the frozen "now" of every licensing test.
NOW = 1_780_272_000
DAY = 86_400

LicenseFactory = Callable[..., dict[str, Any]]
KeyFactory = Callable[..., str]


@dataclass(frozen=True)
class Authority:
    seed: str
    public: str


class FrozenClock:
    """A clock the test moves by hand; installed as the engine clock."""

    def __init__(self, start: float) -> None:
        self.time = float(start)

    def __call__(self) -> float:
        return self.time

    def set(self, timestamp: float) -> None:
        self.time = float(timestamp)

    def advance(self, seconds: float) -> None:
        self.time += seconds
