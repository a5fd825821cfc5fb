"""Precision and recall of the built-in pack on a generated corpus with ground truth.

Matching is span level (see :func:`tests.quality.corpus.score`): a value is
found only when detections of its category cover all of it, and a detection
is correct only when it overlaps a value of its category.
"""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_core.evaluation import CompiledPack

from .corpus import CATEGORIES, Counts, Detection, Record, generate, score
from .patience import patient_pack

RECORDS = 3000
BAR = 0.97


@pytest.fixture(scope="module")
def pack() -> CompiledPack:
    """The built-in pack, compiled with patient timeouts (:mod:`.patience`)."""
    return patient_pack(Engine().compiled_pack.declaration)


@pytest.fixture(scope="module")
def corpus() -> list[Record]:
    """The seeded corpus (deterministic)."""
    return generate(RECORDS)


@pytest.fixture(scope="module")
def counts(pack: CompiledPack, corpus: list[Record]) -> dict[str, Counts]:
    """Per-category tallies of the built-in pack on the corpus."""

    def detect(text: str) -> list[Detection]:
        return [
            (start, end, finding.rule.category)
            for finding in pack.find(text)
            for start, end in finding.spans
        ]

    return score(corpus, detect)


def test_corpus_is_deterministic(corpus: list[Record]) -> None:
    """The same seed gives the same records."""
    assert generate(50) == corpus[:50]


def test_corpus_shape(corpus: list[Record]) -> None:
    """About 40% clean records, every category well represented, spans point at values."""
    clean = sum(1 for record in corpus if not record.values)
    assert 0.35 <= clean / len(corpus) <= 0.45
    per_category = {category: 0 for category in CATEGORIES}
    for record in corpus:
        for value in record.values:
            per_category[value.category] += 1
            assert (
                record.text[value.start : value.end].strip() == record.text[value.start : value.end]
            )
    assert min(per_category.values()) >= 150


@pytest.mark.parametrize("category", CATEGORIES)
def test_precision(counts: dict[str, Counts], category: str) -> None:
    """At least 97% of the detections of each category are values of that category."""
    tally = counts[category]
    assert tally.precision >= BAR, (
        f"{category}: precision {tally.precision:.4f} "
        f"({tally.false_positives} false of {tally.true_positives + tally.false_positives})"
    )


@pytest.mark.parametrize("category", CATEGORIES)
def test_recall(counts: dict[str, Counts], category: str) -> None:
    """At least 97% of the values of each category are wholly detected."""
    tally = counts[category]
    assert tally.recall >= BAR, (
        f"{category}: recall {tally.recall:.4f} ({tally.false_negatives} missed of {tally.values})"
    )


def test_no_false_alarm_on_clean_records(pack: CompiledPack, corpus: list[Record]) -> None:
    """Clean records (filler and hard negatives only) are almost never flagged."""
    clean = [record for record in corpus if not record.values]
    flagged = sum(1 for record in clean if pack.find(record.text))
    assert flagged / len(clean) <= 0.01
