"""A table's header cell names the values in its column (engine_core.evaluation.columns,
docs/architecture.md "Context"): rows far below their header are found as near ones."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from stdnum.gb import nhs
from stdnum.nl import bsn

from engine_core import Engine
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook

#: Enough rows that most of them are far beyond any rule's context window.
ROWS = 30


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def _valid_numbers(
    is_valid: Callable[[str], bool], low: int, high: int, count: int, seed: int
) -> list[str]:
    """``count`` numbers drawn from ``[low, high)`` that python-stdnum's ``is_valid`` takes."""
    rng = random.Random(seed)
    numbers: list[str] = []
    while len(numbers) < count:
        candidate = f"{rng.randrange(low, high)}"
        if is_valid(candidate):
            numbers.append(candidate)
    return numbers


def _nhs_numbers(count: int, seed: int = 3) -> list[str]:
    """Valid NHS numbers (mod-11 check digit, by python-stdnum), written 3-3-4."""
    drawn = _valid_numbers(nhs.is_valid, 4_000_000_000, 4_999_999_999, count, seed)
    return [f"{number[:3]} {number[3:6]} {number[6:]}" for number in drawn]


def valid_bsns(count: int, seed: int = 5) -> list[str]:
    """Valid Dutch BSNs (the 11-test, from python-stdnum)."""
    return _valid_numbers(bsn.is_valid, 100_000_000, 999_999_999, count, seed)


def _found(engine: Engine, text: str) -> dict[str, list[str]]:
    """Per category, the values the built-in pack reports in ``text``."""
    found: dict[str, list[str]] = {}
    for finding in engine.compiled_pack.find(text):
        found.setdefault(finding.rule.category, []).extend(text[a:b] for a, b in finding.spans)
    return found


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("id,name,nhs_number,dob", "{i},Ann Roe,{nhs},{dob}"),
        ('"id";"Name";"NHS Number";"Date of birth"', '{i};"Roe, Ann";{nhs};{dob}'),
        ("id\tname\tNHSNumber\tDateOfBirth", "{i}\tAnn Roe\t{nhs}\t{dob}"),
        (
            "| id | Name | NHS No. | DOB (dd/mm/yyyy) |\n|---:|---|:---:|---|",
            "| {i} | Ann | {nhs} | {dob} |",
        ),
        (
            "Patient            NHS Number      Date of birth\n" + "-" * 48,
            "Ann Roe {i:<9}  {nhs}    {dob}",
        ),
        (
            '<table class="grid">\n  <thead><tr><th>id</th><th>Name</th><th>NHS Number</th>'
            "<th>Date of birth</th></tr></thead>\n  <tbody>",
            '    <tr><td>{i}</td><td class="name">Ann Roe</td><td>{nhs}</td><td>{dob}</td></tr>',
        ),
        # pandas prints each row's index before its cells, under no header cell.
        ("           name    nhs_number         dob", "{i:<4}  Ann Roe  {nhs}  {dob}"),
        # A form's title, place and date (as many cells as the header), underlined with =,
        # above a space-aligned table whose rows keep their padding: the title is no table
        # with the columns below it.
        (
            "REGISTRATION FORM   Leeds   02/01/2023\n"
            + "=" * 48
            + "\nPatient            NHS Number      Date of birth\n"
            + "-" * 48,
            "Ann Roe {i:<9}  {nhs}    {dob}    ",
        ),
    ],
    ids=[
        "csv",
        "quoted-semicolons",
        "tsv-camel-case",
        "markdown",
        "aligned-with-spaces",
        "html",
        "data-frame-printout",
        "under-a-dated-title",
    ],
)
def test_every_row_of_a_named_column_is_found(engine: Engine, header: str, row: str) -> None:
    numbers = _nhs_numbers(ROWS)
    dates = [f"{day:02d}/0{1 + day % 9}/19{50 + day}" for day in range(1, ROWS + 1)]
    lines = [row.format(i=i, nhs=numbers[i], dob=dates[i]) for i in range(ROWS)]
    text = "Patients seen this week\n" + header + "\n" + "\n".join(lines) + "\n"
    found = _found(engine, text)
    assert sorted(found.get("UK_NHS", [])) == sorted(numbers)
    assert sorted(found.get("DATE_OF_BIRTH", [])) == sorted(dates)
    clean = engine.evaluate(text).remedy.clean_text
    assert not any(number in clean for number in numbers)


