"""The European catalogue entries through the real engine (examples: europe_examples.yaml).

Germany; Spain, Italy, France, Portugal; Benelux, the Nordics, Central and Eastern
Europe: published examples reported whole with their category and severity,
look-alikes and context-less formats left alone, hard negatives never reported,
no bypass (list numbers, table cells, adjacent values, full-width digits,
zero-width characters, repeated values) and one category per value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import regex
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine
from engine_plugins.catalogue import catalogue_entries

from .detection_support import (
    assert_detected,
    assert_not_detected,
    detections,
    european_examples,
)

EXAMPLES = european_examples()
EUROPEAN = tuple(EXAMPLES)

#: The catalogue contract (docs/architecture.md, "The detector catalogue"): per category,
#: its rule ids, whether the built-in pack turns it on, and whether it needs context.
CONTRACT: dict[str, tuple[tuple[str, ...], bool, tuple[bool, ...]]] = {
    "DE_TAX_ID": (("de.tax_id",), True, (True,)),
    "DE_TAX_NUMBER": (("de.tax_number", "de.tax_number_compact"), True, (True, True)),
    "DE_ID_CARD": (("de.id_card",), True, (True,)),
    "DE_PASSPORT": (("de.passport",), True, (True,)),
    "DE_SOCIAL_SECURITY": (("de.social_security",), True, (True,)),
    "DE_HEALTH_INSURANCE": (("de.health_insurance",), True, (True,)),
    "DE_VAT": (("de.vat",), False, (False,)),
    "ES_DNI": (("es.dni", "es.dni_lower_case"), True, (False, True)),
    "ES_NIE": (("es.nie",), True, (False,)),
    "ES_PASSPORT": (("es.passport",), True, (True,)),
    "IT_FISCAL_CODE": (("it.fiscal_code", "it.fiscal_code_lower_case"), True, (False, True)),
    "IT_IDENTITY_CARD": (("it.identity_card",), True, (True,)),
    "IT_PASSPORT": (("it.passport",), True, (True,)),
    "IT_DRIVER_LICENSE": (("it.driver_license",), True, (True,)),
    "IT_VAT": (("it.vat",), False, (False,)),
    "FR_NIR": (("fr.nir",), True, (False,)),
    "FR_NIF": (("fr.nif",), True, (True,)),
    "PT_CC": (("pt.cc",), True, (True,)),
    "PT_NIF": (("pt.nif",), True, (True,)),
    "NL_BSN": (("nl.bsn",), True, (True,)),
    # Written or bare, the birth date and the mod-97 key stand alone (see be.yaml).
    "BE_NATIONAL_NUMBER": (
        ("be.national_number", "be.national_number_plain"),
        True,
        (False, False),
    ),
    # As written it stands alone; 10 bare digits need context (a Luhn digit, see se.yaml).
    "SE_PERSONNUMMER": (("se.personnummer", "se.personnummer_plain"), True, (False, True)),
    "FI_HETU": (("fi.hetu",), True, (False,)),
    "DK_CPR": (("dk.cpr",), True, (True,)),
    "NO_FODSELSNUMMER": (("no.fodselsnummer",), True, (True,)),
    "IS_KENNITALA": (("is.kennitala",), True, (True,)),
    "PL_PESEL": (("pl.pesel",), True, (True,)),
    "CZ_BIRTH_NUMBER": (("cz.birth_number",), True, (True,)),
    "RO_CNP": (("ro.cnp",), True, (False,)),
    "BG_EGN": (("bg.egn",), True, (True,)),
    "HR_OIB": (("hr.oib",), True, (True,)),
    "EE_ISIKUKOOD": (("ee.isikukood",), True, (True,)),
    "LT_ASMENS_KODAS": (("lt.asmens_kodas",), True, (True,)),
    "SI_EMSO": (("si.emso",), True, (True,)),
    "GR_AMKA": (("gr.amka",), True, (True,)),
    "AT_SOCIAL_SECURITY": (("at.social_security",), True, (True,)),
    "CH_AHV": (("ch.ahv",), True, (False,)),
    "IE_PPS": (("ie.pps",), True, (True,)),
}

Engines = Callable[[str], Engine]


@pytest.fixture(scope="module")
def engine_for(builtin_engine: Engine, codon_engine: Callable[..., Engine]) -> Engines:
    """Return the engine a category is tested with: the built-in pack, or its codons."""

    def pick(category: str) -> Engine:
        codons = EXAMPLES[category].get("codons")
        return codon_engine(*codons) if codons else builtin_engine

    return pick


def _cases(kind: str) -> list[Any]:
    return [
        pytest.param(category, *([case] if isinstance(case, str) else case), id=f"{category}-{i}")
        for category, examples in EXAMPLES.items()
        for i, case in enumerate(examples.get(kind, ()))
    ]


def test_every_category_has_examples_and_a_contract() -> None:
    """Each category of the contract has published examples here, and nothing else does."""
    assert set(CONTRACT) == set(EXAMPLES)
    for category, examples in EXAMPLES.items():
        assert examples["valid"], category
        assert examples["invalid"], category
        if any(CONTRACT[category][2]):
            assert examples.get("no_context") or examples.get("codons"), category


@pytest.mark.parametrize("category", sorted(CONTRACT))
def test_catalogue_entries_follow_the_contract(category: str) -> None:
    """Ids, default flag, required context, severity and law of each category's entries."""
    ids, default, required = CONTRACT[category]
    entries = {
        entry.id: entry for entry in catalogue_entries() if entry.rule["category"] == category
    }
    assert tuple(entries) == ids
    for rule_id, context_required in zip(ids, required, strict=True):
        entry = entries[rule_id]
        assert entry.default is default
        assert entry.source.startswith("https://")
        assert entry.rule["severity"] == "FATAL"
        assert entry.rule["law"] == ("FADP" if entry.country == "CH" else "GDPR")
        assert entry.country == rule_id.split(".")[0].upper()
        assert bool(entry.rule["options"].get("context_required")) is context_required
        assert entry.rule["options"]["context"], "context words in the identifier's language"


