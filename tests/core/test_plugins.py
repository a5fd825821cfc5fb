"""Plugin discovery, environment controls, registries and documentation."""

from __future__ import annotations

import re
import subprocess
import sys
import types
from pathlib import Path

import engine_pack_keywords
import pytest

from engine_core import hookimpl, hookspecs
from engine_core.errors import PluginLoadError
from engine_core.model import WARNING
from engine_core.plugins import (
    default_plugins,
    get_registries,
    make_plugin_manager,
    use_plugin_manager,
)
from engine_core.registries import Registry, Remedy, RuleType

ROOT = Path(__file__).resolve().parents[2]
HOOK_NAMES = [name for name in dir(hookspecs) if name.startswith("engine_register_")]


def test_builtins_load_through_entry_points_like_third_parties() -> None:
    manager = make_plugin_manager()
    names = {name for name, _ in manager.list_name_plugin()}
    assert {entry_point.name for entry_point in default_plugins()} <= names
    assert "keywords" in names  # the sample third-party plugin installed by make test
    registries = get_registries(manager)
    assert registries.rule_types.owner("regex") == "rule_types"
    assert registries.rule_types.owner("keyword_list") == "keywords"
    assert registries.remedies.owner("mask") == "keywords"


def test_autoload_off_keeps_builtins_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_DISABLE_PLUGIN_AUTOLOAD", "1")
    registries = get_registries(make_plugin_manager())
    assert "regex" in registries.rule_types
    assert "keyword_list" not in registries.rule_types


def test_allow_list_loads_only_named_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_LOAD_PLUGINS", "rule_types")
    registries = get_registries(make_plugin_manager())
    assert "keyword_list" not in registries.rule_types
    assert "redact" in registries.remedies  # built-ins always load


def test_block_list_skips_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGINE_BLOCKED_PLUGINS", "keywords,decision_domains")
    registries = get_registries(make_plugin_manager())
    assert "keyword_list" not in registries.rule_types
    assert "evaluate" not in registries.decision_domains


def test_plugin_manager_is_built_lazily() -> None:
    code = "import engine_core, engine_core.plugins as p; print(p._manager is None)"
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "True"


def test_duplicate_name_is_refused_naming_both_plugins() -> None:
    duplicate = types.ModuleType("dup_plugin")

    @hookimpl
    def engine_register_remedies(register):  # type: ignore[no-untyped-def]
        register(Remedy(name="redact", severity=WARNING))

    duplicate.engine_register_remedies = engine_register_remedies  # type: ignore[attr-defined]
    manager = make_plugin_manager(autoload=False)
    manager.register(duplicate, name="dup")
    with pytest.raises(PluginLoadError, match=r"'dup'.*'redact'.*'remedies'"):
        get_registries(manager)


def test_wrong_type_is_refused() -> None:
    registry = Registry(RuleType)
    registry.current_plugin = "oops"
    with pytest.raises(PluginLoadError, match=r"oops.*expected RuleType"):
        registry(Remedy(name="x", severity=WARNING))  # type: ignore[arg-type]


def test_failing_hook_names_the_plugin() -> None:
    broken = types.ModuleType("broken_plugin")

    @hookimpl
    def engine_register_rule_types(register):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    broken.engine_register_rule_types = engine_register_rule_types  # type: ignore[attr-defined]
    manager = make_plugin_manager(autoload=False)
    manager.register(broken, name="broken")
    with pytest.raises(PluginLoadError, match=r"'broken' failed in engine_register_rule_types"):
        get_registries(manager)


def test_import_failure_names_the_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "bad_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-plugin\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[engine_pack]\nbadone = no_such_module_xyz\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PluginLoadError, match=r"'badone'.*failed to import"):
        make_plugin_manager()


def test_fixtures_register_a_plugin_for_one_test(plugin_manager, register_plugin) -> None:  # type: ignore[no-untyped-def]
    assert "keyword_list" not in get_registries().rule_types
    register_plugin(engine_pack_keywords, name="keywords-test")
    assert "keyword_list" in get_registries().rule_types


def test_use_plugin_manager_restores_previous() -> None:
    before = get_registries()
    with use_plugin_manager(make_plugin_manager(autoload=False)):
        assert get_registries() is not before
    assert get_registries() is before


@pytest.mark.parametrize("hook", HOOK_NAMES)
def test_every_hook_is_documented(hook: str) -> None:
    spec = getattr(hookspecs, hook)
    assert spec.__doc__
    assert "Example::" in spec.__doc__
    assert ":param register:" in spec.__doc__
    guide = (ROOT / "plugins.md").read_text()
    assert re.search(rf"^### {hook}$", guide, re.MULTILINE), f"plugins.md lacks a {hook} section"


def test_hooks_are_all_known() -> None:
    assert set(HOOK_NAMES) == {
        "engine_register_rule_types",
        "engine_register_remedies",
        "engine_register_decision_domains",
        "engine_register_builtin_packs",
        "engine_register_detectors",
        "engine_register_solvers",
    }
