"""Context from a table's column header: a header cell labels every cell below it.

A CSV export, a markdown table or a tab-separated log names its values once, in
its header (``name,dob,nhs_number``), and then gives rows: a value ten rows down
has no context word within its window. This module reads such tables
(docs/architecture.md, "Context"):

* a *table* is a run of lines with the same number of one delimiter (tab,
  ``|``, ``;``, ``,``, or two spaces or more between columns aligned with
  spaces; a tab, ``;`` or ``,`` inside double quotes does not count), or of
  HTML cells (``<tr><td>..</td><td>..</td></tr>``, a row per line); rule lines
  (``|---|:--:|``, ``+----+``, ``-----``) and the tags around an HTML table's
  rows (``<table>``, ``<thead>``, ``</tbody>``) inside it are skipped; a blank
  line, a line of another count (``</table>``: none; in a ``|`` table only one naming
  columns, another being a row GitHub's syntax pads or cuts, or a document chunk's
  first, cut inside a row: none of its cells is named), a title's underline of
  ``=`` alone or one longer than :data:`MAX_LINE_CHARS` ends it; a space-aligned
  row whose cells do not stand one per column (a fixed-width record's empty fields,
  two fields one space apart) is read by where its cells stand under the header's
  (:func:`_aligned`, :func:`_sliced`);
* its *header* is its first line: a line whose previous line (rule lines aside)
  does not have its count, whose cells are names (at most
  :data:`MAX_HEADER_CELL_CHARS` characters each, no three digits in a row but a
  year's (``Quota 2024``), no label
  followed by what it labels: a chat line's ``[19:18] Agenzia: Buongiorno``). A
  header cell holding a context-required rule's word names the rules whose
  words it holds (required or not), as a label does (``Date of birth``,
  ``date_of_birth``, ``DateOfBirth``, ``DOB (dd/mm/yyyy)``, ``Passport No.``);
* each row's cell under a naming header cell is searched by the rules it names,
  and a value found there is labelled by the header cell: nearer than any word
  but a label right before the value in its own cell
  (:func:`~engine_core.evaluation.context.header_distance`). Words in the
  header's other cells are no context for values in the rows (resolution skips
  the header line), and a word in a row names only values in its own row: in its
  cell, the cells after it, or the cell right before it (resolution's ``_row_reach``).

An SQL ``INSERT INTO t (name, nif) VALUES (...), (...)`` is such a table too:
its column list is the header, each parenthesized row of literals a row, on the
INSERT's line or on the lines after it up to the statement's ``;`` (a quoted
literal's cell is its inside). So is PostgreSQL's ``COPY t (name, nif) FROM stdin;``
(pg_dump's data): its tab-separated rows follow, up to the line ``\\.``. An INSERT
without a column list (mysqldump's ``INSERT INTO `t` VALUES (...),(...);``, SQLite's
``.dump``) takes the column names of the ``CREATE TABLE t (...)`` above it.

Whether a line is a row, and of which table, depends only on the lines before
it: a stream reads each line once, when it is complete, and carries a
:class:`TableState` from one scan to the next.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import ahocorasick
import regex

from ..matching import Span
from ..normalization import NormalizedView, normalized_view
from .context import caseless, header_distance
from .context_words import WordSpan, word_owners
from .rules import CompiledRule, Finding
from .segments import may_hold_segments, segment_cells, segment_start

__all__ = [
    "CELL_END",
    "MAX_LINE_CHARS",
    "ColumnRead",
    "Columns",
    "StreamColumns",
    "Table",
    "TableState",
    "in_view",
    "may_hold_insert",
    "table_of",
    "with_values",
]

#: A longer line is no table row (and ends a table): a stream keeps at most this much of
#: a line it has partly released.
MAX_LINE_CHARS = 4096
#: A longer header cell names nothing: it is prose, not a column's name.
MAX_HEADER_CELL_CHARS = 60
#: Two spaces or more: the columns of a plain-text table aligned with spaces.
SPACES = "  "
#: An HTML table's row on one line: its cells are its ``<th>`` and ``<td>`` elements'
#: contents (a line holding none of them, ``</table>``, has none).
HTML = "</t"
#: The delimiters a table's cells are separated by.
DELIMITERS = (HTML, "\t", "|", ";", ",", SPACES)
#: What ends a row's cell: one of the delimiters above that splits a line (a run of
#: spaces for :data:`SPACES`), or the line's end.
CELL_END = regex.compile(
    "|".join(
        [
            "[" + "".join(regex.escape(mark) for mark in DELIMITERS if len(mark) == 1) + "\n]",
            f"{SPACES}+",
        ]
    )
)
#: A line skipped inside a table: a rule line of a markdown or plain-text table (only
#: rules, joints and alignment marks), or an HTML table's tags around its rows. Not one
#: unbroken run of ``=``: a title's underline, which ends what is above it (a form's title
#: and date are no table with the columns below).
_RULE_LINE = regex.compile(
    r"(?![ \t]*+=++[ \t]*+\r?$)[ \t|+:]*[-=]{3,}[-= \t|+:]*\r?"
    r"|\s*+(?:</?(?:thead|tbody|tfoot|tr|colgroup|col|caption)\b[^<>]*+>\s*+|<table\b[^<>]*+>\s*+)++",
    regex.IGNORECASE,
)


def _box_drawing_as_ascii() -> dict[int, str]:
    """Return the box-drawing block as an ASCII table draws it: a vertical line as ``|``, a
    horizontal one as ``-``, a corner or joint as ``+`` (one character for one)."""
    drawn: dict[int, str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code), "")
        drawn[code] = (
            "|" if name.endswith("VERTICAL") else "-" if name.endswith("HORIZONTAL") else "+"
        )
    return drawn


#: A table drawn with box-drawing characters (SQLite's ``.mode box``, psql's unicode
#: line style, a rich or tabulate grid) is read as the ASCII table it draws.
_BOX_DRAWING = _box_drawing_as_ascii()
#: The vertical lines a drawn table's rows hold (light, heavy, double): one substring
#: search each, far cheaper on a long text than a class's regular expression.
_BOX_VERTICALS = ("\u2502", "\u2503", "\u2551")
#: One cell of an HTML table's row: its inside (no element nested in it).
_HTML_CELL = regex.compile(r"<(t[dh])\b[^<>]*+>([^<]*+)</\1\s*+>", regex.IGNORECASE)
#: One cell of a line split by each delimiter; a double-quoted part keeps its delimiters
#: (a quote not closed runs to the line's end, as a CSV reader reads it).
_CELL = {
    delimiter: regex.compile(
        f'[^{regex.escape(delimiter)}"\\n]*+(?:"[^"\\n]*+"?[^{regex.escape(delimiter)}"\\n]*+)*+'
    )
    for delimiter in DELIMITERS
    if len(delimiter) == 1 and delimiter != "|"
}
#: A cell of a space-aligned line: words with single spaces between them.
_SPACED_CELL = regex.compile(r"[^ ]++(?: [^ ]++)*+")
#: An SQL INSERT naming its columns on one line: each row of its VALUES, on that line or
#: one per line after it, is read as a table's row under that header (``INSERT INTO t
#: (name, nif) VALUES ('Ana', '501964843')``). VALUES in upper or lower case only, as
#: :func:`may_hold_insert` looks for it.
_INSERT = regex.compile(
    r"\binsert\s++(?:ignore\s++)?into\s++[^\s(]++\s*+\(([^()\n]*+)\)\s*+(?-i:VALUES|values)\s*+",
    regex.IGNORECASE,
)
#: An SQL INSERT without a column list: the CREATE TABLE of its table (group 1) names its
#: columns.
_BARE_INSERT = regex.compile(
    r"\binsert\s++(?:ignore\s++)?into\s++([^\s(]++)\s*+(?-i:VALUES|values)\s*+", regex.IGNORECASE
)
#: An SQL CREATE TABLE opening a line, up to the parenthesis before its column definitions
#: (group 1: the table's name).
_CREATE_TABLE = regex.compile(
    r"^[ \t]*+create\s++(?:(?:global\s++|local\s++)?temp(?:orary)?\s++)?table\s++"
    r"(?:if\s++not\s++exists\s++)?([^\s(]++)\s*+\(",
    regex.IGNORECASE | regex.MULTILINE,
)
#: One piece of a CREATE TABLE's definitions: a quoted name or string (on one line), a
#: bracket, a comma, or a run of anything else.
_DEFINITION_PIECE = regex.compile(
    r"`[^`\n]*+`|\"[^\"\n]*+\"|'(?:[^'\n]|'')*+'|\[[^\]\n]*+\]|[(),]|[^`\"'\[(),]++"
)
#: A definition that is a constraint or an index, no column (``PRIMARY KEY (`id`)``).
_CONSTRAINT = regex.compile(
    r"\s*+(?:primary|unique|key|index|constraint|foreign|check|fulltext|spatial|exclude)\b",
    regex.IGNORECASE,
)
#: A column definition's name: its first token, quoted or bare.
_COLUMN_NAME = regex.compile(r"\s*+(`[^`]++`|\"[^\"]++\"|\[[^\]]++\]|[^\s,()]++)")
#: The most characters of a CREATE TABLE read for its columns (a stream carries an
#: unfinished one that long at most), and the most tables a stream remembers.
_MAX_SCHEMA_CHARS = 16384
_MAX_SCHEMAS = 256
#: A PostgreSQL COPY from standard input (pg_dump's data sections): its column list names
#: the tab-separated cells of the rows on the lines after it, up to the line ``\.``
#: (``COPY public.customers (id, full_name, tfn) FROM stdin;``).
_COPY = regex.compile(r"^COPY\s++[^\s(]++\s*+\(([^()\n]*+)\)\s*+FROM\s++stdin\b", regex.IGNORECASE)
#: A unified diff's added or removed line of an INSERT's rows (a pull request's seed file).
_DIFF_ROW = regex.compile(r"[+-][ \t]*+\(")
#: The pseudo-delimiter of an INSERT's rows on the lines after its column list.
SQL_ROWS = "("
#: What may follow a VALUES row list on its line: more rows on the next (``,``), or the
#: statement's end (``;``).
_SQL_ROWS_END = regex.compile(r"\s*+([,;]?)\s*+\r?")
#: Where an SQL INSERT begins (a line still arriving that holds one is held back).
_INSERT_START = regex.compile(r"\binsert\s", regex.IGNORECASE)
#: One literal of a VALUES row and the space around it: a quoted string (its inside is the
#: cell), or a bare token or call (``NULL``, ``42``, ``to_date('1985-03-14', 'YYYY-MM-DD')``).
_SQL_LITERAL = regex.compile(
    r"\s*+(?:'((?:[^'\n]|'')*+)'|\"((?:[^\"\n]|\"\")*+)\"|([^,()'\"\s]++(?:\s*+\([^()\n]*+\))?))\s*+"
)
#: Quotes around an SQL column's name (MySQL, ANSI, SQL Server).
_SQL_NAME_QUOTES = '`"[] \t'
#: A row's index in a data frame's printout (pandas writes it before the row's cells, under
#: no header cell).
_ROW_INDEX = regex.compile(r"[0-9]{1,9}")
#: A header names its columns: three digits in a row are a value, not a name, but for a
#: year's four standing alone (``Quota 2024``, ``Umsatz 2023``: a column of one year's
#: figures; a date's year, ``12.03.2024``, is a value's part).
_VALUE = regex.compile(r"(?<![0-9])(?!(?<![./:-])(?:19|20)[0-9]{2}(?![0-9]|[./:-][0-9]))[0-9]{3}")
#: Nor does a cell holding a label and what it labels (a chat line's ``[19:18] Agenzia:
#: Buongiorno``, French typography's space before the colon: ``COPIE à : Madame``): a line
#: of prose split at its commas.
_LABELLED = regex.compile(r"[^\s:][ \u00a0\u202f]?:[ \t]+[^\s]")


def _nothing_above() -> Above:
    """Return the counts of no line: a line asked whether it opens a table, whatever is above."""
    return None


#: Sorts after every cell starting at the same place (see :meth:`Table.label`).
_AFTER = float("inf")
#: Per delimiter, how many cells a line has (None: no table line).
Counts = tuple[int, ...]
#: A line's counts, or the line itself while nobody asked them.
Above = Counts | None | str


_ONE_WORD = regex.compile(r"[^\s_-]+")


def _whole_cell(cell: str, start: int, end: int) -> bool:
    """True when ``cell[start:end]`` is one word (no space, underscore or hyphen: not
    ``my_number``) and the whole cell but its padding and a closing colon."""
    return (
        _ONE_WORD.fullmatch(cell, start, end) is not None
        and not cell[:start].strip()
        and not cell[end:].strip().rstrip(":").strip()
    )


@dataclass(frozen=True)
class OpenTable:
    """A table whose next line may be a row: its delimiter, cells and naming columns."""

    delimiter: str
    cells: int
    #: Per naming column: its index, per rule it names the label's distance, and its name.
    labels: tuple[tuple[int, dict[int, int], str], ...]
    #: The header line, in the source (absolute positions).
    header: Span
    #: The rules named only by a word that counts in their country (see Columns._names).
    country_only: frozenset[int] = frozenset()
    #: A space-aligned table's header cells, in its line: a fixed-width row with empty
    #: cells is read by where its cells stand (see :func:`_aligned`).
    columns: tuple[Span, ...] = ()


@dataclass(frozen=True)
class TableState:
    """What a stream carries from one read to the next: the table still open after the
    last complete line, and that line (rule lines aside) or its cell counts; the column
    lists of the tables created so far (by name, see :func:`_table_key`), and the text of
    a CREATE TABLE whose definitions have not ended yet."""

    open: OpenTable | None = None
    previous: Above = None
    schemas: tuple[tuple[str, str], ...] = ()
    creating: str = ""


def _table_key(name: str) -> str:
    """Return how an SQL statement's table ``name`` is known: without quotes, schema or case
    (```adherents```, ``"public"."adherents"``, ``ADHERENTS``)."""
    return (
        name.replace("`", "")
        .replace('"', "")
        .replace("[", "")
        .replace("]", "")
        .rsplit(".", 1)[-1]
        .lower()
    )


def _definitions(text: str, start: int) -> tuple[str, int] | None:
    """Return the column list (names joined by commas) of the CREATE TABLE definitions at
    ``text[start:]`` (after their opening parenthesis) and where they end; None when the
    text ends before they do (more may come); an end of -1 when they do not end within
    :data:`_MAX_SCHEMA_CHARS` or do not parse (a quote never closed)."""
    names: list[str] = []
    depth, definition, position = 0, start, start
    limit = min(len(text), start + _MAX_SCHEMA_CHARS)
    unfinished = None if limit == len(text) else ("", -1)
    while position < limit:
        piece = _DEFINITION_PIECE.match(text, position, limit)
        if piece is None:
            # A quote still open: on the text's last line more may close it, else never.
            return unfinished if text.find("\n", position, limit) == -1 else ("", -1)
        mark = piece.group()
        if mark == "(":
            depth += 1
        elif mark in "),":
            if depth == 0:
                if _CONSTRAINT.match(text, definition, position) is None:
                    name = _COLUMN_NAME.match(text, definition, position)
                    if name is not None:
                        names.append(name.group(1).strip(_SQL_NAME_QUOTES))
                if mark == ")":
                    return ", ".join(names), piece.end()
                definition = piece.end()
            elif mark == ")":
                depth -= 1
        position = piece.end()
    return unfinished


def _created(creating: str, region: str) -> tuple[list[tuple[int, str, str]], str]:
    """Return the CREATE TABLEs whose definitions end in ``creating + region`` (``creating``:
    an unfinished one from the text before): where each ends in ``region``, its table's key
    and its column list, in order; and the text of one still unfinished at the end."""
    text = creating + region
    created: list[tuple[int, str, str]] = []
    for create in _CREATE_TABLE.finditer(text):
        if create.start() < len(creating) and create.start() != 0:
            continue  # inside the unfinished one's own text
        ended = _definitions(text, create.end())
        if ended is None:
            return created, text[create.start() :]  # its definitions may still end
        columns, end = ended
        if end >= 0:
            created.append((end - len(creating), _table_key(create.group(1)), columns))
    return created, ""


@dataclass(frozen=True)
class Table:
    """A table with naming columns, as one read found it (positions in the read's text)."""

    header: Span
    body: Span
    #: The rows' cells under naming header cells, in order: ``(start, end, names)``, with
    #: the label's distance per rule named (:func:`.context.header_distance`).
    cells: tuple[tuple[int, int, dict[int, int]], ...] = ()
    #: The rules a header cell names only by a word that counts in their country: a value
    #: under it is theirs only where the text shows that country (resolution's test).
    country_only: frozenset[int] = frozenset()

    def moved(self, where: Callable[[int], int]) -> Table:
        """Return this table with every position ``p`` moved to ``where(p)``."""
        return Table(
            (where(self.header[0]), where(self.header[1])),
            (where(self.body[0]), where(self.body[1])),
            tuple((where(low), where(high), names) for low, high, names in self.cells),
            self.country_only,
        )

    def label(self, span: Span, index: int) -> int | None:
        """Return the distance of the header cell naming rule ``index`` over ``span``."""
        at = bisect.bisect_right(self.cells, (span[0], _AFTER)) - 1
        if at < 0:
            return None
        _, end, names = self.cells[at]
        return names.get(index) if span[1] <= end else None


@dataclass
class ColumnRead:
    """What one read found: per rule, the values under its header cells; the tables."""

    values: dict[int, list[Span]]
    tables: list[Table]
    state: TableState

    def applied(
        self, findings: Sequence[Finding], rules: Sequence[CompiledRule]
    ) -> tuple[list[Finding], Sequence[Table]]:
        """Return ``findings`` with the values under header cells added (see
        :func:`with_values`) and the tables resolution names them by; unchanged and no
        tables where no table names a column."""
        if not self.tables:
            return list(findings), ()
        return with_values(findings, self.values, rules), self.tables


def table_of(tables: Sequence[Table], starts: Sequence[int], span: Span) -> Table | None:
    """Return the table whose body holds ``span`` (``starts``: the bodies' starts, sorted)."""
    index = bisect.bisect_right(starts, span[0]) - 1
    if index >= 0 and span[1] <= tables[index].body[1]:
        return tables[index]
    return None


def _cells(line: str, delimiter: str) -> list[Span]:
    """Return the spans of ``line``'s cells split by ``delimiter`` (quote-aware but ``|``
    and :data:`SPACES`, whose cells are the line's words with single spaces between them:
    padding before the first and after the last is no cell; for :data:`HTML`, the insides
    of its ``<td>`` and ``<th>`` elements)."""
    if delimiter == SPACES:
        return [match.span() for match in _SPACED_CELL.finditer(line)]
    if delimiter == HTML:
        return [match.span(2) for match in _HTML_CELL.finditer(line)]
    if delimiter == "|":
        spans: list[Span] = []
        position = 0
        while True:
            bar = line.find("|", position)
            if bar < 0:
                spans.append((position, len(line)))
                return spans
            spans.append((position, bar))
            position = bar + 1
    cell = _CELL[delimiter]
    spans = []
    position = 0
    while True:
        match = cell.match(line, position)
        assert match is not None  # the pattern matches the empty string
        spans.append(match.span())
        end = match.end()
        if end >= len(line) or line[end] != delimiter:
            return spans
        position = end + 1


def _aligned(cells: Sequence[Span], columns: Sequence[Span]) -> list[Span | None] | None:
    """Return a space-aligned row's ``cells`` under the header cells ``columns`` (None
    where a column's cell is empty), or None unless each cell stands under one column:
    it starts where its header cell starts, or ends where it ends (a number aligned
    right), and reaches no later column's start (docs/architecture.md, "Context")."""
    placed, named = _placed(cells, columns)
    return placed if named == len(cells) else None


def _partly_aligned(cells: Sequence[Span], columns: Sequence[Span]) -> list[Span | None] | None:
    """Return a space-aligned row's ``cells`` under the header cells ``columns`` as far as
    each stands under one (:func:`_aligned`): from a cell that straddles two on (a fund's
    name run into its member number, pushing the rest right), None for every column, as
    for empty ones. None unless two cells at least stand under columns
    (docs/architecture.md, "Context")."""
    placed, named = _placed(cells, columns)
    return placed if named >= 2 else None


def _placed(cells: Sequence[Span], columns: Sequence[Span]) -> tuple[list[Span | None], int]:
    """Return ``cells`` placed under the header cells ``columns``, in order, each under the
    first column from the last one's next on that it stands under (:func:`_stands_under`),
    up to the first that stands under none; and how many were placed."""
    placed: list[Span | None] = [None] * len(columns)
    column = 0
    named = 0
    for low, high in cells:
        while column < len(columns) and not _stands_under(low, high, columns, column):
            column += 1
        if column == len(columns):
            break
        placed[column] = (low, high)
        named += 1
        column += 1
    return placed, named


def _parted_by_spaces(cells: Sequence[Span], table: OpenTable) -> bool:
    """True when a row has a cell per header cell, every two of them parted by the same
    run of spaces: a table whose writer joined the cells with one separator, not one padded
    to its header's columns, which would part them by what each cell leaves of its column
    (``28   Eze   Chioma   85145388897`` under ``S/N  Surname        First name   NIN``)."""
    if len(cells) != table.cells or len(cells) < 3:
        return False
    gaps = {cells[index + 1][0] - cells[index][1] for index in range(len(cells) - 1)}
    return len(gaps) == 1


def _indented_note(line: str, cells: Sequence[Span], columns: Sequence[Span]) -> bool:
    """True when ``line`` is one cell indented past the first header cell's start: a note
    written under a fixed-width report's row (``^ NZ citizen: IRD no. recorded``)."""
    return len(cells) == 1 and cells[0][0] > columns[0][0] + 1


def _in_place(cells: Sequence[Span], columns: Sequence[Span]) -> bool:
    """True when a space-aligned row has a cell per header cell and each overlaps the
    columns from its header cell's start to the next one's: read in order, as written."""
    if len(cells) != len(columns):
        return False
    starts = [start for start, _ in columns[1:]]
    return all(
        high > columns[column][0] and (column == len(starts) or low < starts[column])
        for column, (low, high) in enumerate(cells)
    )


def _sliced(line: str, columns: Sequence[Span]) -> list[Span | None] | None:
    """Return a fixed-width row's fields cut at its header cells' starts (None where a field
    is blank; padding is no part of one), or None when a word of the row straddles a
    header cell's start: fields that only one space parts stand in their columns too
    (``17.02.1972 67170272B831`` under ``GEB-DAT    SV-NUMMER``)."""
    starts = [start for start, _ in columns]
    if any(0 < start < len(line) and line[start - 1] != " " for start in starts):
        return None
    fields: list[Span | None] = []
    for column, start in enumerate(starts):
        low = 0 if column == 0 else start
        piece = line[low : starts[column + 1] if column + 1 < len(starts) else len(line)]
        text = piece.strip(" ")
        if not text:
            fields.append(None)
            continue
        first = low + len(piece) - len(piece.lstrip(" "))
        fields.append((first, first + len(text)))
    return fields


def _stands_under(low: int, high: int, columns: Sequence[Span], column: int) -> bool:
    """True when the cell ``[low, high)`` stands under ``columns[column]`` (see
    :func:`_aligned`)."""
    start, end = columns[column]
    if column + 1 < len(columns) and high > columns[column + 1][0]:
        return False
    if column > 0 and low < columns[column - 1][1]:
        return False
    return low == start or high == end


def _known(above: Above) -> Counts | None:
    """Return the counts ``above`` stands for."""
    return _counts(above) if isinstance(above, str) else above


def _counts(line: str) -> Counts | None:
    """Return how many cells each delimiter splits ``line`` into; None for a line that is
    blank or too long to be a table's."""
    if len(line) > MAX_LINE_CHARS or not line.strip():
        return None
    return tuple(
        len(_cells(line, delimiter)) if delimiter in line else 1 for delimiter in DELIMITERS
    )


class Columns:
    """A pack's reader of tables: which header cells name which context-required rules."""

    def __init__(self, rules: Iterable[CompiledRule]) -> None:
        worded = [rule for rule in rules if rule.context is not None]
        self._rules = {rule.index: rule for rule in worded}
        #: The context-required rules: a header cell names a column only with a word of one
        #: (then also the other rules whose words it holds: ``personnummer`` names both
        #: Swedish rules, the one needing the word and the one it only confirms).
        self._required = frozenset(
            rule.index for rule in worded if rule.context is not None and rule.context.required
        )
        owners = word_owners(worded, required=False) if self._required else {}
        self._automaton: Any = None
        if owners:
            automaton = ahocorasick.Automaton()
            for word, indexes in owners.items():
                automaton.add_word(word, (len(word), indexes))
            automaton.make_automaton()
            self._automaton = automaton

    @property
    def active(self) -> bool:
        """True when some rule needs context (only they are named by a header)."""
        return self._automaton is not None

    def _names(self, cell: str) -> tuple[dict[int, int], frozenset[int]]:
        """Return the rules a header cell names, each with its label's distance, and those
        of them it names only by a word that counts in their country."""
        view = normalized_view(cell)
        if view is not None:
            cell = view.text
        candidates: set[int] = set()
        for _, (_, indexes) in self._automaton.iter(caseless(cell)):
            candidates |= indexes
        if candidates.isdisjoint(self._required):
            return {}, frozenset()
        labels: dict[int, int] = {}
        country_only: dict[int, int] = {}
        for index in candidates:
            context = self._rules[index].context
            assert context is not None
            # A word that counts only right before its value names no column (``my
            # number``: Japan's My Number as a field name), as no cell below is right after
            # it, unless it is one word and the whole cell (a list's ``ur.`` or ``mob``
            # column); one that counts only in the rule's country names it for the rows
            # that show that country (docs/architecture.md, "Context").
            longest = in_country = 0
            for start, end in context.spans(cell, 0, len(cell)):
                word = caseless(cell[start:end]) if context.labels or context.in_country else ""
                if word in context.in_country:
                    in_country = max(in_country, end - start)
                elif word not in context.labels or _whole_cell(cell, start, end):
                    longest = max(longest, end - start)
            if longest:
                labels[index] = header_distance(longest)
            elif in_country:
                country_only[index] = in_country
        if self._required.isdisjoint(labels):
            if self._required.isdisjoint(country_only):
                return {}, frozenset()
            # Only words every country uses (national_id, personal_number): the cell names
            # the rules of the country each row shows, and no other.
            nearest = header_distance(max(country_only.values()))
        else:
            # The cell is one label for every rule it names: a rule of the row's country is
            # as near as the one it names by its own words, and wins where the row shows it.
            nearest = min(labels.values())
        for index in country_only:
            labels[index] = nearest
        return labels, frozenset(country_only)

    def _match(self, rule: CompiledRule, name: str, cell: str) -> list[Span]:
        """Return the rule's values in ``cell`` (places in it), read as the header cell
        ``name`` labels it: ``name: cell`` (a matcher that looks for its own words near a
        value finds the label), on its normalized view."""
        label = f"{name}: "
        probe = label + cell
        view = normalized_view(probe)
        spans = rule.matcher.find(probe if view is None else view.text)
        if view is not None:
            spans = [view.original_span(start, end) for start, end in spans]
        return [
            (start - len(label), end - len(label)) for start, end in spans if start >= len(label)
        ]

    def _header_lines(self, region: str, words: Iterable[WordSpan] | None) -> list[int]:
        """Return the starts of ``region``'s lines that hold a header word and a delimiter,
        in order (``words``: where the words are, in ``region``, when known)."""
        if words is None:
            places: Iterable[int] = (
                last + 1 - length for last, (length, _) in self._automaton.iter(caseless(region))
            )
        else:
            places = (start for start, _, _ in words if start >= 0)
        starts: set[int] = set()
        checked: set[int] = set()
        for place in places:
            line_start = region.rfind("\n", 0, place) + 1
            if line_start in checked:
                continue
            checked.add(line_start)
            line_end = region.find("\n", place, line_start + MAX_LINE_CHARS + 1)
            if line_end < 0:
                line_end = len(region)
                if line_end - line_start > MAX_LINE_CHARS:
                    continue  # too long for a table's line
            line = region[line_start:line_end]
            if any(delimiter in line for delimiter in DELIMITERS):
                starts.add(line_start)
        return sorted(starts)

    def read(
        self,
        text: str,
        state: TableState | None = None,
        *,
        origin: int = 0,
        words: Iterable[WordSpan] | None = None,
        segments: bool | None = None,
    ) -> ColumnRead:
        """Read the lines of ``text``, each of them complete.

        ``state`` is what the read of the lines before left (none: ``text`` begins the
        source); ``origin`` is where ``text`` begins in the source; ``words``, where the
        pack's context-required words are in ``text``, when known (else they are looked
        for here); ``segments``, whether ``text`` may hold a named segment, when known
        (:func:`~engine_core.evaluation.segments.may_hold_segments`). Values and tables
        are in ``text``'s positions, the state's table in the source's.
        """
        state = state or TableState()
        region = text  # read line by line; positions are the text's
        if not text.isascii() and any(line in text for line in _BOX_VERTICALS):
            region = text.translate(_BOX_DRAWING)  # one for one: the positions hold
        read = ColumnRead({}, [], state)
        if self._automaton is None or not region:
            return read
        table = state.open
        previous: Above = state.previous
        position = 0
        headers: list[int] | None = None
        schemas = dict(state.schemas)
        created: list[tuple[int, str, str]] = []
        creating = ""
        if state.creating or "CREATE TABLE" in region or "create table" in region:
            created, creating = _created(state.creating, region)
        while position < len(region):
            if table is not None:
                position, table, previous = self._rows(
                    region, position, table, previous, read, origin
                )
                continue
            if headers is None:
                headers = self._header_lines(region, words)
                if schemas or created:
                    headers = _with_bare_inserts(region, headers)
            index = bisect.bisect_left(headers, position)
            if index == len(headers):
                break
            line_start = headers[index]
            line_end = region.find("\n", line_start)
            line_end = len(region) if line_end < 0 else line_end
            line = region[line_start:line_end]
            floor, floor_counts = position, previous
            insert = _INSERT.search(line) if "(" in line else None
            copy = _COPY.match(line) if insert is None and "(" in line else None
            bare = (
                _BARE_INSERT.search(line)
                if insert is None and copy is None and (schemas or created) and "(" in line
                else None
            )
            known = None if bare is None else _schema(bare, schemas, created, line_start)
            if insert is not None:  # its column list, not its commas, names its columns
                table = self._statement(line, insert, line_start, origin, read)
            elif copy is not None:
                table = self._copy(line, copy, origin + line_start)
            elif bare is not None and known is not None:
                table = self._statement(line, bare, line_start, origin, read, known)
            else:
                table = self._header(
                    line,
                    functools.partial(self._above, region, line_start, floor, floor_counts),
                    origin + line_start,
                )
            if not _RULE_LINE.fullmatch(line):
                previous = line
            position = line_end + 1
        if table is None:
            previous = self._above(region, len(region) + 1, position, previous)
        for _, key, columns in created:
            schemas.pop(key, None)
            schemas[key] = columns  # the latest definition last: the oldest go first
        read.state = TableState(table, previous, tuple(schemas.items())[-_MAX_SCHEMAS:], creating)
        if may_hold_segments(region) if segments is None else segments:
            self._segments(region, read)
        return read

    def _segments(self, region: str, read: ColumnRead) -> None:
        """Add the record segments of ``region`` to ``read``: each a table whose header is
        its id and whose cells are its named fields (:mod:`~engine_core.evaluation.segments`);
        a segment on a line longer than :data:`MAX_LINE_CHARS`, as a stream keeps none
        whole, or within another table is none."""
        tables = read.tables
        starts = [table.body[0] for table in tables]
        added: list[Table] = []
        for begin, end, cells in segment_cells(region):
            line_start = region.rfind("\n", 0, begin) + 1
            line_end = region.find("\n", begin)
            if (len(region) if line_end < 0 else line_end) - line_start > MAX_LINE_CHARS:
                continue
            if not cells or table_of(tables, starts, (begin, end)) is not None:
                continue
            # Each named field a column of a one-row table, read as its rows are.
            spans: list[Span] = []
            labels: list[tuple[int, dict[int, int], str]] = []
            country_only: set[int] = set()
            for low, high, name, alike in cells:
                names, only = self._names(name)
                if names:
                    if alike:
                        names = dict.fromkeys(names, min(names.values()))
                    country_only |= only
                    labels.append((len(spans), names, name))
                    spans.append((low, high))
            if labels:
                cells_named: list[tuple[int, int, dict[int, int]]] = []
                self._named_cells(region, 0, spans, labels, cells_named, read)
                header, body = (begin, begin + 3), (begin, end)
                added.append(Table(header, body, tuple(cells_named), frozenset(country_only)))
        if added:
            read.tables = sorted([*tables, *added], key=lambda table: table.body[0])

    def _header(self, line: str, above: Callable[[], Above], start: int) -> OpenTable | None:
        """Return the table ``line`` opens (``start``: its place in the source; ``above``:
        the counts of the line before it, asked only for a line with a naming cell)."""
        if len(line) > MAX_LINE_CHARS or not line.strip() or _VALUE.search(line):
            return None  # a row of values, not a header
        counts: Counts | bool | None = False  # not asked yet
        for position, delimiter in enumerate(DELIMITERS):
            if delimiter not in line:
                continue
            cells = _cells(line, delimiter)
            if any(
                high - low > MAX_HEADER_CELL_CHARS or _LABELLED.search(line, low, high)
                for low, high in cells
            ):
                continue  # prose split at its commas, not a header
            # Per cell: its column, its span, the rules it names, those only in their country.
            named = [
                (column, (low, high), *self._names(line[low:high]))
                for column, (low, high) in enumerate(cells)
            ]
            labels = tuple(
                (column, names, line[low:high].strip())
                for column, (low, high), names, _ in named
                if names
            )
            if not labels:
                continue
            if counts is False:
                counts = _known(above())
            if isinstance(counts, tuple) and counts[position] == len(cells):
                continue  # a row of a table whose first line came earlier
            country_only = frozenset().union(*(only for *_, only in named))
            return OpenTable(
                delimiter,
                len(cells),
                labels,
                (start, start + len(line)),
                country_only,
                tuple(cells) if delimiter == SPACES else (),
            )
        return None

    def _copy(self, line: str, copy: regex.Match[str], start: int) -> OpenTable | None:
        """Return the tab-separated table a PostgreSQL COPY's column list heads (``copy``: its
        match in ``line``, which is at ``start`` in the source): its rows follow, one per
        line, and its end line ``\\.`` is no row."""
        if len(line) > MAX_LINE_CHARS:
            return None
        low, high = copy.span(1)
        columns = self._column_list(line[low:high])
        if columns is None:
            return None
        count, labels, country_only = columns
        return OpenTable("\t", count, labels, (start + low, start + high), country_only)

    def _column_list(
        self, names_text: str
    ) -> tuple[int, tuple[tuple[int, dict[int, int], str], ...], frozenset[int]] | None:
        """Return an SQL column list's column count, its naming columns (column, rules,
        name) and the rules named only in their country; None when it names nothing."""
        names = [
            names_text[first:last].strip(_SQL_NAME_QUOTES)
            for first, last in _cells(names_text, ",")
        ]
        named = [(column, name, *self._names(name)) for column, name in enumerate(names)]
        labels = tuple((column, found, name) for column, name, found, _ in named if found)
        if not labels:
            return None
        return len(names), labels, frozenset().union(*(only for *_, only in named))

    def _statement(
        self,
        line: str,
        insert: regex.Match[str],
        offset: int,
        origin: int,
        read: ColumnRead,
        created: str | None = None,
    ) -> OpenTable | None:
        """Read the SQL INSERT in ``line`` (``insert``: its match; the line is at ``offset``
        in the read's text, which begins at ``origin`` in the source) as a table: its column
        list names the literals at the same place in each VALUES row (``created``: the
        column list of its table's CREATE TABLE, for an INSERT without one; its header is
        then the table's name). Return the table its rows on the next lines extend."""
        if len(line) > MAX_LINE_CHARS:
            return None
        low, high = insert.span(1)
        columns = self._column_list(line[low:high] if created is None else created)
        if columns is None:
            return None
        count, labels, country_only = columns
        cells_named: list[tuple[int, int, dict[int, int]]] = []
        body: Span | None = None
        rows, end = _sql_rows(line, insert.end())
        for row, cells in rows:
            if len(cells) != count:
                continue
            body = (offset + row[0] if body is None else body[0], offset + row[1])
            self._named_cells(line, offset, cells, labels, cells_named, read)
        if body is not None:
            read.tables.append(
                Table((offset + low, offset + high), body, tuple(cells_named), country_only)
            )
        after = _SQL_ROWS_END.fullmatch(line, end)
        if after is None or after.group(1) == ";" or (rows and not after.group(1)):
            return None  # the statement ends here
        header = (origin + offset + low, origin + offset + high)
        return OpenTable(SQL_ROWS, count, labels, header, country_only)

    def _sql_row_line(
        self,
        line: str,
        offset: int,
        table: OpenTable,
        cells_named: list[tuple[int, int, dict[int, int]]],
        read: ColumnRead,
    ) -> bool | None:
        """Read a line of an INSERT's rows (``table``: its column list); return whether the
        statement ends with it (None: the line holds no such rows). A unified diff's added
        or removed row (``+  ('Ana', …),``) is a row too, and ends nothing: a diff replaces
        the row that ended the statement with rows that go on."""
        diffed = _DIFF_ROW.match(line) is not None
        rest = line[1:] if diffed else line
        start = len(line) - len(rest.lstrip())
        if len(line) > MAX_LINE_CHARS or not line.startswith("(", start):
            return None
        rows, end = _sql_rows(line, start)
        after = _SQL_ROWS_END.fullmatch(line, end)
        if not rows or after is None or any(len(cells) != table.cells for _, cells in rows):
            return None
        for _, cells in rows:
            self._named_cells(line, offset, cells, table.labels, cells_named, read)
        return not diffed and after.group(1) != ","

    def _named_cells(
        self,
        line: str,
        offset: int,
        cells: Sequence[Span | None],
        labels: Iterable[tuple[int, dict[int, int], str]],
        cells_named: list[tuple[int, int, dict[int, int]]],
        read: ColumnRead,
    ) -> None:
        """Add a row's cells under naming columns (``labels``: column, rules, name) to
        ``cells_named``, and the values the rules they name find there to ``read``
        (``line`` is at ``offset`` in the read's text; ``cells``: its cells' spans, None
        for a fixed-width row's empty cell)."""
        for column, names, name in labels:
            cell_span = cells[column]
            if cell_span is None:
                continue
            low, high = cell_span
            cells_named.append((offset + low, offset + high, names))
            cell = line[low:high]
            for index in names:
                for value_start, value_end in self._match(self._rules[index], name, cell):
                    read.values.setdefault(index, []).append(
                        (offset + low + value_start, offset + low + value_end)
                    )

    @staticmethod
    def _above(region: str, line_start: int, floor: int, floor_counts: Above) -> Above:
        """Return the last line before the one at ``line_start`` that is no rule line, from
        ``floor`` on (before it: ``floor_counts``), for its counts (:func:`_known`)."""
        end = line_start - 1  # the line break ending the line before
        while end >= floor:
            newline = region.rfind("\n", floor, end)
            begin = floor if newline < 0 else newline + 1
            line = region[begin:end]
            if not _RULE_LINE.fullmatch(line):
                return line  # its counts only when asked (see _known)
            end = begin - 1
        return floor_counts

    def _rows(
        self,
        region: str,
        position: int,
        table: OpenTable,
        previous: Above,
        read: ColumnRead,
        origin: int,
    ) -> tuple[int, OpenTable | None, Above]:
        """Read ``table``'s rows from ``position``; return where they end (the first line
        that is none, or the region's end), the table if still open there, and the counts
        of the last line read that is no rule line."""
        body: Span | None = None
        cells_named: list[tuple[int, int, dict[int, int]]] = []
        last_row: str | None = None
        still_open: OpenTable | None = table
        while position < len(region):
            line_end = region.find("\n", position)
            line_end = len(region) if line_end < 0 else line_end
            line = region[position:line_end]
            if table.delimiter == SQL_ROWS:
                ends = self._sql_row_line(line, position, table, cells_named, read)
                if ends is None:
                    still_open = None
                    break
                body = (position if body is None else body[0], position + len(line))
                last_row = line
                position = line_end + 1
                if ends:
                    still_open = None
                    break
                continue
            if _RULE_LINE.fullmatch(line):
                position = line_end + 1
                continue
            if len(line) > MAX_LINE_CHARS or table.delimiter not in line:
                still_open = None
                break
            row = _cells(line, table.delimiter)
            cells: Sequence[Span | None] = row
            if (
                len(row) == table.cells + 1
                and table.delimiter == SPACES
                and _ROW_INDEX.fullmatch(line, *row[0]) is not None
            ):
                cells = row[1:]  # a data frame's printout: each row led by its index
            elif table.columns and not _in_place(row, table.columns):
                # A fixed-width record (empty fields, one space between two): its cells by
                # where they stand; but a row of as many cells as the header, parted by one
                # separator throughout, in order.
                cells = (
                    _aligned(row, table.columns)
                    or (row if _parted_by_spaces(row, table) else _sliced(line, table.columns))
                    or row
                )
            if len(cells) != table.cells and table.delimiter == SPACES and table.columns:
                # A fixed-width report's row whose one cell overflows into the next column,
                # or a note indented under a row: the table goes on.
                partly = _partly_aligned(row, table.columns)
                if partly is None and _indented_note(line, row, table.columns):
                    position = line_end + 1
                    continue
                cells = partly or cells
            if len(cells) != table.cells:
                if table.delimiter == "|" and self._header(line, _nothing_above, 0) is None:
                    # A pipe table's row of another count: GitHub's table syntax pads or cuts
                    # it, and a chunk of a document may open inside a row. No cell of it is
                    # named; the table goes on (a line naming columns opens another).
                    position = line_end + 1
                    continue
                still_open = None
                break
            offset = position
            self._named_cells(line, offset, cells, table.labels, cells_named, read)
            body = (offset if body is None else body[0], offset + len(line))
            last_row = line
            position = line_end + 1
        if body is not None:
            header = (table.header[0] - origin, table.header[1] - origin)
            read.tables.append(Table(header, body, tuple(cells_named), table.country_only))
        return position, still_open, (previous if last_row is None else last_row)


def _with_bare_inserts(region: str, headers: list[int]) -> list[int]:
    """Return the sorted starts of ``headers`` and of the lines holding an INSERT without a
    column list (which need no header word: their table's CREATE TABLE names them)."""
    if "INSERT" not in region and "insert" not in region:
        return headers
    starts = {region.rfind("\n", 0, found.start()) + 1 for found in _BARE_INSERT.finditer(region)}
    return sorted(starts.union(headers)) if starts else headers


def _schema(
    bare: regex.Match[str],
    schemas: dict[str, str],
    created: list[tuple[int, str, str]],
    line_start: int,
) -> str | None:
    """Return the column list of the table an INSERT without one (``bare``, on the line at
    ``line_start``) fills: from the last CREATE TABLE of it that ends before the line
    (``created``; else one from the text before, ``schemas``), or None."""
    key = _table_key(bare.group(1))
    for end, name, columns in reversed(created):
        if name == key and end <= line_start:
            return columns
    return schemas.get(key)


def may_hold_insert(text: str) -> bool:
    """True when ``text`` may hold an SQL INSERT's VALUES list, a table on one line (a
    parenthesis first: one character's search costs a tenth of a word's)."""
    return "(" in text and ("VALUES" in text or "values" in text)


def _sql_rows(line: str, position: int) -> tuple[list[tuple[Span, list[Span]]], int]:
    """Return the rows of the VALUES list at ``line[position:]``, each row's span and its
    literals' cells (a quoted string's inside), up to the first that does not parse; and
    where the last row read ends."""
    rows: list[tuple[Span, list[Span]]] = []
    end = position
    while position < len(line) and line[position] == "(":
        row_start, position = position, position + 1
        cells: list[Span] = []
        while True:
            literal = _SQL_LITERAL.match(line, position)
            if literal is None or literal.lastindex is None:
                return rows, end
            cells.append(literal.span(literal.lastindex))
            position = literal.end()
            if line.startswith(",", position):
                position += 1
            elif line.startswith(")", position):
                position += 1
                break
            else:
                return rows, end
        rows.append(((row_start, position), cells))
        end = position
        following = _SQL_ROWS_END.match(line, position)
        if following is None or following.group(1) != "," or following.end() == len(line):
            break
        position = following.end()
    return rows, end


def in_view(read: ColumnRead, view: NormalizedView) -> ColumnRead:
    """Return ``read`` with its positions moved to ``view`` (the text's normalized view)."""
    where = view.view_index
    values = {
        index: [(where(low), where(high)) for low, high in spans]
        for index, spans in read.values.items()
    }
    return ColumnRead(values, [table.moved(where) for table in read.tables], read.state)


def with_values(
    findings: Sequence[Finding], values: dict[int, list[Span]], rules: Sequence[CompiledRule]
) -> list[Finding]:
    """Return ``findings`` (in rule order) with the values found under header cells added;
    ``rules[index]`` is the rule of that index."""
    if not values:
        return list(findings)
    by_rule = {finding.rule.index: finding for finding in findings}
    for index, spans in values.items():
        known = by_rule.get(index)
        merged = set(spans) if known is None else set(spans) | set(known.spans)
        by_rule[index] = Finding(rules[index], tuple(sorted(merged)))
    return [by_rule[index] for index in sorted(by_rule)]


class StreamColumns:
    """A stream's tables: each line read once, when it is complete; what it found kept,
    in source positions, until released (see :mod:`~engine_core.streaming`)."""

    def __init__(self, columns: Columns, locate: Callable[[str], list[WordSpan] | None]) -> None:
        self._columns = columns
        #: Where the pack's context-required words are in a text (None: not known yet).
        self._locate = locate
        self._state = TableState()
        #: Where the first line not read yet begins (source).
        self._next_line = 0
        #: The source from ``_next_line`` to the buffer's start, when the buffer dropped it
        #: (a line longer than MAX_LINE_CHARS keeps only enough to be seen as too long).
        self._head = ""
        self._values: dict[int, list[Span]] = {}
        self._tables: list[Table] = []

    def read(self, text: str, base: int, start: int, final: bool) -> tuple[ColumnRead, int | None]:
        """Read the lines of the buffer ``text`` (from source offset ``base``) completed since
        the last read; return, in the buffer's positions, the values from ``start`` and
        the tables they are in, and where text is held back (None: nowhere) because its
        line may be a row of an open table."""
        end = len(text) if final else text.rfind("\n") + 1
        begin = self._next_line - base
        if base + end > self._next_line:
            first = max(begin, 0)
            region = self._head + text[first:end]
            origin = base + first - len(self._head)
            read = self._columns.read(
                region, self._state, origin=origin, words=self._locate(region)
            )
            for index, spans in read.values.items():
                self._values.setdefault(index, []).extend(
                    (low + origin, high + origin) for low, high in spans
                )
            self._tables.extend(
                table.moved(lambda position: position + origin) for table in read.tables
            )
            self._state = read.state
            self._next_line = base + end
            self._head = ""
        released = base + start
        values = {
            index: kept
            for index, spans in self._values.items()
            if (kept := [(low - base, high - base) for low, high in spans if low >= released])
        }
        tables = [
            table.moved(lambda position: position - base)
            for table in self._tables
            if table.body[1] > released
        ]
        hold = None
        if not final and self._state.open is not None:
            hold = max(start, self._next_line - base)
        elif not final and len(text) - end <= MAX_LINE_CHARS:
            # An SQL INSERT in the line still arriving: its VALUES may be named once whole.
            insert = _INSERT_START.search(text, max(end, start))
            if insert is not None:
                hold = insert.start()
            # So is a record segment's: its fields are named once its line is whole.
            segment = segment_start(text, max(end, start))
            if segment is not None and (hold is None or segment < hold):
                hold = segment
        return ColumnRead(values, tables, self._state), hold

    def dropped(self, text: str, base: int, keep: int) -> None:
        """Note that the buffer ``text`` (from ``base``) drops its first ``keep`` characters."""
        if self._next_line < base + keep:
            self._head += text[max(self._next_line - base, 0) : keep]
            if len(self._head) > MAX_LINE_CHARS:
                self._head = self._head[: MAX_LINE_CHARS + 1]

    def released(self, released: int) -> None:
        """Forget what lies wholly before source offset ``released``."""
        self._values = {
            index: kept
            for index, spans in self._values.items()
            if (kept := [span for span in spans if span[0] >= released])
        }
        self._tables = [table for table in self._tables if table.body[1] > released]