def test_without_the_header_the_far_rows_are_not_named(engine: Engine) -> None:
    numbers = valid_bsns(ROWS)
    rows = "\n".join(f"{i};Jan;{number};Utrecht" for i, number in enumerate(numbers))
    assert sorted(_found(engine, f"id;naam;BSN;plaats\n{rows}\n")["NL_BSN"]) == sorted(numbers)
    # The same rows under a header that names nothing: numbers, not BSNs.
    assert "NL_BSN" not in _found(engine, f"id;naam;klantnummer;plaats\n{rows}\n")


def test_a_header_names_only_its_own_column(engine: Engine) -> None:
    numbers = valid_bsns(2 * ROWS)
    rows = "\n".join(f"{numbers[2 * i]},{numbers[2 * i + 1]}" for i in range(ROWS))
    found = _found(engine, f"bsn,order_id\n{rows}\n")
    assert sorted(found["NL_BSN"]) == sorted(numbers[0::2])
    # The BSN header is no context for the order ids, not even in the first row.
    assert not set(found["NL_BSN"]) & set(numbers[1::2])


@pytest.mark.parametrize(
    ("before", "cells"),
    [
        ("BSN,plaats\n", 2),  # a table: the control
        # Prose split at its commas is no table: a clause too long to be a name.
        (
            "Please note my BSN, which the clerk at the front desk of the town hall asked me"
            " for, below\n",
            3,
        ),
        # A header holds names, not values.
        ("BSN 123,plaats\n", 2),
        # A line with the same count above: this is a row, not a header.
        ("Jan,Delft\nBSN,plaats\n", 2),
        # A blank line ends a table; so does a line of another count.
        ("BSN,plaats\n\n", 2),
        ("BSN,plaats\nmoved away\n", 2),
        ("BSN,plaats\n1,Delft,extra\n", 2),
    ],
    ids=["table", "prose", "digits-in-header", "row-above", "blank", "other-line", "other-count"],
)
def test_what_is_no_table_names_nothing(engine: Engine, before: str, cells: int) -> None:
    number = valid_bsns(1, seed=11)[0]
    filler = "".join(f"{i}" + ",x" * (cells - 1) + "\n" for i in range(ROWS))
    text = before + filler + number + ",x" * (cells - 1) + "\n"
    assert ("NL_BSN" in _found(engine, text)) == (before == "BSN,plaats\n")


def test_a_label_in_the_cell_names_the_value_before_the_header() -> None:
    playbook = """
pack_id: test.columns
rules:
  - id: test.member
    type: regex
    category: MEMBER
    severity: WARNING
    pattern: '(?<![0-9])[0-9]{6}(?![0-9])'
    options: {context: [member id], context_required: true}
  - id: test.badge
    type: regex
    category: BADGE
    severity: WARNING
    pattern: '(?<![0-9])[0-9]{6}(?![0-9])'
    options: {context: [badge], context_required: true}
"""
    engine = Engine.for_pack(parse_playbook(playbook), CommunityLicense())
    text = "name|member id\nAnn|482913\nBob|badge 551920\n"
    found = {
        text[a:b]: finding.rule.category
        for finding in engine.compiled_pack.find(text)
        for a, b in finding.spans
    }
    assert found == {"482913": "MEMBER", "551920": "BADGE"}


def test_values_written_to_evade_are_found_under_their_header(engine: Engine) -> None:
    number = valid_bsns(1, seed=13)[0]
    wide = number.translate({ord(d): 0xFF10 + int(d) for d in "0123456789"})
    hidden = number[:4] + "\u200b" + number[4:]
    filler = "".join(f"Kees {i};-\n" for i in range(ROWS))
    text = f"naam;BSN\n{filler}Jan;{wide}\nPiet;{hidden}\n"
    found = _found(engine, text)
    assert sorted(found["NL_BSN"]) == sorted([wide, hidden])


def _insert(columns: str, rows: list[str], values: str = "VALUES") -> str:
    return f"INSERT INTO klanten ({columns}) {values} " + ", ".join(rows) + ";"


@pytest.mark.parametrize(
    "columns",
    [
        "id, naam, opmerking, bsn",
        "`id`, `naam`, `opmerking`, `bsn`",
        '"id", "naam", [opmerking], bsn',
    ],
    ids=["bare", "backquoted", "ansi-and-brackets"],
)
def test_an_sql_insert_names_its_values_by_its_column_list(engine: Engine, columns: str) -> None:
    """``INSERT INTO t (.., bsn) VALUES (.., '111222333')``: the column list is a header
    and each row of literals a row, however far the value is from the word."""
    numbers = valid_bsns(3, seed=17)
    rows = [
        f"({i}, 'Jan de Vries', 'belt graag na de lunch terug, liefst na twee uur', '{number}')"
        for i, number in enumerate(numbers)
    ]
    assert sorted(_found(engine, _insert(columns, rows))["NL_BSN"]) == sorted(numbers)


