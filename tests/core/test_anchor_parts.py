"""The one pass searches the optional parts a text needs, and every other source always."""

from __future__ import annotations

from engine_core import Engine, anchors
from engine_core.anchors import AnchorScanner

TEXT = "order ORD-123456 and code XYZ-987 and tok_abcdef12"


def test_a_scan_leaves_out_only_the_parts_it_is_not_asked_for() -> None:
    scanner = AnchorScanner.build(
        ["ORD-[0-9]{6}", "XYZ-[0-9]{3}", "tok_[a-f0-9]{8}"],
        {"XYZ-[0-9]{3}": 1, "tok_[a-f0-9]{8}": 2},
    )
    assert scanner is not None
    everything = scanner.scan(TEXT, 0, len(TEXT))
    assert set(everything) == {"ORD-[0-9]{6}", "XYZ-[0-9]{3}", "tok_[a-f0-9]{8}"}
    assert set(scanner.scan(TEXT, 0, len(TEXT), parts=set())) == {"ORD-[0-9]{6}"}
    assert set(scanner.scan(TEXT, 0, len(TEXT), parts={2})) == {"ORD-[0-9]{6}", "tok_[a-f0-9]{8}"}
    assert scanner.scan(TEXT, 0, len(TEXT), parts={1, 2}) == everything


def test_context_required_values_are_found_whichever_parts_a_text_needs() -> None:
    """Values of context-required rules are found next to their words, and a text holding
    only another group's words finds nothing of theirs (the built-in pack)."""
    engine = Engine()
    found = engine.evaluate("SSN 536904399 was on the form")
    assert [trigger.rule_id for trigger in found.triggers] == ["us.ssn_bare"]
    assert engine.evaluate("Call me about 536904399 tomorrow").triggers == ()


def test_a_scan_of_optional_parts_only_leaves_out_the_sources_without_one() -> None:
    scanner = AnchorScanner.build(
        ["ORD-[0-9]{6}", "XYZ-[0-9]{3}", "tok_[a-f0-9]{8}"],
        {"XYZ-[0-9]{3}": 1, "tok_[a-f0-9]{8}": 2},
    )
    assert scanner is not None
    assert set(scanner.scan(TEXT, 0, len(TEXT), parts={1}, optional_only=True)) == {"XYZ-[0-9]{3}"}
    assert set(scanner.scan(TEXT, 0, len(TEXT), optional_only=True)) == {
        "XYZ-[0-9]{3}",
        "tok_[a-f0-9]{8}",
    }


def test_many_parts_are_read_in_one_pass_with_the_same_hits() -> None:
    """Past a few parts the one database holding every source is read instead of a pass
    per part: a scan reports the same hits either way, and only the parts asked for."""
    sources = [f"K{number:02d}-[0-9]{{3}}" for number in range(40)]
    parts = {source: index for index, source in enumerate(sources)}
    scanner = AnchorScanner.build(["ORD-[0-9]{6}", *sources], parts)
    assert scanner is not None
    text = "ORD-123456 " + " ".join(f"K{number:02d}-{number:03d}" for number in range(40))
    # The joined databases are compiled on a thread of their own: scans before and after
    # they exist give the same hits.
    early = scanner.scan(text, 0, len(text), parts=set(range(0, 40, 2)))
    assert scanner.wait_joined(timeout=60)
    assert scanner.scan(text, 0, len(text), parts=set(range(0, 40, 2))) == early
    few, many = set(range(3)), set(range(0, 40, 2))
    assert len(many) > anchors.SEPARATE_PARTS  # a joined database's pass, once it exists
    for asked in (few, many, None):
        wanted = [source for index, source in enumerate(sources) if asked is None or index in asked]
        found = scanner.scan(text, 0, len(text), parts=asked)
        assert set(found) == {"ORD-[0-9]{6}", *wanted}
        for source in wanted:
            start = text.index(source[:4])
            assert found[source] == [(start, start + 7)]
        only = scanner.scan(text, 0, len(text), parts=asked, optional_only=True)
        assert set(only) == set(wanted)


