"""Swap ``Engine()`` for ``EngineClient(url)``: the same scenario code gets the same verdicts,
the same clean text, the same streamed chunks and the same exceptions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from service_support import CLEAN_TEXT, FATAL_TEXT, WARNING_TEXT, issue_key, sealed_engine

from engine_core import Engine
from engine_core.errors import (
    AmbiguousPayloadError,
    CodonRuntimeError,
    DecisionBudgetExceededError,
    DeveloperQuotaExceededError,
    EngineRuntimeError,
    StreamBlockedError,
)
from engine_core.licensing.authority import generate_authority_keypair, write_trust_file
from engine_server import ServerHandle, start_server
from engine_server.client import EngineClient

PAYLOADS: list[Any] = [
    CLEAN_TEXT,
    WARNING_TEXT,
    FATAL_TEXT,
    "",
    "ünïcødé \U0001f600 jane.doe@example.com \ud800 lone surrogate",
    {"text": WARNING_TEXT},
    {"message": FATAL_TEXT},
    {"payload": CLEAN_TEXT},
    42,
    None,
    {"text": 5},
    {"text": "a", "message": "b"},
    {"other": "x"},
]

#: (text, how it is cut into pushes)
STREAMS = [
    (WARNING_TEXT + " " + CLEAN_TEXT, 3),
    (WARNING_TEXT + " " + CLEAN_TEXT, 1000),
    (CLEAN_TEXT + " " + FATAL_TEXT + " " + CLEAN_TEXT, 7),
    (CLEAN_TEXT + " card 4111 1111 1111 1111", 5),  # the block is found at flush
]


def outcome(call: Callable[[], Any]) -> Any:
    """Run ``call``; return its value, or the ``except`` clause that caught its error."""
    try:
        return ("ok", call())
    except StreamBlockedError as exc:
        return ("StreamBlockedError", exc.action, exc.reason)
    except DecisionBudgetExceededError as exc:
        return ("DecisionBudgetExceededError", exc.pack_id, exc.budget_key, exc.limit)
    except DeveloperQuotaExceededError as exc:
        return ("DeveloperQuotaExceededError", exc.limit_name)
    except AmbiguousPayloadError as exc:
        return ("AmbiguousPayloadError", exc.keys)
    except CodonRuntimeError:
        return ("CodonRuntimeError",)
    except ValueError:
        return ("ValueError",)
    except EngineRuntimeError as exc:
        return ("EngineRuntimeError", str(exc))


def verdict(result: Any) -> tuple[Any, ...]:
    """What a caller reads from a result (not latency or the per-engine keyed receipt)."""
    return (
        result.pack_id,
        result.action,
        result.invariants_passed,
        result.reason,
        result.remedy.clean_text,
        result.remedy.redactions_count,
        list(result.remedy.redacted_categories),
        [
            (trigger.rule_id, trigger.law, trigger.severity, list(trigger.matched_items))
            for trigger in result.triggers
        ],
        result.edition,
        result.license_status,
        result.upgrade_notice,
    )


def stream(engine: Any, text: str, size: int) -> list[Any]:
    """Push ``text`` in pieces of ``size`` and flush; then try to push once more."""
    session = engine.stream_session(lookahead_chars=16)
    chunks: list[Any] = []

    def run() -> None:
        for start in range(0, len(text), size):
            chunks.extend(session.push(text[start : start + size]))
            if chunks and chunks[-1].blocked:
                return
        chunks.extend(session.flush())

    ended = outcome(run)
    shown = [(chunk.text, chunk.blocked, chunk.action, chunk.reason) for chunk in chunks]
    return [ended, shown, outcome(lambda: session.push("after")), outcome(session.flush)]


def scenario(engine: Any) -> list[Any]:
    """Code written for the library: evaluate, stream, and the errors it expects."""
    record: list[Any] = [
        outcome(lambda p=payload: verdict(engine.evaluate(p))) for payload in PAYLOADS
    ]
    for text, size in STREAMS:
        record.append(stream(engine, text, size))
    record.append(outcome(lambda: engine.stream_session(lookahead_chars=8)))
    session = engine.stream_session()
    record.append(outcome(lambda: session.push(b"bytes")))
    return record


def test_same_scenario_same_outcomes(server: ServerHandle) -> None:
    with EngineClient(server.base_url, timeout=20) as client:
        assert scenario(client) == scenario(Engine())


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[], str]]:
    """Issue license keys (2 decisions per minute) from an authority the runtime trusts."""
    seed, public = generate_authority_keypair()
    trust = write_trust_file(tmp_path_factory.mktemp("trust") / "keys.json", [public])

    def issue() -> str:
        return issue_key(seed, max_decisions_per_minute=2, max_decisions_lifetime=100)

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ENGINE_AUTHORITY_KEYS", str(Path(trust)))
        yield issue


def limited_scenario(engine: Any) -> list[Any]:
    """Decisions until the engine refuses (quota or budget)."""
    return [outcome(lambda: verdict(engine.evaluate(WARNING_TEXT))) for _ in range(3)]


@pytest.mark.parametrize(
    "make_engine",
    [
        pytest.param(lambda keys: Engine(license_key=keys()), id="quota"),
        pytest.param(lambda keys: sealed_engine(budget_ms=0.000001), id="budget"),
    ],
)
def test_same_refusals(keys: Callable[[], str], make_engine: Callable[[Any], Engine]) -> None:
    with (
        start_server(make_engine(keys), token="") as served,
        EngineClient(served.base_url, timeout=20) as client,
    ):
        remote = limited_scenario(client)
    local = limited_scenario(make_engine(keys))
    assert remote == local
    assert remote[-1][0] in ("DeveloperQuotaExceededError", "DecisionBudgetExceededError")