@pytest.mark.parametrize(("category", "text", "value"), _cases("valid"))
def test_published_example_is_reported(
    engine_for: Engines, category: str, text: str, value: str
) -> None:
    """A published value in a sentence of its language is reported whole, FATAL, redacted."""
    assert_detected(engine_for(category), text, value, category)


@pytest.mark.parametrize(("category", "text"), _cases("invalid"))
def test_look_alike_is_not_reported(engine_for: Engines, category: str, text: str) -> None:
    """One digit changed, a wrong check letter or a wrong length: not this category."""
    assert_not_detected(engine_for(category), text, category)


@pytest.mark.parametrize(("category", "text"), _cases("no_context"))
def test_context_required_value_alone_is_not_reported(
    engine_for: Engines, category: str, text: str
) -> None:
    """A context-required format without a context word nearby: nothing is reported."""
    assert_not_detected(engine_for(category), text)


@pytest.mark.parametrize(("category", "text"), _cases("negatives"))
def test_hard_negative_near_a_context_word_is_not_reported(
    engine_for: Engines, category: str, text: str
) -> None:
    """Order numbers, dates, times, prices and phone numbers near a context word."""
    assert_not_detected(engine_for(category), text, *EUROPEAN)


# --- no bypass and anti-evasion ----------------------------------------------------

#: Digits 0-9 to FULLWIDTH DIGIT ZERO-NINE (U+FF10-U+FF19).
_FULL_WIDTH = str.maketrans({str(digit): chr(0xFF10 + digit) for digit in range(10)})


def _zero_width(value: str) -> str:
    return f"{value[:2]}\u200b{value[2:-2]}\u00ad{value[-2:]}"


@pytest.mark.parametrize(("category", "text", "value"), _cases("valid"))
@pytest.mark.parametrize(
    "disguise",
    [  # (what replaces the value in the sentence, what must be reported)
        pytest.param(lambda value: (f"1 {value}", value), id="after-a-list-number"),
        pytest.param(lambda value: (f"| {value} |", value), id="in-a-table-cell"),
        pytest.param(lambda value: (f"3x {value}", value), id="after-a-quantity"),
        pytest.param(lambda value: (value.translate(_FULL_WIDTH),) * 2, id="full-width-digits"),
        pytest.param(lambda value: (_zero_width(value),) * 2, id="zero-width-and-soft-hyphen"),
    ],
)
def test_disguised_value_is_reported_whole(
    engine_for: Engines,
    category: str,
    text: str,
    value: str,
    disguise: Callable[[str], tuple[str, str]],
) -> None:
    """A list number, a cell border or a quantity before it, full-width digits, format
    characters inside it: the value is reported, its whole original span redacted."""
    replacement, reported = disguise(value)
    assert_detected(engine_for(category), text.replace(value, replacement), reported, category)


