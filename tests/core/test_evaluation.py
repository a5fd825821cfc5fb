"""In-process evaluation: payloads, verdicts, overlaps and the result document."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine, EvaluationResult
from engine_core.anchors import scan_bytes
from engine_core.constants import BLOCKED_PLACEHOLDER
from engine_core.engine import BACKGROUND_DIGEST_CHARS, input_digest
from engine_core.errors import (
    AmbiguousPayloadError,
    CodonRuntimeError,
    CommunityEditionRestrictionError,
    EnclaveCapabilityError,
    RemovedCapabilityError,
)
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook
from engine_core.version import RUNTIME_VERSION

CARD = "4111 1111 1111 1111"
EMAIL = "jane.doe@example.com"


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def pack_engine(playbook: str) -> Engine:
    return Engine.for_pack(parse_playbook(playbook), CommunityLicense())


def test_clean_text_is_allowed(engine: Engine) -> None:
    result = engine.evaluate("Nothing to see here.")
    assert result.action == "allow"
    assert result.invariants_passed is True
    assert result.triggers == ()
    assert result.reason is None
    assert result.remedy.clean_text == "Nothing to see here."
    assert result.remedy.redactions_count == 0


def test_empty_text_is_clean(engine: Engine) -> None:
    result = engine.evaluate("")
    assert (result.action, result.remedy.clean_text) == ("allow", "")


def test_warning_value_is_redacted_and_permitted(engine: Engine) -> None:
    result = engine.evaluate(f"Write to {EMAIL} today")
    assert result.action == "redact_and_permit"
    assert result.invariants_passed is True
    assert result.remedy.clean_text == "Write to [REDACTED_EMAIL] today"
    assert result.remedy.redacted_categories == ("EMAIL",)
    (trigger,) = result.triggers
    assert (trigger.rule_id, trigger.severity, trigger.category) == ("email", "WARNING", "EMAIL")
    assert trigger.matched_items == (EMAIL,)
    assert trigger.spans == ((9, 9 + len(EMAIL)),)


def test_fatal_value_blocks_and_is_still_redacted(engine: Engine) -> None:
    result = engine.evaluate(f"card {CARD} mail {EMAIL}")
    assert result.action == "block_statutory_violation"
    assert result.invariants_passed is False
    assert "credit_card" in (result.reason or "")
    assert result.remedy.clean_text == "card [REDACTED_CREDIT_CARD] mail [REDACTED_EMAIL]"
    assert result.remedy.redactions_count == 2
    assert result.remedy.redacted_categories == ("CREDIT_CARD", "EMAIL")
    assert [t.rule_id for t in result.triggers] == ["email", "credit_card"]  # declaration order
    assert {t.law for t in result.triggers} == {"GDPR", "PCI-DSS"}


def test_matched_items_are_distinct_in_first_occurrence_order(engine: Engine) -> None:
    text = "b@example.org a@example.org b@example.org"
    (trigger,) = engine.evaluate(text).triggers
    assert trigger.matched_items == ("b@example.org", "a@example.org")
    assert len(trigger.spans) == 3
    assert [text[s:e] for s, e in trigger.spans] == text.split()


@pytest.mark.parametrize(
    "payload", [{"text": EMAIL}, {"message": EMAIL}, {"payload": EMAIL}, EMAIL]
)
def test_payload_shapes(engine: Engine, payload: object) -> None:
    assert engine.evaluate(payload).remedy.clean_text == "[REDACTED_EMAIL]"


def test_dict_with_several_keys_is_ambiguous(engine: Engine) -> None:
    with pytest.raises(AmbiguousPayloadError) as caught:
        engine.evaluate({"text": "a", "message": "b"})
    assert caught.value.keys == ["message", "text"]


@pytest.mark.parametrize(
    "payload",
    [{}, {"body": "x"}, {"text": 5}, {"text": None}, {"message": ["x"]}, 42, None, b"bytes", ["x"]],
)
def test_unreadable_payloads(engine: Engine, payload: object) -> None:
    with pytest.raises(CodonRuntimeError):
        engine.evaluate(payload)


def test_result_document_is_json_ready_and_complete(engine: Engine) -> None:
    result = engine.evaluate(f"mail {EMAIL}")
    document = json.loads(json.dumps(result.to_dict()))
    assert set(document) >= {
        "pack_id", "action", "invariants_passed", "reason", "triggers", "remedy", "latency_us",
        "tokens_spent", "egress_bytes", "receipt_hash", "license_status", "active_key_id",
        "active_epoch", "edition", "upgrade_notice", "runtime_version",
    }  # fmt: skip
    assert document["pack_id"] == "builtin.data_protection"
    assert document["license_status"] == "COMMUNITY_PERPETUAL"
    assert document["edition"] == "COMMUNITY"
    assert document["active_key_id"] == "community"
    assert document["active_epoch"] == 0
    assert document["upgrade_notice"]
    assert document["runtime_version"] == RUNTIME_VERSION
    assert document["tokens_spent"] == 0
    assert document["egress_bytes"] == 0
    assert document["latency_us"] > 0
    assert document["triggers"][0]["spans"] == [[5, 5 + len(EMAIL)]]
    assert set(document["remedy"]) == {"clean_text", "redactions_count", "redacted_categories"}


def test_receipt_is_a_digest_without_the_text(engine: Engine) -> None:
    first = engine.evaluate(f"mail {EMAIL}")
    again = engine.evaluate(f"mail {EMAIL}")
    other = engine.evaluate("mail nobody")
    assert len(first.receipt_hash) == 64
    int(first.receipt_hash, 16)
    assert first.receipt_hash == again.receipt_hash
    assert first.receipt_hash != other.receipt_hash
    assert first.receipt_hash != Engine().evaluate(f"mail {EMAIL}").receipt_hash  # keyed per engine


@given(st.text(max_size=30), st.text(max_size=30))
def test_input_digest_tells_every_two_texts_apart(first: str, second: str) -> None:
    """The digest reads the scan encoding and what it replaced: distinct texts, distinct digests."""
    digests = (input_digest(scan_bytes(first)), input_digest(scan_bytes(second)))
    assert (digests[0] == digests[1]) == (first == second)


def test_receipts_differ_for_texts_the_scan_encoding_confuses(engine: Engine) -> None:
    """Characters outside Latin-1 all scan as ``?``; the receipt still tells the texts apart."""
    receipts = {
        engine.evaluate(text).receipt_hash
        for text in ("price 5\u20ac", "price 5\u20bf", "price 5?", "price 5\u20ac\u20ac")
    }
    assert len(receipts) == 4


def test_large_inputs_get_the_same_receipt_as_small_ones_would() -> None:
    """A large input is hashed on a thread during the scan: same digest as inline hashing."""
    text = ("Reach me at a@b.io or \u20ac 42. " * 40_000)[: BACKGROUND_DIGEST_CHARS + 7]
    assert len(text) >= BACKGROUND_DIGEST_CHARS
    engine = Engine()
    result = engine.evaluate(text)
    assert result.receipt_hash == engine.evaluate(text).receipt_hash
    verdict = engine.compiled_pack.decide(text)
    assert result.receipt_hash == engine._receipt(input_digest(scan_bytes(text)), verdict)


def test_compile_custom_rule_is_removed_on_the_community_engine(engine: Engine) -> None:
    assert not hasattr(engine, "compile_custom_rule")
    with pytest.raises(RemovedCapabilityError) as caught:
        engine.compile_custom_rule  # noqa: B018
    assert isinstance(caught.value, CommunityEditionRestrictionError)
    assert isinstance(caught.value, AttributeError)


def test_compile_custom_rule_is_removed_on_a_pack_engine() -> None:
    engine = pack_engine("pack_id: acme.x\nrules: [{id: r, pattern: 'secret'}]\n")
    with pytest.raises(EnclaveCapabilityError) as caught:
        engine.compile_custom_rule  # noqa: B018
    assert not isinstance(caught.value, CommunityEditionRestrictionError)


# --- compiled-pack semantics -------------------------------------------------------

PACK = """
pack_id: acme.orders
rules:
  - {id: order-id, pattern: 'ORD-(\\d{6})'}
  - {id: api_key, pattern: 'sk_live_[A-Za-z0-9]{8,}', action: block, law: SOC2}
  - {id: ticket, pattern: 'TCK-\\d+', category: 'support ticket'}
