"""Self-tests of the catalogue quality corpus: it must be deterministic, balanced, honest about
its ground truth, and its hard negatives must really be negatives. These test the corpus, not
the engine."""

from __future__ import annotations

import itertools
import random
import re
import unicodedata
from collections import Counter, defaultdict

import phonenumbers
import pytest

from .catalogue_corpus import (
    CATALOGUE,
    CATEGORIES,
    CONTEXT_REQUIRED,
    DEFAULT,
    DEFAULT_COUNT,
    SLICES,
    Counts,
    Record,
    Value,
    generate,
    score,
)
from .catalogue_corpus.ambiguity import judge, word_pattern
from .catalogue_corpus.evasion import TRANSFORMS, fold
from .catalogue_corpus.generator import all_specs, requires_context
from .catalogue_corpus.model import Spec
from .catalogue_corpus.secrets_structured import shannon_entropy
from .catalogue_corpus.secrets_tokens import PROVIDERS, crc_token_valid
from .catalogue_corpus.usps import SUFFIXES
from .catalogue_corpus.values_us import address_valid, street_address
from .published_examples import EXAMPLES

WINDOW = 40  # the design's default context window, in characters


@pytest.fixture(scope="module")
def corpus() -> list[Record]:
    return generate()


def _specs_by_kind() -> dict[str, Spec]:
    return {spec.kind: spec for spec in all_specs()}


def _checks(category: str) -> list[Spec]:
    return [s for s in all_specs() if s.category == category and s.check is not None]


def _kind(value: Value) -> str:
    return value.kind.split("+", 1)[0]  # evasion kinds carry "+<transform>"


def _near(text: str, value: Value, words: tuple[str, ...]) -> bool:
    lowered = text.lower()
    for word in words:
        for match in re.finditer(word_pattern(word), lowered):
            before = value.start - match.end()
            after = match.start() - value.end
            if 0 <= before <= WINDOW or 0 <= after <= WINDOW:
                return True
    return False


# --- shape and determinism ------------------------------------------------------------------


def test_the_same_seed_gives_the_same_corpus_and_another_seed_another() -> None:
    assert generate(120, seed=5) == generate(120, seed=5)
    assert generate(120, seed=5) != generate(120, seed=6)


def test_a_slice_asked_alone_is_the_slice_of_the_whole_corpus() -> None:
    whole = generate(300, seed=9)
    evasion = [r for r in whole if r.slice == "evasion"]
    assert Counter(evasion) == Counter(generate(len(evasion), seed=9, slice="evasion"))


def test_about_a_third_of_the_records_are_clean_and_hold_no_value(corpus: list[Record]) -> None:
    clean = [r for r in corpus if r.slice == "clean"]
    assert 0.30 <= len(clean) / len(corpus) <= 0.36
    assert all(not r.values for r in clean)
    assert sum(bool(r.decoys) for r in clean) / len(clean) > 0.9
    assert len(corpus) == DEFAULT_COUNT
    assert {r.slice for r in corpus} == set(SLICES)


def test_every_category_has_a_few_hundred_values_and_secrets_many_formats(
    corpus: list[Record],
) -> None:
    per_category = Counter(v.category for r in corpus for v in r.values)
    assert set(per_category) == set(CATEGORIES)
    assert min(per_category.values()) >= 150, per_category.most_common()[-5:]
    secret_kinds = {_kind(v) for r in corpus for v in r.values if v.category == "SECRET"}
    assert len(secret_kinds) >= 60
    per_slice: dict[str, Counter[str]] = defaultdict(Counter)
    for record in corpus:
        per_slice[record.slice].update(v.category for v in record.values)
    assert all(per_slice[s] for s in ("plain", "context", "multi", "evasion"))
    assert not set(per_slice["plain"]) & CONTEXT_REQUIRED - {"US_SSN"}


def test_a_share_of_the_records_holds_several_values(corpus: list[Record]) -> None:
    positive = [r for r in corpus if r.values]
    several = [r for r in positive if len(r.values) >= 3]
    assert len(several) / len(positive) > 0.3


def test_categories_and_slices_can_be_restricted_and_unknown_names_are_refused() -> None:
    records = generate(200, seed=3, categories=["IBAN", "DE_TAX_ID"])
    assert {v.category for r in records for v in r.values} <= {"IBAN", "DE_TAX_ID"}
    assert {r.slice for r in generate(50, seed=3, slice=["plain", "clean"])} == {"plain", "clean"}
    with pytest.raises(ValueError, match="unknown slice"):
        generate(10, slice="noisy")
    with pytest.raises(ValueError, match="unknown categories"):
        generate(10, categories=["SSN"])
    with pytest.raises(ValueError, match="count"):
        generate(-1)