@pytest.mark.parametrize(("category", "text", "value"), _cases("valid"))
def test_every_occurrence_of_a_reported_value_is_redacted(
    engine_for: Engines, category: str, text: str, value: str
) -> None:
    """The same value again, far from any context word, is redacted too."""
    repeated = f"{text} {'Lorem ipsum dolor sit amet. ' * 3}Again: {value}"
    found = [d for d in detections(engine_for(category), repeated) if d.value == value]
    assert len(found) == 2, found
    assert value not in engine_for(category).evaluate(repeated).remedy.clean_text


def _two_values(category: str) -> list[str]:
    values = list(dict.fromkeys(value for _, value in EXAMPLES[category]["valid"]))
    return values[:2]


@pytest.mark.parametrize(
    "category", [category for category in EXAMPLES if len(_two_values(category)) == 2]
)
@pytest.mark.parametrize("separator", [" ", ", ", " / ", "; "])
def test_adjacent_values_are_two_values(engine_for: Engines, category: str, separator: str) -> None:
    """Two values separated by one space or separator are both reported."""
    first, second = _two_values(category)
    text, _ = EXAMPLES[category]["valid"][0]
    pair = f"{first}{separator}{second}"
    sentence = text.replace(EXAMPLES[category]["valid"][0][1], pair)
    found = {(d.value, d.category) for d in detections(engine_for(category), sentence)}
    assert {(first, category), (second, category)} <= found, found


#: Categories whose values stand next to each other with no space: "a,b", "a;b", "a/b"
#: (the slash only where the format holds none).
_TIGHT = {
    **dict.fromkeys(
        (
            "DE_TAX_ID",
            "DE_SOCIAL_SECURITY",
            "DE_PASSPORT",
            "ES_PASSPORT",
            "IT_IDENTITY_CARD",
            "IT_PASSPORT",
            "IT_DRIVER_LICENSE",
            "IT_VAT",
            "FR_NIF",
            "BE_NATIONAL_NUMBER",
            "SE_PERSONNUMMER",
            "DK_CPR",
            "NO_FODSELSNUMMER",
            "IS_KENNITALA",
            "PL_PESEL",
            "RO_CNP",
            "HR_OIB",
            "IE_PPS",
        ),
        (",", ";", "/"),
    ),
    "DE_TAX_NUMBER": (",", ";"),
    "CZ_BIRTH_NUMBER": (",", ";"),
}


@pytest.mark.parametrize(
    ("category", "separator"),
    [
        (category, separator)
        for category, separators in _TIGHT.items()
        if len(_two_values(category)) == 2
        for separator in separators
    ],
)
def test_values_joined_without_a_space_are_two_values(
    engine_for: Engines, category: str, separator: str
) -> None:
    """A comma, semicolon or slash between two values (no space) does not hide either."""
    test_adjacent_values_are_two_values(engine_for, category, separator)


# --- one value, one category --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "category"),
    [
        # Estonian and Lithuanian personal codes share their format.
        ("Isikukood: 36805280109", "36805280109", "EE_ISIKUKOOD"),
        ("Asmens kodas: 36805280109", "36805280109", "LT_ASMENS_KODAS"),
        (
            "Estonian ID code 36805280109, Lithuanian personal code later",
            "36805280109",
            "EE_ISIKUKOOD",
        ),
        # Passports and paper identity cards take their country from context.
        ("Numero di passaporto YA1234567", "YA1234567", "IT_PASSPORT"),
        ("Número de pasaporte YA1234567", "YA1234567", "ES_PASSPORT"),
        ("Carta d'identità YA1234567", "YA1234567", "IT_IDENTITY_CARD"),
        # Swedish and Danish numbers of one value: the nearest word decides.
        ("CPR-nummer 2110625629", "2110625629", "DK_CPR"),
    ],
)
def test_one_value_is_reported_once_in_the_category_its_context_names(
    builtin_engine: Engine, text: str, value: str, category: str
) -> None:
    """A value valid for several categories is reported once, in its context's category."""
    found = [d for d in detections(builtin_engine, text) if d.value == value]
    assert [d.category for d in found] == [category]


# --- prefilters: windows around prefilter hits find what whole scans find -----------

