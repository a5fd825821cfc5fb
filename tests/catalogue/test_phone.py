"""Phone numbers (``phone`` and ``intl.phone_*`` in ``intl.yaml``) through the real engine.

Valid numbers are libphonenumber's own example numbers (``phonenumbers.example_number``,
written in the region's national format by ``phonenumbers.format_number``): the
published examples of each numbering plan.
"""

# ruff: noqa: RUF001 - CJK text: full-width colons.
from __future__ import annotations

import copy
import json
from collections.abc import Callable

import phonenumbers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phonenumbers import PhoneMetadata

from engine_core import Engine
from engine_core.errors import UnsupportedPackDeclarationError
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook
from engine_plugins.phone_numbers import _national_options, _region

from .conftest import hits, streamed_one_by_one, values

NATIONAL = phonenumbers.PhoneNumberFormat.NATIONAL


def _national(region: str) -> str:
    number = phonenumbers.example_number(region)
    assert number is not None
    return phonenumbers.format_number(number, NATIONAL)


#: A sentence in the region's language with its phone word, and the regions it is for.
SENTENCES = {
    "Tel.: {v}": ("DE", "AT", "PL", "CZ", "RO", "NL", "IT"),
    "Ring til mig på {v}.": ("DK",),
    "Du kan fange mig på {v}.": ("DK",),
    "Je kunt me bereiken op {v}.": ("NL", "BE"),
    "Erreichbar bin ich unter {v}.": ("DE",),
    "Proszę dzwonić pod numer {v}.": ("PL",),
    "Zastihnete mě na čísle {v}.": ("CZ",),
    "You can reach me on {v}.": ("IN", "GB"),
    "Ring meg på {v}.": ("NO",),
    "Ring mig på {v}.": ("SE",),
    "Puh. {v}": ("FI",),
    "Sími: {v}": ("IS",),
    "Mi móvil es el {v}.": ("ES",),
    "Per informazioni chiamate il {v}.": ("IT",),
    "Contacto: {v}": ("ES",),
    "Tfn: {v}": ("SE",),
    "Questions ? Contactez-nous au {v}.": ("FR", "BE"),
    "Celular: {v}": ("MX", "BR"),
    "Telemóvel: {v}": ("PT",),
    "Τηλέφωνο: {v}": ("GR",),
    "Cep telefonum {v}.": ("TR",),
    "טלפון: {v}": ("IL",),
    "電話番号：{v}": ("JP",),
    "전화번호: {v}": ("KR",),
    "电话：{v}": ("CN",),
    "Mobile: {v}": ("AU", "NZ", "SG", "ZA", "NG", "IE", "CA"),
    "Appelez-moi au {v}.": ("FR", "BE"),
    "Perfecto, te llamo al {v} si falta algo.": ("ES",),
    "Curierul vă sună la {v}.": ("RO",),
    "Recapito: {v}": ("IT",),
    "Swisha till {v}.": ("SE",),
    "Kontaktirali vas bomo na {v}.": ("SI",),
    "Nama;No HP\nSri;{v}": ("ID",),
    "मोबाइल {v}": ("IN",),
    "Mi whatsapp es {v}": ("MX",),
    "상담원: 번호이동 하실 번호는요?\n서연: {v} 이요": ("KR",),
    "제 번호는 {v} 이에요": ("KR",),
    "Cuenta RUT / BancoEstado, fono {v}": ("CL",),
    "Dosegljiv sem na {v} ali po e-pošti.": ("SI",),
    "og netfangið er helga@simnet.is, síminn {v}": ("IS",),
    # A letter's service line and queries, a record's "can be reached at".
    "Kundendienst: {v}": ("DE", "CH"),
    "Rückfragen: {v}": ("DE",),
    "Service clientèle : {v}": ("FR", "CH"),
    "Patienten nås på {v} vid provsvar.": ("SE",),
    "Fleur is bereikbaar via {v}.": ("NL",),
    # A chat's "call me on", "text me at" (context_label: right before the number).
    "ok txt me at {v} 😊": ("AU", "GB"),
    "ruf mich an unter {v}": ("DE", "AT"),
    "du erreichst mich unter {v}": ("CH",),
    "appelle-moi au {v} bisous": ("BE", "FR"),
    "llámame al {v}": ("CO", "CL"),
    "chiamami al {v}": ("IT",),
    "fechado, meu zap: {v}": ("BR",),
    "liga-me para {v}": ("PT",),
    "app me op {v}": ("NL",),
    "sms:a mig på {v}": ("SE",),
    "skriv til mig på {v}": ("DK",),
    "send sms til {v}": ("NO",),
    "zadzwoń na {v}": ("PL",),
    "volej na {v}": ("CZ",),
    "κιν.: {v}": ("GR",),
    "pokliči na {v}": ("SI",),
    "звънни на {v}": ("BG",),
    "skambink man {v}": ("LT",),
    "ara beni {v}": ("TR",),
    "ติดต่อ {v}": ("TH",),
    "WA: {v}": ("ID",),
    "tawagan mo ko sa {v}": ("PH",),
}
EXAMPLES = [(sentence, region) for sentence, regions in SENTENCES.items() for region in regions]


