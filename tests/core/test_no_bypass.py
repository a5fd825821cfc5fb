"""Values written to slip past a filter are still found (docs/architecture.md, "No bypass")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine

CARD = "4111 1111 1111 1111"


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


@pytest.mark.parametrize(
    "text",
    [
        f"1 {CARD}",  # after a list number
        f"3x {CARD}",  # after a quantity
        f"| {CARD} |",  # in a table cell
        "card ４１１１ １１１１ １１１１ １１１１",  # full-width digits
        "card 4111\u200b 1111 1111 1111",  # a zero-width space inside
        "card 4111 11\u00ad11 1111 1111",  # a soft hyphen inside
    ],
)
def test_an_evasive_card_is_blocked_and_redacted_whole(engine: Engine, text: str) -> None:
    result = engine.evaluate(text)
    assert result.action.startswith("block")
    cards = [trigger for trigger in result.triggers if trigger.category == "CREDIT_CARD"]
    assert len(cards) == 1
    assert result.remedy.clean_text.count("[REDACTED_CREDIT_CARD]") == 1
    assert not any(char.isdigit() and char != "1" for char in result.remedy.clean_text[-4:])


def test_two_adjacent_values_are_two_values(engine: Engine) -> None:
    result = engine.evaluate(f"{CARD} 5500 0000 0000 0004")
    assert result.remedy.clean_text == "[REDACTED_CREDIT_CARD] [REDACTED_CREDIT_CARD]"


def test_every_verbatim_occurrence_is_redacted(engine: Engine) -> None:
    """A value detected once is redacted everywhere, even where nothing detects it alone."""
    result = engine.evaluate("ref x4111111111111111y, then the card 4111111111111111 itself")
    assert "4111111111111111" not in result.remedy.clean_text


@given(st.sampled_from(["", "1 ", "12 ", "| ", "#"]), st.sampled_from(["", " 7", " |", "."]))
def test_no_detected_value_survives_in_clean_text(prefix: str, suffix: str) -> None:
    engine = Engine()
    text = f"pay with {prefix}{CARD}{suffix} or mail jane.doe@example.com please"
    result = engine.evaluate(text)
    for trigger in result.triggers:
        for value in trigger.matched_items:
            assert value not in result.remedy.clean_text
