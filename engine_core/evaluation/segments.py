"""Fields named by their place in a record format's segment.

A record format names no field in its text: ``PID|1||4455^^^MRN||Doe^Jane||19740312``
holds a date of birth because it is the seventh field of an HL7 PID segment. The
standard's own names for such fields (``Date of Birth``, ``SSN Number - Patient``) are the
header cells this module gives them, so that :mod:`~engine_core.evaluation.columns` names
their values as a table's header names a column's (docs/architecture.md, "Context",
its record segments). Three formats:

* **HL7 version 2**: a segment starts a line or follows a carriage return (HL7's segment
  terminator), opens with its id and ``|``, and ends at the next line break or carriage
  return. Its fields are split at ``|``, a field's repetitions at ``~`` and a
  repetition's components at ``^``; a named field's cell is the first component of each
  repetition (a date and time's date). In an identifier list (PID-3) each identifier's
  type code (component 5, HL7 table 0203) names it: ``SS`` a social security number,
  ``PPN`` a passport, ``DL`` a driving licence, ``MC`` a Medicare number, ``NH`` with
  the authority ``NHS`` an NHS number, ``NN`` and an ISO 3166 country code a national
  person identifier, ``NI`` the national number of the country the segment shows.
* **UN/EDIFACT** (PAXLST, the passenger lists airlines send to border authorities): a
  ``DOC`` segment, at a line's start or after the segment terminator ``'``, gives a
  travel document's type (element 1: ``P`` a passport, ``I`` or ``A`` an identity card)
  and its number (element 2). The issuing country comes in a later segment, so the
  number is named as every country's passport (or identity card) is: the format decides.
* **IATA SSR DOCS** (a booking's passport details): ``SSR DOCS YY HK1
  P/GBR/123456789/GBR/12JUL82/M/23OCT28/SMITH/JOHN`` gives the document's type, issuing
  country, number, nationality and the holder's date of birth, separated by ``/``.

A segment is read once its line is whole: what names its fields lies in it alone.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, NamedTuple

import regex

from ..anchors import HYPERSCAN

__all__ = ["SegmentCell", "may_hold_segments", "segment_cells", "segment_start"]

#: The named fields of each HL7 segment (1-based field numbers, as the standard counts
#: them): the standard's name, or a plainer one where its own names no identifier's word
#: (``Date/Time of Birth`` is said ``Date of Birth``).
HL7_FIELDS: dict[str, dict[int, str]] = {
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
#: HL7 fields whose cell is a date and time (TS/DTM): the cell is its date's eight digits.
HL7_DATES = frozenset({("PID", 7), ("NK1", 16), ("GT1", 8), ("IN1", 18)})
#: The HL7 identifier lists whose identifiers each name their type (CX.5).
HL7_IDENTIFIER_LISTS = frozenset({("PID", 3), ("PID", 4), ("NK1", 33), ("GT1", 2)})
#: HL7 table 0203's identifier types that name an identifier of the catalogue.
HL7_IDENTIFIER_TYPES = {
    "SS": "Social Security Number",
    "PPN": "Passport Number",
    "DL": "Driver's License Number",
    "MC": "Medicare number",
    # A national unique individual identifier: the country's own, as the segment shows its
    # country (its address's country, a phone's country code).
    "NI": "national id",
}
#: A national person identifier (``NN`` and an ISO 3166 alpha-3 code): the word its country
#: calls it by.
HL7_NATIONAL_IDENTIFIERS = {
    "NNNLD": "BSN",
    "NNDNK": "CPR-nummer",
    "NNSWE": "personnummer",
    "NNNOR": "fødselsnummer",
    "NNPOL": "PESEL",
    "NNESP": "DNI",
}
#: A passport of no known country: its name in the languages of the catalogue's passports.
ANY_PASSPORT = "passport number, Reisepass, pasaporte, passaporto, 여권번호"
#: An identity card of no known country, likewise.
ANY_IDENTITY_CARD = "identity card, DNI, carta d'identità, Personalausweis"
#: A passport by its issuing country (ICAO 9303's codes: ISO 3166 alpha-3, ``D`` Germany).
PASSPORT_OF = {
    "USA": "US passport number",
    "GBR": "UK passport number",
    "ZAF": "South African passport number",
    "PHL": "Philippine passport number",
    "IND": "Indian passport number",
    "KOR": "여권번호",
    "ESP": "Spanish passport",
    "ITA": "Italian passport",
    "DEU": "German passport",
    "D": "German passport",
}
#: An identity card by its issuing country.
IDENTITY_CARD_OF = {
    "ESP": "DNI",
    "ITA": "Italian identity card",
    "DEU": "German identity card",
    "D": "German identity card",
}
#: Travel document type codes (PAXLST's DOC element 1001 and SSR DOCS' first field).
PASSPORT_CODES = frozenset({"P", "PP", "IP"})
IDENTITY_CARD_CODES = frozenset({"I", "ID", "A"})
#: SSR DOCS' fields (after its head): type, issuing country, number, nationality, date of
#: birth.
_DOCS_TYPE, _DOCS_ISSUER, _DOCS_NUMBER, _DOCS_BIRTH = 0, 1, 2, 4
#: Where a named segment starts: an HL7 segment at a line's start or after a carriage
#: return, an EDIFACT DOC segment there or after ``'``, an SSR DOCS element anywhere.
_SEGMENT = regex.compile(
    r"(?<![^\r\n])(?:" + "|".join(HL7_FIELDS) + r")\|"
    r"|(?<![^\r\n'])DOC\+"
    r"|(?<![0-9A-Za-z])SSR[ ]?DOCS(?![A-Za-z])"
)
#: SSR DOCS' head: the element, the carrier, the status and number of passengers.
_DOCS_HEAD = regex.compile(r"SSR[ ]?DOCS[ ]?[0-9A-Z]{2}[ ]?[A-Z]{2}[0-9]{1,3}[ /]")
#: A segment's end (EDIFACT's also at an unescaped ``'``).
_LINE_END = regex.compile(r"[\r\n]")
_EDIFACT_END = regex.compile(r"[\r\n]|(?<!\?)'")
#: A date and time's date.
_DATE = regex.compile(r"[0-9]{8}")
#: The literals a text holding a named segment holds (:func:`may_hold_segments`).
_MARKERS = (*(f"{segment}|" for segment in HL7_FIELDS), "DOC+", "DOCS")


class SegmentCell(NamedTuple):
    """A named field's value in a segment: where it is and the name it has (``alike``: it
    names every rule it names as near, as one name said in several languages)."""

    start: int
    end: int
    name: str
    alike: bool = False


def _marker_database() -> Any:
    """Return a Hyperscan database finding any of :data:`_MARKERS` (None without it)."""
    if HYPERSCAN is None:
        return None
    database = HYPERSCAN.Database(mode=HYPERSCAN.HS_MODE_BLOCK)
    database.compile(
        expressions=[regex.escape(marker).encode() for marker in _MARKERS],
        ids=list(range(len(_MARKERS))),
        flags=[HYPERSCAN.HS_FLAG_SINGLEMATCH] * len(_MARKERS),
    )
    return database


_MARKER_DATABASE = _marker_database()
#: Each thread's scratch for :data:`_MARKER_DATABASE`.
_scratch = threading.local()
#: Texts shorter than this (bytes) are searched for each marker instead.
_SEARCHED_BELOW = 65_536


def _stop(*_: object) -> bool:
    """Hyperscan match handler: one match is enough."""
    return True


def may_hold_segments(text: str, data: bytes | None = None) -> bool:
    """True when ``text`` may hold a named segment (``data``: its UTF-8 or scan bytes, when
    the caller has them: on a long text one Hyperscan pass over them is the cheapest)."""
    if data is None or _MARKER_DATABASE is None or len(data) < _SEARCHED_BELOW:
        return _holds_marker(text)
    scratch = getattr(_scratch, "scratch", None)
    if scratch is None:  # Hyperscan scratch space must not be shared between threads
        scratch = _scratch.scratch = HYPERSCAN.Scratch(_MARKER_DATABASE)
    try:
        _MARKER_DATABASE.scan(data, match_event_handler=_stop, scratch=scratch)
    except HYPERSCAN.ScanTerminated:
        return True
    return False


def _holds_marker(text: str) -> bool:
    """True when the short ``text`` holds a marker. Each segment holds its separator (HL7's
    ``|``, EDIFACT's ``+``, SSR DOCS' ``/``), found by the C library's one-character
    search; most texts hold none of them, and a longer search costs more on a kilobyte
    than the rest of a clean text's check."""
    if "|" not in text and "+" not in text and "/" not in text:
        return False
    return any(marker in text for marker in _MARKERS)


