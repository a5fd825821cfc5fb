"""A value labelled by a field name (``"date_of_birth": ...``) streams as evaluate redacts it."""

from __future__ import annotations

import pytest
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
