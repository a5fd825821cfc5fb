"""Japan catalogue entries (``jp.yaml``): published examples through the real engine."""

# ruff: noqa: RUF001 - Japanese text: full-width colons and brackets, full-width digits.
from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found

MY_NUMBER = "6214 9832 0257"  # python-stdnum's example (jp.in_), as on the card


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"マイナンバー：{MY_NUMBER}", MY_NUMBER),
        ("個人番号は、621498320257です。", "621498320257"),
        ("マイナンバー（個人番号）：6214-9832-0257", "6214-9832-0257"),
        (f"マイナンバーは {MY_NUMBER} です", MY_NUMBER),
        ("My Number: 621498320257", "621498320257"),
        ("マイナンバー：６２１４ ９８３２ ０２５７", "６２１４ ９８３２ ０２５７"),  # full-width
    ],
)
def test_my_number(builtin: Engine, text: str, value: str) -> None:
    """A My Number named so is JP_MY_NUMBER, FATAL, APPI."""
    assert_found(builtin, text, value, "JP_MY_NUMBER")


@pytest.mark.parametrize(
    "text",
    [
        "マイナンバー：6214 9832 0258",  # python-stdnum: wrong check digit
        "マイナンバー：6214 9832 025X",
        "注文番号 621498320257",  # no context word
    ],
)
def test_not_my_number(builtin: Engine, text: str) -> None:
    """A wrong check digit, a letter, or no context word: no My Number."""
    assert_absent(builtin, text, "JP_MY_NUMBER")


def test_context_inside_running_japanese(builtin: Engine) -> None:
    """私のマイナンバーは621498320257です: the word is glued to の and to the digits."""
    text = "私のマイナンバーは621498320257です"
    assert_found(builtin, text, "621498320257", "JP_MY_NUMBER")


def test_three_groups_of_a_card_are_not_a_my_number(builtin: Engine) -> None:
    """A 4-4-4-4 card holds 4-4-4 runs at both ends: neither is taken for a My Number."""
    text = "マイナンバー欄に 2720 1318 6091 3902 と書かれていた"
    assert_absent(builtin, text, "JP_MY_NUMBER")
    assert_absent(builtin, "マイナンバー 2720-1318-6091-3902", "JP_MY_NUMBER")


def test_two_my_numbers_next_to_each_other(builtin: Engine) -> None:
    """Two different My Numbers separated by one space are two values."""
    # Check digits from python-stdnum's calc_check_digit (jp.in_).
    text = "マイナンバー 1234 5678 9018 9876 5432 1093"
    assert_found(builtin, text, "1234 5678 9018", "JP_MY_NUMBER")
    assert_found(builtin, text, "9876 5432 1093", "JP_MY_NUMBER")
