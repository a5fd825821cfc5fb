"""Detection quality of the built-in pack: precision and recall per category.

The corpus is the quality test's generator (``tests/quality/corpus.py``) with
another seed and more records. Matching is span level: a value is found only
when detections of its category cover all of it; a detection is correct when
it overlaps a value of its category.
"""

from __future__ import annotations

from engine_core import Engine
from tests.quality.corpus import CATEGORIES, Detection, generate, score

RECORDS = 20_000
SEED = 424242


def run() -> list[dict[str, object]]:
    """Return precision and recall rows (percent) for every category."""
    pack = Engine().compiled_pack

    def detect(text: str) -> list[Detection]:
        return [
            (start, end, finding.rule.category)
            for finding in pack.find(text)
            for start, end in finding.spans
        ]

    counts = score(generate(RECORDS, seed=SEED), detect)
    rows: list[dict[str, object]] = []
    for category in CATEGORIES:
        tally = counts[category]
        note = (
            f"{tally.values} values, {tally.false_positives} false positives, "
            f"{tally.false_negatives} misses"
        )
        rows.append(
            {
                "group": "quality",
                "name": f"{category} precision",
                "value": 100 * tally.precision,
                "unit": "%",
                "target": ">= 97",
                "note": note,
            }
        )
        rows.append(
            {
                "group": "quality",
                "name": f"{category} recall",
                "value": 100 * tally.recall,
                "unit": "%",
                "target": ">= 97",
                "note": note,
            }
        )
    return rows
