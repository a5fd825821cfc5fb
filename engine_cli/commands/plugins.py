"""`engine-pack plugins`: list the loaded plugins and what they register."""

from __future__ import annotations

import json
from typing import Any

import typer

from ..common import fail

PREFIX = "Error loading plugins:"


def plugins(
    show_all: bool = typer.Option(
        False, "--all", help="Include the built-in plugins (engine_plugins)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """List the loaded plugins, their hooks and what each registered."""
    from engine_core.plugins import default_plugins, get_plugin_manager, get_registries
    from engine_core.registries import Registry

    try:
        manager = get_plugin_manager()
        registries = get_registries(manager)
    except Exception as exc:
        fail(PREFIX, exc)
    builtin = {entry_point.name for entry_point in default_plugins()}
    kinds: dict[str, Registry[Any]] = {
        "rule_types": registries.rule_types,
        "remedies": registries.remedies,
        "decision_domains": registries.decision_domains,
        "builtin_packs": registries.builtin_packs,
        "solvers": registries.solvers,
        "detectors": registries.detectors,
    }
    listing: list[dict[str, Any]] = []
    for name, plugin in manager.list_name_plugin():
        if name in builtin and not show_all:
            continue
        hooks = sorted(impl.name for impl in manager.get_hookcallers(plugin) or [])
        registered = {
            kind: [item for item in registry.names() if registry.owner(item) == name]
            for kind, registry in kinds.items()
        }
        listing.append(
            {
                "name": name,
                "module": getattr(plugin, "__name__", repr(plugin)),
                "builtin": name in builtin,
                "hooks": hooks,
                "registers": {kind: items for kind, items in registered.items() if items},
            }
        )
    if as_json:
        typer.echo(json.dumps(listing, indent=2))
        return
    if not listing:
        typer.echo("No third-party plugins installed (use --all to list the built-ins).")
    for entry in listing:
        tag = " (built-in)" if entry["builtin"] else ""
        typer.echo(f"{entry['name']}{tag}: {entry['module']}")
        typer.echo(f"  hooks: {', '.join(entry['hooks'])}")
        for kind, items in entry["registers"].items():
            typer.echo(f"  {kind}: {', '.join(items)}")