def segment_start(text: str, start: int = 0) -> int | None:
    """Return where the first named segment at or after ``start`` begins, or None."""
    match = _SEGMENT.search(text, start)
    return None if match is None else match.start()


def segment_cells(text: str) -> Iterator[tuple[int, int, list[SegmentCell]]]:
    """Yield each named segment of ``text``: its start, its end and its named cells."""
    stop = len(text)
    for match in _SEGMENT.finditer(text):
        begin = match.start()
        if text.startswith("DOC+", begin):
            closing = _EDIFACT_END.search(text, match.end(), stop)
            finish = stop if closing is None else closing.start()
            yield begin, finish, list(_edifact_document(text, match.end(), finish))
            continue
        closing = _LINE_END.search(text, match.end(), stop)
        finish = stop if closing is None else closing.start()
        if text.startswith("SSR", begin):
            yield begin, finish, list(_ssr_docs(text, begin, finish))
        else:
            yield begin, finish, list(_hl7(text, text[begin : begin + 3], match.end(), finish))


def _hl7(text: str, segment: str, first: int, end: int) -> Iterator[SegmentCell]:
    """Yield the named cells of an HL7 segment whose first field begins at ``first``."""
    named = HL7_FIELDS[segment]
    for field, (low, high) in enumerate(_split(text, "|", first, end), start=1):
        if (segment, field) in HL7_IDENTIFIER_LISTS:
            yield from _hl7_identifiers(text, low, high)
        elif field in named:
            for value_start, value_end in _first_components(text, low, high):
                if (segment, field) in HL7_DATES:
                    date = _DATE.match(text, value_start, value_end)
                    if date is None:
                        continue
                    value_end = date.end()
                if value_end > value_start:
                    yield SegmentCell(value_start, value_end, named[field])


