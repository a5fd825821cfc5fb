"""India and Asia-Pacific catalogue entries, all together: contract, context, no bypass.

Each entry is declared as ``apac_support.ENTRIES`` says (category, law,
default, context required); every context word it lists works in front of a
value; a context-required value alone is not reported; its invalid variant
is never reported; values after list numbers, in table cells, next to each
other and in full-width digits are found; and a clean text never reaches
its pattern (the prefilters rule it out).
"""

# ruff: noqa: RUF001 - full-width brackets: evasion the engine folds.
from __future__ import annotations

import unicodedata

import pytest
import regex

from engine_core import Engine

from .apac_support import (
    ENTRIES,
    Entry,
    assert_absent,
    assert_found,
    catalogue_file_entries,
    context_words,
    engine_for,
    severity,
)
from .conftest import hits

IDS = [entry.id for entry in ENTRIES]


def _declared(entry: Entry) -> dict[str, object]:
    (raw,) = (raw for raw in catalogue_file_entries() if raw["id"] == entry.id)
    return raw


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_entry_contract(builtin: Engine, entry: Entry) -> None:
    """Category, law, severity, default and context requirement are the documented ones."""
    raw = _declared(entry)
    options = raw["options"]
    assert isinstance(options, dict)
    assert (raw["category"], raw["law"], raw.get("severity", "WARNING")) == (
        entry.category,
        entry.law,
        severity(entry.category),
    )
    assert bool(raw.get("default")) is entry.default
    assert bool(options.get("context_required")) is entry.context_required
    assert raw["source"], "every entry cites the published format it follows"
    in_builtin = {rule.rule_id for rule in builtin.compiled_pack.rules}
    assert (entry.id in in_builtin) is entry.default


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_every_context_word_works(entry: Entry) -> None:
    """Each context word, before a valid value, lets the entry report it."""
    engine = engine_for(entry)
    words = context_words(entry.id)
    assert words, "every entry names context words (they decide between categories)"
    for word in words:
        assert_found(engine, f"{word} {entry.valid}", entry.valid, entry.category)
        assert_found(engine, f"{entry.valid} ({word})", entry.valid, entry.category)


def test_context_words_are_in_the_form_the_engine_matches() -> None:
    """Words are NFKC-folded already: the engine folds the text, not the words (Thai SARA AM)."""
    for raw in catalogue_file_entries():
        for word in raw["options"].get("context", []):
            assert unicodedata.normalize("NFKC", word) == word, (raw["id"], word)


@pytest.mark.parametrize("entry", [entry for entry in ENTRIES if entry.context_required], ids=str)
def test_context_required_values_alone_are_not_reported(builtin: Engine, entry: Entry) -> None:
    """Without a context word a weak format is just a number: not reported."""
    for text in (f"Reference {entry.valid} noted.", f"{entry.valid}", f"Item: {entry.valid}"):
        assert_absent(engine_for(entry), text, entry.category)
        assert_absent(builtin, text, entry.category)


@pytest.mark.parametrize(
    "entry", [entry for entry in ENTRIES if not entry.context_required], ids=str
)
def test_strong_formats_need_no_context(entry: Entry) -> None:
    """A format strong on its own is reported without any context word."""
    text = f"Reference {entry.valid} noted."
    assert_found(engine_for(entry), text, entry.valid, entry.category)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_invalid_variant_is_not_reported(builtin: Engine, entry: Entry) -> None:
    """A changed check digit, an impossible component or a wrong length: never reported."""
    word = context_words(entry.id)[0]
    for engine in (engine_for(entry), builtin):
        assert_absent(engine, f"{word} {entry.invalid}", entry.category)
        assert_absent(engine, f"{word}: {entry.invalid}.", entry.category)


_NO_BYPASS = (
    "{word}: 1 {value}",  # after a list number
    "{word}: 3x {value}",  # after a quantity
    "| {word} | {value} |",  # a table cell
    "{word}\t{value}\n",
    "{word}:{value}",  # a label glued to its value
    "{word}（{value}）",  # full-width brackets
)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_no_bypass(entry: Entry) -> None:
    """List numbers, quantities, table cells and glued labels do not hide a value."""
    word = context_words(entry.id)[0]
    engine = engine_for(entry)
    for template in _NO_BYPASS:
        assert_found(
            engine, template.format(word=word, value=entry.valid), entry.valid, entry.category
        )


@pytest.mark.parametrize("separator", [" ", ", ", "; ", " | ", "\n"])
@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_adjacent_values_are_each_reported(entry: Entry, separator: str) -> None:
    """Two values separated by one space or separator are two values."""
    word = context_words(entry.id)[0]
    text = f"{word} {entry.valid}{separator}{entry.valid}"
    found = [hit.span for hit in hits(engine_for(entry), text) if hit.category == entry.category]
    first = text.index(entry.valid)
    second = text.index(entry.valid, first + len(entry.valid))
    assert found == [
        (first, first + len(entry.valid)),
        (second, second + len(entry.valid)),
    ]


