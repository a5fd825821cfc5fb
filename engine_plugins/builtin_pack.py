"""The built-in data-protection pack, shipped as a playbook YAML file."""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files

from engine_core.plugins import hookimpl
from engine_core.registries import BuiltinPack

PACK_FILE = "data_protection.yaml"


def load_playbook() -> str:
    """Return the built-in pack's playbook text."""
    return files("engine_plugins.packs").joinpath(PACK_FILE).read_text(encoding="utf-8")


DATA_PROTECTION = BuiltinPack(
    pack_id="builtin.data_protection",
    load=load_playbook,
    description="Detects and redacts or blocks personal identifiers.",
)


@hookimpl
def engine_register_builtin_packs(register: Callable[[BuiltinPack], None]) -> None:
    """Register the built-in packs."""
    register(DATA_PROTECTION)
