"""Fixtures for the catalogue tests: the built-in pack, and packs importing catalogue entries."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from engine_core import Engine
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook


@pytest.fixture(scope="session")
def builtin_engine() -> Engine:
    """An engine serving the built-in pack (every default catalogue entry)."""
    return Engine()


@cache
def _codon_engine(codons: tuple[str, ...]) -> Engine:
    listed = ", ".join(f'"{codon}"' for codon in codons)
    playbook = f"pack_id: catalogue.test\ncodons: [{listed}]\n"
    return Engine.for_pack(parse_playbook(playbook), CommunityLicense())


@pytest.fixture(scope="session")
def codon_engine() -> Callable[..., Engine]:
    """Return an engine for a playbook importing the given catalogue ids or globs as codons."""

    def make(*codons: str) -> Engine:
        return _codon_engine(codons)

    return make