_COMMENT = "belt graag na de lunch terug, liefst na twee uur"


@pytest.mark.parametrize(
    ("opening", "row", "joint", "close", "after"),
    [
        (
            "INSERT INTO klanten (id, naam, opmerking, bsn) VALUES\n",
            "  ({i}, 'Jan', '{comment}', '{n}')",
            ",\n",
            ";\n",
            "(9, 'Piet', '{comment}', '{n}');\n",
        ),
        # pg_dump's COPY: tab-separated rows up to the end line \.
        (
            "COPY public.klanten (id, naam, opmerking, bsn) FROM stdin;\n",
            "{i}\tJan\t{comment}\t{n}",
            "\n",
            "\n\\.\n",
            "9\tJan\t{comment}\t{n}\n",  # right after the end line
        ),
    ],
    ids=["insert-values", "postgres-copy"],
)
def test_a_column_list_names_its_rows_on_the_lines_after_it(
    engine: Engine, opening: str, row: str, joint: str, close: str, after: str
) -> None:
    """``INSERT ... VALUES`` then a row per line up to the statement's ``;``, or ``COPY ...
    FROM stdin;`` then a row per line up to ``\\.``: every row is named, none after."""
    numbers = valid_bsns(4, seed=31)
    rows = joint.join(
        row.format(i=i, comment=_COMMENT, n=number) for i, number in enumerate(numbers[:3])
    )
    text = opening + rows + close + after.format(comment=_COMMENT, n=numbers[3])
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers[:3])


def test_an_sql_insert_names_only_the_literals_in_its_column(engine: Engine) -> None:
    first, second = valid_bsns(2, seed=19)
    text = _insert(
        "klantnummer, naam, bsn",
        [f"('{first}', 'Jan, de Vries', '{second}')", f"({first}, now(), NULL)"],
    )
    assert _found(engine, text)["NL_BSN"] == [second]


@pytest.mark.parametrize(
    "text",
    [
        # A row of another length is no row of this column list.
        _insert("id, naam, opmerking, bsn", ["(1, 'Jan', '{long} {n}')"]),
        # Only VALUES or values, as the cheap test before reading looks for them.
        _insert("id, naam, opmerking, bsn", ["(1, 'Jan', '{long}', '{n}')"], values="Values"),
        # No column list: nothing names the literals.
        "INSERT INTO klanten VALUES (1, 'Jan', '{long}', '{n}');",
    ],
    ids=["other-length", "mixed-case-values", "no-column-list"],
)
def test_what_is_no_sql_column_list_names_nothing(engine: Engine, text: str) -> None:
    number = valid_bsns(1, seed=23)[0]
    # The word is beyond the rule's window: only a column list could name the value.
    long = "belt graag na de lunch terug, liefst na twee uur"
    assert "NL_BSN" not in _found(engine, text.replace("{n}", number).replace("{long}", long))


#: mysqldump's layout: the table's definition, then its rows in one INSERT without a
#: column list (``--extended-insert``, the default).
_MYSQLDUMP = (
    "DROP TABLE IF EXISTS `klanten`;\n"
    "CREATE TABLE `klanten` (\n"
    "  `id` int NOT NULL AUTO_INCREMENT,\n"
    "  `naam` varchar(80) DEFAULT NULL,\n"
    "  `saldo` decimal(10,2) DEFAULT '0.00',\n"
    "  `opmerking` text COMMENT 'vrij veld, (niet verplicht)',\n"
    "  `bsn` char(9) DEFAULT NULL,\n"
    "  PRIMARY KEY (`id`),\n"
    "  KEY `idx_naam` (`naam`)\n"
    ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n\n"
    "LOCK TABLES `klanten` WRITE;\n"
    "INSERT INTO `klanten` VALUES {rows};\n"
    "UNLOCK TABLES;\n"
)
#: SQLite's ``.dump``: the definition on one line, one INSERT per row, ``VALUES(`` joined.
_SQLITE_DUMP = (
    "CREATE TABLE klanten(id INTEGER PRIMARY KEY, naam TEXT, saldo REAL, opmerking TEXT,"
    " bsn TEXT);\n{inserts}\nCOMMIT;\n"
)


def _rows(numbers: list[str]) -> list[str]:
    return [f"({i},'Jan de Vries',12.50,'{_COMMENT}','{n}')" for i, n in enumerate(numbers)]


def test_an_insert_without_a_column_list_takes_its_create_tables_columns(
    engine: Engine,
) -> None:
    """mysqldump writes ``INSERT INTO `t` VALUES (...),(...)``: the columns its ``CREATE
    TABLE`` defines (types with brackets, constraints and keys aside) name the literals."""
    numbers = valid_bsns(3, seed=37)
    text = _MYSQLDUMP.format(rows=",".join(_rows(numbers)))
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers)


