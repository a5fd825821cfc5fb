"""South Korea catalogue entries (``kr.yaml``): published examples through the real engine.

Korean particles attach to the word before them; the entries list the
inflected forms, so ``주민등록번호는`` counts as context as ``주민등록번호`` does.
"""

from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found

RRN = "971013-9019902"  # python-stdnum's example (kr.rrn)


@pytest.mark.parametrize(
    "text",
    [
        f"주민등록번호는 {RRN}입니다.",
        f"제 주민번호가 {RRN}인데요",
        f"RRN: {RRN}",
        f"신청자 {RRN} 확인",  # the dashed form needs no context
    ],
)
def test_rrn(builtin: Engine, text: str) -> None:
    """A resident registration number is KR_RRN, FATAL, PIPA, particles and all."""
    assert_found(builtin, text, RRN, "KR_RRN")


@pytest.mark.parametrize(
    "text",
    [
        "주민등록번호는 9710139019902입니다",
        "외국인등록번호를 9710139019902로 입력하세요",
        "resident registration number 9710139019902",
    ],
)
def test_bare_rrn_with_context(builtin: Engine, text: str) -> None:
    """Thirteen bare digits next to a context word are an RRN."""
    assert_found(builtin, text, "9710139019902", "KR_RRN")


@pytest.mark.parametrize(
    "text",
    [
        "주민등록번호는 971013-9019903입니다",  # python-stdnum: wrong check digit
        "주민등록번호는 971313-9019902입니다",  # month 13
        "주문번호 9710139019902",  # bare digits, no context word
        "timestamp 1715950245123",  # milliseconds since 1970
        "EAN 8801234567893",  # a Korean barcode
    ],
)
def test_not_rrn(builtin: Engine, text: str) -> None:
    """A failing check or date, or bare digits without a context word: no RRN."""
    assert_absent(builtin, text, "KR_RRN")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the formats of the passport number (Microsoft Purview's South Korea passport number)
        ("여권번호는 M12345678입니다", "M12345678"),
        ("여권 번호: M123A4567", "M123A4567"),
        ("Korean passport number S98765432", "S98765432"),
    ],
)
def test_passport(builtin: Engine, text: str, value: str) -> None:
    """A Korean passport number named so is KR_PASSPORT."""
    assert_found(builtin, text, value, "KR_PASSPORT")


@pytest.mark.parametrize(
    "text",
    [
        "passport M12345678",  # a bare "passport": the country is not named
        "여권번호는 A12345678입니다",  # A is no Korean passport type
        "여권번호는 M1234567입니다",
        "모델명 M123A4567",  # no context word
    ],
)
def test_not_passport(builtin: Engine, text: str) -> None:
    """Another type letter, a wrong length, or no Korean context: no KR_PASSPORT."""
    assert_absent(builtin, text, "KR_PASSPORT")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the layouts of Microsoft Purview's South Korea driver's license number
        ("운전면허번호: 11-12-345678-90", "11-12-345678-90"),
        ("면허번호: 11-12-345678-90", "11-12-345678-90"),  # a list of one's documents
        ("운전면허증 번호는 28 19 123456 12 입니다", "28 19 123456 12"),
        ("면허번호 111234567890", "111234567890"),
        ("운전면허 서울 12-345678-90", "서울 12-345678-90"),  # an older licence
        ("운전면허 12-345678-90", "12-345678-90"),
    ],
)
def test_driver_license(builtin: Engine, text: str, value: str) -> None:
    """A Korean driver's licence number named so is KR_DRIVER_LICENSE."""
    assert_found(builtin, text, value, "KR_DRIVER_LICENSE")


@pytest.mark.parametrize(
    "text",
    [
        "운전면허번호: 27-12-345678-90",  # region 27 is not used
        "운전면허번호: 11-12-34567-90",
        "전화 11-12-345678-90",  # no context word
    ],
)
def test_not_driver_license(builtin: Engine, text: str) -> None:
    """An unused region, a short serial or no context word: no licence."""
    assert_absent(builtin, text, "KR_DRIVER_LICENSE")
