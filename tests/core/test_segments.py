"""An HL7 v2 segment names its fields by their place (engine_core.evaluation.segments):
the values of PID, NK1, GT1, IN1 and IN2 fields are found with no word beside them."""

from __future__ import annotations

import pytest
import regex
from stdnum.gb import nhs
from stdnum.us import ssn

from engine_core import Engine
from engine_core.evaluation.columns import MAX_LINE_CHARS
from engine_core.evaluation.segments import segment_cells
from tests.core.test_columns import valid_bsns

SSN = "536291847"
PASSPORT = "C03859142"
LICENCE = "TX40218836"
NHS_NUMBER = "9434765919"


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def _segment(segment: str, fields: dict[int, str]) -> str:
    """A segment with ``fields`` (by the standard's 1-based numbers) and the others empty."""
    return "|".join([segment, *(fields.get(number, "") for number in range(1, max(fields) + 1))])


def _message(separator: str = "\r") -> str:
    """An ADT^A01 message with dates of birth, SSNs, a passport and a licence in fields
    named only by their place."""
    assert ssn.is_valid(SSN)
    assert nhs.is_valid(NHS_NUMBER)
    segments = [
        "MSH|^~\\&|ADT1|GOOD HEALTH HOSPITAL|GHH LAB|ELAB-3|20240312083000||ADT^A01|MSG1|P|2.5",
        "EVN|A01|20240312083000",
        _segment(
            "PID",
            {
                1: "1",
                3: f"7744120^^^GHH^MR~{SSN}^^^USSSA^SS~{PASSPORT}^^^USA^PPN",
                5: "SMITH^JANE^Q",
                7: "197403120815",
                8: "F",
                11: "1420 Birchwood Ln^^Austin^TX^78704",
                16: "S",
                18: "PATID4401^2^M10",
                19: SSN,
                20: f"{LICENCE}^TX^20301231",
            },
        ),
        _segment("NK1", {1: "1", 2: "SMITH^JOHN", 3: "SPO", 15: "M", 16: "19700101"}),
        _segment("GT1", {1: "1", 3: "SMITH^JANE", 8: "19611124", 12: "614220958"}),
        _segment("IN1", {1: "1", 2: "BCBS", 16: "SMITH^JANE", 17: "01", 18: "19680702"}),
        _segment("IN2", {2: "582147306"}),
        "PV1|1|I|2000^2012^01||||004777^ATTEND^AARON^A|||SUR",
    ]
    return separator.join(segments) + separator


def _found(engine: Engine, text: str) -> dict[str, set[str]]:
    """Per category, the values the built-in pack reports in ``text``."""
    found: dict[str, set[str]] = {}
    for finding in engine.compiled_pack.find(text):
        found.setdefault(finding.rule.category, set()).update(text[a:b] for a, b in finding.spans)
    return found


@pytest.mark.parametrize("separator", ["\r", "\n", "\r\n"])
def test_the_fields_of_a_segment_are_named_by_their_place(engine: Engine, separator: str) -> None:
    found = _found(engine, _message(separator))
    assert found["DATE_OF_BIRTH"] == {"19740312", "19700101", "19611124", "19680702"}
    assert found["US_SSN"] == {SSN, "614220958", "582147306"}
    assert found["US_PASSPORT"] == {PASSPORT}
    assert found["US_DRIVER_LICENSE"] == {LICENCE}


def test_a_medical_record_number_and_a_visit_are_not_named(engine: Engine) -> None:
    values = {value for values in _found(engine, _message()).values() for value in values}
    assert "7744120" not in values  # PID-3's MR: a hospital's own number
    assert "PATID4401" not in values
    assert "20240312" not in values  # EVN's and MSH's time stamps are no birth dates


def test_an_identifier_list_names_national_identifiers_by_type_and_country(
    engine: Engine,
) -> None:
    bsn = valid_bsns(1, seed=12)[0]
    text = (
        f"PID|1||{bsn}^^^NLMINBIZA^NNNLD~{NHS_NUMBER}^^^NHS^NH~2123456701^^^AUSHIC^MC"
        "||JANSEN^ANNA\r"
    )
    found = _found(engine, text)
    assert found["NL_BSN"] == {bsn}
    assert found["UK_NHS"] == {NHS_NUMBER}
    assert found["AU_MEDICARE"] == {"2123456701"}  # MC: Medicare number


def test_a_national_identifier_typed_ni_is_the_one_of_the_country_the_segment_shows(
    engine: Engine,
) -> None:
    """``NI`` (HL7 table 0203: national unique individual identifier) names the national
    number of the country the segment shows (here a +60 phone): python-stdnum's
    my.nric example."""
    text = (
        "PID|1||3021854^^^HOSP^MR~770305-02-1234^^^NATID^NI||TAN^ALI||19770305|M|||"
        "1 Jalan Ampang^^Kuala Lumpur^^50450^MY||+60123456789|\r"
    )
    assert _found(engine, text)["MY_NRIC"] == {"770305-02-1234"}
    without_country = "PID|1||3021854^^^HOSP^MR~770305-02-1234^^^NATID^NI||TAN^ALI|\r"
    assert "MY_NRIC" not in _found(engine, without_country)