@pytest.mark.parametrize(("sentence", "region"), EXAMPLES)
def test_a_national_number_next_to_a_phone_word_is_found(
    builtin: Engine, sentence: str, region: str
) -> None:
    """libphonenumber's example number of the region, in its national format, is PHONE."""
    number = _national(region)
    assert values(builtin, sentence.format(v=number), "PHONE") == [number]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        ("ok so my number = {v}", "AU"),
        ("my number is {v}", "GB"),
        ("il mio numero: {v}", "IT"),
        ("mi número es el {v}", "ES"),
        ("mon numéro : {v}", "FR"),
        ("meu número é {v}", "PT"),
        ("mijn nummer is {v}", "NL"),
        ("meine Nummer: {v}", "DE"),
    ],
)
def test_the_writers_own_number_is_a_phone(builtin: Engine, sentence: str, region: str) -> None:
    """In a chat or a ticket, "my number" (in the region's language) right before a number
    names the writer's phone (``context_label``)."""
    number = _national(region)
    assert values(builtin, sentence.format(v=number), "PHONE") == [number]


def test_contact_is_no_phone_label(builtin: Engine) -> None:
    """``contact`` names an e-mail or a person as often: an SSN after it stays an SSN (and
    blocks), whatever libphonenumber would make of its digits."""
    assert values(builtin, "the blue contact 536-22-1234 about it", "US_SSN") == ["536-22-1234"]


@pytest.mark.parametrize(
    ("region", "written"),
    [("IT", "312 345 67 89"), ("ES", "612 34 56 78"), ("GB", "07400 123 456")],
)
def test_a_last_group_of_four_may_be_written_as_two_pairs(
    builtin: Engine, region: str, written: str
) -> None:
    """312 345 6789 read aloud in pairs (312 345 67 89) is the same number; a last group
    split three and three (07400 123 456) stays one too."""
    number = phonenumbers.parse(written, region)
    assert phonenumbers.is_valid_number(number)
    assert values(builtin, f"Tel.: {written}", "PHONE") == [written]


def test_a_group_split_otherwise_is_no_phone(builtin: Engine) -> None:
    """A last group of four split one and three is no way the country writes it."""
    assert values(builtin, "Tel.: 312 345 6 789", "PHONE") == []


def test_a_korean_approval_number_is_no_phone(builtin: Engine) -> None:
    """번호 (number) ends many Korean compounds: a card slip's 승인번호 (approval number)
    names no phone, though 28177531 fits Korea's plan."""
    assert values(builtin, "카드 이용내역\n승인번호 28177531", "PHONE") == []


def test_an_order_number_is_no_phone(builtin: Engine) -> None:
    """Only "my number" right before a number names a phone: "my order number" names an
    order's, "mon numéro de sécurité sociale" a social-security number (python-stdnum's
    fr.nir example), and "Mon numéro AVS" on the next line names no number above it."""
    assert values(builtin, f"my order number is {_national('SG')}", "PHONE") == []
    text = "Mon numéro de sécurité sociale : 2 95 10 99 126 111 93"
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [
        ("FR_NIR", "2 95 10 99 126 111 93")
    ]
    text = "N° de sécu : 2 95 10 99 126 111 93\nMon numéro AVS est le 756.1234.5678.97."
    assert values(builtin, text, "PHONE") == []