def test_a_sqlite_dump_names_each_rows_values(engine: Engine) -> None:
    """SQLite's ``.dump``: a one-line CREATE TABLE, then ``INSERT INTO t VALUES(...);`` per
    row; a schema-qualified, quoted name is the same table."""
    numbers = valid_bsns(3, seed=41)
    inserts = "\n".join(f"INSERT INTO klanten VALUES{row};" for row in _rows(numbers[:2]))
    inserts += f'\nINSERT INTO "main"."KLANTEN" VALUES {_rows(numbers[2:])[0]};'
    text = _SQLITE_DUMP.format(inserts=inserts)
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers)


@pytest.mark.parametrize(
    "text",
    [
        # Another table's rows: its definition is not there.
        _MYSQLDUMP.replace("INSERT INTO `klanten`", "INSERT INTO `bestellingen`"),
        # The rows before the definition: nothing above names them.
        "INSERT INTO klanten VALUES {row};\n" + _SQLITE_DUMP.format(inserts=""),
        # A row of another length than the definition's columns.
        _SQLITE_DUMP.format(inserts="INSERT INTO klanten VALUES(1,'Jan','{long} {n}');"),
        # The column is named by no word.
        _SQLITE_DUMP.replace("bsn TEXT", "nummer TEXT").format(
            inserts="INSERT INTO klanten VALUES {row};"
        ),
    ],
    ids=["other-table", "rows-before-definition", "other-length", "no-word"],
)
def test_an_insert_without_its_tables_definition_names_nothing(engine: Engine, text: str) -> None:
    number = valid_bsns(1, seed=43)[0]
    row = _rows([number])[0]
    text = text.replace("{rows}", row).replace("{row}", row)
    text = text.replace("{n}", number).replace("{long}", _COMMENT)
    assert number in text
    assert "NL_BSN" not in _found(engine, text)


def test_a_header_word_confirms_the_rules_that_only_prefer_it(engine: Engine) -> None:
    """``personnummer`` in a header names the dashed Swedish number (a rule that does not
    need the word) as well as the bare one, over a phone word in the row."""
    text = "namn;kommentar;personnummer\nEva;ring efter lunch;811228-9874\n"
    assert _found(engine, text) == {"SE_PERSONNUMMER": ["811228-9874"]}


def test_an_html_table_ends_at_its_closing_tag(engine: Engine) -> None:
    """Rows after ``</table>`` belong to no table, even with as many cells."""
    first, second = valid_bsns(2, seed=29)
    filler = "".join(f"<tr><td>Kees {i}</td><td>-</td></tr>\n" for i in range(ROWS))
    text = (
        f"<table>\n<tr><th>naam</th><th>BSN</th></tr>\n{filler}"
        f"<tr><td>Jan</td><td>{first}</td></tr>\n</table>\n<table>\n"
        f"<tr><td>Piet</td><td>{second}</td></tr>\n</table>\n"
    )
    assert _found(engine, text)["NL_BSN"] == [first]


def test_a_word_that_labels_only_right_before_its_value_names_no_column(engine: Engine) -> None:
    """``my number`` right before a number is the writer's phone (a label only): as a
    header, ``my_number`` is Japan's My Number column, and a number under it that is no
    valid My Number is no phone either."""
    table = "name,my_number\nAnn Roe,046717164260\nBo Li,046717164260\n"
    assert "PHONE" not in _found(engine, table)
    assert _found(engine, "Hi, my number is 046717164260")["PHONE"] == ["046717164260"]


@pytest.mark.parametrize(
    "header",
    ["Imię\tur.\tPESEL\tTel", "Nume\tn.\tCNP\tTel", "Имя\tр.\tЕГН\tТел."],  # noqa: RUF001
)
def test_a_short_label_that_is_the_whole_header_cell_names_its_column(
    engine: Engine, header: str
) -> None:
    """A list's ``ur.`` or ``n.`` (born; Bulgarian's too) is a label only right before a date in
    prose; as the whole header cell it names the column of birth dates below it."""
    text = f"{header}\nAnna Nowak\t02.05.1990\t—\t—\nJan Kowal\t17.11.1961\t—\t—\n"
    assert sorted(_found(engine, text)["DATE_OF_BIRTH"]) == ["02.05.1990", "17.11.1961"]


ROSTER = (
    "employee_no,country,full_name,id_type,id_number\n"
    'E15843,US,"Ann Roe",driver license,D1234567\n'
    'E84050,US,"Bob Li",passport,912345678\n'
    'E16350,US,"Cy Day",driver license,D7654321\n'
)


