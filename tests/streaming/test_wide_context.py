"""Streams keep what a rule's context window reads: a word far before a value still counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streaming_support import pieces, run_stream

from engine_core import Engine
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook

#: A context window far wider than the characters a stream keeps for look-behind alone.
WIDE_WINDOW = 300

PLAYBOOK = f"""
pack_id: test.wide_context
rules:
  - id: test.member_number
    type: regex
    category: MEMBER_NUMBER
    severity: WARNING
    pattern: '(?<![0-9])[0-9]{{6}}(?![0-9])'
    options:
      context: [member number]
      context_window: {WIDE_WINDOW}
      context_required: true
"""


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine.for_pack(parse_playbook(PLAYBOOK), CommunityLicense())


def _streamed(engine: Engine, text: str, size: int) -> str:
    session = engine.stream_session(block_on_fatal=False)
    return run_stream(session, pieces(text, [size])).text


@pytest.mark.parametrize("size", [1, 4, 16, 256])
def test_a_value_far_after_its_word_is_redacted_in_a_stream_as_in_evaluate(
    engine: Engine, size: int
) -> None:
    filler = "and some other words in between " * 6  # about 190 characters
    text = f"Your member number, quoted below: {filler}is 482913 as on file. Thanks, the team. "
    clean = engine.evaluate(text).remedy.clean_text
    assert "482913" not in clean
    streamed = _streamed(engine, text, size)
    assert streamed == clean
    assert "482913" not in streamed


@settings(max_examples=25, deadline=None)
@given(
    gap=st.integers(min_value=0, max_value=WIDE_WINDOW + 40),
    size=st.sampled_from([1, 3, 7, 64]),
)
def test_a_stream_counts_a_word_exactly_where_evaluate_does(
    engine: Engine, gap: int, size: int
) -> None:
    filler = ("x " * gap)[:gap]
    text = f"member number {filler}482913 is the one. More text follows here to release. "
    assert _streamed(engine, text, size) == engine.evaluate(text).remedy.clean_text
