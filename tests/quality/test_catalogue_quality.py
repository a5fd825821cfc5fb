"""Precision and recall of the whole detector catalogue on the independent corpus.

The corpus (``tests/quality/catalogue_corpus``) was written from the published
formats by an engineer who never saw the rules. Every category is scored with
a pack that imports every catalogue entry (``codons: ["*"]``); clean records are
checked with the built-in pack. Matching is span level (see
``catalogue_corpus.scoring``).
"""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_core.evaluation import CompiledPack
from engine_core.packs.playbook import parse_playbook
from tests.quality.catalogue_corpus import CATEGORIES, Record, generate, score
from tests.quality.corpus import Counts, Detection
from tests.quality.patience import patient_pack

RECORDS = 4000
EVASION_RECORDS = 1500
BAR = 0.97
#: A slice's figure is asserted once it holds this many values of a category.
MIN_SLICE_VALUES = 30
#: Categories below the bar on this corpus at the last measurement, with the cause in the
#: issue's closing note. PHONE: evasion recall 50 of 52; the two misses are one record of
#: two Mexican national numbers side by side with no word at all, so nothing in the text
#: names them as phones or names a region. They run and report: an xfail that starts
#: passing is shown as XPASS, so the list can only shrink.
#: SE_PERSONNUMMER: recall 78 of 83; the misses are ten bare digits with no word, which the
#: rule leaves to context because order and invoice numbers are written so too (se.yaml).
#: AU_ACN: recall 86 of 107; the misses are nine bare digits with no word (a 1-in-10 check:
#: on independently written records, reference and member numbers were taken for ACNs).
KNOWN_GAPS = frozenset({"AU_ACN", "PHONE", "SE_PERSONNUMMER"})


def _detector(pack: CompiledPack) -> object:
    def detect(text: str) -> list[Detection]:
        return [
            (start, end, finding.rule.category)
            for finding in pack.find(text)
            for start, end in finding.spans
        ]

    return detect


@pytest.fixture(scope="module")
def catalogue_pack() -> CompiledPack:
    """Every catalogue entry, default or not."""
    return patient_pack(parse_playbook('pack_id: quality.everything\ncodons: ["*"]\n'))


@pytest.fixture(scope="module")
def corpus() -> list[Record]:
    return generate(RECORDS) + generate(EVASION_RECORDS, slice="evasion", seed=7)


@pytest.fixture(scope="module")
def counts(catalogue_pack: CompiledPack, corpus: list[Record]) -> dict[str, dict[str, Counts]]:
    return score(corpus, _detector(catalogue_pack))  # type: ignore[arg-type]


def _failures(counts: dict[str, dict[str, Counts]], category: str) -> list[str]:
    failures = []
    for slice_name, tallies in counts.items():
        tally = tallies.get(category)
        if tally is None:
            continue
        enough = slice_name == "all" or tally.values >= MIN_SLICE_VALUES
        if not enough:
            continue
        if tally.values and tally.recall < BAR:
            failures.append(f"{slice_name}: recall {tally.recall:.3f} of {tally.values}")
        if tally.true_positives + tally.false_positives and tally.precision < BAR:
            failures.append(
                f"{slice_name}: precision {tally.precision:.3f} "
                f"({tally.false_positives} false of {tally.true_positives + tally.false_positives})"
            )
    return failures


@pytest.mark.parametrize(
    "category",
    [
        pytest.param(
            category,
            marks=pytest.mark.xfail(reason="known gap, see KNOWN_GAPS", strict=False),
        )
        if category in KNOWN_GAPS
        else category
        for category in CATEGORIES
    ],
)
def test_precision_and_recall_per_slice(
    counts: dict[str, dict[str, Counts]], category: str
) -> None:
    """At least 0.97 precision and recall for the category, overall and in every slice."""
    assert _failures(counts, category) == []


def test_no_clean_record_is_flagged_by_the_built_in_pack(corpus: list[Record]) -> None:
    pack = patient_pack(Engine().compiled_pack.declaration)
    flagged = [
        record.text for record in corpus if record.slice == "clean" and pack.find(record.text)
    ]
    assert flagged == []
