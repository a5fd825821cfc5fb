"""A pytest plugin for plugin authors (loaded automatically through ``pytest11``).

Fixtures:

- ``plugin_manager``: a fresh plugin manager with entry-point autoloading off
  (only the built-in plugins), installed as the process's manager for the test.
- ``register_plugin``: a function that registers a plugin object into the
  active manager for one test, e.g. ``register_plugin(my_plugin_module)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pluggy
import pytest

from .plugins import (
    get_plugin_manager,
    invalidate_registries,
    make_plugin_manager,
    use_plugin_manager,
)

__all__ = ["plugin_manager", "register_plugin"]


@pytest.fixture
def plugin_manager() -> Iterator[pluggy.PluginManager]:
    """Yield a fresh manager with only the built-in plugins, active for this test."""
    with use_plugin_manager(make_plugin_manager(autoload=False)) as manager:
        yield manager


@pytest.fixture
def register_plugin() -> Iterator[Callable[..., object]]:
    """Yield ``register(plugin, name=None)``; registrations are undone after the test."""
    manager = get_plugin_manager()
    added: list[object] = []

    def register(plugin: object, name: str | None = None) -> object:
        manager.register(plugin, name=name)
        added.append(plugin)
        invalidate_registries(manager)
        return plugin

    yield register
    for plugin in added:
        manager.unregister(plugin)
    invalidate_registries(manager)
