"""The plugin manager: built lazily, once per process.

Built-in plugins are declared in the ``engine_pack`` entry-point group exactly
like a third party's. The default plugins are the entry points this
distribution (``engine-pack``) declares itself: they still load when
entry-point autoloading is switched off, and the core names no module of
another package to find them (docs/architecture.md, "Layers").

Environment:

- ``ENGINE_DISABLE_PLUGIN_AUTOLOAD``: any non-empty value other than ``0``
  skips third-party entry points; only the default plugins are loaded.
- ``ENGINE_LOAD_PLUGINS=a,b``: load only these entry points.
- ``ENGINE_BLOCKED_PLUGINS=a,b``: never load these entry points (nor the
  default plugins of the same names).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pluggy

from . import hookspecs
from .errors import PluginLoadError
from .registries import (
    BuiltinPack,
    DecisionDomain,
    Detector,
    Registry,
    Remedy,
    RuleType,
    Solver,
)

__all__ = [
    "DISTRIBUTION",
    "ENTRY_POINT_GROUP",
    "PluginRegistries",
    "default_plugins",
    "get_plugin_manager",
    "get_registries",
    "hookimpl",
    "invalidate_registries",
    "make_plugin_manager",
    "reset_plugin_manager",
    "use_plugin_manager",
]

ENTRY_POINT_GROUP = hookspecs.PROJECT_NAME
hookimpl = pluggy.HookimplMarker(hookspecs.PROJECT_NAME)

#: The distribution whose own entry points are the default (built-in) plugins.
DISTRIBUTION = "engine-pack"


def default_plugins() -> tuple[importlib.metadata.EntryPoint, ...]:
    """Return the built-in plugins: the entry points this distribution declares itself."""
    try:
        entry_points = importlib.metadata.distribution(DISTRIBUTION).entry_points
    except importlib.metadata.PackageNotFoundError as exc:
        raise PluginLoadError(
            f"the {DISTRIBUTION} distribution is not installed, so its built-in plugins "
            "cannot be found: install it (pip install -e .)"
        ) from exc
    return tuple(
        entry_point for entry_point in entry_points if entry_point.group == ENTRY_POINT_GROUP
    )


@dataclass(frozen=True, eq=False)
class PluginRegistries:
    """Everything the loaded plugins registered."""

    rule_types: Registry[RuleType]
    remedies: Registry[Remedy]
    decision_domains: Registry[DecisionDomain]
    builtin_packs: Registry[BuiltinPack]
    detectors: Registry[Detector]
    solvers: Registry[Solver]


_lock = threading.RLock()
_manager: pluggy.PluginManager | None = None
_registries: weakref.WeakKeyDictionary[pluggy.PluginManager, PluginRegistries] = (
    weakref.WeakKeyDictionary()
)


def _names(variable: str) -> set[str]:
    return {name.strip() for name in os.environ.get(variable, "").split(",") if name.strip()}


def _autoload_disabled() -> bool:
    return os.environ.get("ENGINE_DISABLE_PLUGIN_AUTOLOAD", "").strip() not in ("", "0")


def _register(manager: pluggy.PluginManager, name: str, plugin: object) -> None:
    if manager.is_registered(plugin) or manager.has_plugin(name):
        return
    try:
        manager.register(plugin, name=name)
    except ValueError as exc:  # pluggy: hook validation failed
        raise PluginLoadError(f"plugin {name!r} could not be registered: {exc}") from exc


def _load(entry_point: importlib.metadata.EntryPoint) -> object:
    try:
        return entry_point.load()
    except Exception as exc:
        raise PluginLoadError(
            f"plugin {entry_point.name!r} ({entry_point.value}) failed to import: {exc}"
        ) from exc


def make_plugin_manager(*, autoload: bool = True) -> pluggy.PluginManager:
    """Build a fresh plugin manager with the hook specs, defaults and (optionally) entry points."""
    manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    manager.add_hookspecs(hookspecs)
    blocked = _names("ENGINE_BLOCKED_PLUGINS")
    allowed = _names("ENGINE_LOAD_PLUGINS")
    for name in blocked:
        manager.set_blocked(name)
    if autoload and not _autoload_disabled():
        for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
            if entry_point.name in blocked or (allowed and entry_point.name not in allowed):
                continue
            _register(manager, entry_point.name, _load(entry_point))
    for entry_point in default_plugins():
        if entry_point.name not in blocked and not manager.has_plugin(entry_point.name):
            _register(manager, entry_point.name, _load(entry_point))
    return manager


def get_plugin_manager() -> pluggy.PluginManager:
    """Return the process's plugin manager, building it on first use."""
    global _manager
    with _lock:
        if _manager is None:
            _manager = make_plugin_manager()
        return _manager


def invalidate_registries(manager: pluggy.PluginManager | None = None) -> None:
    """Forget what the plugins of ``manager`` registered (after registering another plugin)."""
    with _lock:
        _registries.pop(manager or get_plugin_manager(), None)


def reset_plugin_manager() -> None:
    """Forget the process's plugin manager; the next use builds a new one."""
    global _manager
    with _lock:
        _manager = None
        _registries.clear()


@contextmanager
def use_plugin_manager(manager: pluggy.PluginManager) -> Iterator[pluggy.PluginManager]:
    """Make ``manager`` the process's plugin manager for the duration of the block."""
    global _manager
    with _lock:
        previous = _manager
        _manager = manager
        _registries.pop(manager, None)
    try:
        yield manager
    finally:
        with _lock:
            _registries.pop(manager, None)
            _manager = previous


def _collect(manager: pluggy.PluginManager, hook_name: str, registry: Registry[Any]) -> None:
    hook = getattr(manager.hook, hook_name)
    for implementation in hook.get_hookimpls():
        registry.current_plugin = implementation.plugin_name
        try:
            implementation.function(registry)
        except PluginLoadError:
            raise
        except Exception as exc:
            raise PluginLoadError(
                f"plugin {implementation.plugin_name!r} failed in {hook_name}: {exc}"
            ) from exc


def get_registries(manager: pluggy.PluginManager | None = None) -> PluginRegistries:
    """Return what the plugins of ``manager`` (default: the process's) registered."""
    manager = manager or get_plugin_manager()
    with _lock:
        cached = _registries.get(manager)
        if cached is not None:
            return cached
        registries = PluginRegistries(
            rule_types=Registry(RuleType),
            remedies=Registry(Remedy),
            decision_domains=Registry(DecisionDomain),
            builtin_packs=Registry(BuiltinPack, key="pack_id"),
            detectors=Registry(Detector, key="id"),
            solvers=Registry(Solver, key="id"),
        )
        # Registration order follows plugin registration order (pluggy calls LIFO).
        _collect(manager, "engine_register_rule_types", registries.rule_types)
        _collect(manager, "engine_register_remedies", registries.remedies)
        _collect(manager, "engine_register_decision_domains", registries.decision_domains)
        _collect(manager, "engine_register_builtin_packs", registries.builtin_packs)
        _collect(manager, "engine_register_detectors", registries.detectors)
        _collect(manager, "engine_register_solvers", registries.solvers)
        _registries[manager] = registries
        return registries
