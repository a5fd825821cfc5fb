"""Words every country uses (``passport``) name a country's value where the text shows the
country: ``context_in_country``, ``country_categories``, ``country_values``,
``country_text`` and ``country_names``."""

from __future__ import annotations

import json
import re

import pytest

from engine_core import Engine
from engine_core.errors import UnsupportedPackDeclarationError
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook

from .conftest import hits


def _found(engine: Engine, text: str) -> list[tuple[str, str]]:
    return [(hit.category, hit.value) for hit in hits(engine, text)]


def _passports(engine: Engine, text: str) -> list[tuple[str, str]]:
    return [
        (category, value)
        for category, value in _found(engine, text)
        if category.endswith("PASSPORT")
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # South Africa: an ID number, a +27 phone number or a .za address near it.
        (
            'id_no: "4901249578084"\npassport: "M64999137"',
            [("ZA_PASSPORT", "M64999137")],
        ),
        (
            "Passport No. M65118893; cell +27 82 123 4567",
            [("ZA_PASSPORT", "M65118893")],
        ),
        (
            "passport T43149304, mail thandi@mweb.co.za",
            [("ZA_PASSPORT", "T43149304")],
        ),
        # The UK: a National Insurance number, a +44 phone number.
        (
            'passport_no: "568923099"\nni_number: "YJ670663A"',
            [("UK_PASSPORT", "568923099")],
        ),
        (
            "Passport number: 400886714, mobile +44 7400 161310",
            [("UK_PASSPORT", "400886714")],
        ),
        # Korea: a resident registration number.
        (
            "주민등록번호 790829-1496118, passport no. M24587710",
            [("KR_PASSPORT", "M24587710")],
        ),
        # A field named for the country.
        ('za_passport: "A07471476"', [("ZA_PASSPORT", "A07471476")]),
        # No country shown: a bare passport word is the US entry's, as before.
        ("Passport No. M65118893", [("US_PASSPORT", "M65118893")]),
        ("Passport number: 400886714", [("US_PASSPORT", "400886714")]),
        # A value of another country near it shows nothing about South Africa.
        (
            "Passport No. M65118893; cell +1 415 555 0123",
            [("US_PASSPORT", "M65118893")],
        ),
        # A travel document's number, as ICAO forms name a passport's.
        ("Travel doc #: A11448137", [("US_PASSPORT", "A11448137")]),
        ("Travel document number: M65118893, +27 82 123 4567", [("ZA_PASSPORT", "M65118893")]),
        # Words naming the country still need no other value.
        ("South African passport M65118893", [("ZA_PASSPORT", "M65118893")]),
        # A nationality key stating the country, a two-column table's too.
        ("Nationality: GB\nPassport number: 400886714", [("UK_PASSPORT", "400886714")]),
        (
            "| Nationality      | ZA |\n| Passport number  | M65118893 |\n",
            [("ZA_PASSPORT", "M65118893")],
        ),
        ("Nationality\tGB\nPassport number\t400886714\n", [("UK_PASSPORT", "400886714")]),
        ("Nationality: US\nPassport number: 400886714", [("US_PASSPORT", "400886714")]),
    ],
)
def test_a_bare_passport_word_is_the_country_the_text_shows(
    builtin: Engine, text: str, found: list[tuple[str, str]]
) -> None:
    """A generic passport word names the passport of the country the values near it show."""
    assert _passports(builtin, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # Korea's script near a licence the US entry's words name: Korea's licence.
        (
            '{"name": "김재호", "driverLicenseNo": "242333658830"}',
            [("KR_DRIVER_LICENSE", "242333658830")],
        ),
        ("이름: 이예지\nlicense_no: 22-14-976401-36", [("KR_DRIVER_LICENSE", "22-14-976401-36")]),
        ("name: John Roe\nlicense_no: 242333658830", [("US_DRIVER_LICENSE", "242333658830")]),
        ("박현숙\n\nPassport No.\nM69042875", [("KR_PASSPORT", "M69042875")]),
    ],
)
def test_a_script_shows_its_country(
    builtin: Engine, text: str, found: list[tuple[str, str]]
) -> None:
    """``country_text``: Hangul within the window shows Korea."""
    assert _found(builtin, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # A national id column beside a .gr address, a +48 phone number, a PL IBAN.
        ("national_id: 15037200001, email: maria@otenet.gr", [("GR_AMKA", "15037200001")]),
        ("personal number 72031501005, tel. +48 601 234 567", [("PL_PESEL", "72031501005")]),
        (
            "id number 72031501005 / IBAN PL61109010140000071219812874",
            [("PL_PESEL", "72031501005")],
        ),
        # A +81 phone number, a .jp address or kana near a bare "national id": Japan's.
        (
            "national_id: 6214 9832 0257, phone: +81 3-2919-7908",
            [("JP_MY_NUMBER", "6214 9832 0257")],
        ),
        ("national id 621498320257 / sato@example.co.jp", [("JP_MY_NUMBER", "621498320257")]),
        (
            "氏名: さとう はなこ\nnational id number: 621498320257",
            [("JP_MY_NUMBER", "621498320257")],
        ),
        # Kanji alone are Chinese as well: no country shown.
        ("姓名: 王芳\nnational id number: 621498320257", []),
        # Israel: Hebrew script or a .il address near the word.
        (
            '"full_name": "\u05d9\u05d5\u05e1\u05d9", "national_id": "123456782"',
            [("IL_ID", "123456782")],
        ),
        ('"national_id": "123456782", "email": "noa@walla.co.il"', [("IL_ID", "123456782")]),
        # No country shown: the bare word names none.
        ("national_id: 15037200001", []),
        ("personal number 72031501005", []),
        ("national id 621498320257", []),
    ],
)
def test_a_bare_national_id_word_names_the_number_of_the_country_values_show(
    builtin: Engine, text: str, found: list[tuple[str, str]]
) -> None:
    """``country_values``: a phone number's calling code, an address's domain or an IBAN's
    country near the value shows its country (``country_text``: Japan's kana too)."""
    named = ("AMKA", "PESEL", "MY_NUMBER", "IL_ID")
    assert [hit for hit in _found(builtin, text) if hit[0].endswith(named)] == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("kr_driver_license | 22-14-976401-36", [("KR_DRIVER_LICENSE", "22-14-976401-36")]),
        ('{"pl_national_id": "72031501005"}', [("PL_PESEL", "72031501005")]),
        ('{"gr_personal_number": "15037200001"}', [("GR_AMKA", "15037200001")]),
        # The word alone shows no country; another country's code names nothing either.
        ("driver_license | 22-14-976401-36", []),
        ('{"cz_national_id": "72031501005"}', []),
    ],
)
def test_a_field_named_for_a_country_names_its_value(
    builtin: Engine, text: str, found: list[tuple[str, str]]
) -> None:
    """A multinational schema prefixes a word every country uses with the country's code
    (``kr_driver_license``): the field names that country's value."""
    named = ("AMKA", "PESEL", "LICENSE")
    assert [hit for hit in _found(builtin, text) if hit[0].endswith(named)] == found


