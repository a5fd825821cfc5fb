"""Span-level precision and recall per category, overall and per slice."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..corpus import Counts, Detection
from .model import Record, Value


def _covers(value: Value, spans: list[tuple[int, int]]) -> bool:
    # Every character of the value lies in some detection of its category.
    covered = [False] * (value.end - value.start)
    for start, end in spans:
        for index in range(max(start, value.start), min(end, value.end)):
            covered[index - value.start] = True
    return all(covered)


def _describe(record: Record, start: int, end: int) -> str:
    decoy = next((d for d in record.decoys if d.start < end and start < d.end), None)
    return f" (decoy {decoy.kind})" if decoy else ""


def score(
    records: list[Record],
    detect: Callable[[str], list[Detection]],
    misses: list[tuple[Record, str]] | None = None,
) -> dict[str, dict[str, Counts]]:
    """Score ``detect`` on ``records``: ``{slice: {category: Counts}}`` plus an ``"all"`` slice.

    A value is found only when detections of its category cover every character
    of it (a partial detection leaks the rest); a detection is correct when it
    overlaps a value of its category, and a false positive otherwise (in a clean
    record, on a decoy, or on a value of another category). Misses and false
    alarms are appended to ``misses`` when given, naming the decoy hit if any.
    """
    result: dict[str, dict[str, Counts]] = defaultdict(lambda: defaultdict(Counts))
    for record in records:
        detections = detect(record.text)
        tallies = (result[record.slice], result["all"])
        for value in record.values:
            spans = [(s, e) for s, e, c in detections if c == value.category]
            found = _covers(value, spans)
            for tally in tallies:
                tally[value.category].values += 1
                tally[value.category].false_negatives += 0 if found else 1
            if not found and misses is not None:
                misses.append(
                    (record, f"missed {value.category} [{value.kind}] {value.start}:{value.end}")
                )
        for start, end, category in detections:
            hit = any(
                v.category == category and start < v.end and v.start < end for v in record.values
            )
            for tally in tallies:
                if hit:
                    tally[category].true_positives += 1
                else:
                    tally[category].false_positives += 1
            if not hit and misses is not None:
                misses.append(
                    (record, f"false {category} {start}:{end}{_describe(record, start, end)}")
                )
    return {name: dict(per_category) for name, per_category in result.items()}
