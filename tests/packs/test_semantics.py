"""Compiled-pack semantics, through the whole path: compile -> load_pack -> evaluate."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine_core import clock
from engine_core.engine import Engine
from engine_core.errors import (
    DecisionBudgetExceededError,
    EnclaveCapabilityError,
    EngineRuntimeError,
    LicenseExpiredError,
    RemovedCapabilityError,
)

PackEngine = Callable[..., Engine]

PLAYBOOK = """
pack_id: acme.support
name: Support desk
rules:
  - id: order-id
    pattern: 'ORD-\\d{6}'
    law: internal
  - id: ticket
    pattern: 'TCK\\d{4}'
    category: support ticket
  - id: secret_project
    pattern: 'Project Nightingale'
    action: block
    law: NDA
  - id: card
    type: luhn_checksum
    pattern: '\\b(?:\\d[ -]?){15}\\d\\b'
    action: block
    law: PCI-DSS
"""


@pytest.fixture
def support(pack_engine: PackEngine) -> Engine:
    return pack_engine(PLAYBOOK)


def test_engine_is_sealed_pack(support: Engine) -> None:
    assert support.pack_id == "acme.support"
    assert support.is_sealed_pack
    assert not support.is_builtin_pack


def test_clean_text_is_allowed(support: Engine) -> None:
    result = support.evaluate("nothing to see here")
    assert result.action == "allow"
    assert result.invariants_passed
    assert result.triggers == ()
    assert result.remedy.clean_text == "nothing to see here"


def test_empty_text_is_clean(support: Engine) -> None:
    result = support.evaluate("")
    assert result.action == "allow"
    assert result.remedy.clean_text == ""


def test_redact_rule_is_warning_and_category_from_id(support: Engine) -> None:
    result = support.evaluate({"text": "see ORD-123456 and ORD-123456 and ORD-654321"})
    assert result.action == "redact_and_permit"
    assert result.invariants_passed
    (trigger,) = result.triggers
    assert trigger.rule_id == "order-id"
    assert trigger.severity == "WARNING"
    assert trigger.category == "ORDER_ID"
    assert trigger.law == "internal"
    assert trigger.matched_items == ("ORD-123456", "ORD-654321")
    assert result.remedy.clean_text == (
        "see [REDACTED_ORDER_ID] and [REDACTED_ORDER_ID] and [REDACTED_ORDER_ID]"
    )
    assert result.remedy.redactions_count == 3
    assert result.remedy.redacted_categories == ("ORDER_ID",)


def test_category_field_is_normalised(support: Engine) -> None:
    result = support.evaluate("ticket TCK1234 please")
    assert result.remedy.clean_text == "ticket [REDACTED_SUPPORT_TICKET] please"
    assert result.triggers[0].category == "SUPPORT_TICKET"


def test_block_rule_is_fatal_and_withholds_the_text(support: Engine) -> None:
    result = support.evaluate("about Project Nightingale")
    assert result.action == "block"
    assert not result.invariants_passed
    assert result.triggers[0].severity == "FATAL"
    assert "secret_project" in (result.reason or "")
    assert result.remedy.clean_text == "[BLOCKED]"
    assert result.remedy.redactions_count == 0
    assert result.remedy.redacted_categories == ()


def test_block_withholds_the_whole_text_even_when_another_rule_redacted(support: Engine) -> None:
    text = "ORD-123456 TCK9999 Project Nightingale"
    result = support.evaluate(text)
    assert result.action == "block"
    assert [trigger.rule_id for trigger in result.triggers] == [
        "order-id",
        "ticket",
        "secret_project",
    ]
    assert result.remedy.clean_text == "[BLOCKED]"
    assert "Nightingale" not in result.remedy.clean_text
    assert result.remedy.redactions_count == 0
    assert result.remedy.redacted_categories == ()


def test_luhn_block_rule(support: Engine) -> None:
    assert support.evaluate("card 4111 1111 1111 1111").action == "block"
    # Fails the Luhn check: not a card.
    assert support.evaluate("card 4111 1111 1111 1112").action == "allow"


def test_whole_match_reported_for_capturing_groups(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.groups
rules:
  - id: employee
    pattern: 'EMP-(\\d{4})-([A-Z]{2})'
"""
    )
    result = engine.evaluate("employee EMP-1234-AB left")
    assert result.triggers[0].matched_items == ("EMP-1234-AB",)
    assert result.triggers[0].spans == ((9, 20),)
    assert result.remedy.clean_text == "employee [REDACTED_EMPLOYEE] left"