def test_a_spanish_passport_word_names_no_philippine_passport(builtin: Engine) -> None:
    """``Pasaporte español`` is Spain's: a Philippine passport's format next to it is none."""
    text = "N.I.E. del solicitante?\nY0561871G\nPasaporte español núm. pendiente"
    assert _passports(builtin, text) == []


def test_the_country_must_show_within_the_window(builtin: Engine) -> None:
    """Evidence far from the value (beyond the rule's window) shows nothing: a stream keeps
    no more of the text around a value."""
    far = "Note. " * 30
    assert _passports(builtin, f"ID 4901249578084. {far}Passport No. M65118893") == [
        ("US_PASSPORT", "M65118893")
    ]


def test_a_header_cell_with_only_a_country_word_names_the_country_the_row_shows(
    builtin: Engine,
) -> None:
    """``Passport number`` over a column names South African passports only in the rows that
    show South Africa (here a South African ID number beside it); a table showing no
    country stays the US entry's, whose word it is."""
    text = "Name,Passport number\nAnn,M65118893\nBen,T43149304\n"
    assert _passports(builtin, text) == [
        ("US_PASSPORT", "M65118893"),
        ("US_PASSPORT", "T43149304"),
    ]
    shown = (
        "Name,Passport number,ID number\nAnn,M65118893,4901249578084\nCas,A07471476,9202204720083\n"
    )
    assert _passports(builtin, shown) == [
        ("ZA_PASSPORT", "M65118893"),
        ("ZA_PASSPORT", "A07471476"),
    ]


