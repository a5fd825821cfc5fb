"""Fields named by their place: the segments of an HL7 version 2 message.

An HL7 v2 message names no field in its text: ``PID|1||4455^^^MRN||Doe^Jane||19740312``
holds a date of birth because it is the seventh field of a PID segment. The standard's
own names for such fields (``Date/Time of Birth``, ``SSN Number - Patient``) are the
header cells this module gives them, so that :mod:`~engine_core.evaluation.columns` names
their values as a table's header names a column's (docs/architecture.md, "Context").

A segment starts a line or follows a carriage return (HL7's segment terminator), opens
with its three-character id and ``|``, and ends at the next line break or carriage
return. Its fields are split at ``|``, a field's repetitions at ``~`` and a repetition's
components at ``^``. A named field's cell is the first component of each repetition (a
date's first eight digits: the date of a date and time). In the patient identifier list
(PID-3) each identifier's type code (component 5, HL7 table 0203) names it: ``SS`` a
social security number, ``PPN`` a passport, ``DL`` a driving licence, ``NH`` with the
authority ``NHS`` an NHS number, ``NN`` and an ISO 3166 country code a national person
identifier.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import regex

__all__ = ["SegmentCell", "may_hold_segments", "segment_cells", "segment_start"]

#: The named fields of each segment (1-based field numbers, as the standard counts them):
#: the standard's name, or a plainer one where its own names no identifier's word
#: (``Date/Time of Birth`` is said ``Date of Birth``).
NAMED_FIELDS: dict[str, dict[int, str]] = {
    "PID": {
        7: "Date of Birth",
        19: "SSN Number - Patient",
        20: "Driver's License Number - Patient",
    },
    "NK1": {16: "Date of Birth", 37: "Contact Person Social Security Number"},
    "GT1": {8: "Guarantor Date of Birth", 12: "Guarantor SSN"},
    "IN1": {18: "Insured's Date of Birth"},
    "IN2": {2: "Insured's Social Security Number"},
}
#: Fields whose cell is a date and time (TS/DTM): the cell is its date's eight digits.
DATE_FIELDS = frozenset({("PID", 7), ("NK1", 16), ("GT1", 8), ("IN1", 18)})
#: The identifier lists whose identifiers each name their type (CX.5).
IDENTIFIER_LISTS = frozenset({("PID", 3), ("PID", 4), ("NK1", 33), ("GT1", 2)})
#: HL7 table 0203's identifier types that name an identifier of the catalogue.
IDENTIFIER_TYPES = {
    "SS": "Social Security Number",
    "PPN": "Passport Number",
    "DL": "Driver's License Number",
}
#: A national person identifier (``NN`` and an ISO 3166 alpha-3 code): the word its country
#: calls it by.
NATIONAL_IDENTIFIERS = {
    "NNNLD": "BSN",
    "NNDNK": "CPR-nummer",
    "NNSWE": "personnummer",
    "NNNOR": "fødselsnummer",
    "NNPOL": "PESEL",
    "NNESP": "DNI",
}
#: Where a named segment starts: at a line's start or after a carriage return.
_SEGMENT = regex.compile(r"(?<![^\r\n])(?:" + "|".join(NAMED_FIELDS) + r")\|")
#: A segment's end.
_END = regex.compile(r"[\r\n]")
#: A date and time's date.
_DATE = regex.compile(r"[0-9]{8}")


class SegmentCell(NamedTuple):
    """A named field's value in a segment: where it is and the name it has."""

    start: int
    end: int
    name: str


def may_hold_segments(text: str) -> bool:
    """True when ``text`` may hold a named HL7 segment (a plain search first)."""
    return "|" in text and any(f"{segment}|" in text for segment in NAMED_FIELDS)


def segment_start(text: str, start: int = 0) -> int | None:
    """Return where the first named segment at or after ``start`` begins, or None."""
    match = _SEGMENT.search(text, start)
    return None if match is None else match.start()


def segment_cells(
    text: str, start: int = 0, end: int | None = None
) -> Iterator[tuple[int, int, list[SegmentCell]]]:
    """Yield each named segment of ``text[start:end]``: its start, its end and its named
    cells (places in ``text``)."""
    stop = len(text) if end is None else end
    for match in _SEGMENT.finditer(text, start, stop):
        begin = match.start()
        closing = _END.search(text, match.end(), stop)
        finish = stop if closing is None else closing.start()
        yield begin, finish, list(_cells(text, text[begin : begin + 3], match.end(), finish))


def _cells(text: str, segment: str, first: int, end: int) -> Iterator[SegmentCell]:
    """Yield the named cells of a segment whose first field begins at ``first``."""
    named = NAMED_FIELDS[segment]
    field = 1
    position = first
    while position <= end:
        bar = text.find("|", position, end)
        field_end = end if bar < 0 else bar
        if (segment, field) in IDENTIFIER_LISTS:
            yield from _identifiers(text, position, field_end)
        elif field in named:
            for low, high in _repetitions(text, position, field_end):
                if (segment, field) in DATE_FIELDS:
                    date = _DATE.match(text, low, high)
                    if date is None:
                        continue
                    high = date.end()
                if high > low:
                    yield SegmentCell(low, high, named[field])
        if bar < 0:
            return
        field += 1
        position = bar + 1


def _repetitions(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Yield the first component of each repetition of the field ``text[start:end]``."""
    for low, high in _split(text, "~", start, end):
        caret = text.find("^", low, high)
        yield low, high if caret < 0 else caret


def _identifiers(text: str, start: int, end: int) -> Iterator[SegmentCell]:
    """Yield the identifiers of an identifier list (CX) whose type names them."""
    for low, high in _split(text, "~", start, end):
        components = list(_split(text, "^", low, high))
        if len(components) < 5:
            continue
        kind = text[slice(*components[4])].strip().upper()
        authority = text[slice(*components[3])].upper()
        name = IDENTIFIER_TYPES.get(kind) or NATIONAL_IDENTIFIERS.get(kind)
        if name is None and kind == "NH" and "NHS" in authority:
            name = "NHS Number"
        value = components[0]
        if name is not None and value[1] > value[0]:
            yield SegmentCell(value[0], value[1], name)


def _split(text: str, separator: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Yield the spans of ``text[start:end]``'s parts between ``separator``s."""
    position = start
    while True:
        found = text.find(separator, position, end)
        if found < 0:
            yield position, end
            return
        yield position, found
        position = found + 1
