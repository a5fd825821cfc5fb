"""What an engine reports for a text, as (category, rule id, severity, law, value, span) rows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from engine_core import Engine

__all__ = [
    "Detection",
    "assert_detected",
    "assert_not_detected",
    "detections",
    "european_examples",
    "european_values",
]


@dataclass(frozen=True)
class Detection:
    """One reported occurrence of a value."""

    category: str
    rule_id: str
    severity: str
    law: str
    value: str
    span: tuple[int, int]


def detections(engine: Engine, text: str) -> list[Detection]:
    """Return every occurrence the engine reports in ``text``, in text order."""
    found = [
        Detection(t.category, t.rule_id, t.severity, t.law, text[start:end], (start, end))
        for t in engine.evaluate(text).triggers
        for start, end in t.spans
    ]
    return sorted(found, key=lambda detection: detection.span)


def assert_detected(
    engine: Engine, text: str, value: str, category: str, *, severity: str = "FATAL"
) -> Detection:
    """Assert that the first occurrence of ``value`` is reported whole, as ``category``."""
    start = text.index(value)
    span = (start, start + len(value))
    found = [detection for detection in detections(engine, text) if detection.span == span]
    assert found, f"{category}: {value!r} not reported in {text!r}: {detections(engine, text)}"
    assert found[0].category == category, found
    assert found[0].severity == severity, found
    result = engine.evaluate(text)
    assert value not in result.remedy.clean_text
    return found[0]


def assert_not_detected(engine: Engine, text: str, *categories: str) -> None:
    """Assert that the engine reports nothing in ``categories`` (anything at all if none given)."""
    found = [
        detection
        for detection in detections(engine, text)
        if not categories or detection.category in categories
    ]
    assert not found, f"{text!r}: {found}"


@cache
def european_examples() -> dict[str, dict[str, Any]]:
    """Return the published examples of the European entries, by category."""
    text = Path(__file__).with_name("europe_examples.yaml").read_text(encoding="utf-8")
    examples: dict[str, dict[str, Any]] = yaml.safe_load(text)
    return examples


def european_values() -> list[str]:
    """Return every published valid value of the European entries, each once."""
    values = (value for examples in european_examples().values() for _, value in examples["valid"])
    return list(dict.fromkeys(values))