@pytest.mark.parametrize("kind", ["FIXED_LINE", "MOBILE"])
def test_an_argentine_number_in_its_national_format_is_found(
    everything_phone: Engine, kind: str
) -> None:
    """Argentina dials a mobile as 011 15-2345-6789 (area code, then 15): libphonenumber's
    parsing rewrites it (the 15 goes, a 9 comes), so its digits outnumber any length of the
    plan. libphonenumber's example numbers, in their national format."""
    number = phonenumbers.example_number_for_type("AR", getattr(phonenumbers.PhoneNumberType, kind))
    assert number is not None
    written = phonenumbers.format_number(number, NATIONAL)
    assert values(everything_phone, f"Teléfono: {written}", "PHONE") == [written]


@pytest.mark.parametrize("kind", ["FIXED_LINE", "MOBILE"])
@pytest.mark.parametrize("prefix", ["0", "8"])
def test_a_lithuanian_number_in_its_national_format_is_found(
    everything_phone: Engine, kind: str, prefix: str
) -> None:
    """Lithuania writes its trunk prefix inside the area code's brackets, (0-612) 34567, and
    its parsing strips the former prefix 8 too (8 612 34567): libphonenumber's example
    numbers in its national format, with either prefix, and as one run."""
    number = phonenumbers.example_number_for_type("LT", getattr(phonenumbers.PhoneNumberType, kind))
    assert number is not None
    national = phonenumbers.format_number(number, NATIONAL)
    assert national.startswith("(0-")
    written = f"({prefix}-{national[3:]}"
    assert values(everything_phone, f"Telefonas: {written}", "PHONE") == [written]
    spaced = f"{prefix} {national[3:].replace(')', '')}"
    assert values(everything_phone, f"Telefonas: {spaced}", "PHONE") == [spaced]
    run = "".join(char for char in spaced if char.isdigit())
    assert values(everything_phone, f"Telefonas: {run}", "PHONE") == [run]


@pytest.fixture(scope="module")
def everything_phone(codon_engine: Callable[..., Engine]) -> Engine:
    """An engine of every catalogue phone entry."""
    return codon_engine("phone", "intl.phone_*")


@pytest.mark.parametrize("region", ["US", "GB", "DE", "FR", "IL", "ZA", "BR", "AU"])
def test_some_national_formats_need_no_word(builtin: Engine, region: str) -> None:
    """The national formats of a few countries are distinctive enough on their own."""
    number = _national(region)
    assert values(builtin, f"Details: {number}. Thanks", "PHONE") == [number]
    mobile = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    assert mobile is not None
    written = phonenumbers.format_number(mobile, NATIONAL)
    assert values(builtin, f"Details: {written}. Thanks", "PHONE") == [written]
    # India's mobile numbers, written 5-5 (a landline's 6-5 grouping needs a phone word).
    assert values(builtin, "Details: 98765 43210. Thanks", "PHONE") == ["98765 43210"]


@pytest.mark.parametrize("region", ["PL", "DK", "NO", "SE", "CZ", "MX"])
def test_other_national_formats_need_a_phone_word(builtin: Engine, region: str) -> None:
    """Without a phone word a bare national number is just a number: no region is stated."""
    assert values(builtin, f"Reference {_national(region)} in the ticket.", "PHONE") == []