"""


def test_redact_rule_in_a_pack() -> None:
    result = pack_engine(PACK).evaluate("see ORD-123456 and TCK-9")
    assert result.action == "redact_and_permit"
    assert result.remedy.clean_text == "see [REDACTED_ORDER_ID] and [REDACTED_SUPPORT_TICKET]"
    assert result.triggers[0].matched_items == ("ORD-123456",)  # whole match, not the group
    assert result.triggers[0].law == "compliance"


def test_block_rule_withholds_the_whole_text_even_with_redactions() -> None:
    result = pack_engine(PACK).evaluate("ORD-123456 key sk_live_abcdefgh1234")
    assert result.action == "block"
    assert result.invariants_passed is False
    assert result.remedy.clean_text == BLOCKED_PLACEHOLDER
    assert result.remedy.redactions_count == 0
    assert result.remedy.redacted_categories == ()
    assert [t.severity for t in result.triggers] == ["WARNING", "FATAL"]
    assert result.triggers[1].matched_items == ("sk_live_abcdefgh1234",)


def test_actions_and_default_action_are_honoured() -> None:
    playbook = PACK + "actions: {block: block_secret, redact: scrub}\ndefault_action: pass\n"
    engine = pack_engine(playbook)
    assert engine.evaluate("nothing").action == "pass"
    assert engine.evaluate("ORD-123456").action == "scrub"
    assert engine.evaluate("sk_live_abcdefgh1234").action == "block_secret"


def test_allow_action_when_no_default() -> None:
    playbook = PACK + "actions: {allow: ok}\n"
    assert pack_engine(playbook).evaluate("nothing").action == "ok"


def test_overlapping_spans_become_one_token_of_the_highest_severity() -> None:
    engine = pack_engine(
        """
