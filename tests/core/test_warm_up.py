"""A pack answers the same before the context words' database has compiled as after
(docs/architecture.md, "Context"): that database only makes a scan faster, so a request
in a server's first seconds is decided as every later one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.evaluation import CompiledPack
from engine_core.evaluation.context_words import ContextWords
from engine_core.packs.playbook import effective_rules
from engine_core.plugins import get_registries

# Values: published examples (a test card, GB 11643's resident ID, python-stdnum's PESEL).
TEXTS = [
    # "tin" inside "ITIN" is a word to a plain substring search, not to the rule's own.
    "ITIN: 912-93-4567\nCard number: 3782-822-463-100-05. Thanks",
    # A label that holds a shorter one (身份证号码 inside 居民身份证号码).
    "居民身份证号码:                         11010519\n        491231002X\n银行卡号: none",
    "Passport number?\n[00:01:59] Caller: mm, P818 9640 A",
    "Numer PESEL: 4 4 0 5 1 4 0 1 3 5 9, tel. 601 234 567",
    "Mobile: 07700 900123\nCard number: 3782-822-463-100-05. DDA account: 106573956524\n",
]
# Another rule's word far from the value: the value's own label still names it.
FAR_TIN = "TIN 123-456-789-000 on file. " + "x " * 150 + "\nCard number: 3782-822-463-100-05."


def _compiled(*, words_database: bool) -> CompiledPack:
    """The built-in pack compiled anew, its words' database compiled or never."""
    declaration = Engine().compiled_pack.declaration
    registries = get_registries()
    pack = CompiledPack(declaration, effective_rules(declaration, registries), registries)
    if words_database:
        assert pack.wait_background(timeout=120)
    return pack


@pytest.fixture(scope="module")
def packs() -> tuple[CompiledPack, CompiledPack]:
    """(compiled, before compiling): the second's database is never compiled."""
    warm = _compiled(words_database=True)
    never = ContextWords._compile_positions
    ContextWords._compile_positions = lambda self, words, heads: self._located.set()  # type: ignore[method-assign]
    try:
        cold = _compiled(words_database=False)
    finally:
        ContextWords._compile_positions = never  # type: ignore[method-assign]
    assert cold.locate_words("Card number")[1] is None  # it says where no word is
    return warm, cold


def _answer(pack: CompiledPack, text: str) -> tuple[object, ...]:
    verdict = pack.decide(text)
    return verdict.action, verdict.remedy.clean_text, verdict.triggers


@pytest.mark.parametrize("text", [*TEXTS, FAR_TIN])
def test_the_same_answer_before_and_after_the_database_compiles(
    packs: tuple[CompiledPack, CompiledPack], text: str
) -> None:
    warm, cold = packs
    assert _answer(cold, text) == _answer(warm, text)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([*TEXTS, "x " * 60, "\n", "TIN 123-456-789-000 "]), max_size=5))
def test_any_mix_is_answered_the_same(
    packs: tuple[CompiledPack, CompiledPack], pieces: list[str]
) -> None:
    warm, cold = packs
    text = "".join(pieces)
    assert _answer(cold, text) == _answer(warm, text)


def test_another_rules_word_elsewhere_takes_no_value_from_a_label() -> None:
    """A Philippine TIN's word far away makes that rule run, but its match inside the card
    (no TIN word near it) does not count, so the card's label names the card."""
    found = {t.rule_id: t.matched_items for t in Engine().evaluate(FAR_TIN).triggers}
    assert found["credit_card"] == ("3782-822-463-100-05",)
    assert found["ph.tin"] == ("123-456-789-000",)
