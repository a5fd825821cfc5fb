"""The rule-type contract: declared, typed options; every failure of a plugin a listed problem;
and the complete third-party rule type of plugins.md works as printed there."""

from __future__ import annotations

import re
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine_core.errors import UnsupportedPackDeclarationError
from engine_core.matching import Matcher, RegexMatcher
from engine_core.model import RuleDeclaration
from engine_core.options import Option
from engine_core.packs.compiler import compile_playbook_file
from engine_core.packs.playbook import parse_playbook
from engine_core.plugins import get_registries, hookimpl
from engine_core.registries import RuleType

ROOT = Path(__file__).resolve().parents[2]


def _problems(playbook: str) -> list[str]:
    with pytest.raises(UnsupportedPackDeclarationError) as raised:
        parse_playbook(playbook)
    return list(raised.value.problems)


class _Plugin:
    """Registers one rule type for a test."""

    def __init__(self, rule_type: RuleType) -> None:
        self.rule_type = rule_type

    @hookimpl
    def engine_register_rule_types(self, register: Callable[[RuleType], None]) -> None:
        register(self.rule_type)


def _rule_type(
    name: str,
    *,
    validate: Callable[[RuleDeclaration], list[str]] = lambda rule: [],
    compile: Callable[[RuleDeclaration], Any] | None = None,
    options: tuple[Option, ...] = (),
) -> RuleType:
    return RuleType(
        name=name,
        validate=validate,
        compile=compile or (lambda rule: RegexMatcher(rule.pattern)),
        options=options,
    )


@pytest.mark.usefixtures("plugin_manager")
def test_a_misspelt_option_is_a_listed_problem() -> None:
    problems = _problems("pack_id: a\nrules: [{id: r, pattern: 'x+', options: {prefiltr: 'x'}}]\n")
    assert problems == [
        "rule 'r': options: unknown option 'prefiltr' (known: prefilter, prefilter_lead, "
        "prefilter_anchor, context, context_window, context_required, "
        "context_except, context_label, context_in_country, country_categories, "
        "country_values, country_names, country_window, country_text, context_field_head)"
    ]


@pytest.mark.usefixtures("plugin_manager")
def test_options_reach_the_plugin_typed(register_plugin: Callable[..., object]) -> None:
    """A float option arrives as a float, a bool as a bool, a list as a list: from YAML text."""
    seen: dict[str, Any] = {}

    def compile_rule(rule: RuleDeclaration) -> Matcher:
        seen.update(rule.options)
        return RegexMatcher(rule.pattern)

    register_plugin(
        _Plugin(
            _rule_type(
                "typed",
                compile=compile_rule,
                options=(
                    Option("threshold", float),
                    Option("strict", bool),
                    Option("words", list),
                    Option("limit", int, minimum=1),
                ),
            )
        )
    )
    declaration = parse_playbook(
        "pack_id: a\nrules:\n  - id: r\n    type: typed\n    pattern: 'x+'\n"
        "    options: {threshold: '0.5', strict: 'yes', words: [a, b], limit: '3'}\n"
    )
    assert declaration.rules[0].options == {
        "threshold": 0.5,
        "strict": True,
        "words": ["a", "b"],
        "limit": 3,
    }
    from engine_core import Engine

    Engine.for_pack(declaration, _community())  # compiles the rule
    assert type(seen["threshold"]) is float
    assert type(seen["limit"]) is int


@pytest.mark.usefixtures("plugin_manager")
def test_wrongly_typed_options_are_listed(register_plugin: Callable[..., object]) -> None:
    register_plugin(
        _Plugin(_rule_type("typed", options=(Option("threshold", float), Option("n", int))))
    )
    problems = _problems(
        "pack_id: a\nrules:\n  - {id: r, type: typed, pattern: 'x+', "
        "options: {threshold: high, n: '2.5'}}\n"
    )
    assert problems == [
        "rule 'r': options.threshold: must be a number, got 'high'",
        "rule 'r': options.n: must be a whole number, got '2.5'",
    ]


@pytest.mark.usefixtures("plugin_manager")
def test_an_exception_in_validate_is_a_listed_problem(
    register_plugin: Callable[..., object],
) -> None:
    def validate(rule: RuleDeclaration) -> list[str]:
        raise RuntimeError("validator bug")

    register_plugin(_Plugin(_rule_type("fragile", validate=validate)))
    problems = _problems("pack_id: a\nrules: [{id: r, type: fragile, pattern: 'x+'}]\n")
    assert problems == ["rule 'r': type 'fragile' failed to validate it: validator bug"]


@pytest.mark.usefixtures("plugin_manager")
@pytest.mark.parametrize(
    ("compile_rule", "message"),
    [
        (lambda rule: 1 / 0, "type 'broken' failed to compile it: division by zero"),
        (lambda rule: object(), "type 'broken' returned object, not an engine_core.matching"),
    ],
)
def test_a_rule_that_cannot_compile_is_never_written(
    register_plugin: Callable[..., object],
    tmp_path: Path,
    license_path: Path,
    compile_rule: Callable[[RuleDeclaration], Any],
    message: str,
) -> None:
    """Compiling runs every rule's compile: a pack that could not load is not written."""
    register_plugin(_Plugin(_rule_type("broken", compile=compile_rule)))
    playbook = tmp_path / "p.yaml"
    playbook.write_text("pack_id: acme.p\nrules: [{id: r, type: broken, pattern: 'x+'}]\n")
    out = tmp_path / "p.epack"
    with pytest.raises(UnsupportedPackDeclarationError) as raised:
        compile_playbook_file(playbook, license_path, out)
    assert raised.value.problems[0].startswith(f"rule 'r': {message}")
    assert not out.exists()


def _community() -> Any:
    from engine_core.licensing.context import CommunityLicense

    return CommunityLicense()


def _plugins_md_example() -> str:
    text = (ROOT / "plugins.md").read_text(encoding="utf-8")
    section = text[text.index("#### A complete rule type") :]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match is not None
    return match.group(1)


def test_the_plugins_md_example_is_complete_and_short() -> None:
    """plugins.md shows a whole third-party rule type (no elisions), under 30 lines."""
    code = _plugins_md_example()
    assert "..." not in code
    assert len(code.strip().splitlines()) < 30


@pytest.mark.usefixtures("plugin_manager")
def test_the_plugins_md_example_works(register_plugin: Callable[..., object]) -> None:
    module = types.ModuleType("engine_pack_isbn")
    exec(compile(_plugins_md_example(), "plugins.md", "exec"), module.__dict__)
    register_plugin(module, name="isbn")
    from engine_core import Engine
    from engine_core.licensing.context import CommunityLicense

    declaration = parse_playbook(
        "pack_id: acme.books\nrules:\n  - id: book_numbers\n    type: isbn13\n"
        "    pattern: '(?<![\\w-])97[89](?:-?[0-9]){10}(?![\\w-])'\n"
    )
    engine = Engine.for_pack(declaration, CommunityLicense(), get_registries())
    result = engine.evaluate("Order 978-3-16-148410-0 and 978-3-16-148410-1 today")
    assert result.triggers[0].matched_items == ("978-3-16-148410-0",)
