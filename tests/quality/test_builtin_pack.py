"""The built-in data-protection pack: categories, severities, laws, tokens and actions."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.evaluation import CompiledPack
from engine_plugins.catalogue import default_ids

from .corpus import CATEGORIES, generate, mostly_clean_text

FATAL_CATEGORIES = {"CREDIT_CARD", "US_SSN", "UK_NINO", "IN_AADHAAR"}
LAWS = {
    "EMAIL": "GDPR",
    "PHONE": "GDPR",
    "IP_ADDRESS": "GDPR",
    "POSTAL_ADDRESS": "GDPR",
    "IBAN": "GDPR",
    "CREDIT_CARD": "PCI-DSS",
    "US_SSN": "CCPA",
    "UK_NINO": "UK-GDPR",
    "IN_AADHAAR": "DPDP",
}

POSITIVES: dict[str, list[str]] = {
    "EMAIL": ["jane.doe@example.co.uk", "bob+news@mail.example.org", "dörte.löffler@kaul.de"],
    "PHONE": [
        "(415) 555-0123",
        "415-555-0123",
        "415.555.0123",
        "+1 415 555 0123",
        "020 7946 0958",
        "07700 900123",
        "+44 (0)20 7946 0958",
        "030 12345678",
        "+49 30 12345678",
        "01 23 45 67 89",
        "+33 6 12 34 56 78",
        "98765 43210",
        "+91 98765 43210",
    ],
    "CREDIT_CARD": [
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "4111111111111111",
        "378282246310005",
        "3782 822463 10005",
        "5555555555554444",
        "4222222222222",
    ],
    "US_SSN": ["123-45-6789", "123 45 6789", "665-01-0001", "899-99-9999"],
    "UK_NINO": ["AB123456C", "AB 12 34 56 C", "JG 10 32 54 D"],
    "IN_AADHAAR": ["2345 6789 0124", "234567890124"],
    "IBAN": [
        "DE89 3704 0044 0532 0130 00",
        "DE89370400440532013000",
        "GB29 NWBK 6016 1331 9268 19",
        "GB29NWBK60161331926819",
        "NL91 ABNA 0417 1643 00",
    ],
    "IP_ADDRESS": [
        "192.168.1.10",
        "8.8.8.8",
        "255.255.255.255",
        "2001:4860:4860::8888",
        "2a00:1450:4001:0829:0000:0000:0000:200e",
        "2a02:8108::1",
        "fe80::1ff:fe23:4567:890a",
    ],
    "POSTAL_ADDRESS": [
        "1600 Pennsylvania Avenue NW, Washington, DC 20500",
        "350 5th Ave, New York, NY 10118",
        "42 Oak St. Apt. 5B",
        "12 McDonald Street, Suite 300",
        "7 W Maple Rd",
    ],
}

NEGATIVES: dict[str, list[str]] = {
    "EMAIL": ["user at example dot com", "@handle", "name@localhost"],
    "PHONE": ["2024-05-17", "17/05/2024", "05.06.2024 12:30", "order 12345", "065-55-0112"],
    "CREDIT_CARD": ["4111 1111 1111 1112", "4111111111111112", "9780306406157", "1234"],
    "US_SSN": ["000-12-3456", "666-12-3456", "901-12-3456", "123-00-4567", "123-45-0000"],
    "UK_NINO": ["GB123456A", "DA123456A", "QQ 12 34 56 C", "AB123456E", "ZZ123456A"],
    "IN_AADHAAR": ["2345 6789 0123", "1234 5678 9012", "0234 5678 9012"],
    "IBAN": ["DE89 3704 0044 0532 0130 01", "XX00 1234 5678 9012"],
    "IP_ADDRESS": ["256.1.1.1", "10:30:45", "version 1.2.3", "v1.2.3.4", "1.2.3"],
    "POSTAL_ADDRESS": ["in 2019 we moved", "94107", "Street", "page 12 of the report"],
}


@pytest.fixture(scope="module")
def engine() -> Engine:
    """An engine serving the built-in pack."""
    return Engine()


def _categories(engine: Engine, text: str) -> set[str]:
    return {trigger.category for trigger in engine.evaluate(text).triggers}


def test_pack_identity(engine: Engine) -> None:
    """The pack is builtin.data_protection: every default catalogue entry, the nine
    original categories among them."""
    assert engine.pack_id == "builtin.data_protection"
    assert set(CATEGORIES) <= {rule.category for rule in engine.compiled_pack.rules}
    assert [rule.rule_id for rule in engine.compiled_pack.rules] == default_ids()


def test_every_rule_has_a_prefilter_and_is_windowed(engine: Engine) -> None:
    """Every rule names a prefilter and runs in windows around its hits."""
    pack = engine.compiled_pack
    assert all(rule.matcher.prefilter for rule in pack.rules)
    assert all(rule.matcher.window_bounds() is not None for rule in pack.rules)


@pytest.mark.parametrize(
    ("category", "value"),
    [(category, value) for category, values in POSITIVES.items() for value in values],
)
def test_positive(engine: Engine, category: str, value: str) -> None:
    """A value in a sentence is detected whole, with its category, severity, law and token."""
    text = f"Details: {value}. Thanks"
    result = engine.evaluate(text)
    triggers = [trigger for trigger in result.triggers if trigger.category == category]
    assert triggers, f"{category} not detected"
    trigger = triggers[0]
    assert trigger.matched_items[0].rstrip(".") == value
    assert trigger.severity == ("FATAL" if category in FATAL_CATEGORIES else "WARNING")
    assert trigger.law == LAWS[category]
    assert value not in result.remedy.clean_text
    assert f"[REDACTED_{category}]" in result.remedy.clean_text
    assert result.remedy.clean_text.startswith("Details: [REDACTED_")
    assert category in result.remedy.redacted_categories


@pytest.mark.parametrize(
    ("category", "text"),
    [(category, text) for category, texts in NEGATIVES.items() for text in texts],
)
def test_negative(engine: Engine, category: str, text: str) -> None:
    """Look-alikes (bad checksums, invalid ranges, dates, versions) are not detected."""
    assert category not in _categories(engine, f"Note: {text} here")


def test_clean_text_is_allowed(engine: Engine) -> None:
    """No value: allow, invariants pass, the text is unchanged."""
    text = "Version 2.3.1 shipped on 2024-05-17 at 14:30 for $1,299.99 (order #84312)."
    result = engine.evaluate(text)
    assert result.action == "allow"
    assert result.invariants_passed is True
    assert result.triggers == ()
    assert result.remedy.clean_text == text
    assert result.remedy.redactions_count == 0


def test_warning_only_is_redact_and_permit(engine: Engine) -> None:
    """Only WARNING values: redact_and_permit, invariants pass."""
    result = engine.evaluate("Mail jane@example.com or call (415) 555-0123 from 10.0.0.1.")
    assert result.action == "redact_and_permit"
    assert result.invariants_passed is True
    assert result.remedy.clean_text == (
        "Mail [REDACTED_EMAIL] or call [REDACTED_PHONE] from [REDACTED_IP_ADDRESS]."
    )
    assert result.remedy.redacted_categories == ("EMAIL", "IP_ADDRESS", "PHONE")


@pytest.mark.parametrize(
    "value", ["4111 1111 1111 1111", "123-45-6789", "AB123456C", "2345 6789 0124"]
)
def test_fatal_blocks_and_is_still_redacted(engine: Engine, value: str) -> None:
    """A FATAL value: block_statutory_violation, invariants fail, value redacted in clean_text."""
    result = engine.evaluate(f"Mail jane@example.com, id {value}.")
    assert result.action == "block_statutory_violation"
    assert result.blocked
    assert result.invariants_passed is False
    assert result.reason is not None
    assert result.reason.startswith("Statutory invariant violated")
    assert value not in result.remedy.clean_text
    assert "[REDACTED_EMAIL]" in result.remedy.clean_text
    assert result.remedy.redactions_count == 2


def test_triggers_carry_spans_in_order(engine: Engine) -> None:
    """Each trigger lists distinct values and the spans of every occurrence."""
    text = "a@b.io then a@b.io and c@d.io"
    (trigger,) = engine.evaluate(text).triggers
    assert trigger.matched_items == ("a@b.io", "c@d.io")
    assert [text[s:e] for s, e in trigger.spans] == ["a@b.io", "a@b.io", "c@d.io"]


Found = list[tuple[str, tuple[tuple[int, int], ...]]]


def _whole_range_find(pack: CompiledPack, text: str) -> Found:
    """The reference: every rule scans the whole text (no prefilter windows)."""
    found: Found = []
    for rule in pack.rules:
        spans = rule.matcher.find(text)
        if spans:
            found.append((rule.rule_id, tuple(sorted(spans))))
    return found


def _windowed_find(pack: CompiledPack, text: str) -> Found:
    return [(finding.rule.rule_id, finding.spans) for finding in pack.scan(text)]


def test_windowed_scan_equals_whole_scan_on_corpus(engine: Engine) -> None:
    """Prefilter windows find exactly what whole-text scans find (corpus and a long text)."""
    pack = engine.compiled_pack
    texts = [record.text for record in generate(400, seed=99)]
    texts.append(mostly_clean_text(60_000, seed=5, values_per_mb=400))
    texts.append(" ".join(texts[:200]))
    for text in texts:
        assert _windowed_find(pack, text) == _whole_range_find(pack, text)


_PIECES = st.sampled_from(
    [value for values in POSITIVES.values() for value in values]
    + [text for texts in NEGATIVES.values() for text in texts]
    + [" ", "  ", ", ", ". ", "-", "\n", "x", "Call ", "at ", "1", "12", "+", "(", ")", "@", ":"]
)


@given(st.lists(_PIECES, max_size=25))
def test_windowed_scan_equals_whole_scan_on_random_texts(pieces: list[str]) -> None:
    """Random concatenations of values, look-alikes and separators: same spans both ways."""
    pack = Engine().compiled_pack
    text = "".join(pieces)
    assert _windowed_find(pack, text) == _whole_range_find(pack, text)


@given(st.lists(_PIECES, max_size=25), st.integers(0, 40), st.integers(0, 40))
def test_windowed_scan_honours_start_and_end(pieces: list[str], cut: int, tail: int) -> None:
    """A sub-range scan equals the whole-range reference on the same range."""
    pack = Engine().compiled_pack
    text = "".join(pieces)
    start = min(cut, len(text))
    end = max(start, len(text) - tail)
    expected: Found = []
    for rule in pack.rules:
        spans = rule.matcher.find(text, start, end)
        if spans:
            expected.append((rule.rule_id, tuple(sorted(spans))))
    assert [(f.rule.rule_id, f.spans) for f in pack.scan(text, start, end)] == expected


def test_declared_prefilter_leads_hold_on_the_corpus(engine: Engine) -> None:
    """Each match holds a prefilter match starting at most ``prefilter_lead`` characters in."""
    texts = [record.text for record in generate(600, seed=7)]
    texts.append(mostly_clean_text(60_000, seed=11, values_per_mb=400))
    checked = 0
    for rule in engine.compiled_pack.rules:
        lead = getattr(rule.matcher, "prefilter_lead", None)
        assert lead is not None, f"{rule.rule_id} declares no prefilter_lead"
        prefilter = regex.compile(str(rule.matcher.prefilter))
        for text in texts:
            for start, end in rule.matcher.find(text):
                starts = range(start, min(start + lead, end) + 1)
                assert any(prefilter.match(text, at, end) for at in starts), (
                    rule.rule_id,
                    text[start:end],
                )
                checked += 1
    assert checked > 500
