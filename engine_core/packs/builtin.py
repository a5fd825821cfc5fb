"""The built-in data-protection pack, as registered by a plugin."""

from __future__ import annotations

import threading
import weakref

from ..constants import BUILTIN_PACK_ID
from ..errors import PluginLoadError
from ..model import PackDeclaration, RuleDeclaration
from ..plugins import PluginRegistries
from .schema import parse_playbook

__all__ = ["BUILTIN_PACK_ID", "builtin_declaration", "builtin_rules"]

_lock = threading.Lock()
_cache: weakref.WeakKeyDictionary[PluginRegistries, dict[str, PackDeclaration]] = (
    weakref.WeakKeyDictionary()
)


def builtin_declaration(
    registries: PluginRegistries, pack_id: str = BUILTIN_PACK_ID
) -> PackDeclaration:
    """Return the validated declaration of a plugin-registered pack (parsed once)."""
    with _lock:
        cached = _cache.get(registries, {}).get(pack_id)
    if cached is not None:
        return cached
    pack = registries.builtin_packs.get(pack_id)
    if pack is None:
        raise PluginLoadError(
            f"no installed plugin provides the pack {pack_id!r} "
            f"(is the plugin that provides it blocked or missing?)"
        )
    declaration = parse_playbook(pack.load(), registries)
    with _lock:
        _cache.setdefault(registries, {})[pack_id] = declaration
    return declaration


def builtin_rules(registries: PluginRegistries) -> dict[str, RuleDeclaration]:
    """Return the built-in pack's rules by id: the names codons and hard rules may use."""
    return {rule.id: rule for rule in builtin_declaration(registries).rules}
