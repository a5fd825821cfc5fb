"""Playbook parsing and validation: parse errors, and every problem listed at once."""

from __future__ import annotations

import pytest

from engine_core.errors import PlaybookParseError, UnsupportedPackDeclarationError
from engine_core.evaluation import CompiledPack
from engine_core.model import rule_category
from engine_core.packs.playbook import effective_rules, parse_playbook
from engine_core.plugins import get_registries


def problems_of(text: str) -> list[str]:
    with pytest.raises(UnsupportedPackDeclarationError) as caught:
        parse_playbook(text)
    return caught.value.problems


def test_full_playbook_parses_with_flow_style() -> None:
    declaration = parse_playbook(
        """
pack_id: acme.support
version: "2"
name: Support
kind: support
description: Support desk
solvers: [solver.tcn.basic]
codons: [email]
rules:
  - {id: order-id, pattern: 'ORD-\\d{6}', category: order id, law: SOX}
  - id: secret
    pattern: 'sk_live_[A-Za-z0-9]{8,}'
    action: block
    flags: [IGNORECASE]
invariants: [no_secrets]
remedies: {secret: withhold}
default_action: pass_through
actions: {block: block_secret, redact: scrub}
budget: {max_latency_ms: 25}
"""
    )
    assert declaration.pack_id == "acme.support"
    assert [rule.id for rule in declaration.rules] == ["order-id", "secret"]
    assert declaration.rules[1].flags == ("IGNORECASE",)
    assert declaration.solvers == ("solver.tcn.basic",)
    assert declaration.codons == ("email",)
    assert declaration.budget == {"max_latency_ms": 25.0}
    assert declaration.actions == {"block": "block_secret", "redact": "scrub"}
    assert declaration.default_action == "pass_through"
    assert declaration.invariants == ["no_secrets"]
    assert rule_category(declaration.rules[0]) == "ORDER_ID"
    assert rule_category(declaration.rules[1]) == "SECRET"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pack_id: [unclosed", "not valid YAML"),
        ("- a\n- b\n", "root must be a mapping"),
        ("just a string", "root must be a mapping"),
        ("rules: []\n", "pack_id: required"),
        ("pack_id: a\npack_id: b\n", "not valid YAML"),
        ("pack_id: x\nsolvers: {a: b}\nrules: [{id: a, pattern: a}]\n", "solvers"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(PlaybookParseError, match=message):
        parse_playbook(text)


def test_every_problem_is_listed_at_once() -> None:
    problems = problems_of(
        """
pack_id: acme.bad
codons: [no_such_codon]
hard_rules: [nor_this]
colour: blue
rules:
  - {id: a, pattern: 'x', type: telepathy}
  - {id: b, pattern: 'y', action: vaporize}
  - {pattern: 'z'}
  - {id: d}
  - {id: e, pattern: '(unclosed'}
  - {id: f, pattern: 'q*'}
  - {id: a, pattern: 'dup'}
  - {id: g, pattern: 'g', flags: [SHOUTING]}
  - {id: h, pattern: 'h', severity: LOUD}
  - {id: i, pattern: 'i', action: block, severity: WARNING}
actions: {block: deny, redact: block_it, explode: boom}
default_action: block_all
budget: {max_latency_ms: -1, max_tokens: 3}
"""
    )
    expected = [
        "colour: unknown playbook field",
        "rule 'a': type: unknown rule type 'telepathy'",
        "rule 'b': action: unknown action 'vaporize'",
        "rule #3: id: required",
        "rule 'd': pattern: required",
        "rule 'e': pattern: invalid regular expression",
        "rule 'f': pattern: matches the empty string",
        "rule 'a': id: duplicate rule id",
        "rule 'g': flags: unknown flag 'SHOUTING'",
        "rule 'h': severity: must be FATAL or WARNING",
        "rule 'i': severity: a 'block' rule is always FATAL",
        "actions: block: 'deny' must start with 'block'",
        "actions: redact: 'block_it' must not start with 'block'",
        "actions: explode: unknown outcome",
        "default_action: 'block_all' must be a name not starting with 'block'",
        "budget: max_latency_ms: must be a positive number",
        "budget: max_tokens: unknown budget",
        "codons: 'no_such_codon' is not a built-in detector",
        "hard_rules: 'nor_this' is not a built-in detector",
    ]
    for fragment in expected:
        assert any(fragment in problem for problem in problems), (fragment, problems)


def test_a_rule_without_id_still_reports_its_other_problems() -> None:
    problems = problems_of("pack_id: a\nrules: [{pattern: x, type: telepathy, action: zap}]\n")
    assert any("rule #1: id: required" in problem for problem in problems)
    assert any("rule #1: type: unknown rule type 'telepathy'" in problem for problem in problems)
    assert any("rule #1: action: unknown action 'zap'" in problem for problem in problems)


def test_empty_pack_is_a_problem() -> None:
    assert any("at least one rule" in p for p in problems_of("pack_id: acme.empty\n"))


def test_unknown_rule_field_is_a_problem() -> None:
    problems = problems_of("pack_id: a\nrules: [{id: r, pattern: x, paterns: y}]\n")
    assert any("rule 'r': paterns: unknown field" in problem for problem in problems)


def test_installed_plugin_makes_a_type_valid() -> None:
    declaration = parse_playbook(
        "pack_id: a\nrules: [{id: k, type: keyword_list, pattern: 'alpha|beta', action: mask}]\n"
    )
    assert declaration.rules[0].type == "keyword_list"


@pytest.mark.parametrize(
    ("option", "options", "message"),
    [
        ("prefilter_lead", "{prefilter: 'x', prefilter_lead: -1}", "must be at least 0"),
        ("prefilter_lead", "{prefilter: 'x', prefilter_lead: two}", "must be a whole number"),
        ("prefilter_lead", "{prefilter: 'x', prefilter_lead: '1.5'}", "must be a whole number"),
        ("prefilter_lead", "{prefilter_lead: 3}", "needs options.prefilter"),
        ("prefilter_anchor", "{prefilter_anchor: '(?:^|[^0-9])x'}", "needs options.prefilter"),
        (
            "prefilter_anchor",
            "{prefilter: 'x', prefilter_lead: 1, prefilter_anchor: '(?:^|[^0-9])x'}",
            "lead 0",
        ),
        (
            "prefilter_anchor",
            "{prefilter: 'x', prefilter_lead: 0, prefilter_anchor: '(?:^|[^0-9]x'}",
            "missing )",
        ),
        (
            "prefilter_anchor",
            "{prefilter: 'x', prefilter_lead: 0, prefilter_anchor: [a, b]}",
            "must be a string",
        ),
    ],
)
def test_bad_prefilter_option_is_a_problem(option: str, options: str, message: str) -> None:
    """``prefilter_lead`` is a count of characters and ``prefilter_anchor`` a regular
    expression; both only mean something beside a prefilter (the anchor with lead 0)."""
    problems = problems_of(f"pack_id: a\nrules: [{{id: r, pattern: 'x+', options: {options}}}]\n")
    assert any(
        problem.startswith(f"rule 'r': options.{option}:") and message in problem
        for problem in problems
    ), problems


def test_prefilter_lead_reaches_the_matcher() -> None:
    """A valid lead is kept with the prefilter it measures to."""
    declaration = parse_playbook(
        "pack_id: a\n"
        "rules: [{id: r, pattern: 'ab+c', options: {prefilter: 'b', prefilter_lead: 1}}]\n"
    )
    matcher = (
        CompiledPack(declaration, effective_rules(declaration, get_registries()), get_registries())
        .rules[0]
        .matcher
    )
    assert matcher.prefilter == "b"
    assert getattr(matcher, "prefilter_lead", None) == 1
