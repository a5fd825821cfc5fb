"""The built-in decision domain: ``evaluate`` (aliases ``pii``, ``safety``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine_core.plugins import hookimpl
from engine_core.registries import DecisionDomain, DecisionHost


def run_evaluate(engine: DecisionHost, parameters: dict[str, Any]) -> dict[str, Any]:
    """Evaluate ``parameters['text']`` and return the EvaluationResult as JSON."""
    return engine.evaluate({"text": parameters.get("text")}).to_dict()


EVALUATE = DecisionDomain(
    name="evaluate",
    aliases=("pii", "safety"),
    run=run_evaluate,
    description="Evaluate a text against the served pack.",
)


@hookimpl
def engine_register_decision_domains(register: Callable[[DecisionDomain], None]) -> None:
    """Register the built-in decision domains."""
    register(EVALUATE)
