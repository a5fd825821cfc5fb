"""A stream's scan searches a context-only group around its words and in its tail alone
(engine_core.evaluation.scanning, docs/architecture.md "Context"): what it releases is
what evaluate returns, no value is released and no redaction token is split."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streaming_support import (
    assert_no_split,
    assert_no_value_released,
    expected,
    pieces,
    propagated_backwards,
    run_stream,
)

from engine_core import Engine
from engine_core.evaluation.scanning import STREAM_NEAR_WORDS_FROM, Scanner
from engine_core.normalization import normalized_view
from tests.quality.catalogue_corpus import generate

_PROSE = "Nothing in this sentence is a value, nor a label of one. "
_RECORDS = [record.text for record in generate(600) if normalized_view(record.text) is None]


@contextmanager
def _searched_near_words() -> Iterator[list[str]]:
    """Record the rule ids of the groups the stream's scans search near their words."""
    searched: list[str] = []
    original = Scanner._near_words

    def recording(self: Scanner, *args: Any, **kwargs: Any) -> Any:
        chosen = original(self, *args, **kwargs)
        if kwargs.get("stream"):
            searched.extend(rule.rule_id for located, _ in chosen for rule in located.group.rules)
        return chosen

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Scanner, "_near_words", recording)
        yield searched


def _text(first: int, count: int, filler: int) -> str:
    """Catalogue records (labels and values in their languages) with prose between them."""
    records = [_RECORDS[(first + i) % len(_RECORDS)] for i in range(count)]
    return ("\n" + _PROSE * filler + "\n").join(records) + "\n" + _PROSE * 8


@settings(max_examples=8, deadline=None)
@given(
    first=st.integers(0, len(_RECORDS) - 1),
    count=st.integers(24, 40),
    filler=st.integers(8, 12),
    sizes=st.sampled_from([[16], [256], [1000], [3, 97, 700]]),
)
def test_a_stream_releases_what_evaluate_returns_when_searching_near_words(
    built: Engine,
    first: int,
    count: int,
    filler: int,
    sizes: list[int],
) -> None:
    text = _text(first, count, filler)
    assert len(text) > 2 * STREAM_NEAR_WORDS_FROM
    compiled = built.compiled_pack
    if propagated_backwards(compiled, text):
        return  # the one case a stream, which cannot see ahead, releases differently
    run = run_stream(built.stream_session(block_on_fatal=False), pieces(text, sizes))
    assert run.blocked is None
    assert run.text == built.evaluate(text).remedy.clean_text
    exp = expected(compiled, text)
    assert_no_value_released(text, exp, run.released)
    assert_no_split(run.released, exp.tokens)


@pytest.mark.parametrize("sizes", [[4], [16], [256], [3, 97, 700]])
def test_phones_near_their_words_are_redacted_as_evaluate_redacts_them(
    built: Engine, sizes: list[int]
) -> None:
    labelled = "Call me on 020 7946 0958 tomorrow.\n"
    unlabelled = "Reference 020 7946 0959 is an order.\n"
    text = (labelled + _PROSE * 10 + unlabelled + _PROSE * 10) * 12
    with _searched_near_words() as searched:
        run = run_stream(built.stream_session(block_on_fatal=False), pieces(text, sizes))
    assert "intl.phone_en" in searched  # the path is taken
    assert run.text == built.evaluate(text).remedy.clean_text
    assert "0958" not in run.text


@pytest.mark.parametrize("gap", [0, 30, 60, 200])
def test_a_scan_near_words_holds_what_a_word_still_to_come_could_make_count(
    built: Engine, gap: int
) -> None:
    """A stream's scan that searches the phone rules near their words alone still gives the
    candidates near the end that a whole scan gives: a word arriving after them (here,
    "mobile") may make them count, so the stream never cuts inside them."""
    compiled = built.compiled_pack
    scanner = compiled._scanner
    text = _PROSE * 60 + "The call centre is closed. " + _PROSE * gap + "Then 02 9374 4000, and "
    skippable = frozenset(rule.index for rule in compiled.rules if rule.context is not None)
    unmet, words = compiled._context_words.locate(text)
    skip = unmet & skippable
    whole = scanner.stream_candidates(text, 0, skip, None, None)
    near = scanner.stream_candidates(text, 0, skip, None, words)
    (rule,) = [rule for rule in compiled.rules if rule.rule_id == "intl.phone_en"]
    first, last = text.index("02 9374"), text.index("02 9374") + len("02 9374 4000")
    for found in (whole, near):
        assert any(low <= first and last <= high for low, high in found.candidates[rule.index])
    assert set(near.candidates[rule.index]) <= set(whole.candidates[rule.index])
