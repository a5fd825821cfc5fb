"""What the catalogue tests expect of a text: one value reported, exactly where it stands."""

from __future__ import annotations

from engine_core import Engine

from .conftest import hits, values


def sole_hit(engine: Engine, text: str, value: str) -> tuple[str, str, str, str]:
    """(rule id, category, severity, law) of the one value ``engine`` reports in ``text``.

    Fails unless exactly one value is reported and its span is ``value``'s place in ``text``.
    """
    found = hits(engine, text)
    start = text.index(value)
    assert [hit.span for hit in found] == [(start, start + len(value))], found
    hit = found[0]
    return hit.rule_id, hit.category, hit.severity, hit.law


#: What may stand before a value (list numbers) and between two values (one separator).
LIST_NUMBERS = ("1 ", "1. ", "2) ")
SEPARATORS = (" ", ",", ", ", "; ", " | ")


def assert_no_bypass(engine: Engine, context: str, first: str, second: str, category: str) -> None:
    """After a list number, or next to another value across one separator, each value counts."""
    for number in LIST_NUMBERS:
        assert values(engine, f"{context} {number}{first}", category) == [first], number
    for separator in SEPARATORS:
        text = f"{context} {first}{separator}{second}"
        assert values(engine, text, category) == [first, second], separator