@pytest.mark.parametrize(
    "text",
    [
        "Tel.: 58 920 28 5",  # Polish: one digit short
        "Ring til mig på 38 23 55 7.",  # Danish: seven digits
        "Mobile: +44 7400 12345",  # a UK mobile one digit short
        "Call +1 201-555-012 now",
        "Telefon: 1234 5678 9012 3456",  # sixteen digits are no phone number
        # A French mobile cut short: its tail is no Luxembourg number, "06" no list number.
        "le client a laissé un numéro incomplet (tél. 06 54 27 84), impossible",
        # Timestamps of a chat or a call note near a phone word are dates, not numbers.
        "29/04/2025 14:41 - Élodie: ton num de portable ?\n29/04/2025 14:42 - Sophie: oui",
        "Notatka z rozmowy 21.02.2024 11:30: klient nie podał numeru (tel. brak).",
    ],
)
def test_numbers_outside_the_numbering_plan_are_not_phones(builtin: Engine, text: str) -> None:
    """Lengths and ranges come from libphonenumber: a wrong length is not a phone number."""
    assert values(builtin, text, "PHONE") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("휴대폰 +821547442556로 연락 주세요.", ["+821547442556"]),  # Korean particle glued on
        ("携帯 090-1234-5678までご連絡ください。", ["090-1234-5678"]),
        ("Tel.: 1 58 920 28 51", ["58 920 28 51"]),  # a list number before it
        ("Sími: 581 2345/691 2345", ["581 2345", "691 2345"]),  # two Icelandic numbers
        ("Telefon: +90 252 138 24 94 T.C.", ["+90 252 138 24 94"]),  # not its tail alone
        # libphonenumber's Israeli example and a neighbour, one space apart: two numbers.
        ("02-123-4567 02-123-4568", ["02-123-4567", "02-123-4568"]),
        ("02-123-4567 0121 234 5678", ["02-123-4567", "0121 234 5678"]),  # then a UK one
        # A label glued to a +CC number (Romanian and Brazilian numbers, libphonenumber's
        # ranges): the + starts the number.
        ("Telefon+40 21 110 0922", ["+40 21 110 0922"]),
        ("Celular+551123498873", ["+551123498873"]),
    ],
)
def test_boundaries_lists_and_neighbours(builtin: Engine, text: str, expected: list[str]) -> None:
    """A glued particle, a list number or a neighbouring number hides no phone number."""
    assert values(builtin, text, "PHONE") == expected


@pytest.mark.parametrize(
    "text",
    [
        "Patient NHS No: 931 650 4188",  # a US-shaped 3-3-4 with spaces and no phone word
        "We live at 71 Miller St, Trenton, NJ 08668-8394 since May.",  # a ZIP+4
        "Hetu 091175-3336 puuttuu lomakkeesta.",  # a Finnish personal code
        "Il codice IMEI del telefono è 35-545737-618530-5.",  # no phone inside an IMEI
        "Dra beloppet från kortet 4994 6555 6265 1993. Mitt mobilnummer är",  # nor a card
        "Fødselsnummer: 090295 36748 Ring meg på",  # a label names the value
        "Ring mig på nytt: personnummer 4011070226",  # a bare run of digits
        '"POST /signup?mobileNumber=x HTTP/2" 201 3348 "-" "curl/8.5.0"',
    ],
)
def test_other_identifiers_are_not_phones(builtin: Engine, text: str) -> None:
    """Identifiers shaped like national numbers, even near a phone word, are not phones."""
    assert values(builtin, text, "PHONE") == []


def test_an_access_log_s_status_and_size_are_no_phones(builtin: Engine) -> None:
    """In an access log line, the percent-encoded number of the query is its one phone: the
    status and size after it, in a line holding a phone word, are not."""
    text = '"GET /v1/users?phone=%2B4740617103 HTTP/1.1" 422 1125 "-" "okhttp/4.12.0"'
    assert values(builtin, text, "PHONE") == ["%2B4740617103"]


#: Regions of intl.phone_en's label_regions: another language's numbers under English labels.
LABELLED_REGIONS = ("ES", "FR", "DE", "IT", "PL", "NL", "SE", "JP", "BR", "TR")


@pytest.mark.parametrize("region", LABELLED_REGIONS)
@pytest.mark.parametrize(
    "template",
    [
        "Phone: {v}",
        "Mobile number:   {v}",
        "guest_name,rsvp,phone,plus_one\nJavier Molina,yes,{v},1\nIrene Gil,no,,0",
        "| Name | Phone |\n|---|---|\n| Jana Krüger | {v} |",
        "{{'customer_id': 70471, 'phone': '{v}'}}",  # a logged dict's key
    ],
)
def test_a_national_number_under_an_english_label_is_found(
    builtin: Engine, template: str, region: str
) -> None:
    """A multinational export labels every country's numbers in English: beside "Phone:"
    or under a "phone" column, another region's national number is PHONE
    (``label_regions``)."""
    number = _national(region)
    assert values(builtin, template.format(v=number), "PHONE") == [number]


@pytest.mark.parametrize(
    "text",
    [
        "We shipped 612 07 26 02 units to the phone store",  # the word after: no label
        "Phone support covers tickets\nref 612 07 26 02",  # another line
        "Our phone line moved; the case reference stays 612 07 26 02",  # too far from the word
    ],
)
def test_another_regions_number_needs_a_label_right_before_it(builtin: Engine, text: str) -> None:
    """A Spanish mobile number's digits count under an English word only beside its label."""
    assert values(builtin, text, "PHONE") == []