def test_a_row_word_names_the_cells_after_it_not_before_nor_another_rows(
    engine: Engine,
) -> None:
    """A roster's id_type cell names the id_number cell after it; the employee number
    before it in its row, and the next row's, are no licence numbers."""
    found = _found(engine, ROSTER)
    assert found["US_DRIVER_LICENSE"] == ["D1234567", "D7654321"]
    assert found["US_PASSPORT"] == ["912345678"]
    # Without the header there is no table, and the words reach as in prose.
    rows_only = ROSTER.split("\n", 1)[1]
    assert "E15843" in _found(engine, rows_only)["US_DRIVER_LICENSE"]


def test_a_note_cell_names_the_value_right_before_it(engine: Engine) -> None:
    """``| 1 | <number> | BSN |``: the note after the value names it, as in prose."""
    numbers = valid_bsns(3, seed=11)
    rows = "\n".join(f"| {i} | {number} | BSN |" for i, number in enumerate(numbers, 1))
    found = _found(engine, f"| # | value | note |\n|---|---|---|\n{rows}\n")
    assert sorted(found["NL_BSN"]) == sorted(numbers)


@pytest.mark.parametrize("size", [1, 5, 64])
def test_a_stream_reads_a_rows_words_as_evaluate_does(engine: Engine, size: int) -> None:
    session = engine.stream_session(block_on_fatal=False)
    parts = [ROSTER[at : at + size] for at in range(0, len(ROSTER), size)]
    released = "".join(chunk.text for part in parts for chunk in session.push(part))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == engine.evaluate(ROSTER).remedy.clean_text
    assert "E15843" in released
    assert "D1234567" not in released


def fixed_width_register(numbers: list[str], misaligned_at: int | None = None) -> str:
    """A fixed-width register with empty fields: each field starts where its header cell
    starts (the BSN column), or ends where it ends (the amount); ``misaligned_at``: the
    row whose BSN straddles its column's start, one character to the left."""
    lines = ["KLANTENREGISTER 2024", "NAAM          BSN          KLANTNR      SALDO"]
    for row, number in enumerate(numbers):
        name = f"Klant {row}".ljust(14)
        customer = "" if row % 3 == 0 else f"K-{1_000 + row}"
        balance = "" if row % 4 == 1 else f"{row * 7},00"
        if row % 5 == 2:  # no BSN in this row: the next field stands alone
            line = name + " " * 13 + customer.ljust(13) + balance.rjust(5)
        elif row == misaligned_at:
            line = name[:-1] + number.ljust(14) + customer.ljust(13) + balance.rjust(5)
        else:
            line = name + number.ljust(13) + customer.ljust(13) + balance.rjust(5)
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def test_a_fixed_width_row_with_empty_fields_is_read_by_where_its_cells_stand(
    engine: Engine,
) -> None:
    numbers = valid_bsns(ROWS, seed=21)
    text = fixed_width_register(numbers)
    written = [number for row, number in enumerate(numbers) if row % 5 != 2]
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(written)
    assert not any(number in engine.evaluate(text).remedy.clean_text for number in written)


def test_a_field_standing_under_no_column_ends_the_fixed_width_table(engine: Engine) -> None:
    numbers = valid_bsns(ROWS, seed=22)
    # Row 9 has two fields, its name and its BSN, which starts before its column does.
    text = fixed_width_register(numbers, misaligned_at=9)
    found = _found(engine, text).get("NL_BSN", [])
    # The rows before the misaligned one are the table's; it and the rows after it are not.
    assert sorted(found) == sorted(n for row, n in enumerate(numbers[:9]) if row % 5 != 2)


def test_an_aligned_row_with_a_field_too_wide_for_its_column_names_nothing(
    engine: Engine,
) -> None:
    """A cell that reaches into the next column's start is no field of that column."""
    number = valid_bsns(1, seed=23)[0]
    # Rows with no BSN, enough that the header is far beyond the context window.
    table = "NAAM        BSN        PLAATS\n" + "Klant       -          Delft\n" * ROWS
    assert _found(engine, table + f"Klant       {number}\n")["NL_BSN"] == [number]
    # The BSN field runs on to the PLAATS column: the line is no row of this table.
    assert "NL_BSN" not in _found(engine, table + f"Klant       {number} Bilthoven-Noord\n")