_TEXTS = [
    case if isinstance(case, str) else case[0]
    for examples in EXAMPLES.values()
    for kind in ("valid", "invalid", "no_context", "negatives")
    for case in examples.get(kind, ())
]
_EUROPEAN_IDS = {rule_id for ids, _, _ in CONTRACT.values() for rule_id in ids}


def _european_pack(codon_engine: Callable[..., Engine]) -> Engine:
    return codon_engine(*sorted(_EUROPEAN_IDS))


def test_every_rule_has_a_prefilter_starting_each_match(
    codon_engine: Callable[..., Engine],
) -> None:
    """Each match starts with a prefilter match (prefilter_lead 0), and runs in windows."""
    pack = _european_pack(codon_engine).compiled_pack
    assert {rule.rule_id for rule in pack.rules} == _EUROPEAN_IDS
    checked = 0
    for rule in pack.rules:
        assert rule.matcher.prefilter, rule.rule_id
        assert rule.matcher.prefilter_lead == 0, rule.rule_id
        assert rule.matcher.window_bounds() is not None, rule.rule_id
        prefilter = regex.compile(rule.matcher.prefilter)
        for text in _TEXTS:
            for start, end in rule.matcher.find(text):
                # A piece of a failed candidate starts where the candidate does.
                assert prefilter.match(text, start), (rule.rule_id, text[start:end])
                checked += 1
    assert checked >= len(_TEXTS) // 2


def _whole_scan(engine: Engine, text: str) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    found = []
    for rule in engine.compiled_pack.rules:
        spans = rule.matcher.find(text)
        if spans:
            found.append((rule.rule_id, tuple(sorted(spans))))
    return found


def _windowed_scan(engine: Engine, text: str) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    return [(finding.rule.rule_id, finding.spans) for finding in engine.compiled_pack.scan(text)]


_PIECES = st.sampled_from(
    [value for examples in EXAMPLES.values() for _, value in examples["valid"]]
    + _TEXTS
    + [" ", ", ", "-", "/", "\n", "1", "12", "x", "|", "PESEL ", "Steuer-ID ", "DNI "]
)


@given(pieces=st.lists(_PIECES, max_size=12))
def test_windowed_scan_equals_whole_scan(builtin_engine: Engine, pieces: list[str]) -> None:
    """Random concatenations of values, look-alikes and separators: same spans both ways."""
    text = "".join(pieces)
    assert _windowed_scan(builtin_engine, text) == _whole_scan(builtin_engine, text)


@given(pieces=st.lists(_PIECES, max_size=12))
def test_no_reported_value_survives_in_the_clean_text(
    builtin_engine: Engine, pieces: list[str]
) -> None:
    """Whatever the text, a value the engine reports is gone from its clean text."""
    result = builtin_engine.evaluate("".join(pieces))
    for trigger in result.triggers:
        for value in trigger.matched_items:
            assert value not in result.remedy.clean_text


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        # python-stdnum's examples of it.codicefiscale and es.dni, lower-cased as a
        # post-processor or a chat writes them, beside their words.
        ("codice fiscale: rccmnl83s18d969h", "IT_FISCAL_CODE", "rccmnl83s18d969h"),
        ('{"codice_fiscale": "rccmnl83s18d969h"}', "IT_FISCAL_CODE", "rccmnl83s18d969h"),
        ("DNI 54362315-k, gracias", "ES_DNI", "54362315-k"),
        ("- dni: 54362315k", "ES_DNI", "54362315k"),
    ],
)
def test_a_lower_case_code_beside_its_word_is_found(
    builtin_engine: Engine, text: str, category: str, value: str
) -> None:
    """A fiscal code or DNI typed in lower case is found where its word names it."""
    assert [
        text[start:end]
        for finding in builtin_engine.compiled_pack.find(text)
        if finding.rule.category == category
        for start, end in finding.spans
    ] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "ref rccmnl83s18d969h and 54362315k",  # no word
        "codice fiscale: rccmnl83s18d969a",  # the check letter is wrong
        "DNI 54362315a",
    ],
)
def test_a_lower_case_code_needs_its_word_and_its_check(builtin_engine: Engine, text: str) -> None:
    found = {finding.rule.category for finding in builtin_engine.compiled_pack.find(text)}
    assert not found & {"IT_FISCAL_CODE", "ES_DNI"}