def _full_width(value: str) -> str:
    return "".join(chr(ord(char) + 0xFEE0) if char.isalnum() else char for char in value)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_full_width_and_zero_width_evasion(entry: Entry) -> None:
    """Full-width letters and digits, or a zero-width space inside: found, whole span redacted."""
    word = context_words(entry.id)[0]
    for value in (_full_width(entry.valid), entry.valid[:3] + "\u200b" + entry.valid[3:]):
        text = f"{word} {value} end"
        result = engine_for(entry).evaluate(text)
        spans = [span for trigger in result.triggers for span in trigger.spans]
        start = text.index(value)
        assert spans == [(start, start + len(value))], text
        assert value not in result.remedy.clean_text


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_a_detected_value_is_redacted_everywhere(entry: Entry) -> None:
    """A later occurrence without context is redacted too (verbatim propagation)."""
    word = context_words(entry.id)[0]
    filler = " and a long stretch of unrelated words in between them " * 3
    text = f"{word} {entry.valid}.{filler}Again: {entry.valid}."
    result = engine_for(entry).evaluate(text)
    assert entry.valid not in result.remedy.clean_text
    assert result.remedy.clean_text.count(f"[REDACTED_{entry.category}]") == 2


#: Ordinary text with every kind of number the group's formats could be mistaken for.
CLEAN_TEXT = """\
Version 2.3.1 shipped on 2024-05-17 at 14:30:05 for $1,299.99 (order #84312, invoice
INV-2024-000183, 3 x 250 ml). Call the office on (02) 9876 5432 or +61 2 9876 5432; the
meeting is in room 4B on floor 12. Tracking 1Z999AA10123456784 arrives Monday; ISBN
978-0-306-40615-7, EAN 4006381333931, timestamp 1715950245123, UUID
3f2b8c1e-9d4a-4b7e-8c2f-1a2b3c4d5e6f, build 20240517.3,
SHA a94a8fe5ccb19ba61c4c0873d391e987982fbbd3.
Prices: 12 345 678 IDR, 1.234.567 VND; ratio 16:9; coordinates 35.6895, 139.6917.
東京都の会議は 2024年5月17日 14時30分 に始まります。 รายงานประจำปี 2567 หน้า 12
회의는 2024년 5월 17일 오후 2시 30분에 시작합니다. 订单号 20240517 共 3 件，金额 1299.00 元。
"""


def test_clean_text_is_clean(builtin: Engine) -> None:
    """Numbers of every ordinary kind, in four scripts: the built-in pack reports none of ours."""
    ours = {entry.category for entry in ENTRIES}
    assert {hit.category for hit in hits(builtin, CLEAN_TEXT)} & ours == set()
    for entry in ENTRIES:  # the non-default entries too
        assert_absent(engine_for(entry), CLEAN_TEXT, entry.category)


def test_prefilters_rule_out_clean_prose(builtin: Engine) -> None:
    """Every entry has a bounded pattern and an ASCII prefilter, and prose never meets it."""
    prose = (
        "The committee met on Tuesday to review the annual report, which covered staffing, "
        "budgets for 2024 and 2025, and the plan to open 3 new offices by the end of June. "
    ) * 20
    for entry in ENTRIES:
        (rule,) = (
            rule for rule in engine_for(entry).compiled_pack.rules if rule.rule_id == entry.id
        )
        prefilter = rule.matcher.prefilter
        assert prefilter is not None, entry.id
        assert prefilter.isascii(), entry.id
        assert rule.matcher.window_bounds() is not None, entry.id
        assert regex.search(prefilter, prose) is None, entry.id


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_a_stream_cut_anywhere_releases_what_evaluate_cleans(builtin: Engine, entry: Entry) -> None:
    """Streamed in two pieces split at any position, the text comes out as evaluate
    cleans it: a context word, its value and a later occurrence are never released."""
    word = context_words(entry.id)[0]
    text = f"lead words {word} {entry.valid} end of line, then {entry.valid} again."
    for engine in (engine_for(entry), builtin) if entry.default else (engine_for(entry),):
        clean = engine.evaluate(text).remedy.clean_text
        assert entry.valid not in clean
        for split in range(len(text) + 1):
            pieces = [text[:split], text[split:]]
            released = engine.stream_filter(pieces, lookahead_chars=16, block_on_fatal=False)
            assert "".join(released) == clean, f"{entry.id}: split at {split}"
