"""README.md and plugins.md carry the catalogue table generated from the entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_plugins.catalogue.table import catalogue_table, replace_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["README.md", "plugins.md"])
def test_the_documented_catalogue_matches_the_entries(name: str) -> None:
    """Run `make catalogue-table` when this fails: the entries changed."""
    document = (ROOT / name).read_text(encoding="utf-8")
    assert replace_table(document, catalogue_table()) == document


def test_every_entry_has_a_row() -> None:
    from engine_plugins.catalogue import catalogue_entries

    table = catalogue_table()
    assert all(f"`{detector.id}`" in table for detector in catalogue_entries())
