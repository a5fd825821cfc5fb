"""The one pass searches the optional parts a text needs, and every other source always."""

from __future__ import annotations

from engine_core import Engine
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
