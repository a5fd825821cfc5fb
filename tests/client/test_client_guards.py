"""The client's guards, for any result: forwardable text, redaction, nothing shown by repr."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine_server.client import ServiceResult, SocketVerdict, StreamChunk

#: Shown fields use lower-case letters only, so they can never contain the secrets below.
plain = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", max_size=12)
secret = st.integers(min_value=0, max_value=10**9).map(lambda n: f"SECRET-{n}")
clean = st.integers(min_value=0, max_value=10**9).map(lambda n: f"CLEANTEXT-{n}")
actions = st.one_of(
    st.sampled_from(
        ["block", "block_statutory_violation", "blocked", "redact_and_permit", "allow", "Block"]
    ),
    plain,
)
severities = st.one_of(st.sampled_from(["FATAL", "WARNING", "fatal", "INFO"]), plain)

triggers = st.fixed_dictionaries(
    {
        "rule_id": plain,
        "law": plain,
        "severity": severities,
        "matched_items": st.lists(secret, max_size=3),
        "category": plain,
        "spans": st.lists(st.lists(st.integers(0, 999), min_size=2, max_size=2), max_size=2),
    }
)
results = st.fixed_dictionaries(
    {
        "pack_id": plain,
        "action": actions,
        "invariants_passed": st.booleans(),
        "reason": st.one_of(st.none(), plain),
        "triggers": st.lists(triggers, max_size=4),
        "remedy": st.fixed_dictionaries(
            {
                "clean_text": clean,
                "redactions_count": st.integers(0, 9),
                "redacted_categories": st.lists(plain, max_size=2),
            }
        ),
        "latency_us": st.floats(0, 1e6),
        "tokens_spent": st.just(0),
        "egress_bytes": st.just(0),
        "receipt_hash": plain,
        "license_status": plain,
        "active_key_id": plain,
        "active_epoch": st.integers(0, 9),
        "edition": plain,
        "upgrade_notice": st.one_of(st.none(), plain),
        "runtime_version": plain,
    }
)


def _shown(value: Any) -> str:
    return repr(value) + str(value)


@given(results)
def test_forwardable_text_is_none_exactly_for_a_block_or_a_fatal_trigger(
    data: dict[str, Any],
) -> None:
    result = ServiceResult.model_validate(data)
    withheld = data["action"].startswith("block") or any(
        trigger["severity"] == "FATAL" for trigger in data["triggers"]
    )
    if withheld:
        assert result.forwardable_text() is None
    else:
        assert result.forwardable_text() == data["remedy"]["clean_text"]
    assert result.blocked == data["action"].startswith("block")


@given(results)
def test_redacted_carries_no_matched_value_and_leaves_the_result_alone(
    data: dict[str, Any],
) -> None:
    result = ServiceResult.model_validate(data)
    redacted = result.redacted()
    assert "SECRET-" not in redacted.model_dump_json()
    assert all(trigger.matched_items == [] for trigger in redacted.triggers)
    assert [t.rule_id for t in redacted.triggers] == [t["rule_id"] for t in data["triggers"]]
    assert redacted.forwardable_text() == result.forwardable_text()
    assert result.to_dict()["triggers"] == data["triggers"]  # the original keeps its values


@given(results)
def test_no_repr_or_str_shows_a_value(data: dict[str, Any]) -> None:
    result = ServiceResult.model_validate(data)
    shown = _shown(result) + _shown(result.remedy) + _shown(result.redacted())
    shown += "".join(_shown(trigger) for trigger in result.triggers)
    assert "SECRET-" not in shown
    assert "CLEANTEXT-" not in shown
    assert data["action"] in repr(result)


@given(actions, st.booleans(), clean)
def test_socket_verdict_forwardable_only_without_block_or_fatal(
    action: str, invariants_passed: bool, text: str
) -> None:
    verdict = SocketVerdict.model_validate(
        {
            "type": "verdict",
            "action": action,
            "invariants_passed": invariants_passed,
            "clean_text": text,
            "latency_us": 1.0,
            "egress_bytes": 0,
            "receipt_hash": "r",
        }
    )
    withheld = action.startswith("block") or not invariants_passed
    assert verdict.forwardable_text() == (None if withheld else text)
    assert "CLEANTEXT-" not in _shown(verdict)


@given(clean, st.booleans(), actions)
def test_stream_chunk_repr_shows_no_text(text: str, blocked: bool, action: str) -> None:
    assert "CLEANTEXT-" not in _shown(StreamChunk(text, blocked=blocked, action=action))