def test_label_regions_need_required_context() -> None:
    """label_regions reads the rule's context words as labels: without required context
    the playbook is refused, as it is for an unknown region."""
    rule = json.loads(_playbook(["PL"]))
    rule["rules"][0]["options"]["label_regions"] = ["ES"]
    with pytest.raises(UnsupportedPackDeclarationError, match="label_regions needs context"):
        parse_playbook(json.dumps(rule))
    rule["rules"][0]["options"].update(
        label_regions=["XX"], context=["phone"], context_required=True
    )
    with pytest.raises(UnsupportedPackDeclarationError, match="'XX'"):
        parse_playbook(json.dumps(rule))


def _playbook(regions: list[str]) -> str:
    """A playbook with one phone_number rule for three groups of three digits."""
    rule = {
        "id": "acme.phone",
        "type": "phone_number",
        "category": "PHONE",
        "pattern": "(?<![0-9])[0-9]{3} [0-9]{3} [0-9]{3}(?![0-9])",
        "options": {"prefilter": "[0-9]{3} [0-9]{3}", "regions": regions},
    }
    return json.dumps({"pack_id": "acme.phone", "rules": [rule]})


def test_an_unknown_region_is_refused() -> None:
    """A user's phone_number rule naming a region libphonenumber does not know is refused."""
    with pytest.raises(UnsupportedPackDeclarationError, match="'XX'"):
        parse_playbook(_playbook(["XX", "PL"]))


def test_a_users_rule_takes_its_regions_national_formats() -> None:
    """A playbook rule names its regions; their national formats are validated for them."""
    engine = Engine.for_pack(parse_playbook(_playbook(["PL"])), CommunityLicense())
    assert [t.matched_items for t in engine.evaluate("512 345 678").triggers] == [("512 345 678",)]
    assert engine.evaluate("012 345 678").triggers == ()  # no Polish number starts with 0


def test_a_phone_match_can_only_grow_in_the_trailing_run_of_phone_characters(
    builtin: Engine,
) -> None:
    """A stream holds back only the digits and separators at its end, not a whole window."""
    matcher = next(r.matcher for r in builtin.compiled_pack.rules if r.rule_id == "intl.phone_pl")
    assert matcher.growing_start("Tel.: 58 920 28") == len("Tel")  # ".: 58 920 28"
    assert matcher.growing_start("Tel.: 58 920 28 51 now") is None
    assert matcher.growing_start("card 4111 1111 and mail") is None


#: Regions whose parsing strips prefixes without a transform rule (the plan check before
#: parsing reads every national number parsing can find: _national_options).
_STRIPPING = sorted(
    code
    for code in phonenumbers.SUPPORTED_REGIONS
    if (region := _region(code)).parsing_prefix is not None and not region.plain_parsing
)


def _written(region: str) -> st.SearchStrategy[str]:
    """Candidates as people write them: digit groups, maybe after the region's trunk or
    carrier prefix, its country code, or its international prefix and country code."""
    metadata = PhoneMetadata.metadata_for_region(region)
    assert metadata is not None
    example = phonenumbers.example_number(region)
    national = str(example.national_number) if example is not None else "212345678"
    heads = ["", "0", str(metadata.country_code), "00" + str(metadata.country_code)]
    heads += ["0011" + str(metadata.country_code), "1831", "180020", "08", "10"]
    digits = st.one_of(
        st.just(national),
        st.text(alphabet="0123456789", min_size=4, max_size=12),
        st.builds(lambda n, i: n[:i] + n[i + 1 :], st.just(national), st.integers(0, 8)),
    )
    return st.builds(
        lambda head, body, cut, sep: sep.join(filter(None, [head, body[:cut], body[cut:]])),
        st.sampled_from(heads),
        digits,
        st.integers(0, 6),
        st.sampled_from([" ", "-", ".", ""]),
    )


@settings(max_examples=300, deadline=None)
@given(data=st.data(), region=st.sampled_from(_STRIPPING))
def test_the_plan_check_before_parsing_rules_out_only_what_parsing_would(
    data: st.DataObject, region: str
) -> None:
    """A candidate none of whose national readings fits the plan is never a number of the
    region that fits it or is valid: skipping its parse changes no verdict."""
    value = data.draw(_written(region))
    digits = "".join(ch for ch in value if ch.isdigit())
    info = _region(region)
    if any(
        len(option) in info.lengths and info.plan.fullmatch(option)
        for option in _national_options(digits, info)
    ):
        return  # parsed as before
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return
    if number.country_code != info.country_code:
        return  # another country's number: refused whatever its form
    national = phonenumbers.national_significant_number(number)
    assert not (len(national) in info.lengths and info.plan.fullmatch(national))
    assert not phonenumbers.is_valid_number(number)


