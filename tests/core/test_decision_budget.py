"""DecisionBudgetExceededError names the pack, its budget and the time the decision really took."""

from __future__ import annotations

import time

import pytest

from engine_core import Engine
from engine_core.errors import DecisionBudgetExceededError
from engine_core.licensing.context import CommunityLicense
from engine_core.matching import DEFAULT_MATCH_TIMEOUT_S
from engine_core.packs.playbook import parse_playbook

#: Catastrophic backtracking on PATHOLOGICAL_TEXT: only the regex timeout ends the scan.
PATHOLOGICAL_RULE = "rules: [{id: evil, pattern: '^(?:(a+)\\1*)+$'}]\n"
PATHOLOGICAL_TEXT = "a" * 30 + "b"


pytestmark = pytest.mark.usefixtures("no_background_compile")


def _engine(playbook: str) -> Engine:
    return Engine.for_pack(parse_playbook(playbook), CommunityLicense())


def _timed_out(engine: Engine) -> tuple[DecisionBudgetExceededError, float]:
    """Evaluate PATHOLOGICAL_TEXT; return the error and the wall time it took (ms)."""
    started = time.perf_counter()
    with pytest.raises(DecisionBudgetExceededError) as info:
        engine.evaluate(PATHOLOGICAL_TEXT)
    return info.value, (time.perf_counter() - started) * 1000


def test_regex_timeout_over_budget_reports_the_pack_budget_and_elapsed_time() -> None:
    engine = _engine("pack_id: acme.slow\nbudget: {max_latency_ms: 20}\n" + PATHOLOGICAL_RULE)
    error, wall_ms = _timed_out(engine)
    assert (error.pack_id, error.budget_key, error.limit) == ("acme.slow", "max_latency_ms", 20)
    # The real elapsed time: the scan ran until the timeout, so it is most of the call's.
    # Not "at least 20": the regex module's timeout counts the process's CPU time, which a
    # thread busy elsewhere in the process (a solver's, another pack's compile) makes run
    # ahead of the wall clock.
    assert 0.8 * wall_ms <= error.measured <= wall_ms
    assert "acme.slow" in str(error)


def test_regex_timeout_without_budget_names_the_pack_and_the_timeout() -> None:
    engine = _engine("pack_id: acme.unbounded\n" + PATHOLOGICAL_RULE)
    error, wall_ms = _timed_out(engine)
    assert error.pack_id == "acme.unbounded"  # not the rule id
    assert error.budget_key == "regex_timeout_ms"
    assert error.limit == DEFAULT_MATCH_TIMEOUT_S * 1000
    # The time the decision took (as above, the regex module's clock is the process's
    # CPU time), measured, not a copy of the limit.
    assert 0.8 * wall_ms <= error.measured <= wall_ms
    assert error.measured != error.limit


#: A pack with a budget, and a text full of its values that takes it seconds to evaluate
#: in full (4 MB of IPv4 addresses, each a finding).
BUSY_PACK = "pack_id: acme.busy\nbudget: {max_latency_ms: 50}\ncodons: [ipv4, email]\n"
BUSY_TEXT = "1.1.1.1 " * 500_000


@pytest.mark.parametrize(
    ("budget_ms", "within_ms"),
    [
        (50, 1000),  # spent during the one prefilter pass
        (250, 700),  # spent during the scan windows, after the pass
    ],
)
def test_a_budget_stops_the_scan_itself_not_only_the_result(budget_ms: int, within_ms: int) -> None:
    """The budget bounds a decision's wall time on every path (the one pass, the windows,
    between resolution, propagation and the verdict): a decision that takes over a second
    in full is cut off near its budget, not at its end."""
    engine = _engine(BUSY_PACK.replace("max_latency_ms: 50", f"max_latency_ms: {budget_ms}"))
    with pytest.raises(DecisionBudgetExceededError) as info:
        engine.evaluate(BUSY_TEXT)
    error = info.value
    assert (error.pack_id, error.budget_key, error.limit) == (
        "acme.busy",
        "max_latency_ms",
        budget_ms,
    )
    assert budget_ms < error.measured < within_ms


def test_a_stream_push_is_cut_off_near_its_budget_too() -> None:
    session = _engine(BUSY_PACK).stream_session(block_on_fatal=False)
    with pytest.raises(DecisionBudgetExceededError) as info:
        session.push(BUSY_TEXT)  # one push: a scan is due at once
    assert 50 < info.value.measured < 1000
    assert session.blocked