#: python-stdnum's published examples, with the country codes a KYC export writes.
NATIONAL_NUMBERS = [
    ("NO_FODSELSNUMMER", "15108695088", "NO", "NOR"),
    ("PL_PESEL", "44051401359", "PL", "POL"),
    ("EE_ISIKUKOOD", "36805280109", "EE", "EST"),
    ("NL_BSN", "111222333", "NL", "NLD"),
    ("TR_NATIONAL_ID", "17291716060", "TR", "TUR"),
    ("BG_EGN", "7523169263", "BG", "BGR"),
]


@pytest.mark.parametrize(("category", "number", "alpha2", "alpha3"), NATIONAL_NUMBERS)
def test_an_english_field_names_the_national_number_of_the_country_shown(
    builtin: Engine, category: str, number: str, alpha2: str, alpha3: str
) -> None:
    """A KYC webhook's personal_number beside its nationality, and an INSERT's national_id
    column in a row with its country's code, name that country's national number."""
    webhook = (
        f'{{"person": {{"first_name": "Ann", "nationality": "{alpha3}", '
        f'"personal_number": "{number}"}}, "checks": {{"face_match": 0.93}}}}'
    )
    assert (category, number) in _found(builtin, webhook)
    insert = (
        "INSERT INTO `customers` (`id`, `full_name`, `country`, `national_id`) VALUES\n"
        "(733803, 'Ann Berg', 'XX', 'n/a'),\n"
        f"(884148, 'Ben Berg', '{alpha2}', '{number}');\n"
    )
    assert (category, number) in _found(builtin, insert)
    elsewhere = insert.replace(f"'{alpha2}'", "'XX'")
    assert (category, number) not in _found(builtin, elsewhere), "only the country shown"


@pytest.mark.parametrize(("category", "number", "alpha2", "alpha3"), NATIONAL_NUMBERS)
def test_a_logs_country_key_and_document_field_name_the_national_number(
    builtin: Engine, category: str, number: str, alpha2: str, alpha3: str
) -> None:
    """A screening log's unquoted nationality=TUR before id_no=, an age check's country=TR
    before doc_no=, a form's Country: and its document number name that country's number;
    another country's code, a code under no country key, or no document field name none."""
    screening = f'screen name="Ann Berg" nationality={alpha3} id_type=national id_no={number}'
    assert (category, number) in _found(builtin, screening)
    age_check = f"agecheck result=pass method=id_scan country={alpha2} doc_no={number} age=41"
    assert (category, number) in _found(builtin, age_check)
    form = f"Country: {alpha2}\nDocument number: {number}"
    assert (category, number) in _found(builtin, form)
    for text in (
        age_check.replace(f"country={alpha2}", "country=XX"),
        age_check.replace(f"country={alpha2}", f"region {alpha2}"),
        age_check.replace("doc_no=", "ref="),
    ):
        assert (category, number) not in _found(builtin, text), text


@pytest.mark.parametrize(
    ("category", "number", "alpha2"),
    [("PT_NIF", "501964843", "PT"), ("NZ_IRD", "49091850", "NZ"), ("CA_SIN", "123 456 782", "CA")],
)
def test_a_tax_number_in_a_national_id_field_where_it_is_the_personal_number(
    builtin: Engine, category: str, number: str, alpha2: str
) -> None:
    """Portugal's NIF, New Zealand's IRD number and Canada's SIN are the numbers people
    there give as their ID: an export's national_id column holds them (python-stdnum's
    examples); a row showing another country's code does not name them."""
    insert = (
        "INSERT INTO `customers` (`id`, `country`, `national_id`) VALUES\n"
        f"(884148, '{alpha2}', '{number}');\n"
    )
    assert (category, number) in _found(builtin, insert)
    elsewhere = insert.replace(f"'{alpha2}'", "'XX'")
    assert (category, number) not in _found(builtin, elsewhere)


def test_an_english_field_without_a_country_names_no_national_number(builtin: Engine) -> None:
    """personal_number is every country's: a Polish PESEL beside a German nationality, or with
    no country at all, is not named by it."""
    for nationality in ("DEU", ""):
        text = f'{{"nationality": "{nationality}", "personal_number": "44051401359"}}'
        assert ("PL_PESEL", "44051401359") not in _found(builtin, text)


#: A relocation vendor's case, pretty-printed: each assignee's country sits three lines
#: (about 70 characters) above the document number, beyond the passport words' window.
PRETTY_CASE = json.dumps(
    {
        "case": "RLC-49327",
        "assignees": [
            {
                "name": "Sabine Voigt",
                "country": "DE",
                "document": {"type": "passport", "number": "C01X00T47"},
            },
            {"name": "Ann Berg", "country": "NO", "document": {"type": "id card", "number": "x"}},
        ],
    },
    indent=4,
)


