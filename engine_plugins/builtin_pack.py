"""The built-in data-protection pack: its metadata file plus the catalogue's default entries."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files

from engine_core.constants import BUILTIN_PACK_ID
from engine_core.plugins import hookimpl
from engine_core.registries import BuiltinPack

from .catalogue import default_ids

PACK_FILE = "data_protection.yaml"


def load_playbook() -> str:
    """Return the built-in pack's playbook: its metadata, importing every default detector."""
    metadata = files("engine_plugins.packs").joinpath(PACK_FILE).read_text(encoding="utf-8")
    # A flow sequence of JSON strings is valid YAML and quotes every id safely.
    return f"{metadata.rstrip()}\ncodons: {json.dumps(default_ids())}\n"


DATA_PROTECTION = BuiltinPack(
    pack_id=BUILTIN_PACK_ID,
    load=load_playbook,
    description="Detects and redacts or blocks personal identifiers and secrets.",
)


@hookimpl
def engine_register_builtin_packs(register: Callable[[BuiltinPack], None]) -> None:
    """Register the built-in packs."""
    register(DATA_PROTECTION)
