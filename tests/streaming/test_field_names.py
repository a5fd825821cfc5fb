"""A value labelled by a field name (``"date_of_birth": ...``) streams as evaluate redacts it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streaming_support import pieces, run_stream

from engine_core import Engine

RECORDS = (
    '{"id": 7, "dateOfBirth": "1985-03-12", "nhs_number": "943 476 5919", "note": "ok"}\n'
    "ts=2024-05-01T10:00:00Z user.date-of-birth=12/03/1985 status=200 size=512\n"
    "NAME,DATE_OF_BIRTH,NHS_NUMBER\nJane Roe,1985-03-12,943 476 5919\n"
)


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


@pytest.mark.parametrize("size", [1, 4, 16, 256])
def test_field_named_values_are_redacted_in_a_stream_as_in_evaluate(
    engine: Engine, size: int
) -> None:
    clean = engine.evaluate(RECORDS).remedy.clean_text
    assert "1985-03-12" not in clean
    assert "943 476 5919" not in clean
    session = engine.stream_session(block_on_fatal=False)
    assert run_stream(session, pieces(RECORDS, [size])).text == clean


@settings(max_examples=40, deadline=None)
@given(
    gap=st.integers(min_value=0, max_value=60),
    sizes=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=3),
    phrase=st.sampled_from(["Birthday party", "birthday card", "birthday", "DOB"]),
)
def test_a_phrase_that_unnames_a_word_streams_as_evaluate_reads_it(
    engine: Engine, gap: int, sizes: list[int], phrase: str
) -> None:
    """``birthday party`` is no birth-date word (``context_except``), wherever the window
    around a date ends and however the text arrives."""
    text = f"Order 1985-03-12 placed.{' ' * gap}{phrase} on 2023-03-31, DOB: 12/03/1961.\n"
    clean = engine.evaluate(text).remedy.clean_text
    assert "12/03/1961" not in clean
    session = engine.stream_session(block_on_fatal=False)
    assert run_stream(session, pieces(text, sizes)).text == clean


@settings(max_examples=40, deadline=None)
@given(
    gap=st.integers(min_value=0, max_value=60),
    sizes=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=3),
    lead=st.sampled_from(["born ", "born: ", "I was born and raised; ", "Born in 1961, on "]),
)
def test_a_label_word_streams_as_evaluate_reads_it(
    engine: Engine, gap: int, sizes: list[int], lead: str
) -> None:
    """``born`` names only the date right after it (``context_label``), however the text
    arrives: a stream releases what ``evaluate`` leaves."""
    text = f"Order 1985-03-12 placed.{' ' * gap}{lead}12/03/1961 was noted.\n"
    clean = engine.evaluate(text).remedy.clean_text
    session = engine.stream_session(block_on_fatal=False)
    assert run_stream(session, pieces(text, sizes)).text == clean