def test_the_phone_prefilter_is_led_by_its_guard_and_skips_runs_of_digits() -> None:
    """The phone pattern refuses a word character before a number (a negated class in its
    look-behind): its prefilter is searched led by that guard, so a card's groups no longer
    fire it, and a real number still does."""
    engine = Engine()
    scanner = engine.compiled_pack._scanner
    phone = next(rule for rule in engine.compiled_pack.rules if rule.rule_id == "phone")
    assert phone.matcher.prefilter_guard == "[^0-9A-Z_a-z]"
    anchor = next(a for a, group in scanner._by_anchor.items() if phone in group.rules)
    card = "Refund it to 2720 1318 6091 3902."
    assert anchor not in scanner._anchors.scan(card, 0, len(card), parts=set())
    text = "Try (801) 359-0830 or write."
    assert anchor in scanner._anchors.scan(text, 0, len(text), parts=set())
    assert [t.rule_id for t in engine.evaluate(text).triggers] == ["phone"]


def test_the_phone_anchor_skips_a_date_s_month_and_keeps_every_phone() -> None:
    """The phone rule's one-pass anchor refuses ``. : / -`` before every branch but a +CC
    number, as its pattern does: a date's month (``18/01/2025``) no longer opens a window,
    and numbers after a colon, in brackets or after a space are found as before (no phone
    word nearby: the rule itself reports them)."""
    engine = Engine()
    scanner = engine.compiled_pack._scanner
    phone = next(rule for rule in engine.compiled_pack.rules if rule.rule_id == "phone")
    assert phone.matcher.prefilter_anchor is not None
    anchor = next(a for a, group in scanner._by_anchor.items() if phone in group.rules)
    assert anchor == phone.matcher.prefilter_anchor
    dates = "shipped 18/01/2025, due 03-02-2024 and 1.05.2023 at wh7"
    assert anchor not in scanner._anchors.scan(dates, 0, len(dates), parts=set())
    for text, value in [
        ("office:+44 20 7946 0958 today", "+44 20 7946 0958"),
        ("office/+44 20 7946 0958 today", "+44 20 7946 0958"),
        ("office: 020 7946 0958 today", "020 7946 0958"),
        ("see (030) 1234567 now", "(030) 1234567"),
        ("see 030/1234567 now", "030/1234567"),
        ("see 01 42 68 53 00 please", "01 42 68 53 00"),
        ("18/01/2025 (415) 555-0123", "(415) 555-0123"),
    ]:
        found = [
            text[start:end]
            for finding in engine.compiled_pack.find(text)
            if finding.rule is phone
            for start, end in finding.spans
        ]
        assert found == [value], text
        assert found == [m.group() for m in phone.matcher.pattern.finditer(text)], text


def test_the_phone_anchor_spells_the_prefilter_s_own_alternatives() -> None:
    """The phone rule's declared anchor repeats its prefilter's alternatives, only guarded
    differently: an edit of one without the other would make the one pass miss numbers."""
    engine = Engine()
    phone = next(rule for rule in engine.compiled_pack.rules if rule.rule_id == "phone")
    anchor, prefilter = phone.matcher.prefilter_anchor, phone.matcher.prefilter
    assert anchor is not None
    assert prefilter is not None
    guards = ["(?:^|[^0-9A-Z_a-z])(?:", ")|(?:^|[^-./0-:A-Z_a-z])(?:"]
    assert anchor.startswith(guards[0])
    assert anchor.endswith(")")
    loose, strict = anchor[len(guards[0]) : -1].split(guards[1])
    assert f"(?:{loose}|{strict})" == prefilter


def test_values_that_may_touch_cjk_keep_the_guard_of_a_token_boundary() -> None:
    """Cards, IMEIs and IBANs refuse a Latin letter or digit before them (CJK may touch
    them): their prefilters stay led by that guard, so a run of digits opens no window at
    each digit."""
    rules = {rule.rule_id: rule for rule in Engine().compiled_pack.rules}
    assert rules["credit_card"].matcher.prefilter_guard == "[^+.0-9A-Z_a-z]"
    assert rules["intl.imei"].matcher.prefilter_guard == "[^+.-9A-Z_a-z]"
    assert rules["iban"].matcher.prefilter_guard == "[^0-9A-Z_a-z]"