# A timing test: the regex module's clock is the process's CPU time (see the fixture).
@pytest.mark.usefixtures("no_background_compile")
def test_a_window_whose_numbers_take_longer_than_one_search_is_read_to_its_end(
    builtin: Engine,
) -> None:
    """The timeout bounds each search for candidates, not the numbers' validation between
    them: a table of phone numbers whose checks together take longer than one search's
    timeout is still read to its end (a first request, compiling libphonenumber's patterns,
    is such a window)."""
    rule = next(rule for rule in builtin.compiled_pack.rules if rule.rule_id == "intl.phone_en")
    matcher = copy.copy(rule.matcher)
    matcher.timeout = 0.002
    # Ofcom's drama numbers (07700 900000-900999): a distinct number on each line, so no
    # check is remembered from another test.
    text = "\n".join(f"Mobile: 07700 900{line:03d}" for line in range(1000))
    assert len(matcher.find(text)) == 1000


def test_a_one_digit_area_code_in_brackets(builtin: Engine) -> None:
    """Santiago's area code 2, bracketed as Chileans write it: a number in a fixed-line
    range libphonenumber's metadata for CL allocates."""
    assert values(builtin, "Teléfono: (2) 2123 4567", "PHONE") == ["(2) 2123 4567"]


@pytest.mark.parametrize("e164", ["+431517695968", "+4930901820123"])
def test_an_international_number_as_libphonenumber_formats_it_is_found(
    builtin: Engine, e164: str
) -> None:
    """libphonenumber's own international format may leave nine digits in the last group
    (Vienna's +43 1 517695968, Berlin's +49 30 901820123): no phone word is needed."""
    number = phonenumbers.parse(e164)
    assert phonenumbers.is_valid_number(number)
    written = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    assert values(builtin, f"| Jana | {written} | billing |", "PHONE") == [written]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # FHIR's ContactPoint (its specification's example) and a Telegram export's entity.
        (
            '"telecom": [{"system": "phone", "value": "(03) 5555 6473", "use": "work"}]',
            ["(03) 5555 6473"],
        ),
        (
            '"text": [\n  {\n   "type": "phone",\n   "text": "0412 345 678"\n  }\n]',
            ["0412 345 678"],
        ),
        ('{"type": "phone", "text": "0412345678"}', ["0412345678"]),
        # Another type names nothing.
        ('{"type": "plain", "text": "0412345678"}', []),
        ('{"type": "order_id", "value": "0412345678"}', []),
    ],
)
def test_a_typed_values_type_labels_it(builtin: Engine, text: str, found: list[str]) -> None:
    """A JSON object that types its value (``"system": "phone"``, ``"type": "phone"``)
    labels the value its next key holds, as ``phone:`` does; in a stream too."""
    assert values(builtin, text, "PHONE") == found
    assert streamed_one_by_one(builtin, text) == builtin.evaluate(text).remedy.clean_text


@pytest.mark.parametrize(
    ("region", "question"),
    [
        ("GB", "What's the best number to reach you on?"),
        ("ES", "¿En qué número le podemos localizar?"),
        ("IT", "A quale numero possiamo richiamarla?"),
        ("DE", "Unter welcher Nummer erreichen wir Sie am besten?"),
        ("FR", "À quel numéro peut-on vous rappeler ?"),
        ("PT", "Para que número podemos ligar de volta?"),
        ("PL", "Pod jaki numer możemy oddzwonić?"),
        ("SE", "Vilket nummer når vi dig på?"),
        ("NL", "Op welk nummer kunnen we u bereiken?"),
        ("TR", "Size hangi numaradan ulaşalım?"),
    ],
)
def test_a_call_back_question_names_the_number_its_reply_gives(
    builtin: Engine, region: str, question: str
) -> None:
    """An agent asking where to call back names the number the caller answers with, after
    the reply's speaker prefix and a hesitation, beyond the context window."""
    number = _national(region)
    text = (
        f"[00:00:31] Agent: {question}\n"
        f"[00:00:38] Caller: mm, yes, sorry, one moment, it is {number}.\n"
    )
    assert values(builtin, text, "PHONE") == [number]