def pension_report(numbers: list[str], note_after: int, overflow_at: int) -> str:
    """A fixed-width report as a PDF's layout extraction writes it: a note indented under
    row ``note_after``, and row ``overflow_at``'s fund name run into the next column, which
    pushes its amount right."""
    lines = ["PENSIOENOVERZICHT 2024", "NAAM          BSN          FONDS        SALDO"]
    for row, number in enumerate(numbers):
        fund = "PFZW Zorg en Welzijn" if row == overflow_at else "ABP"
        lines.append(f"Deelnemer {row}".ljust(14) + number.ljust(13) + fund.ljust(13) + "1.250,00")
        if row == note_after:
            lines.append("    ^ waardeoverdracht aangevraagd, nog niet verwerkt")
    return "\n".join(lines) + "\n"


def test_a_fixed_width_table_goes_on_past_a_note_and_a_row_with_an_overflowing_cell(
    engine: Engine,
) -> None:
    """The cells before the overflowing one stand under their columns and are named; the
    note and that row end nothing: every BSN, far below its header, is found."""
    numbers = valid_bsns(ROWS, seed=61)
    text = pension_report(numbers, note_after=7, overflow_at=12)
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers)
    assert not any(number in engine.evaluate(text).remedy.clean_text for number in numbers)


@pytest.mark.parametrize("size", [1, 7, 64])
def test_a_stream_reads_past_a_note_and_an_overflowing_cell_as_evaluate_does(
    engine: Engine, size: int
) -> None:
    text = pension_report(valid_bsns(ROWS, seed=62), note_after=3, overflow_at=4)
    session = engine.stream_session(block_on_fatal=False)
    parts = [text[at : at + size] for at in range(0, len(text), size)]
    released = "".join(chunk.text for part in parts for chunk in session.push(part))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == engine.evaluate(text).remedy.clean_text


@pytest.mark.parametrize(
    "between",
    [
        "Toelichting: de saldi zijn voorlopig en worden in maart vastgesteld",  # at the margin
        "    ^ zie bijlage    en de brief van het fonds",  # indented, but two cells
    ],
)
def test_a_line_that_is_no_note_ends_the_fixed_width_table(engine: Engine, between: str) -> None:
    numbers = valid_bsns(ROWS, seed=63)
    lines = pension_report(numbers, note_after=-1, overflow_at=-1).splitlines()
    text = "\n".join([*lines[:10], between, *lines[10:]]) + "\n"
    # The rows before the line are the table's (8 of them); those after it are not.
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers[:8])


def ward_list(seed: int) -> tuple[str, list[str], list[str]]:
    """An AS/400 listing: a header cell of two names (``REF NAME``), fields one space
    apart, empty fields; and its NHS numbers and dates of birth."""
    numbers = _nhs_numbers(ROWS, seed=seed)
    dates = [f"{day:02d}/0{1 + day % 9}/19{50 + day}" for day in range(1, ROWS + 1)]
    header = "REF NAME".ljust(24) + "NHS NUMBER".ljust(37 - 24) + "DATE OF BIRTH".ljust(16) + "WARD"
    lines = [header, "-" * 60]
    for row, (number, date) in enumerate(zip(numbers, dates, strict=True)):
        ref = f"R{row:03d}   Ann Roe".ljust(24)
        if row % 3 == 0:  # no date of birth: as many cells as the header, one off by index
            lines.append(ref + number.ljust(13) + " " * 16 + "Leeds")
        elif row % 3 == 1:  # the number and the date one space apart: one run of words
            lines.append(ref + number + " " + date.ljust(16) + "Leeds")
        else:  # no number
            lines.append(ref + " " * 13 + date.ljust(16) + "York")
    lines.append("-" * 60)
    text = "WARD LIST                 PAGE   1\n" + "\n".join(lines) + "\n"
    written_numbers = [number for row, number in enumerate(numbers) if row % 3 != 2]
    return text, written_numbers, [date for row, date in enumerate(dates) if row % 3 != 0]


def test_fields_one_space_apart_are_cut_at_their_header_cells_starts(engine: Engine) -> None:
    """Each field is read in the column whose header cell starts at or before it, as the
    listing's layout puts it (:func:`ward_list`)."""
    text, numbers, dates = ward_list(seed=31)
    found = _found(engine, text)
    assert sorted(found["UK_NHS"]) == sorted(numbers)
    assert sorted(found["DATE_OF_BIRTH"]) == sorted(dates)


def test_a_year_in_a_header_cell_is_part_of_a_name(engine: Engine) -> None:
    """``Contributie 2024`` names a column of one year's figures: the header still names the
    BSN column far above the last rows (a year's four digits are no value; ``BSN 123`` is)."""
    numbers = valid_bsns(ROWS, seed=17)
    rows = "\n".join(f"Klant {i}\t{number}\tbetaald" for i, number in enumerate(numbers))
    found = _found(engine, f"naam\tBSN\tContributie 2024\n{rows}\n")
    assert sorted(found["NL_BSN"]) == sorted(numbers)