pack_id: acme.overlap
rules:
  - {id: digits, pattern: '\\d{4,}'}
  - {id: account, pattern: 'ACC-\\d{4}', severity: FATAL}
  - {id: tail, pattern: '\\d{2}-X'}
"""
    )
    result = engine.evaluate("id ACC-12345-X end")
    assert result.remedy.clean_text == "id [REDACTED_ACCOUNT] end"
    assert result.remedy.redactions_count == 1
    assert {t.rule_id for t in result.triggers} == {"digits", "account", "tail"}


def test_equal_severity_overlap_takes_the_earliest_declared() -> None:
    engine = pack_engine(
        "pack_id: a.b\nrules:\n  - {id: second, pattern: 'bc'}\n  - {id: first, pattern: 'abc'}\n"
    )
    assert engine.evaluate("xabcx").remedy.clean_text == "x[REDACTED_SECOND]x"


def test_codons_and_hard_rules_import_builtin_detectors() -> None:
    engine = pack_engine("pack_id: acme.mix\ncodons: [email]\nhard_rules: [credit_card]\n")
    redacted = engine.evaluate(f"mail {EMAIL}")
    assert redacted.remedy.clean_text == "mail [REDACTED_EMAIL]"
    blocked = engine.evaluate(f"card {CARD}")
    assert blocked.action == "block"
    assert blocked.remedy.clean_text == BLOCKED_PLACEHOLDER


def test_plugin_rule_type_and_remedy() -> None:
    engine = pack_engine(
        "pack_id: acme.codenames\nrules:\n"
        "  - {id: codenames, type: keyword_list, pattern: 'bluebird|red falcon', action: mask}\n"
    )
    result = engine.evaluate("Status of Red Falcon? Not redfalcon.")
    assert result.remedy.clean_text == "Status of **********? Not redfalcon."
    assert result.triggers[0].matched_items == ("Red Falcon",)


@given(st.text(max_size=300))
def test_any_string_evaluates_and_spans_point_at_values(text: str) -> None:
    result = Engine().evaluate(text)
    assert isinstance(result, EvaluationResult)
    for trigger in result.triggers:
        assert list(trigger.spans) == sorted(trigger.spans)
        assert {text[s:e] for s, e in trigger.spans} == set(trigger.matched_items)


def test_a_users_phone_rule_without_context_reads_runs_of_digits_as_its_pattern_says() -> None:
    """label_window concerns rules with required context only: a user's phone_number rule
    without context finds a run of digits its pattern takes, in evaluate and in a stream."""
    engine = pack_engine(
        "pack_id: a.b\nrules:\n  - id: my_phone\n    type: phone_number\n"
        "    pattern: '[0-9]{10}'\n    options: {plan_regions: [US]}\n"
    )
    text = "reach 2125968342 now "
    assert engine.evaluate(text).remedy.clean_text == "reach [REDACTED_MY_PHONE] now "
    session = engine.stream_session(block_on_fatal=False)
    released = [
        chunk.text for i in range(0, len(text), 3) for chunk in session.push(text[i : i + 3])
    ]
    released += [chunk.text for chunk in session.flush()]
    assert "".join(released) == "reach [REDACTED_MY_PHONE] now "