# --- the catalogue --------------------------------------------------------------------------


def test_the_corpus_covers_the_design_table_and_nothing_else() -> None:
    assert len(CATALOGUE) == 103
    assert len(DEFAULT) == 91
    assert len(CONTEXT_REQUIRED) == 60
    assert {s.category for s in all_specs()} == set(CATEGORIES)
    kinds = [s.kind for s in all_specs()]
    assert len(kinds) == len(set(kinds))


def test_context_sentences_put_a_context_word_within_the_window() -> None:
    for spec in all_specs():
        if not requires_context(spec):
            continue
        assert spec.context, spec.kind
        for sentence in spec.sentences:
            text = sentence.replace("{v}", "\0")
            start = text.index("\0")
            placed = Value(start, start + 1, spec.category)
            assert _near(text, placed, spec.context), (spec.kind, sentence)


def test_plain_frames_name_no_category() -> None:
    from .catalogue_corpus.languages import FRAMES

    words = {w.lower() for s in all_specs() for w in s.context if len(w) > 3}
    for frames in FRAMES.values():
        for frame in frames:
            assert not any(w in frame.lower() for w in words), frame


# --- ground truth ---------------------------------------------------------------------------


def test_every_span_holds_a_value_valid_by_its_published_rule(corpus: list[Record]) -> None:
    specs = _specs_by_kind()
    for record in corpus:
        spans = sorted((v.start, v.end) for v in record.values)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans)), record.text
        for value in record.values:
            text = record.text[value.start : value.end]
            assert text, (record.text, value)
            assert text == text.strip(), (record.text, value)
            spec = specs[_kind(value)]
            assert spec.category == value.category
            if spec.check is not None:
                assert spec.check(fold(text)), (value.kind, text)


def test_no_value_could_be_claimed_by_another_category(corpus: list[Record]) -> None:
    referee = judge()
    for record in corpus[:1500]:
        for value in record.values:
            assert referee.ambiguous(record.text, value) is None, (value, record.text)


def test_context_required_values_have_their_context_or_repeat_one_that_has(
    corpus: list[Record],
) -> None:
    specs = _specs_by_kind()
    for record in corpus:
        if record.slice == "plain":
            continue
        with_context = set()
        pending = []
        for value in record.values:
            spec = specs[_kind(value)]
            if not requires_context(spec):
                continue
            text = record.text[value.start : value.end]
            if _near(record.text, value, spec.context):
                with_context.add(text)
            else:
                pending.append(text)
        assert all(t in with_context for t in pending), record.text


def test_evasion_values_fold_back_to_the_plain_value() -> None:
    rng = random.Random(4)
    for spec in all_specs()[::3]:
        value = spec.make(rng)
        for transform in TRANSFORMS.values():
            written = transform(rng, value)
            assert fold(written) == value, (spec.kind, written)


def test_the_evasion_slice_uses_every_trick(corpus: list[Record]) -> None:
    evasion = [r for r in corpus if r.slice == "evasion"]
    texts = "\n".join(r.text for r in evasion)
    assert any(unicodedata.category(c) == "Cf" for c in texts)
    assert any("\uff10" <= c <= "\uff19" for c in texts)
    assert any("\U0001d7ce" <= c <= "\U0001d7ff" for c in texts)
    assert re.search(r"^1 \S", texts, re.MULTILINE)  # a list number before a value
    assert "| 1 | " in texts
    repeated = [
        r for r in evasion if len({r.text[v.start : v.end] for v in r.values}) < len(r.values)
    ]
    assert repeated


# --- hard negatives -------------------------------------------------------------------------


def test_hard_negatives_validate_for_no_category(corpus: list[Record]) -> None:
    seen = Counter()
    for record in corpus:
        for decoy in record.decoys:
            text = record.text[decoy.start : decoy.end]
            family = decoy.kind.split(".", 1)[0]
            seen[family] += 1
            if family == "invalid":
                for spec in _checks(decoy.category):
                    assert not spec.check(text), (decoy.kind, text)  # type: ignore[misc]
            assert judge().claimed(record.text, decoy) is None, (decoy.kind, record.text)
            if family == "no_context":
                spec_words = {
                    w for s in all_specs() if s.category == decoy.category for w in s.context
                }
                assert not _near(record.text, decoy, tuple(spec_words)), record.text
    for family in (
        "invalid",
        "no_context",
        "placeholder_token",
        "low_entropy_assignment",
        "uuid",
        "hash",
        "order",
        "invoice",
        "timestamp",
        "version",
        "price",
        "isbn",
        "not_address",
    ):
        assert seen[family] > 10, family