def test_a_pipe_table_goes_on_past_a_row_of_another_count(engine: Engine) -> None:
    """A document chunk opening inside a row (``…ered on portal | pending |``) and a row
    GitHub's syntax pads are skipped: the rows after them are still the header's."""
    numbers = valid_bsns(ROWS, seed=19)
    rows = "\n".join(f"| Klant {i} | {number} | Delft |" for i, number in enumerate(numbers))
    text = f"| naam | BSN | plaats |\n…ered on portal | pending |\n| Jan |\n{rows}\n"
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers)


def test_a_pipe_line_naming_columns_opens_another_table(engine: Engine) -> None:
    """A line of another count that names columns itself is the next table's header: the
    first table's BSN column names nothing below it."""
    first, second = valid_bsns(2 * ROWS, seed=23)[:ROWS], valid_bsns(2 * ROWS, seed=23)[ROWS:]
    rows = "\n".join(f"| Klant {i} | {number} |" for i, number in enumerate(first))
    later = "\n".join(f"| {i} | {number} | Delft |" for i, number in enumerate(second))
    found = _found(engine, f"| naam | BSN |\n{rows}\n| id | klantnummer | plaats |\n{later}\n")
    assert sorted(found["NL_BSN"]) == sorted(first)


def test_a_chat_line_split_at_its_commas_is_no_header(engine: Engine) -> None:
    """``[19:18] Agenzia: Buongiorno, ... passaporto.``: a cell holding a label and what it
    labels is prose, not a column's name; the question's word names the reply's value."""
    text = (
        "[19:18] Agenzia: Buongiorno, ci serve il numero di passaporto.\n"
        "[09:44] Sara: Certo: PH5787445, scade nel 2031\n"
    )
    assert _found(engine, text)["IT_PASSPORT"] == ["PH5787445"]


@pytest.mark.parametrize("cut", ["`opmerking`", "(9)", ");\nINSERT"])
def test_a_create_table_read_in_two_parts_names_the_rows_after_it(engine: Engine, cut: str) -> None:
    """A stream reads lines as they arrive: a definition cut between two reads is carried
    from one to the next (``TableState.creating``), and names the rows as a whole read does."""
    number = valid_bsns(1, seed=47)[0]
    text = (
        "CREATE TABLE `klanten` (\n  `id` int,\n  `naam` varchar(80),\n  `opmerking` text,\n"
        f"  `bsn` char(9)\n);\nINSERT INTO `klanten` VALUES (1,'Jan','{_COMMENT}','{number}');\n"
    )
    columns = engine.compiled_pack.columns
    whole = columns.read(text)
    at = text.rindex("\n", 0, text.index(cut)) + 1  # a stream reads whole lines
    first = columns.read(text[:at])
    second = columns.read(text[at:], first.state, origin=at)
    moved = {
        index: [(low + at, high + at) for low, high in spans]
        for index, spans in second.values.items()
    }
    assert moved == whole.values
    ((_, [(low, high)]),) = whole.values.items()
    assert text[low:high] == number


def test_prose_wrapped_at_its_commas_with_a_spaced_colon_is_no_table(engine: Engine) -> None:
    """A PDF's wrapped lines whose commas fall alike look like a CSV header and its row; a
    cell holding French typography's ``à : Madame`` is prose, so the label ``née le`` at the
    line's end still names the birth date opening the next line."""
    text = (
        "de justice de résidence à Namur, AI SIGNIFIÉ ET LAISSÉ COPIE à : Madame Inès DUBOIS, "
        "née le\n"
        "14/09/1999, numéro de registre national joint en annexe, domiciliée à rue des\n"
        "Lilas 116, 5100 Jambes, du jugement rendu contradictoirement.\n"
    )
    assert _found(engine, text).get("DATE_OF_BIRTH") == ["14/09/1999"]


def test_a_tagalog_rosters_birthday_column_names_its_dates(engine: Engine) -> None:
    """``Kaarawan`` (birthday) heads a Filipino roster's birth dates."""
    text = (
        "Pangalan\tKaarawan\tSangay\n"
        "Kristine Garcia\t03/16/1982\tCebu\n"
        "Maria Garcia\t06/27/1972\tDavao\n"
    )
    assert sorted(_found(engine, text)["DATE_OF_BIRTH"]) == ["03/16/1982", "06/27/1972"]