@pytest.mark.parametrize(
    "text",
    [
        # The same fields in a segment that names none of them.
        "OBX|1|NM|||19740312||||||||536291847\r",
        # A named segment's id inside a line, not at its start: no segment.
        "see PID|1||||||19740312|F\r",
        # An unnamed field of a named segment.
        "PID|1||||||||19740312\r",
    ],
)
def test_what_is_no_named_field_names_nothing(engine: Engine, text: str) -> None:
    found = _found(engine, text)
    assert "DATE_OF_BIRTH" not in found
    assert "US_SSN" not in found


def test_a_segment_on_a_line_too_long_for_a_stream_is_not_read(engine: Engine) -> None:
    # A stream keeps at most MAX_LINE_CHARS of a line: evaluate reads no more of one.
    filler = "OBX|1|TX|||" + "x" * MAX_LINE_CHARS + "\r"
    assert "DATE_OF_BIRTH" not in _found(engine, filler + "PID|1||||||19740312\n")
    assert "DATE_OF_BIRTH" in _found(engine, "OBX|1|TX|||x\rPID|1||||||19740312\n")


def test_a_date_and_time_field_names_its_date() -> None:
    text = "PID|1||||||197403120815~19750101|F\r"
    [(start, end, cells)] = list(segment_cells(text))
    assert (start, end) == (0, len(text) - 1)
    assert [(text[low:high], name) for low, high, name, _ in cells] == [
        ("19740312", "Date of Birth"),
        ("19750101", "Date of Birth"),
    ]


def _paxlst(documents: list[tuple[str, str, str]]) -> str:
    """A PAXLST message's passenger groups (WCO/IATA PAXLST implementation guide): per
    passenger a date of birth (YYMMDD) and a travel document (type, number, country)."""
    lines = ["UNH+PAX001+PAXLST:D:05B:UN:IATA+BA0749/240315/0130+01:F'", "BGM+745'"]
    for index, (kind, number, country) in enumerate(documents):
        lines += [
            f"NAD+FL+++SURNAME{index}:GIVEN'",
            "ATT+2++F'",
            f"DTM+329:{71 + index}0323'",
            f"NAT+2+{country}'",
            f"DOC+{kind}:110:111+{number}'",
            "DTM+36:291218'",
            f"LOC+91+{country}'",
        ]
    return "\n".join([*lines, "CNT+42:3'", "UNT+20+PAX001'"])


@pytest.mark.parametrize("joint", ["\n", ""])
def test_a_paxlst_document_segment_names_its_number(engine: Engine, joint: str) -> None:
    # One segment per line, or all on one line after the segment terminator.
    text = _paxlst(
        [("P", "AAZ758431", "ESP"), ("P", "YA2658477", "ITA"), ("I", "09722558K", "ESP")]
    ).replace("\n", joint)
    found = _found(engine, text)
    assert "AAZ758431" in found["ES_PASSPORT"]
    assert found["ES_DNI"] == {"09722558K"}
    # Italy's format is also Spain's and the Philippines' older one: which, LOC+91 says
    # in a later segment. Some passport's, at least.
    passports = {
        value for category, values in found.items() if "PASSPORT" in category for value in values
    }
    assert passports == {"AAZ758431", "YA2658477"}
    assert found["DATE_OF_BIRTH"] == {"710323", "720323", "730323"}


def test_a_paxlst_visa_and_expiry_are_not_named(engine: Engine) -> None:
    text = "DOC+V:110:111+AAZ758431'\nDTM+36:291218'\nLOC+91+ESP'"
    assert _found(engine, text) == {}


@pytest.mark.parametrize(
    ("element", "category", "number"),
    [
        (
            "SSR DOCS BA HK1 P/USA/543118598/USA/07NOV62/F/07AUG27/DAVIS/ASHLEY",
            "US_PASSPORT",
            "543118598",
        ),
        (
            "SSR DOCS AZ HK1 P/ITA/YA2658477/ITA/11SEP89/F/11DEC26/GRECO/CHIARA/P1",
            "IT_PASSPORT",
            "YA2658477",
        ),
        (
            "SSR DOCS LH HK1/P/D/C01X00T47/D/11SEP89/M/11DEC26/MUSTERMANN/ERIKA",
            "DE_PASSPORT",
            "C01X00T47",
        ),
        (
            "SSR DOCS IB HK1 I/ESP/09722558K/ESP/11SEP89/M/11DEC26/GARCIA/LUIS",
            "ES_DNI",
            "09722558K",
        ),
    ],
)
def test_an_ssr_docs_element_names_its_document_and_birth_date(
    engine: Engine, element: str, category: str, number: str
) -> None:
    text = f"RP/LHR1A0486/LHR1A0707  AA/SU  10JAN24/0641Z   RSJJY2\n  5 {element}\n  6 FP CASH"
    found = _found(engine, text)
    assert found[category] == {number}
    [birth] = regex.findall("[0-9]{2}[A-Z]{3}[0-9]{2}", element)[:1]
    assert found["DATE_OF_BIRTH"] == {birth}


def test_a_booking_without_docs_names_no_birth_date(engine: Engine) -> None:
    # A flight's date, a ticket's issue date and a visa's DOCO element are no birth dates.
    text = "  2  BA 749 Y 15MAR 5 LHRSIN HK1\n  7 FA PAX 176-5823317656/ETBA/10JAN24/LHR"
    assert "DATE_OF_BIRTH" not in _found(engine, text)