def test_checksum_invalid_variants_exist_for_every_checksummed_category() -> None:
    checksummed = {s.category for s in all_specs() if s.checksum and s.check is not None}
    with_variants = {s.category for s in all_specs() if s.invalid is not None}
    assert checksummed <= with_variants
    rng = random.Random(2)
    for spec in all_specs():
        if spec.invalid is not None and spec.check is not None:
            for _ in range(5):
                assert not spec.check(spec.invalid(rng)), spec.kind


def test_low_entropy_examples_are_low_entropy_and_secrets_high() -> None:
    from .catalogue_corpus.negatives import _LOW_ENTROPY
    from .catalogue_corpus.secrets_structured import high_entropy_secret

    rng = random.Random(1)
    assert all(shannon_entropy(high_entropy_secret(rng)) >= 3.5 for _ in range(50))
    assert all(shannon_entropy(value) < 3.5 or not value.isalnum() for _, value in _LOW_ENTROPY)


# --- formats --------------------------------------------------------------------------------


def test_secret_formats_number_at_least_sixty_and_carry_their_checksums() -> None:
    assert len(PROVIDERS) >= 60
    rng = random.Random(7)
    for name in ("github_pat", "github_oauth", "npm_token"):
        assert crc_token_valid(PROVIDERS[name](rng))
    values = {PROVIDERS[name](rng) for name in PROVIDERS}
    assert len(values) == len(PROVIDERS)


def test_every_usps_suffix_makes_an_address() -> None:
    rng = random.Random(3)
    assert len(SUFFIXES) > 190
    for primary in SUFFIXES:
        assert address_valid(street_address(rng, primary)), primary


def test_published_examples_cover_every_category_and_agree_with_the_rules() -> None:
    assert set(EXAMPLES) == set(CATEGORIES)
    for category, example in EXAMPLES.items():
        assert "{value}" in str(example["context"])
        specs = _checks(category)
        if not specs or category == "SECRET":
            continue
        for valid in example["valid"]:  # type: ignore[attr-defined]
            assert any(s.check(valid) for s in specs), (category, valid)  # type: ignore[misc]
        for invalid in example["invalid"]:  # type: ignore[attr-defined]
            assert not any(s.check(invalid) for s in specs), (category, invalid)  # type: ignore[misc]


def test_published_phone_examples_are_valid_by_phonenumbers() -> None:
    for number in EXAMPLES["PHONE"]["valid"]:  # type: ignore[attr-defined]
        assert phonenumbers.is_valid_number(phonenumbers.parse(number))
    for number in EXAMPLES["PHONE"]["invalid"]:  # type: ignore[attr-defined]
        assert not phonenumbers.is_valid_number(phonenumbers.parse(number))


def test_published_secret_examples() -> None:
    secret = EXAMPLES["SECRET"]
    assert crc_token_valid(secret["valid"][0])  # type: ignore[index]
    assert crc_token_valid(secret["valid"][1])  # type: ignore[index]
    assert not crc_token_valid(secret["invalid"][2])  # type: ignore[index]


# --- scoring --------------------------------------------------------------------------------


def test_scoring_counts_whole_coverage_per_category_and_slice() -> None:
    records = generate(120, seed=11)

    def perfect(text: str) -> list[tuple[int, int, str]]:
        record = next(r for r in records if r.text == text)
        return [(v.start, v.end, v.category) for v in record.values]

    result = score(records, perfect)
    assert all(c.precision == 1.0 and c.recall == 1.0 for c in result["all"].values())
    assert set(result) <= {*SLICES, "all"}

    def partial(text: str) -> list[tuple[int, int, str]]:
        record = next(r for r in records if r.text == text)
        return [(v.start, v.end - 1, v.category) for v in record.values] + [(0, 1, "NOISE")]

    misses: list[tuple[Record, str]] = []
    result = score(records, partial, misses)
    assert all(c.recall == 0.0 for name, c in result["all"].items() if name != "NOISE")
    assert isinstance(result["all"]["NOISE"], Counts)
    assert result["all"]["NOISE"].precision < 1.0
    assert any(m.startswith("missed") for _, m in misses)
