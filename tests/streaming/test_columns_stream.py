"""Values named by their table's header stream as evaluate redacts them, however the
table is cut into pieces (engine_core.evaluation.columns.StreamColumns)."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from streaming_support import pieces, run_stream

from engine_core import Engine
from tests.core.test_columns import fixed_width_register, valid_bsns, ward_list


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def _table(rows: int, seed: int, delimiter: str = ";", markdown: bool = False) -> str:
    """A table whose BSN column is named only by its header, between prose."""
    numbers = valid_bsns(rows, seed)
    cells = [["naam", "BSN", "klantnummer"]] + [
        [f"Klant {i}", number, f"K-{1_000 + i}"] for i, number in enumerate(numbers)
    ]
    if markdown:
        lines = ["| " + " | ".join(row) + " |" for row in cells]
        lines.insert(1, "|---|---|---|")
    else:
        lines = [delimiter.join(row) for row in cells]
    return "Export van vandaag:\n" + "\n".join(lines) + "\nEinde van de export.\n"


def _streamed(engine: Engine, text: str, sizes: list[int]) -> str:
    session = engine.stream_session(block_on_fatal=False)
    return run_stream(session, pieces(text, sizes)).text


@pytest.mark.parametrize("size", [1, 4, 16, 256])
@pytest.mark.parametrize("markdown", [False, True])
def test_a_named_column_streams_as_evaluate_redacts_it(
    engine: Engine, size: int, markdown: bool
) -> None:
    text = _table(40, seed=size, markdown=markdown)
    clean = engine.evaluate(text).remedy.clean_text
    assert not any(number in clean for number in valid_bsns(40, seed=size))
    assert _streamed(engine, text, [size]) == clean


@pytest.mark.parametrize("size", [1, 4, 16, 256])
def test_a_fixed_width_table_with_empty_fields_streams_as_evaluate_redacts_it(
    engine: Engine, size: int
) -> None:
    numbers = valid_bsns(30, seed=40 + size)
    text = "Uitdraai:\n" + fixed_width_register(numbers) + "Einde.\n"
    clean = engine.evaluate(text).remedy.clean_text
    assert numbers[-1] not in clean
    assert _streamed(engine, text, [size]) == clean


@pytest.mark.parametrize("size", [1, 4, 16, 256])
def test_a_listing_with_fields_one_space_apart_streams_as_evaluate_redacts_it(
    engine: Engine, size: int
) -> None:
    text, numbers, dates = ward_list(seed=50 + size)
    clean = engine.evaluate(text).remedy.clean_text
    assert not any(value in clean for value in [*numbers, *dates])
    assert _streamed(engine, text, [size]) == clean


@pytest.mark.parametrize("size", [1, 4, 16, 256])
def test_a_pipe_table_with_a_row_of_another_count_streams_as_evaluate_redacts_it(
    engine: Engine, size: int
) -> None:
    numbers = valid_bsns(30, seed=60 + size)
    rows = "\n".join(f"| Klant {i} | {number} | Delft |" for i, number in enumerate(numbers))
    text = f"| naam | BSN | plaats |\n…ered on portal | pending |\n{rows}\nEinde.\n"
    clean = engine.evaluate(text).remedy.clean_text
    assert not any(number in clean for number in numbers)
    assert _streamed(engine, text, [size]) == clean


def test_a_long_table_streams_as_evaluate_redacts_it(engine: Engine) -> None:
    # Longer than a fast stream's wait between scans: the header is long released and
    # dropped from the buffer when the last rows arrive.
    text = _table(9000, seed=1, delimiter=",")
    assert len(text) > 200_000
    clean = engine.evaluate(text).remedy.clean_text
    assert valid_bsns(9000, seed=1)[-1] not in clean
    assert _streamed(engine, text, [4096]) == clean
    assert _streamed(engine, text, [61, 4099, 7]) == clean


def test_rows_that_arrive_after_a_pause_are_named_by_the_header_before_it(
    engine: Engine,
) -> None:
    header, rows = (
        "naam;BSN;plaats\n",
        "".join(f"Klant {i};{number};Delft\n" for i, number in enumerate(valid_bsns(30, seed=9))),
    )
    session = engine.stream_session(block_on_fatal=False)
    released = "".join(chunk.text for chunk in session.push(header))
    released += "".join(chunk.text for chunk in session.push("Klant x;"))
    for piece in pieces(rows, [5]):
        released += "".join(chunk.text for chunk in session.push(piece))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == engine.evaluate(header + "Klant x;" + rows).remedy.clean_text


def test_a_line_too_long_for_a_table_ends_it_in_a_stream_too(engine: Engine) -> None:
    numbers = valid_bsns(30, seed=4)
    text = (
        "naam;BSN\n"
        + "".join(f"Klant {i};{number}\n" for i, number in enumerate(numbers[:10]))
        + "x" * 5000
        + ";y\n"
        + "".join(f"Klant {i};{number}\n" for i, number in enumerate(numbers[10:]))
    )
    clean = engine.evaluate(text).remedy.clean_text
    assert numbers[0] not in clean
    assert numbers[-1] in clean
    for size in (1, 16, 4096):
        assert _streamed(engine, text, [size]) == clean


@settings(max_examples=30, deadline=None)
# A BSN in a row's named cell and again in an earlier cell of that row: the earlier one
# waits until the named one is settled (it is redacted as its occurrence).
@example(rows=17, seed=290, delimiter="\t", sizes=[76, 1, 17, 32], breaks=["", "\r", ""])
@given(
    rows=st.integers(min_value=0, max_value=25),
    seed=st.integers(min_value=0, max_value=10_000),
    delimiter=st.sampled_from([";", ",", "\t", "|", "   ", "html"]),
    sizes=st.lists(st.integers(min_value=1, max_value=90), min_size=1, max_size=4),
    breaks=st.lists(st.sampled_from(["", "\n", "x\n", "\r"]), min_size=3, max_size=3),
)
def test_tables_stream_exactly_as_evaluate_redacts_them(
    engine: Engine,
    rows: int,
    seed: int,
    delimiter: str,
    sizes: list[int],
    breaks: list[str],
) -> None:
    # Cells drawn apart from the numbers: one stream of both made some filler cells equal
    # to a later row's BSN, an occurrence released before the text that makes it a value.
    rng = random.Random(f"cells {seed}")
    numbers = valid_bsns(rows, seed)

    def joined(cells: list[str], tag: str = "td") -> str:
        if delimiter == "html":
            return "<tr>" + "".join(f"<{tag}>{cell}</{tag}>" for cell in cells) + "</tr>"
        return delimiter.join(cells)

    header = joined(rng.sample(["naam", "BSN", "burgerservicenummer", "id", "stad"], 3), "th")
    lines = [header] if delimiter != "html" else ["<table>", header, "<tbody>"]
    for number in numbers:
        cells = [rng.choice([number, "Delft", f"{rng.randrange(10**8, 10**9)}"]) for _ in range(3)]
        lines.append(joined(cells) + rng.choice(breaks))
    if delimiter == "html" and rng.random() < 0.5:
        lines += ["</tbody>", "</table>", joined(["Delft", f"{numbers[0] if numbers else 1}", "x"])]
    text = "\n".join(lines) + "\n"
    assert _streamed(engine, text, sizes) == engine.evaluate(text).remedy.clean_text


@settings(max_examples=30, deadline=None)
@given(
    statements=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=10_000),
    sizes=st.lists(st.integers(min_value=1, max_value=90), min_size=1, max_size=4),
    newline_at_end=st.booleans(),
)
def test_sql_inserts_stream_exactly_as_evaluate_redacts_them(
    engine: Engine, statements: int, seed: int, sizes: list[int], newline_at_end: bool
) -> None:
    """A value named by an INSERT's column list is held until its line is whole."""
    rng = random.Random(seed)
    numbers = valid_bsns(3 * statements, seed)
    lines = []
    for index in range(statements):
        rows = ", ".join(
            f"({index}, 'Klant', 'belt graag terug na de lunch, liefst na twee uur', "
            f"'{numbers[3 * index + row]}')"
            for row in range(rng.randrange(1, 4))
        )
        keyword = rng.choice(["VALUES", "values"])
        # The rows on the INSERT's line, or one per line after it.
        joint = rng.choice([" ", "\n  "])
        rows = rows.replace("), (", f"),{joint}(")
        lines.append(f"INSERT INTO klanten (id, naam, opmerking, bsn) {keyword}{joint}{rows};")
        lines.append(rng.choice(["-- done", "", f"prose {numbers[3 * index]} again"]))
    text = "\n".join(lines) + ("\n" if newline_at_end else "")
    clean = engine.evaluate(text).remedy.clean_text
    assert numbers[0] not in clean
    assert _streamed(engine, text, sizes) == clean


