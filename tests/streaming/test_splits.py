"""Every value of the live pack, in awkward contexts, with the stream cut at every position."""

from __future__ import annotations

import pytest
from streaming_support import run_stream, value_pool

from engine_core import Engine

PREFIXES = ("", "1 ", "5 ", "+1 ")
SUFFIXES = (" end of this line", " 1234 5678 and so on", ", Springfield, IL 62704 ok")
LEAD = "lead words "
TAIL = " trailing words to finish"


#: The nine original detectors get every awkward context; catalogue entries get fewer.
ORIGINAL = frozenset(
    {"email", "phone", "credit_card", "iban", "ipv4", "ipv6", "us_ssn", "postal_address"}
    | {"uk_nino", "in_aadhaar"}
)


#: Detectors whose values only make sense inside their own setting (a key=value line, a
#: URI, an assignment): tests/catalogue/test_secret_rules.py streams nothing, but checks
#: them in every context they take.
NEED_THEIR_OWN_SETTING = frozenset(
    ("secret.azure_shared_access_key", "secret.connection_string", "secret.password_assignment")
)


def _rule_ids(*, contextless: bool = False) -> list[str]:
    return [
        rule.rule_id
        for rule in Engine().compiled_pack.rules
        if not (contextless and rule.context is not None and rule.context.required)
    ]


def test_every_rule_of_the_live_pack_has_values() -> None:
    """The value pool reaches every rule that needs no context word (add candidates when a
    new rule is not covered); context-required rules are covered by tests/catalogue."""
    pool = value_pool()
    missing = [
        rule_id
        for rule_id in _rule_ids(contextless=True)
        if rule_id not in pool.by_rule and rule_id not in NEED_THEIR_OWN_SETTING
    ]
    assert not missing, f"no test value is detected by rule(s) {missing}"


@pytest.mark.parametrize("rule_id", _rule_ids(contextless=True))
def test_value_survives_a_cut_at_every_position(engine: Engine, rule_id: str) -> None:
    """Two pieces split anywhere near the value give evaluate's clean_text (lookahead 16)."""
    full = rule_id in ORIGINAL
    for value in value_pool().by_rule.get(rule_id, [])[: 2 if full else 1]:
        for prefix in PREFIXES if full else PREFIXES[1:2]:
            for suffix in SUFFIXES if full else SUFFIXES[1:2]:
                text = LEAD + prefix + value + suffix + TAIL
                clean = engine.evaluate(text).remedy.clean_text
                stop = min(len(text), len(LEAD) + len(prefix) + len(value) + 24)
                # Catalogue entries: a dozen cuts spread over the value and around its ends.
                step = 1 if full else max(1, (stop - len(LEAD)) // 12)
                for split in range(len(LEAD), stop, step):
                    session = engine.stream_session(lookahead_chars=16, block_on_fatal=False)
                    run = run_stream(session, [text[:split], text[split:]])
                    assert run.text == clean, f"{rule_id}: split at {split}"