def _first_components(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Yield the first component of each repetition of the HL7 field ``text[start:end]``."""
    for low, high in _split(text, "~", start, end):
        caret = text.find("^", low, high)
        yield low, high if caret < 0 else caret


def _hl7_identifiers(text: str, start: int, end: int) -> Iterator[SegmentCell]:
    """Yield the identifiers of an HL7 identifier list (CX) whose type names them."""
    for low, high in _split(text, "~", start, end):
        components = list(_split(text, "^", low, high))
        if len(components) < 5:
            continue
        kind = text[slice(*components[4])].strip().upper()
        authority = text[slice(*components[3])].upper()
        name = HL7_IDENTIFIER_TYPES.get(kind) or HL7_NATIONAL_IDENTIFIERS.get(kind)
        if name is None and kind == "NH" and "NHS" in authority:
            name = "NHS Number"
        value = components[0]
        if name is not None and value[1] > value[0]:
            yield SegmentCell(value[0], value[1], name)


def _edifact_document(text: str, first: int, end: int) -> Iterator[SegmentCell]:
    """Yield a DOC segment's document number (its elements begin at ``first``)."""
    elements = list(_split(text, "+", first, end, release="?"))
    if len(elements) < 2:
        return
    code_end = text.find(":", *elements[0])
    kind = text[elements[0][0] : elements[0][1] if code_end < 0 else code_end].strip()
    number_start, number_end = elements[1]
    colon = text.find(":", number_start, number_end)
    cell = _document(number_start, number_end if colon < 0 else colon, kind, "")
    if cell is not None:
        yield cell


def _ssr_docs(text: str, begin: int, end: int) -> Iterator[SegmentCell]:
    """Yield an SSR DOCS element's document number and date of birth."""
    head = _DOCS_HEAD.match(text, begin, end)
    if head is None:
        return
    fields = list(_split(text, "/", head.end(), end))
    if len(fields) <= _DOCS_NUMBER:
        return
    kind = text[slice(*fields[_DOCS_TYPE])].strip()
    issuer = text[slice(*fields[_DOCS_ISSUER])].strip()
    cell = _document(*fields[_DOCS_NUMBER], kind, issuer)
    if cell is not None:
        yield cell
    if len(fields) > _DOCS_BIRTH and fields[_DOCS_BIRTH][1] > fields[_DOCS_BIRTH][0]:
        yield SegmentCell(*fields[_DOCS_BIRTH], "DOB")


def _document(start: int, end: int, kind: str, issuer: str) -> SegmentCell | None:
    """Return the cell of a travel document's number ``[start, end)`` of type ``kind``
    issued by ``issuer`` (an ICAO country code, or empty), or None for a document the
    catalogue has no rule for (or an empty number). A document of no known country is
    every country's alike: its number's format decides."""
    if end <= start:
        return None
    if kind in PASSPORT_CODES:
        of, anywhere = PASSPORT_OF, ANY_PASSPORT
    elif kind in IDENTITY_CARD_CODES:
        of, anywhere = IDENTITY_CARD_OF, ANY_IDENTITY_CARD
    else:
        return None
    name = of.get(issuer)
    return (
        SegmentCell(start, end, anywhere, alike=True)
        if name is None
        else SegmentCell(start, end, name)
    )


def _split(
    text: str, separator: str, start: int, end: int, release: str = ""
) -> Iterator[tuple[int, int]]:
    """Yield the spans of ``text[start:end]``'s parts between ``separator``s (one right
    after the ``release`` character, EDIFACT's ``?``, is no separator)."""
    position = part = start
    while True:
        found = text.find(separator, position, end)
        if found < 0:
            yield part, end
            return
        if release and found > start and text[found - 1] == release:
            position = found + 1
            continue
        yield part, found
        position = part = found + 1
