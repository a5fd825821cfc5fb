"""The playbook schema: YAML parsing (strictyaml) and validation that lists every problem.

This module knows no catalogue of importable rules: whoever parses a playbook
that may name ``codons`` or ``hard_rules`` passes ``importable`` (see
:mod:`engine_core.packs.playbook`). That keeps the built-in pack, itself a
playbook, parseable without a cycle (docs/architecture.md, "Layers").
"""

from __future__ import annotations

import difflib
import fnmatch
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import regex
import strictyaml

from ..constants import ACTION_OUTCOMES
from ..errors import PlaybookParseError, UnsupportedPackDeclarationError
from ..model import SEVERITIES, WARNING, PackDeclaration, RuleDeclaration
from ..options import CONTEXT_OPTIONS, typed_options
from ..plugins import PluginRegistries, get_registries

__all__ = [
    "BUDGET_KEYS",
    "PLAYBOOK_FIELDS",
    "RULE_FIELDS",
    "Importable",
    "declaration_from_mapping",
    "matching_ids",
    "parse_playbook",
    "validate_declaration",
]

#: Returns the rules a playbook may import by id or glob (``codons``, ``hard_rules``).
Importable = Callable[[], Mapping[str, RuleDeclaration]]

PLAYBOOK_FIELDS = (
    "pack_id",
    "version",
    "name",
    "kind",
    "description",
    "solvers",
    "codons",
    "hard_rules",
    "rules",
    "invariants",
    "remedies",
    "default_action",
    "actions",
    "budget",
)
RULE_FIELDS = (
    "id",
    "pattern",
    "type",
    "action",
    "severity",
    "category",
    "law",
    "description",
    "flags",
    "options",
)
BUDGET_KEYS = ("max_latency_ms",)
_SOLVER_ID = re.compile(r"^[A-Za-z0-9_.\-]+$")
_GLOB_CHARS = frozenset("*?[")


def matching_ids(name: str, ids: Mapping[str, object]) -> list[str]:
    """Return the ids a ``codons`` or ``hard_rules`` entry names (itself, or its glob's)."""
    if not _GLOB_CHARS.intersection(name):
        return [name] if name in ids else []
    return [rule_id for rule_id in ids if fnmatch.fnmatchcase(rule_id, name)]


def _load_yaml(text: str) -> Any:
    if not isinstance(text, str):
        raise PlaybookParseError("playbook must be text")
    try:
        document = strictyaml.dirty_load(text, strictyaml.Any(), allow_flow_style=True)
    except strictyaml.YAMLError as exc:
        raise PlaybookParseError(f"playbook is not valid YAML: {exc}") from exc
    except Exception as exc:  # ruamel errors not wrapped by strictyaml
        raise PlaybookParseError(f"playbook is not valid YAML: {exc}") from exc
    return document.data


def _string_list(value: Any, field: str) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise PlaybookParseError(f"{field}: must be a list of strings")


def _unknown_import(name: str, catalogue: Mapping[str, RuleDeclaration]) -> str:
    if _GLOB_CHARS.intersection(name):
        return "matches no built-in detector"
    close = difflib.get_close_matches(name, list(catalogue), n=3)
    hint = f"did you mean {', '.join(map(repr, close))}?" if close else "see engine-pack plugins"
    return f"is not a built-in detector ({hint})"


def parse_playbook(
    text: str, registries: PluginRegistries | None = None, importable: Importable | None = None
) -> PackDeclaration:
    """Parse and validate a playbook; raise on the first parse error or on every problem."""
    data = _load_yaml(text)
    if not isinstance(data, dict):
        raise PlaybookParseError("playbook root must be a mapping")
    return declaration_from_mapping(data, registries, importable)


