"""The built-in validators agree with python-stdnum and with their documented rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from stdnum import luhn

from engine_plugins.rule_types import (
    luhn_digits_valid,
    luhn_valid,
    payment_card_valid,
    phone_number_valid,
)

_DIGITS = st.text(alphabet="0123456789", min_size=1, max_size=40)


@given(_DIGITS)
def test_luhn_matches_stdnum(digits: str) -> None:
    """The fast Luhn check gives python-stdnum's answer for every digit string."""
    assert luhn_digits_valid(digits) == luhn.is_valid(digits)


@given(st.text(alphabet="0123456789", min_size=12, max_size=18))
def test_luhn_accepts_every_completed_number(body: str) -> None:
    """A number completed with stdnum's check digit passes; any other last digit fails."""
    number = body + luhn.calc_check_digit(body)
    assert luhn_valid(number)
    wrong = str((int(number[-1]) + 1) % 10)
    assert not luhn_valid(number[:-1] + wrong)


def test_luhn_ignores_separators_and_refuses_other_digits() -> None:
    """Spaces and dashes are separators; non-ASCII digits are not card digits."""
    assert luhn_valid("4111 1111-1111 1111")
    assert not luhn_valid("٤١١١١١١١١١١١١١١١")  # Arabic-Indic digits
    assert not payment_card_valid("4111 1111 1111 111x")
    assert not payment_card_valid("4111 1111 1111")  # 12 digits: too short for a card


def test_phone_number_counts_ascii_digits_without_the_trunk_prefix() -> None:
    """9 to 15 digits make a phone number; the ``(0)`` trunk prefix does not count."""
    assert phone_number_valid("+44 (0)20 7946 0958")
    assert phone_number_valid("(555) 123-4567")  # 10 digits
    assert not phone_number_valid("123-4567")  # 7 digits
    assert not phone_number_valid("+1 234 567 890 123 456")  # 16 digits
    assert not phone_number_valid("+49 (0)30 12")
