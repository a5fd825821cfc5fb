"""The built-in validators agree with python-stdnum and with their documented rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from stdnum import luhn

from engine_plugins.phone_numbers import PhoneValidator
from engine_plugins.rule_types import luhn_digits_valid, luhn_valid, payment_card_valid

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


def test_phone_numbers_are_validated_by_libphonenumber() -> None:
    """+CC numbers for their country; national formats only for the regions named."""
    # phonenumbers.example_number for GB and DE, and the ITU's fictional 555-01xx range.
    anywhere = PhoneValidator()
    assert anywhere("+44 (0)20 7946 0958")
    assert anywhere("+49 30 123456")
    assert not anywhere("+44 7400 12345")  # one digit short for a UK mobile
    assert not anywhere("+1 234 567 890 123 456")  # 16 digits: longer than E.164
    assert not anywhere("020 7946 0958")  # a national format, but no region named
    british = PhoneValidator(["GB"])
    assert british("020 7946 0958")
    assert not british("030 123456")  # Berlin's format, not a UK number
    nanp = PhoneValidator(plan_regions=["US"])
    assert nanp("(201) 555-0123")
    assert nanp("(389) 408-6599")  # an area code not yet in service fits the plan
    assert not nanp("(123) 408-6599")  # NPA never starts with 1
    assert not nanp("٤١٥٥٥٥٠١٢٣")  # non-ASCII digits are left to the normalized view