def _number(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _rule_from_mapping(
    index: int, raw: Any, problems: list[str], registries: PluginRegistries | None = None
) -> RuleDeclaration | None:
    where = f"rule #{index + 1}"
    if not isinstance(raw, dict):
        problems.append(f"{where}: must be a mapping with id and pattern")
        return None
    rule_id = raw.get("id")
    if isinstance(rule_id, str) and rule_id.strip():
        where = f"rule {rule_id!r}"
    else:
        problems.append(f"{where}: id: required (a non-empty string)")
        rule_id = None
    for key in raw:
        if key not in RULE_FIELDS:
            problems.append(f"{where}: {key}: unknown field (known: {', '.join(RULE_FIELDS)})")
    pattern = raw.get("pattern")
    if not isinstance(pattern, str) or pattern == "":
        problems.append(f"{where}: pattern: required (a non-empty string)")
        pattern = None
    text_fields: dict[str, str | None] = {}
    for name in ("type", "action", "severity", "category", "law", "description"):
        value = raw.get(name)
        if value is not None and not isinstance(value, str):
            problems.append(f"{where}: {name}: must be a string")
            value = None
        text_fields[name] = value
    flags: tuple[str, ...] = ()
    try:
        flags = _string_list(raw.get("flags"), f"{where}: flags")
    except PlaybookParseError as exc:
        problems.append(str(exc))
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        problems.append(f"{where}: options: must be a mapping")
        options = {}
    if rule_id is None or pattern is None:
        # No declaration can be built; still name what else is wrong with the rule.
        for name, kind in (("type", "rule type"), ("action", "action")):
            value = text_fields[name]
            if value is not None and registries is not None:
                known = registries.rule_types if name == "type" else registries.remedies
                if value not in known:
                    problems.append(f"{where}: {name}: unknown {kind} {value!r}")
        return None
    return RuleDeclaration(
        id=rule_id,
        pattern=pattern,
        type=text_fields["type"] or "regex",
        action=text_fields["action"] or "redact",
        severity=text_fields["severity"].upper() if text_fields["severity"] else None,
        category=text_fields["category"],
        law=text_fields["law"],
        description=text_fields["description"],
        flags=flags,
        options=dict(options),
    )


def _with_typed_options(
    rule: RuleDeclaration, registries: PluginRegistries, problems: list[str]
) -> RuleDeclaration:
    """Return ``rule`` with its options typed as its rule type declares them."""
    rule_type = registries.rule_types.get(rule.type)
    if rule_type is None:  # listed by validate_declaration
        return rule
    declared = (*rule_type.options, *CONTEXT_OPTIONS)
    typed, option_problems = typed_options(rule.id, rule.options, declared)
    if option_problems == []:
        option_problems.extend(_context_problems(rule.id, typed))
    problems.extend(option_problems)
    return replace(rule, options=typed)


#: Context options that complete a rule's own words (``context``) and are nothing alone.
_NEED_WORDS = ("context_required", "context_label", "context_except", "context_in_country")


def _context_problems(rule_id: str, options: Mapping[str, Any]) -> list[str]:
    """Return the first problem of a rule's (typed) context options, if any."""
    for name in _NEED_WORDS:
        if options.get(name) and not options.get("context"):
            return [f"rule {rule_id!r}: options.{name}: needs options.context (the words)"]
    if not options.get("context_in_country"):
        return []
    where = f"rule {rule_id!r}: options.context_in_country"
    shown_by = ("country_categories", "country_values", "country_text", "country_names")
    if not any(options.get(name) for name in shown_by):
        return [
            f"{where}: needs options.country_categories, options.country_values, "
            "options.country_text or options.country_names"
        ]
    names = options.get("country_names") or ()
    if blank := [name for name in names if not name.strip()]:
        return [
            f"rule {rule_id!r}: options.country_names: {', '.join(map(repr, blank))}: "
            "not a code or name"
        ]
    own = {str(word).casefold() for word in options.get("context") or ()}
    both = [word for word in options["context_in_country"] if str(word).casefold() in own]
    if both:
        # A word is the rule's everywhere or only in its country, never both.
        return [f"{where}: {', '.join(map(repr, both))} already in options.context"]
    problems = []
    for name in ("country_values", "country_text"):
        for expression in options.get(name) or ():
            try:
                regex.compile(expression)
            except regex.error as exc:
                problems.append(f"rule {rule_id!r}: options.{name}: {expression!r}: {exc}")
    return problems


def _actions(raw: Any, problems: list[str]) -> dict[str, str]:
    if raw is None or raw == "":
        return {}
    if not isinstance(raw, dict):
        problems.append("actions: must be a mapping of outcome (block, redact, allow) to name")
        return {}
    actions: dict[str, str] = {}
    for outcome, name in raw.items():
        if outcome not in ACTION_OUTCOMES:
            problems.append(f"actions: {outcome}: unknown outcome (known: block, redact, allow)")
            continue
        if not isinstance(name, str) or not name.strip():
            problems.append(f"actions: {outcome}: must be a non-empty action name")
            continue
        if outcome == "block" and not name.startswith("block"):
            problems.append(f"actions: block: {name!r} must start with 'block'")
            continue
        if outcome != "block" and name.startswith("block"):
            problems.append(f"actions: {outcome}: {name!r} must not start with 'block'")
            continue
        actions[outcome] = name
    return actions


def _budget(raw: Any, problems: list[str]) -> dict[str, float]:
    if raw is None or raw == "":
        return {}
    if not isinstance(raw, dict):
        problems.append("budget: must be a mapping (max_latency_ms)")
        return {}
    budget: dict[str, float] = {}
    for key, value in raw.items():
        if key not in BUDGET_KEYS:
            problems.append(f"budget: {key}: unknown budget (known: {', '.join(BUDGET_KEYS)})")
            continue
        number = _number(value)
        if number is None or number <= 0:
            problems.append(f"budget: {key}: must be a positive number of milliseconds")
            continue
        budget[key] = number
    return budget


def declaration_from_mapping(
    data: dict[str, Any],
    registries: PluginRegistries | None = None,
    importable: Importable | None = None,
) -> PackDeclaration:
    """Build and validate a declaration from parsed playbook (or sealed pack) data."""
    pack_id = data.get("pack_id")
    if not isinstance(pack_id, str) or not pack_id.strip():
        raise PlaybookParseError("pack_id: required (a non-empty string)")
    solvers = _string_list(data.get("solvers"), "solvers")
    for solver in solvers:
        if not _SOLVER_ID.match(solver):
            raise PlaybookParseError(f"solvers: {solver!r} is not a solver id")
    problems: list[str] = []
    for key in data:
        if key not in PLAYBOOK_FIELDS:
            problems.append(f"{key}: unknown playbook field (known: {', '.join(PLAYBOOK_FIELDS)})")
    meta: dict[str, str | None] = {}
    for name in ("version", "name", "kind", "description", "default_action"):
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            problems.append(f"{name}: must be a string")
            value = None
        meta[name] = value
    codons: tuple[str, ...] = ()
    hard_rules: tuple[str, ...] = ()
    try:
        codons = _string_list(data.get("codons"), "codons")
        hard_rules = _string_list(data.get("hard_rules"), "hard_rules")
    except PlaybookParseError as exc:
        problems.append(str(exc))
    raw_rules = data.get("rules")
    rules: list[RuleDeclaration] = []
    if raw_rules is None or raw_rules == "":
        raw_rules = []
    if not isinstance(raw_rules, list):
        problems.append("rules: must be a list of rules")
        raw_rules = []
    registries = registries or get_registries()
    for index, raw in enumerate(raw_rules):
        rule = _rule_from_mapping(index, raw, problems, registries)
        if rule is not None:
            rules.append(_with_typed_options(rule, registries, problems))
    default_action = meta["default_action"]
    if default_action is not None and (
        not default_action.strip() or default_action.startswith("block")
    ):
        problems.append(
            f"default_action: {default_action!r} must be a name not starting with 'block'"
        )
    declaration = PackDeclaration(
        pack_id=pack_id,
        rules=tuple(rules),
        version=meta["version"],
        name=meta["name"],
        kind=meta["kind"],
        description=meta["description"],
        solvers=solvers,
        codons=codons,
        hard_rules=hard_rules,
        invariants=data.get("invariants"),
        remedies=data.get("remedies"),
        default_action=default_action,
        actions=_actions(data.get("actions"), problems),
        budget=_budget(data.get("budget"), problems),
    )
    problems.extend(validate_declaration(declaration, registries, importable))
    if not raw_rules and not codons and not hard_rules:
        problems.append("rules: a pack needs at least one rule, codon or hard rule")
    if problems:
        raise UnsupportedPackDeclarationError(problems)
    return declaration


def validate_declaration(
    declaration: PackDeclaration,
    registries: PluginRegistries | None = None,
    importable: Importable | None = None,
) -> list[str]:
    """Return every problem of a declaration's rules, codons and hard rules."""
    registries = registries or get_registries()
    problems: list[str] = []
    seen: set[str] = set()
    for rule in declaration.rules:
        where = f"rule {rule.id!r}"
        if rule.id in seen:
            problems.append(f"{where}: id: duplicate rule id")
        seen.add(rule.id)
        rule_type = registries.rule_types.get(rule.type)
        if rule_type is None:
            problems.append(
                f"{where}: type: unknown rule type {rule.type!r} "
                f"(installed: {', '.join(registries.rule_types.names())})"
            )
        remedy = registries.remedies.get(rule.action)
        if remedy is None:
            problems.append(
                f"{where}: action: unknown action {rule.action!r} "
                f"(installed: {', '.join(registries.remedies.names())})"
            )
        if rule.severity is not None and rule.severity not in SEVERITIES:
            problems.append(f"{where}: severity: must be FATAL or WARNING")
        elif remedy is not None and remedy.withholds_text and rule.severity == WARNING:
            problems.append(f"{where}: severity: a {rule.action!r} rule is always FATAL")
        if rule.category is not None and not rule.category.strip():
            problems.append(f"{where}: category: must not be empty")
        if rule_type is not None:
            try:
                problems.extend(rule_type.validate(rule))
            except Exception as exc:
                problems.append(f"{where}: type {rule.type!r} failed to validate it: {exc}")
    imports = declaration.codons + declaration.hard_rules
    catalogue: Mapping[str, RuleDeclaration] = importable() if imports and importable else {}
    for field, names in (("codons", declaration.codons), ("hard_rules", declaration.hard_rules)):
        for name in names:
            ids = matching_ids(name, catalogue)
            if not ids:
                problems.append(f"{field}: {name!r} {_unknown_import(name, catalogue)}")
            for rule_id in ids:
                if rule_id in seen:
                    problems.append(f"{field}: {rule_id!r} duplicates a rule id")
                seen.add(rule_id)
    return problems
