"""China catalogue entries (``cn.yaml``): published examples through the real engine."""

# ruff: noqa: RUF001 - Chinese text: full-width colons and punctuation.
from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found

#: GB 11643-1999's example (Beijing Chaoyang, born 1949-12-31, check X) and
#: python-stdnum's (cn.ric).
PUBLISHED = ["11010519491231002X", "360426199101010071"]


@pytest.mark.parametrize(
    "text",
    [
        "身份证号码：{value}",
        "我的身份证号码是{value}。",  # glued to the text: no context needed
        "居民身份证 {value}",
        "ID card {value}",
    ],
)
@pytest.mark.parametrize("value", PUBLISHED)
def test_resident_id(builtin: Engine, text: str, value: str) -> None:
    """A resident ID number is CN_RESIDENT_ID, FATAL, PIPL."""
    assert_found(builtin, text.format(value=value), value, "CN_RESIDENT_ID")


def test_lower_case_check_character(builtin: Engine) -> None:
    """The check character X is often typed in lower case."""
    assert_found(builtin, "身份证 11010519491231002x", "11010519491231002x", "CN_RESIDENT_ID")


@pytest.mark.parametrize(
    "text",
    [
        "身份证号码：110105194912310021",  # wrong check character
        "身份证号码：360426199101010072",  # python-stdnum: wrong check digit
        "身份证号码：11010519491331002X",  # month 13
        "订单号 202405171234567890",  # an 18-digit order number
        "身份证号码：1101051949123100",
    ],
)
def test_not_resident_id(builtin: Engine, text: str) -> None:
    """A failing check, an impossible date or region, a wrong length: no resident ID."""
    assert_absent(builtin, text, "CN_RESIDENT_ID")
