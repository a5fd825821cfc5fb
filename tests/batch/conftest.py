"""Fixtures for the batch tests: small chunks, generated datasets, sealed packs and licenses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from batch_support import Expected, SealedFactory, write_dataset

from engine_core import clock
from engine_core.batch import formats
from engine_core.licensing.authority import issue_license, write_license_file
from engine_core.licensing.quotas import reset_quota_store
from engine_core.packs.compiler import compile_playbook

PLAYBOOK = """
pack_id: acme.batch
rules:
  - id: order-id
    pattern: 'ORD-\\d{6}'
    action: redact
  - id: api-token
    category: secret
    pattern: 'tok_[A-Za-z0-9]{12}'
    action: block
"""


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Small chunks (many per file), no ambient license or quota store, real clock after."""
    monkeypatch.setattr(formats, "CHUNK_BYTES", 2048)
    monkeypatch.setattr(formats, "PARQUET_ROWS", 16)
    for name in ("ENGINE_LICENSE_FILE", "ENGINE_QUOTA_STORAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    reset_quota_store()
    yield
    reset_quota_store()
    clock.reset_clock()


@pytest.fixture
def dataset(tmp_path: Path) -> tuple[Path, dict[str, Expected]]:
    """A folder with a text, a JSON Lines, a CSV and a Parquet file, and their expected counts."""
    folder = tmp_path / "in"
    return folder, write_dataset(folder)


@pytest.fixture
def make_sealed(
    authority_seed: tuple[str, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> SealedFactory:
    """Issue a DEVELOPER license (fields overridable) and compile PLAYBOOK for it."""
    seed, trust = authority_seed
    monkeypatch.setenv("ENGINE_AUTHORITY_KEYS", str(trust))  # inherited by spawned workers
    made = 0

    def factory(**fields: Any) -> tuple[Path, Path]:
        nonlocal made
        made += 1
        document = issue_license(seed, licensed_packs=["acme.*"], **fields)
        license = write_license_file(tmp_path / f"license-{made}.lic", document)
        pack = tmp_path / f"acme-{made}.epack"
        pack.write_bytes(compile_playbook(PLAYBOOK, license))
        return pack, license

    return factory