@settings(max_examples=30, deadline=None)
@given(
    messages=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10_000),
    sizes=st.lists(st.integers(min_value=1, max_value=90), min_size=1, max_size=4),
    separator=st.sampled_from(["\r", "\n", "\r\n"]),
    newline_at_end=st.booleans(),
)
def test_hl7_segments_stream_exactly_as_evaluate_redacts_them(
    engine: Engine,
    messages: int,
    seed: int,
    sizes: list[int],
    separator: str,
    newline_at_end: bool,
) -> None:
    """A value named by its place in a segment is held until the segment is whole."""
    rng = random.Random(seed)
    numbers = valid_bsns(messages, seed)
    text = ""
    for index in range(messages):
        year = rng.randrange(1930, 2005)
        segments = [
            f"MSH|^~\\&|LAB|ZH|EPD|ZH|2024031208{index:02}||ADT^A01|M{index}|P|2.5",
            f"PID|{index + 1}||{numbers[index]}^^^NLMINBIZA^NNNLD||Jansen^Anna||{year}0312|F",
            rng.choice(["PV1|1|I|W1", f"NK1|1|Jansen^Piet|SPO{'|' * 13}{year - 2}0101"]),
        ]
        text += separator.join(segments) + separator
        text += rng.choice(["", "\n", "Opmerking: geen.\n"])
    if not newline_at_end:
        text = text.rstrip("\r\n")
    clean = engine.evaluate(text).remedy.clean_text
    assert numbers[0] not in clean
    assert _streamed(engine, text, sizes) == clean


