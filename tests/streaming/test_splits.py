"""Every value of the live pack, in awkward contexts, with the stream cut at every position."""

from __future__ import annotations

import pytest
from streaming_support import run_stream, value_pool

from engine_core import Engine

PREFIXES = ("", "1 ", "5 ", "+1 ")
SUFFIXES = (" end of this line", " 1234 5678 and so on", ", Springfield, IL 62704 ok")
LEAD = "lead words "
TAIL = " trailing words to finish"


def _rule_ids() -> list[str]:
    return [rule.rule_id for rule in Engine().compiled_pack.rules]


def test_every_rule_of_the_live_pack_has_values() -> None:
    """The value pool reaches every rule that needs no context word (add candidates when a
    new rule is not covered); context-required rules are cut with their words in
    tests/catalogue."""
    pool = value_pool()
    needs_context = {
        rule.rule_id
        for rule in Engine().compiled_pack.rules
        if rule.context is not None and rule.context.required
    }
    missing = [
        rule_id
        for rule_id in _rule_ids()
        if rule_id not in pool.by_rule and rule_id not in needs_context
    ]
    assert not missing, f"no test value is detected by rule(s) {missing}"


@pytest.mark.parametrize("rule_id", _rule_ids())
def test_value_survives_a_cut_at_every_position(engine: Engine, rule_id: str) -> None:
    """Two pieces split anywhere near the value give evaluate's clean_text (lookahead 16)."""
    for value in value_pool().by_rule.get(rule_id, [])[:2]:
        for prefix in PREFIXES:
            for suffix in SUFFIXES:
                text = LEAD + prefix + value + suffix + TAIL
                clean = engine.evaluate(text).remedy.clean_text
                stop = min(len(text), len(LEAD) + len(prefix) + len(value) + 24)
                for split in range(len(LEAD), stop):
                    session = engine.stream_session(lookahead_chars=16, block_on_fatal=False)
                    run = run_stream(session, [text[:split], text[split:]])
                    assert run.text == clean, f"{rule_id}: split at {split}"
