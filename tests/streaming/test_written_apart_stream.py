"""Values written apart after their label stream as ``evaluate`` reads them: a run of
groups that more text could extend is held until it ends (docs/architecture.md,
"Anti-evasion")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streaming_support import pieces, run_stream

from engine_core import Engine

#: python-stdnum's examples (pl.pesel, no.fodselsnummer, de.idnr, gb.nhs), written apart;
#: then a run that only its head would make valid, and a wrong check digit.
TEXTS = [
    "Numer PESEL: 4 4 0 5 1 4 0 1 3 5 9 ok, dzięki\n",
    "Fnr.: 15108\n695088\nagain later\n",
    "IdNr. = «3657 - 4261 - 809»\n",
    "NHS No.: 94347\n65919 (94347\n65919)\n",
    "BSN: 1 1 1 2 2 2 3 3 3 4 is an order\n",
    "Numer PESEL: 4 4 0 5 1 4 0 1 3 5 8\n",
    # A column-padded form wrapping its value, a number's abbreviation, a regrouping.
    "PESEL:                 44051\n                       401359\nok\n",
    "PESEL nr 44051 401359 ok\n",
    "PESEL (pacjenta): 44051 401359 ok\n",
    "PESEL = 44.0514.0135.9 ok\n",
    # A rule the label only confirms, two values joined, small letters, a table's border.
    "IBAN: BE62-5100-0754-7061 ok\n",
    "SV-Nummer: 1237 0101 80 / 12 37 01 01 80 ok\n",
    '"pps_number": "6433435f"\n',
    "| SV-Nummer | 1 2 3 7 0 1 0 1 8 0 |\n",
    "Isikukood: 3760125 | 8411 |\n",
    # The longest gaps: a form's padding, and a reply to a question naming the value.
    "Numer PESEL:" + " " * 44 + "4 4 0 5 1 4 0 1 3 5 9 ok\n",
    "Agent: your PESEL please\nCaller: okay so 4 4 0 5 1 4 0 1 3 5 9 thanks\n",
]


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


@settings(max_examples=60, deadline=None)
@given(
    text=st.sampled_from(TEXTS),
    sizes=st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=4),
)
def test_a_value_written_apart_streams_as_evaluate_reads_it(
    engine: Engine, text: str, sizes: list[int]
) -> None:
    """However the text arrives, the stream releases what ``evaluate`` leaves."""
    clean = engine.evaluate(text).remedy.clean_text
    session = engine.stream_session(block_on_fatal=False)
    assert run_stream(session, pieces(text, sizes)).text == clean