def test_a_definition_that_does_not_parse_leaves_the_next_one_to_name_its_rows(
    engine: Engine,
) -> None:
    """A CREATE TABLE whose quote never closes names nothing, and the dump's next table is
    read as ever (a whole text ends: nothing more can close it)."""
    number = valid_bsns(1, seed=53)[0]
    text = "CREATE TABLE notities (id int, tekst text DEFAULT 'nog niet);\n" + _SQLITE_DUMP.format(
        inserts=f"INSERT INTO klanten VALUES{_rows([number])[0]};"
    )
    assert _found(engine, text)["NL_BSN"] == [number]


def seed_diff(numbers: list[str]) -> str:
    """A pull request's diff of a seed file: the INSERT's column list on the hunk's header
    line (git shows the statement the hunk is in), the row that ended the statement
    removed, and rows added after it."""
    added = [f"+  ({i}, 'Klant {i}', '{number}')," for i, number in enumerate(numbers, 3)]
    added[-1] = added[-1][:-1] + ";"
    return "\n".join(
        [
            "diff --git a/db/seeds/klanten.sql b/db/seeds/klanten.sql",
            "--- a/db/seeds/klanten.sql",
            "+++ b/db/seeds/klanten.sql",
            "@@ -12,4 +12,9 @@ INSERT INTO klanten (id, naam, bsn) VALUES",
            "   (1, 'Demo', NULL),",
            "-  (2, 'Test', NULL);",
            *added,
            " ",
            " COMMIT;",
        ]
    )


def test_a_diffs_added_rows_of_an_insert_are_named_by_its_column_list(engine: Engine) -> None:
    numbers = valid_bsns(ROWS, seed=71)
    text = seed_diff(numbers)
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers)


def test_a_row_after_a_statements_end_outside_a_diff_is_no_row(engine: Engine) -> None:
    """Without a diff's marks, the row that ends the statement ends its table."""
    numbers = valid_bsns(ROWS, seed=72)
    text = seed_diff(numbers).replace("\n-  (2, 'Test', NULL);", "\n   (2, 'Test', NULL);")
    text = text.replace("\n+  (", "\n   (")
    assert "NL_BSN" not in _found(engine, text)


def box_table(numbers: list[str]) -> str:
    """SQLite's ``.mode box`` output: the table drawn with box-drawing characters."""
    rule = "─" * 7, "─" * 13, "─" * 11
    lines = [
        "┌" + "┬".join(rule) + "┐",
        "│  id   │    naam     │    bsn    │",
        "├" + "┼".join(rule) + "┤",
        *(f"│ {i:5} │ Klant {i:<5} │ {number} │" for i, number in enumerate(numbers)),
        "└" + "┴".join(rule) + "┘",
    ]
    return "\n".join(lines) + "\n"


def test_a_table_drawn_with_box_drawing_characters_names_its_columns(engine: Engine) -> None:
    numbers = valid_bsns(ROWS, seed=73)
    text = box_table(numbers)
    assert sorted(_found(engine, text)["NL_BSN"]) == sorted(numbers)
    clean = engine.evaluate(text).remedy.clean_text
    assert not any(number in clean for number in numbers)
    assert clean.splitlines()[0] == text.splitlines()[0]  # the drawing is left as it was


@pytest.mark.parametrize("size", [1, 9, 64])
@pytest.mark.parametrize("layout", [seed_diff, box_table])
def test_a_stream_reads_a_diff_and_a_box_table_as_evaluate_does(
    engine: Engine, size: int, layout: Callable[[list[str]], str]
) -> None:
    text = layout(valid_bsns(8, seed=74))
    session = engine.stream_session(block_on_fatal=False)
    parts = [text[at : at + size] for at in range(0, len(text), size)]
    released = "".join(chunk.text for part in parts for chunk in session.push(part))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == engine.evaluate(text).remedy.clean_text


def test_a_table_parted_by_one_run_of_spaces_reads_its_cells_in_order(engine: Engine) -> None:
    """Rows joined with three spaces under a padded header: each row's cells follow the
    lengths of its names, not the header's columns, and are read in order (a row that
    happens to put a number where the header's previous column starts included)."""
    numbers = _nhs_numbers(ROWS, seed=71)
    names = ["Eze   Chioma", "Ogunleye   Oluwaseun", "Li   Wei", "Abubakar   Funmilayo"]
    rows = [
        f"{row + 1}   {names[row % len(names)]}   {number}   {10 + row % 18:02d}/03/1956"
        for row, number in enumerate(numbers)
    ]
    header = "S/N  Surname        First name   NHS number     Date of birth"
    found = _found(engine, header + "\n" + "\n".join(rows) + "\n")
    assert sorted(found["UK_NHS"]) == sorted(numbers)
    assert len(found["DATE_OF_BIRTH"]) == ROWS