def test_a_pretty_printed_records_country_names_its_document(builtin: Engine) -> None:
    """What shows the country counts within ``country_window`` (at least 100 characters),
    wider than the words' own window: the ICAO specimen German passport number (BMI)."""
    between = PRETTY_CASE.index("C01X00T47") - PRETTY_CASE.index('"DE"')
    assert between > 60
    assert ("DE_PASSPORT", "C01X00T47") in _found(builtin, PRETTY_CASE)


def test_a_rules_country_window_is_its_own() -> None:
    """A playbook sets ``country_window``: a country beyond it shows nothing."""
    text = '{"nationality": "ACM",' + " " * 30 + '"passport": "X1234567"}'
    near = _engine(_rule(context_in_country=["passport"], country_names=["ACM"]))
    assert ("ACME_PASSPORT", "X1234567") in _found(near, text)
    narrow = _engine(
        _rule(context_in_country=["passport"], country_names=["ACM"], country_window=20)
    )
    assert ("ACME_PASSPORT", "X1234567") not in _found(narrow, text)


@pytest.mark.parametrize("size", [1, 3, 16, 256])
def test_a_pretty_printed_country_streams_as_evaluate_does(builtin: Engine, size: int) -> None:
    """A stream keeps the country window around a value, and so names the same country."""
    clean = builtin.evaluate(PRETTY_CASE).remedy.clean_text
    assert "[REDACTED_DE_PASSPORT]" in clean
    session = builtin.stream_session(block_on_fatal=False)
    parts = _pieces(PRETTY_CASE, size)
    released = "".join(chunk.text for part in parts for chunk in session.push(part))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == clean


@pytest.mark.parametrize("size", [1, 3, 16, 256])
def test_a_stream_names_the_country_as_evaluate_does(builtin: Engine, size: int) -> None:
    """A stream sees the window around a value, and so the same country."""
    text = (
        'id_no: "4901249578084"\npassport: "M64999137"\n'
        "Passport No. M65118893 was renewed.\n"
        "passport_no 568923099, NI YJ670663A\n"
        "\nName,Passport number,ID number\nCas,A07471476,9202204720083\nBen,T43149304,\n"
    )
    clean = builtin.evaluate(text).remedy.clean_text
    assert "[REDACTED_ZA_PASSPORT]" in clean
    session = builtin.stream_session(block_on_fatal=False)
    released = "".join(chunk.text for part in _pieces(text, size) for chunk in session.push(part))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == clean


#: Long enough after the passport that a stream releases the ID before it settles.
_AFTERWARDS = " The renewal was processed at the consulate and the file was closed." * 4 + "\n"


@pytest.mark.parametrize(
    "text",
    [
        "ID number 4901249578084 on file. Passport No. M65118893 was renewed; NI YJ670663A"
        " noted.\n" + _AFTERWARDS,
        'id_no: "4901249578084"\npassport: "M64999137"\nPassport No. M65118893 was renewed.\n'
        "passport_no 568923099, NI YJ670663A\n" + _AFTERWARDS,
    ],
    ids=["prose", "fields"],
)
def test_a_value_released_before_shows_its_country_to_a_stream(builtin: Engine, text: str) -> None:
    """The South African ID before the passport shows South Africa, as in evaluate, even
    when a stream released it before the passport settled (the UK's NI number after the
    passport shows the UK too: the stream must break the tie as evaluate does)."""
    clean = builtin.evaluate(text).remedy.clean_text
    for size in range(1, 80):
        session = builtin.stream_session(block_on_fatal=False)
        released = "".join(
            chunk.text for part in _pieces(text, size) for chunk in session.push(part)
        )
        released += "".join(chunk.text for chunk in session.flush())
        assert released == clean, size


def _pieces(text: str, size: int) -> list[str]:
    return [text[position : position + size] for position in range(0, len(text), size)]


def _rule(**options: object) -> dict[str, object]:
    return {
        "id": "acme.passport",
        "category": "ACME_PASSPORT",
        "pattern": "(?<![0-9A-Z])X[0-9]{7}(?![0-9])",
        "options": {"context": ["acme passport"], "context_required": True, **options},
    }


def _engine(*rules: dict[str, object]) -> Engine:
    playbook = parse_playbook(json.dumps({"pack_id": "acme.country", "rules": list(rules)}))
    return Engine.for_pack(playbook, CommunityLicense())