def test_a_call_back_phrase_names_no_other_number(builtin: Engine) -> None:
    """Away from a question, the phrase names only the number right after it, not an
    order's number near it."""
    text = "Our team will reach you about order 4821 5524 next week; the best number of 4821 5524."
    assert values(builtin, text, "PHONE") == []


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Tel 0040 712 141 625", "0040 712 141 625"),
        ("Telefon: 0049 30 123456", "0049 30 123456"),
        ("llámame al 0034 612 34 56 78", "0034 612 34 56 78"),
        ("Mobile: 011 44 7400 123456", "011 44 7400 123456"),
    ],
)
def test_a_number_dialled_with_an_international_prefix_is_a_phone(
    builtin: Engine, text: str, number: str
) -> None:
    """00 (or 011 from North America) and a country code, by a phone word, is that
    country's number, as with ``+``."""
    assert values(builtin, text, "PHONE") == [number]


@pytest.mark.parametrize(
    "text",
    [
        "Tel 0040 000 000 000",  # no allocated Romanian number
        "Tel 0040 860 000 000",  # fits Romania's plan, but is not allocated
        "Order 0040 712 141 625",  # no phone word
    ],
)
def test_a_number_after_an_international_prefix_must_be_allocated(
    builtin: Engine, text: str
) -> None:
    """Without ``+`` the number must be one libphonenumber knows as allocated, and still
    needs its phone word (with ``+``, a phone word's rule takes what fits the plan)."""
    assert values(builtin, text, "PHONE") == []
    assert values(builtin, "Tel +40 860 000 000", "PHONE") == ["+40 860 000 000"]


def test_an_area_code_that_is_also_an_international_prefix_stays_national(
    builtin: Engine,
) -> None:
    """Singapore dials abroad with 020 and 022, Dublin's and Lagos's area codes: a number
    valid in its national reading keeps it."""
    number = _national("IE")
    assert number.startswith("(0")
    text = f"phone {number}"
    assert values(builtin, text, "PHONE") == [number]
    assert values(builtin, "Phone: (022) 12471", "PHONE") == ["(022) 12471"]


@pytest.mark.parametrize(
    "label",
    ["serial", "S/N:", "Order no.", "Rechnungsnummer:", "n° de série", "Pedido", "Ref.", "Modell"],
)
def test_a_number_labelled_as_another_kind_is_no_phone(builtin: Engine, label: str) -> None:
    """A serial, order, invoice or model number stays one beside a phone word; the same
    number after the phone's own label is a phone, and after ``+`` whatever precedes it."""
    number = _national("DE")
    text = f"Fax queue 6; {label} {number}; Telefon: see below"
    assert values(builtin, text, "PHONE") == []
    assert streamed_one_by_one(builtin, text) == builtin.evaluate(text).remedy.clean_text
    assert values(builtin, f"Telefon: {number}", "PHONE") == [number]
    assert values(builtin, f"{label} +49 30 123456", "PHONE") == ["+49 30 123456"]


def test_a_long_label_right_before_a_run_of_digits_names_it(builtin: Engine) -> None:
    """A run of digits needs its label beside it: a label longer than the label window
    counts when nothing but a label's gap stands between them."""
    number = _national("DK").replace(" ", "")
    assert values(builtin, f"skriv til mig på {number}", "PHONE") == [number]
    assert values(builtin, f"Phone: {number}", "PHONE") == [number]
    assert values(builtin, f"skriv til mig på mail, ordre {number}", "PHONE") == []
    mobile = "0412345678"  # libphonenumber's Australian mobile example, one run
    assert values(builtin, f"txt me at {mobile}", "PHONE") == [mobile]


def test_a_tax_file_number_stays_one_after_its_label(builtin: Engine) -> None:
    """Swedish ``Tfn`` (telefon) labels a phone; Australia's ``TFN`` still labels its tax
    file number (python-stdnum's example of au.tfn)."""
    assert values(builtin, "TFN: 123 456 782", "AU_TFN") == ["123 456 782"]
    assert values(builtin, "TFN: 123 456 782", "PHONE") == []
