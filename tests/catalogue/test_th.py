"""Thailand catalogue entries (``th.yaml``): published examples through the real engine."""

from __future__ import annotations

import json

import pytest

from engine_core import Engine
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook

from .apac_support import assert_absent, assert_found

#: python-stdnum's examples (th.pin), plain and in the card's 1-4-5-2-1 grouping.
PUBLISHED = ["3100600445635", "1-2345-45678-78-1", "1 2345 45678 78 1"]


@pytest.mark.parametrize(
    "text",
    [
        "เลขประจำตัวประชาชน {value}",  # typed with SARA AM, as Thai keyboards do
        "เลขประจำตัวประชาชนของผมคือ {value}",
        "บัตรประชาชน: {value}",
        "บัตรประชาชนเลขที่ {value}",  # "ID card number": the word glued to เลขที่ (number)
        "Thai national ID {value}",
        "เลขบัตร ปชช.: {value}",  # ปชช.: ประชาชน abbreviated, as chats write it
    ],
)
@pytest.mark.parametrize("value", PUBLISHED)
def test_national_id(builtin: Engine, text: str, value: str) -> None:
    """A Thai national ID named so is TH_NATIONAL_ID, FATAL, TH-PDPA."""
    assert_found(builtin, text.format(value=value), value, "TH_NATIONAL_ID")


@pytest.mark.parametrize(
    "text",
    [
        "เลขประจำตัวประชาชน 1-2345-45678-78-9",  # python-stdnum: wrong check digit
        "เลขประจำตัวประชาชน 0100600445635",  # never starts with 0
        "เลขประจำตัวประชาชน 9100600445635",  # nor with 9
        "หมายเลขคำสั่งซื้อ 3100600445635",  # an order number: no context word
    ],
)
def test_not_national_id(builtin: Engine, text: str) -> None:
    """A failing check, an impossible first digit, or no context word: no Thai ID."""
    assert_absent(builtin, text, "TH_NATIONAL_ID")


def test_context_inside_running_thai(builtin: Engine) -> None:
    """นายสมชายมีเลขประจำตัวประชาชน ...: the word is glued to มี before it."""
    text = "นายสมชายมีเลขประจำตัวประชาชน 3100600445635"
    assert_found(builtin, text, "3100600445635", "TH_NATIONAL_ID")


def test_a_users_context_word_is_folded_like_the_text() -> None:
    """A playbook's own Thai context word, typed as Thai keyboards type it, works."""
    rule = {
        "id": "acme.thai_id",
        "type": "checked",
        "category": "THAI_ID",
        "pattern": "(?<![0-9])[1-8][0-9]{12}(?![0-9])",
        "options": {
            "check": "stdnum:th.pin",
            "prefilter": "[0-9]{13}",
            "context": ["เลขประจำตัวประชาชน"],
            "context_required": True,
        },
    }
    playbook = parse_playbook(json.dumps({"pack_id": "acme.thai", "rules": [rule]}))
    engine = Engine.for_pack(playbook, CommunityLicense())
    assert engine.evaluate("เลขประจำตัวประชาชน 3100600445635").triggers