#: A segment whose named value is whole long before the segment's line is: HL7's PID-7,
#: and a PAXLST's DOC on one line with the segments after it.
_LONG_SEGMENTS = {
    "19740312": "PID|1||||Jansen^Anna||19740312|F|||"
    + "Kerkstraat 1^^Delft^^2611 AB~" * 40
    + "\rPV1|1\r",
    "AAZ758431": "UNH+1+PAXLST'DOC+P:110:111+AAZ758431'DTM+36:291218'LOC+91+ESP'"
    + "FTX+AAH+++NO REMARKS'" * 100
    + "\n",
}


@pytest.mark.parametrize("size", [1, 7, 64])
@pytest.mark.parametrize("value", sorted(_LONG_SEGMENTS))
def test_a_named_field_long_before_its_segment_ends_is_held(
    engine: Engine, size: int, value: str
) -> None:
    text = _LONG_SEGMENTS[value]
    clean = engine.evaluate(text).remedy.clean_text
    assert value not in clean
    assert _streamed(engine, text, [size]) == clean


@settings(max_examples=30, deadline=None)
@given(
    passengers=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10_000),
    sizes=st.lists(st.integers(min_value=1, max_value=90), min_size=1, max_size=4),
    one_line=st.booleans(),
)
def test_travel_documents_stream_exactly_as_evaluate_redacts_them(
    engine: Engine, passengers: int, seed: int, sizes: list[int], one_line: bool
) -> None:
    """PAXLST DOC segments and SSR DOCS elements: named once their segment is whole."""
    rng = random.Random(seed)
    numbers = [
        f"A{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randrange(10**6, 10**7)}"
        for _ in range(passengers)
    ]
    segments = ["UNH+1+PAXLST:D:05B:UN:IATA+BA0749/240315/0130+01:F'", "BGM+745'"]
    booking = ["RP/LHR1A0486/LHR1A0707  AA/SU  10JAN24/0641Z   RSJJY2"]
    for index, number in enumerate(numbers):
        birth = (
            f"{rng.randrange(1, 28):02}{rng.choice(['JAN', 'MAR', 'NOV'])}{rng.randrange(50, 99)}"
        )
        segments += [
            f"NAD+FL+++PASSENGER{index}:TEST'",
            f"DTM+329:{rng.randrange(50, 99)}0{rng.randrange(1, 9)}1{rng.randrange(0, 9)}'",
            f"DOC+P:110:111+{number}'",
            "LOC+91+ESP'",
        ]
        booking.append(f"  {index + 3} SSR DOCS IB HK1 P/ESP/{number}/ESP/{birth}/F/07AUG29/P/T")
    text = ("" if one_line else "\n").join(segments) + "\nUNT+9+1'\n" + "\n".join(booking)
    clean = engine.evaluate(text).remedy.clean_text
    assert numbers[0] not in clean
    assert _streamed(engine, text, sizes) == clean


@settings(max_examples=30, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=10_000),
    sizes=st.lists(st.integers(min_value=1, max_value=90), min_size=1, max_size=4),
)
def test_a_dump_without_column_lists_streams_exactly_as_evaluate_redacts_it(
    engine: Engine, tables: int, seed: int, sizes: list[int]
) -> None:
    """An INSERT without a column list is named by its table's CREATE TABLE, read whole
    however the stream cuts it (a definition arriving over several scans)."""
    rng = random.Random(seed)
    numbers = valid_bsns(3 * tables, seed)
    lines = []
    for index in range(tables):
        name = rng.choice(["klanten", "leden", "`relaties`"])
        columns = ["`id` int NOT NULL", "`naam` varchar(80)", "`opmerking` text"]
        columns.insert(rng.randrange(4), "`bsn` char(9) DEFAULT NULL")
        place = [column.split()[0].strip("`") for column in columns].index("bsn")
        lines.append(
            f"CREATE TABLE {name} (\n  " + ",\n  ".join(columns) + ",\n  PRIMARY KEY (`id`)\n);"
        )
        rows = []
        for row in range(rng.randrange(1, 4)):
            cells = [str(row), "'Klant'", "'belt graag terug na de lunch, liefst na twee uur'"]
            cells.insert(place, f"'{numbers[3 * index + row]}'")
            rows.append("(" + ",".join(cells) + ")")
        lines.append(f"INSERT INTO {name} VALUES " + ",".join(rows) + ";")
        lines.append(rng.choice(["UNLOCK TABLES;", "", f"-- {numbers[3 * index]} again"]))
    text = "\n".join(lines) + "\n"
    clean = engine.evaluate(text).remedy.clean_text
    assert numbers[0] not in clean
    assert _streamed(engine, text, sizes) == clean