def test_actions_mapping_and_default_action(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.actions
default_action: pass_through
actions:
  block: block_and_page
  redact: scrub_then_send
  allow: ignored_because_default_action_wins
rules:
  - id: email
    pattern: '[a-z]+@example\\.com'
  - id: nda
    pattern: 'CONFIDENTIAL'
    action: block
"""
    )
    assert engine.evaluate("hello").action == "pass_through"
    assert engine.evaluate("mail bob@example.com").action == "scrub_then_send"
    assert engine.evaluate("CONFIDENTIAL bob@example.com").action == "block_and_page"


def test_actions_allow_used_without_default_action(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.allow
actions: {allow: ok_to_send}
rules: [{id: pin, pattern: 'PIN \\d{4}'}]
"""
    )
    assert engine.evaluate("hello").action == "ok_to_send"
    assert engine.evaluate("PIN 1234").action == "redact_and_permit"


def test_codons_and_hard_rules_from_the_builtin_pack(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.codons
codons: [email]
hard_rules: [us_ssn]
"""
    )
    assert engine.evaluate("jane@example.com").remedy.clean_text == "[REDACTED_EMAIL]"
    blocked = engine.evaluate("ssn 123-45-6789")
    assert blocked.action == "block"
    assert blocked.remedy.clean_text == "[BLOCKED]"


def test_budget_exceeded_on_large_input(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.budget
budget: {max_latency_ms: 0.001}
rules:
  - id: word
    pattern: '\\b\\w+ing\\b'
"""
    )
    text = "a tiny bit of text with nothing special in it " * 20_000
    with pytest.raises(DecisionBudgetExceededError) as info:
        engine.evaluate(text)
    error = info.value
    assert isinstance(error, EngineRuntimeError)
    assert isinstance(error, RuntimeError)
    assert error.pack_id == "acme.budget"
    assert error.budget_key == "max_latency_ms"
    assert error.limit == pytest.approx(0.001)
    assert error.measured > error.limit
    assert "withheld" in str(error)


def test_budget_exceeded_on_pathological_pattern(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.backtrack
budget: {max_latency_ms: 5}
rules:
  - id: evil
    pattern: '^(?:(a+)\\1*)+$'
"""
    )
    with pytest.raises(DecisionBudgetExceededError) as info:
        engine.evaluate("a" * 30 + "b")  # catastrophic backtracking for this pattern
    assert info.value.budget_key == "max_latency_ms"
    assert info.value.limit == 5
    assert info.value.pack_id == "acme.backtrack"


def test_generous_budget_does_not_interfere(pack_engine: PackEngine) -> None:
    engine = pack_engine(
        """
pack_id: acme.fast
budget: {max_latency_ms: 2000}
rules: [{id: pin, pattern: 'PIN \\d{4}'}]
"""
    )
    assert engine.evaluate("PIN 1234").remedy.clean_text == "[REDACTED_PIN]"


def test_license_past_grace_while_running(
    pack_engine: PackEngine, license_times: dict[str, float]
) -> None:
    engine = pack_engine(PLAYBOOK)
    assert engine.evaluate("ok").action == "allow"
    past_grace = license_times["valid_until"] + license_times["grace_period_days"] * 86_400 + 1
    with clock.frozen_at(past_grace), pytest.raises(LicenseExpiredError):
        engine.evaluate("ok")
    in_grace = license_times["valid_until"] + 3600
    with clock.frozen_at(in_grace):
        result = engine.evaluate("ok")
    assert result.license_status == "GRACE_PERIOD"


def test_result_reports_license_fields(support: Engine) -> None:
    result = support.evaluate("x")
    assert result.license_status == "ACTIVE"
    assert result.edition in {"DEVELOPER", "ENTERPRISE"}
    assert result.runtime_version == "0.3.0"


def test_compile_custom_rule_is_removed(support: Engine) -> None:
    assert not hasattr(support, "compile_custom_rule")
    with pytest.raises(RemovedCapabilityError) as info:
        support.compile_custom_rule  # noqa: B018
    assert isinstance(info.value, EnclaveCapabilityError)
    assert isinstance(info.value, AttributeError)
