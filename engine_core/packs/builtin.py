"""The built-in data-protection pack, as registered by a plugin."""

from __future__ import annotations

import threading
import weakref

from ..constants import BUILTIN_PACK_ID
from ..errors import PluginLoadError
from ..model import PackDeclaration
from ..plugins import PluginRegistries
from .catalogue import catalogue_rules
from .schema import parse_playbook

__all__ = ["builtin_declaration"]

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
    declaration = parse_playbook(pack.load(), registries, lambda: catalogue_rules(registries))
    with _lock:
        _cache.setdefault(registries, {})[pack_id] = declaration
    return declaration
