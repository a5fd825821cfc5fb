"""DecisionBudgetExceededError names the pack, its budget and the time the decision really took."""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_core.errors import DecisionBudgetExceededError
from engine_core.licensing.context import CommunityLicense
from engine_core.matching import DEFAULT_MATCH_TIMEOUT_S
from engine_core.packs.playbook import parse_playbook

#: Catastrophic backtracking on PATHOLOGICAL_TEXT: only the regex timeout ends the scan.
PATHOLOGICAL_RULE = "rules: [{id: evil, pattern: '^(?:(a+)\\1*)+$'}]\n"
PATHOLOGICAL_TEXT = "a" * 30 + "b"


def _engine(playbook: str) -> Engine:
    return Engine.for_pack(parse_playbook(playbook), CommunityLicense())


def test_regex_timeout_over_budget_reports_the_pack_budget_and_elapsed_time() -> None:
    engine = _engine("pack_id: acme.slow\nbudget: {max_latency_ms: 20}\n" + PATHOLOGICAL_RULE)
    with pytest.raises(DecisionBudgetExceededError) as info:
        engine.evaluate(PATHOLOGICAL_TEXT)
    error = info.value
    assert (error.pack_id, error.budget_key, error.limit) == ("acme.slow", "max_latency_ms", 20)
    assert error.measured >= 20  # the real elapsed time: the scan ran until the timeout
    assert "acme.slow" in str(error)


def test_regex_timeout_without_budget_names_the_pack_and_the_timeout() -> None:
    engine = _engine("pack_id: acme.unbounded\n" + PATHOLOGICAL_RULE)
    with pytest.raises(DecisionBudgetExceededError) as info:
        engine.evaluate(PATHOLOGICAL_TEXT)
    error = info.value
    assert error.pack_id == "acme.unbounded"  # not the rule id
    assert error.budget_key == "regex_timeout_ms"
    assert error.limit == DEFAULT_MATCH_TIMEOUT_S * 1000
    # The regex module times a search with its own clock, which may call time a fraction
    # of a millisecond before ours does.
    assert error.measured >= error.limit * 0.99
    assert error.measured != error.limit  # measured, not a copy of the limit
