"""Shared helpers and fixtures of the catalogue tests: values found through the real engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pytest

from engine_core import Engine
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook


@dataclass(frozen=True)
class Hit:
    """One reported occurrence: which rule, its category, severity and law, and where."""

    rule_id: str
    category: str
    severity: str
    law: str
    value: str
    span: tuple[int, int]


def hits(engine: Engine, text: str) -> list[Hit]:
    """Every occurrence ``engine`` reports in ``text``, in order of position."""
    result = engine.evaluate(text)
    found = [
        Hit(
            trigger.rule_id,
            trigger.category,
            trigger.severity,
            trigger.law,
            text[start:end],
            (start, end),
        )
        for trigger in result.triggers
        for start, end in trigger.spans
    ]
    return sorted(found, key=lambda hit: hit.span)


def values(engine: Engine, text: str, category: str) -> list[str]:
    """The values of ``category`` that ``engine`` reports in ``text``."""
    return [hit.value for hit in hits(engine, text) if hit.category == category]


def streamed_one_by_one(engine: Engine, text: str) -> str:
    """The text a stream of ``text`` pushed one character at a time releases."""
    session = engine.stream_session(block_on_fatal=False)
    released = "".join(chunk.text for part in text for chunk in session.push(part))
    return released + "".join(chunk.text for chunk in session.flush())


@cache
def catalogue_engine(*rule_ids: str) -> Engine:
    """An engine whose pack imports the given catalogue entries (default or not) by id."""
    playbook = f"""
pack_id: test.catalogue
version: "1"
name: Catalogue entries
kind: test
description: Catalogue entries imported by id
codons: [{", ".join(rule_ids)}]
rules: []
"""
    return Engine.for_pack(parse_playbook(playbook), CommunityLicense())


@pytest.fixture(scope="session")
def builtin() -> Engine:
    """The engine of the built-in pack (the default catalogue entries)."""
    return Engine()


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