def test_a_rosters_nationality_cell_names_the_passport_column(builtin: Engine) -> None:
    """A crew roster's "passport number" column is every country's; a row's nationality
    cell holding a rule's own word ("South African") makes the row's passport that
    country's, and a row without one stays the US entry's."""
    text = (
        "name,nationality,passport number\n"
        "Thandiwe Nkosi,South African,A41517035\n"
        "Ann Roe,American,561234587\n"
    )
    assert _passports(builtin, text) == [
        ("ZA_PASSPORT", "A41517035"),
        ("US_PASSPORT", "561234587"),
    ]


def test_a_users_rule_takes_country_words() -> None:
    """A playbook's rule names what shows its country: categories, or patterns in values."""
    acme_id = {
        "id": "acme.id",
        "category": "ACME_ID",
        "pattern": "(?<![0-9])AC-[0-9]{6}(?![0-9])",
    }
    engine = _engine(
        _rule(
            context_in_country=["passport"],
            country_categories=["ACME_ID"],
            country_values=["^[+]999"],
        ),
        acme_id,
    )

    def found(shown_by: Engine, text: str) -> list[str]:
        return [hit.category for hit in hits(shown_by, text) if hit.category == "ACME_PASSPORT"]

    assert found(engine, "passport X1234567, id AC-123456") == ["ACME_PASSPORT"]
    by_value = _engine(_rule(context_in_country=["passport"], country_values=["^AC-9"]), acme_id)
    assert found(by_value, "passport X1234567, id AC-912345") == ["ACME_PASSPORT"]
    assert [hit.category for hit in hits(by_value, "passport X1234567")] == []
    assert found(engine, "passport X1234567") == []
    assert found(engine, "acme passport X1234567") == ["ACME_PASSPORT"]


def test_a_users_rule_names_its_country_by_code_and_name() -> None:
    """``country_names``: a code or name quoted as a field's value, or after a country,
    nationality or citizenship key, shows the country; the same letters in lower case, in
    prose or glued to more letters do not."""
    engine = _engine(_rule(context_in_country=["passport"], country_names=["AC", "ACM", "Acme"]))

    def found(text: str) -> bool:
        return ("ACME_PASSPORT", "X1234567") in _found(engine, text)

    for shown in (
        '{"nationality": "ACM", "passport": "X1234567"}',
        "INSERT INTO t VALUES ('AC', 'X1234567');  -- passport",
        "screen nationality=ACM passport=X1234567",
        "check issuing_country=AC passport=X1234567",
        "Country code: Acme\npassport X1234567",
        "CITIZENSHIP: ACM passport X1234567",
    ):
        assert found(shown), shown
    for not_shown in (
        "screen nationality=acm passport=X1234567",
        "screen nationality=ACMX passport=X1234567",
        "we met in Acme; passport X1234567",
        "passport X1234567",
    ):
        assert not found(not_shown), not_shown


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"context_in_country": ["passport"]}, "needs options.country_categories"),
        (
            {"context_in_country": ["passport"], "country_names": ["ACM"], "country_window": 0},
            "options.country_window: must be at least 1",
        ),
        (
            {"context_in_country": ["passport"], "country_names": ["  "]},
            "options.country_names: '  ': not a code or name",
        ),
        (
            {"context_in_country": ["passport"], "country_values": ["(unclosed"]},
            "options.country_values: '(unclosed'",
        ),
        (
            {"context_in_country": ["passport"], "country_text": ["[unclosed"]},
            "options.country_text: '[unclosed'",
        ),
        (
            {"context_in_country": ["Acme Passport", "visa"], "country_text": ["ACM"]},
            "'Acme Passport' already in options.context",
        ),
    ],
)
def test_country_options_are_validated(options: dict[str, object], problem: str) -> None:
    """Country words need what shows the country; its patterns must compile; a word is the
    rule's everywhere or only in its country, never both."""
    with pytest.raises(UnsupportedPackDeclarationError, match=re.escape(problem)):
        _engine(_rule(**options))


def test_country_words_need_context_words() -> None:
    """Like label words, country words complete a rule's own words."""
    rule = {
        "id": "acme.passport",
        "pattern": "X[0-9]{7}",
        "options": {"context_in_country": ["passport"], "country_values": ["x"]},
    }
    with pytest.raises(UnsupportedPackDeclarationError, match="context_in_country: needs"):
        _engine(rule)
