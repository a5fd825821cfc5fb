"""Context words: word boundaries by script, folding like the scanned text, and the
pre-scan that skips context-required rules whose words are absent."""

# ruff: noqa: RUF001 - full-width letters on purpose.
from __future__ import annotations

import json
import unicodedata

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.errors import UnsupportedPackDeclarationError
from engine_core.evaluation import context_words
from engine_core.evaluation.context import (
    Context,
    ascii_stripped,
    dotted_forms,
    folded_words,
    key_forms,
    unaccented,
)
from engine_core.evaluation.context_words import ContextWords, caseless
from engine_core.licensing.context import CommunityLicense
from engine_core.normalization import normalized_view
from engine_core.packs.playbook import parse_playbook

NUMBER = "3100600445635"  # python-stdnum's th.pin example: a valid check digit


def _engine(words: list[str], required: bool = True, **options: object) -> Engine:
    rule = {
        "id": "acme.id",
        "type": "checked",
        "category": "ACME_ID",
        "pattern": "(?<![0-9])[1-8][0-9]{12}(?![0-9])",
        "options": {
            "check": "stdnum:th.pin",
            "prefilter": "[0-9]{13}",
            "context": words,
            "context_required": required,
            **options,
        },
    }
    playbook = parse_playbook(json.dumps({"pack_id": "acme.ctx", "rules": [rule]}))
    return Engine.for_pack(playbook, CommunityLicense())


def _found(engine: Engine, text: str) -> bool:
    return bool(engine.evaluate(text).triggers)


def test_a_word_glued_to_chinese_japanese_or_thai_text_is_found() -> None:
    """In scripts without spaces the word is found with text glued on either side."""
    assert _found(_engine(["身份证号码"]), f"我的身份证号码是{NUMBER}。")
    assert _found(_engine(["個人番号"]), f"私の個人番号は{NUMBER}です")
    assert _found(_engine(["บัตรประชาชน"]), f"เลขที่บัตรประชาชนของผม {NUMBER}")
    assert _found(_engine(["전화번호"]), f"제 전화번호는 {NUMBER}입니다")


def test_a_latin_word_still_needs_word_boundaries() -> None:
    """ "ID" inside "IDEA" or "Tel" inside "Hotel" is not the word; next to CJK text it is."""
    engine = _engine(["ID", "Tel"])
    assert not _found(engine, f"IDEA {NUMBER}")
    assert not _found(engine, f"Hotel {NUMBER}")
    assert _found(engine, f"ID: {NUMBER}")
    assert _found(engine, f"携帯Tel：{NUMBER}")


def test_an_edge_that_is_no_word_character_needs_no_boundary() -> None:
    """A word beginning or ending with punctuation (an X12 qualifier ``*SY``, ``ID#``) is
    found glued to the element or the value beside it; its letters still need their own."""
    engine = _engine(["*SY", "ID#"])
    assert _found(engine, f"REF*SY*{NUMBER}~")
    assert _found(engine, f"ID#{NUMBER}")
    assert not _found(engine, f"REF*SYS {NUMBER}")
    assert not _found(engine, f"PID#{NUMBER}")


def test_markdown_bold_is_a_labels_gap() -> None:
    """``**SSN:** 123`` and an X12 element's ``*`` stand between a label and its value."""
    engine = _engine(["social"], context_label=["ssn"])
    assert _found(engine, f"**SSN:** {NUMBER}")
    assert _found(engine, f"REF*SSN*{NUMBER}~")
    assert not _found(engine, f"SSN on file; ref {NUMBER}")


def test_a_word_is_folded_like_the_text() -> None:
    """A full-width or SARA AM word meets the NFKC-folded text, and the other way round."""
    assert _found(_engine(["ＩＤ"]), f"ID {NUMBER}")
    assert _found(_engine(["ID"]), f"ＩＤ {NUMBER}")
    assert _found(_engine(["เลขประจำตัว"]), f"เลขประจำตัว {NUMBER}")  # U+0E33 in both
    assert _found(_engine(["Steuer\u00adID"]), f"Steuer-ID, SteuerID {NUMBER}")


def test_a_dotted_capital_i_meets_its_lower_case_word() -> None:
    """Turkish "KİMLİK" holds the word "kimlik" as case-insensitive matching sees it."""
    assert _found(_engine(["kimlik no"]), f"TC KİMLİK NO: {NUMBER}")


def _rules(words: list[str]) -> ContextWords:
    """The context words of a pack of one rule per word, once their database compiled."""
    context = ContextWords(_engine(words).compiled_pack.rules)
    assert context.wait_located(timeout=60)
    return context


def test_a_word_inside_a_longer_word_meets_no_rule() -> None:
    """ "tel" in "hotel" is no context word: the rule is skipped (Hyperscan's boundaries)."""
    words = _rules(["tel"])
    assert words.unmet("the hotel is full") == frozenset({0})
    assert words.unmet("Tel.: 12") == frozenset()


def test_unmet_skips_only_rules_without_their_words() -> None:
    """Outside ASCII too: a rule is skipped only when none of its words is in the text."""
    words = _rules(["身份证", "kimlik"])
    assert words.unmet("请提供订单号 12345") == frozenset({0})
    assert words.unmet("我的身份证号码") == frozenset()
    assert words.unmet("KİMLİK") == frozenset()
    assert words.unmet("Order 12345") == frozenset({0})
    assert ContextWords([]).unmet("anything") == frozenset()


def test_a_field_head_word_inside_prose_words_skips_nothing_more() -> None:
    """The words that may begin a field name (``nit``, ``rut``, ``ird``) are looked for
    before an underscore only, not inside every word holding them (``united``, ``trust``,
    ``third``): prose leaves their rules skipped, as before the option existed."""
    pack = Engine().compiled_pack
    ids = {"co.nit", "cl.rut", "nz.ird"}
    indexes = {rule.index for rule in pack.rules if rule.rule_id in ids}
    assert len(indexes) == len(ids)
    prose = "The united trust met on the third day of the month."
    assert pack._context_words.wait_located(timeout=120)
    assert indexes <= pack._context_words.unmet(prose)
    assert not indexes & pack._context_words.unmet("nit_cliente rut_titular ird_owner")


def test_caseless_covers_every_character_the_scanned_text_holds() -> None:
    """For every folded character, its upper and lower case reduce to the same text."""
    for point in range(0x80, 0x30000):
        if 0xD800 <= point < 0xE000:
            continue
        char = chr(point)
        if unicodedata.category(char) == "Cn" or normalized_view(char) is not None:
            continue
        for other in (char.upper(), char.lower()):
            if len(other) == 1 and normalized_view(other) is None:
                assert caseless(other) == caseless(char), hex(point)


_LETTERS = st.sampled_from(list("aAiIİıσςΣßkKsSzé電話番号เลขの ：:-_"))


@settings(max_examples=300, deadline=None)
@example(word="A\u03a3", text="A\u03c2")  # lower() writes a word-final capital sigma as final
@given(word=st.text(_LETTERS, min_size=1, max_size=4), text=st.text(_LETTERS, max_size=16))
def test_unmet_never_skips_a_rule_whose_context_finds_a_word(word: str, text: str) -> None:
    """The pre-scan is a superset of the rule's own context search."""
    if not word.strip():
        return
    engine = _engine([word])
    context = Context.from_options({"context": [word], "context_required": True})
    view = normalized_view(text)
    scanned = text if view is None else view.text
    if context is not None and context.words.search(scanned):
        words = ContextWords(engine.compiled_pack.rules)
        assert words.wait_located(timeout=60)
        assert words.unmet(scanned) == frozenset()


def test_context_words_are_compiled_once_per_rule() -> None:
    """Duplicates after folding collapse to one alternative."""
    context = Context.from_options({"context": ["ID", "ＩＤ", " ID "]})
    assert context is not None
    assert isinstance(context.words, regex.Pattern)
    assert context.words.pattern.count("ID") == 1


def test_both_word_searches_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Hyperscan the Aho-Corasick automaton skips a subset of the same rules."""
    rules = Engine().compiled_pack.rules
    texts = [
        "My SSN is 123-45-6789.",
        "Geburtsdatum: 14.03.1985, Steuer-ID 12345678903",
        "私のマイナンバーは621498320257です",
        "TC KİMLİK NO 10000000146",
        "nothing to see here",
    ]
    words = ContextWords(rules)
    assert words.wait_located(timeout=120)
    fast = [words.unmet(text) for text in texts]
    monkeypatch.setattr(context_words, "_hyperscan", None)
    portable = ContextWords(rules)
    assert portable.locate(texts[0])[1] is None
    # Plain substrings skip no more than Hyperscan's word-boundary search.
    assert all(portable.unmet(text) <= unmet for text, unmet in zip(texts, fast, strict=True))
    assert sum(len(unmet) < len(portable._required) for unmet in fast) == 4


def _two_rule_engine() -> Engine:
    """ACME_ID needs its word; ACME_REF (same 13-digit shape) needs none."""
    shape = "(?<![0-9])[1-8][0-9]{12}(?![0-9])"
    rules = [
        {
            "id": "acme.id",
            "type": "checked",
            "category": "ACME_ID",
            "pattern": shape,
            "options": {
                "check": "stdnum:th.pin",
                "prefilter": "[0-9]{13}",
                "context": ["ID"],
                "context_required": True,
            },
        },
        {
            "id": "acme.ref",
            "category": "ACME_REF",
            "severity": "WARNING",
            "pattern": shape,
            "options": {"prefilter": "[0-9]{13}"},
        },
        {
            "id": "acme.ref_head",
            "category": "ACME_REF",
            "severity": "WARNING",
            "pattern": "(?<![0-9])[1-8][0-9]{5}(?=[0-9]{7}(?![0-9]))",
            "options": {"prefilter": "[0-9]{6}"},
        },
    ]
    playbook = parse_playbook(json.dumps({"pack_id": "acme.two", "rules": rules}))
    return Engine.for_pack(playbook, CommunityLicense())


def test_a_value_named_once_keeps_its_category_where_it_is_repeated() -> None:
    """The labelled occurrence decides the category of every occurrence of the value."""
    text = f"ID: {NUMBER}. Later, without a label: {NUMBER}."
    found = {(t.category, len(t.spans)) for t in _two_rule_engine().evaluate(text).triggers}
    assert found == {("ACME_ID", 2)}


def test_of_two_overlapping_values_of_one_category_the_longer_is_reported() -> None:
    """Two rules of one category read the same digits, one only a part: one value."""
    triggers = _two_rule_engine().evaluate(f"Ref {NUMBER}").triggers
    assert [(t.rule_id, t.matched_items) for t in triggers] == [("acme.ref", (NUMBER,))]


def test_a_label_right_before_a_value_is_nearer_than_a_word_after_it() -> None:
    """ "ID: <value> Tel" : the label names the value even if the next word is closer."""
    context = Context.from_options({"context": ["ID"]})
    other = Context.from_options({"context": ["Tel"]})
    assert context is not None
    assert other is not None
    text = f"ID:  {NUMBER} Tel"
    start = text.index(NUMBER)
    label = context.distance(text, start, start + len(NUMBER))
    after = other.distance(text, start, start + len(NUMBER))
    assert label is not None
    assert after is not None
    assert label < after


def test_a_lone_surrogate_does_not_break_the_word_search() -> None:
    """Text may hold lone surrogates (JSON allows them): the pre-scan still answers."""
    words = _rules(["ID"])
    assert words.unmet("ID \ud800 1") == frozenset()
    assert words.unmet("\udfff nothing") == frozenset({0})


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # The word after the value opens the next sentence or line: it labels what follows.
        ("Mi RUT es 9.925.408-4. NIT: 809.674.705-0", "CL_RUT"),
        ("passport number is 148590909\nSSN 536-90-4399", "US_PASSPORT"),
        # Within one sentence the nearer word still wins, before or after the value.
        ("number 9.925.408-4 (NIT)", "CO_NIT"),
    ],
)
def test_a_word_after_a_sentence_end_labels_the_next_value(text: str, category: str) -> None:
    """Between rules taking one value, a word after a line break or a sentence's end
    ranks below every word before the value."""
    engine = Engine()
    first = min(
        (span[0], trigger.category)
        for trigger in engine.evaluate(text).triggers
        for span in trigger.spans
    )
    assert first[1] == category


@pytest.mark.parametrize(
    ("text", "birth_date"),
    [
        ("Card exp 03/13/2025\nDOB: 12/23/61", "12/23/61"),
        ("Expiration: 05/28/2026\nDate of birth: 04/11/1979", "04/11/1979"),
        # A chat's timestamps: the label names the date after it, not the one before it.
        ("[27/05/2023, 13:32:38] Ann: DOB 13/10/1999\n[27/05/2023, 13:34:15] Bo: ok", "13/10/1999"),
        (
            "04.05.24, 16:45 - Ann: née le 3 octobre 1998\n04.05.24, 16:50 - Bo: ok",
            "3 octobre 1998",
        ),
        # Nor one on a later line.
        ("DOB 16-Nov-2001\nDelivery expected 3 September 2023.", "16-Nov-2001"),
        ("dob: 02-Jun-1967\ncreated_at: 2023-08-19", "02-Jun-1967"),
        # A two-column table's cells: the label's | is its gap.
        ("Date of birth | 22/10/1993\nDate: 14/11/2025 – Jaipur", "22/10/1993"),
    ],
)
def test_a_label_on_the_next_line_names_only_the_number_after_it(
    text: str, birth_date: str
) -> None:
    """A context word followed by a number is that number's label: no context for a value
    before it (an expiry date above a date of birth stays a date), nor for one on a later
    line (a delivery date below it)."""
    dates = [value for kind, value in _categories(text) if kind == "DATE_OF_BIRTH"]
    assert dates == [birth_date]


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        # A bracket of words after the label is its qualifier: the value on the next line
        # is the one it names.
        ("PPS Number (for RTB registration):\n1055324FA", "IE_PPS", "1055324FA"),
        ("Date of birth (as on passport):\n14/03/1985", "DATE_OF_BIRTH", "14/03/1985"),
    ],
)
def test_a_labels_bracketed_qualifier_keeps_it_the_next_lines_label(
    text: str, category: str, value: str
) -> None:
    assert [found for kind, found in _categories(text) if kind == category] == [value]


def test_a_bracketed_area_code_still_makes_a_word_its_numbers_label() -> None:
    """``DOB (02) 9876 5432``: a bracket opening with a digit is a number, which the word
    labels: the date on the next line is no birth date."""
    text = "Emergency contact DOB (02) 9876 5432\n14/03/1985 appointment"
    assert all(t.category != "DATE_OF_BIRTH" for t in Engine().evaluate(text).triggers)


def test_a_reply_opening_with_an_exclamation_answers_its_question() -> None:
    """A chat's question names the value its reply gives, after words such as ``hej! det
    er``, however far the question's word stands before the reply."""
    text = (
        "[15:33] Klinik: Hej Freja, vi mangler dit CPR-nr. til tilskuddet fra kommunen\n"
        "[09:33] Freja: hej! det er 281269-0545\n"
    )
    assert _categories(text) == [("DK_CPR", "281269-0545")]


def test_a_phrase_is_also_written_as_a_field_name() -> None:
    """A JSON key, a CSV header or a log field writes a phrase joined up."""
    assert key_forms("date of birth") == {
        "date of birth",
        "date_of_birth",
        "date-of-birth",
        "dateofbirth",
    }
    assert key_forms("DOB") == {"DOB"}
    assert key_forms("Tel.: privat") == {"Tel.: privat"}  # not a phrase of plain words
    # A hyphenated word is a phrase too: Steuer-ID is written steuer_id and Steuer ID.
    assert key_forms("Steuer-ID") == {"Steuer-ID", "Steuer_ID", "SteuerID", "Steuer ID"}
    # An elided article's apostrophe joins words as a space does (carta_d_identita).
    assert "carta_d_identita" in folded_words(["carta d'identità"])


def test_an_acronym_is_also_written_with_its_dots() -> None:
    """Forms and letters write ``N.I.F.``; a longer word or one in small letters has no dots."""
    assert dotted_forms("NIF") == {"N.I.F", "N.I.F."}
    assert dotted_forms("ID") == {"I.D", "I.D."}
    assert dotted_forms("PESEL") == set()
    assert dotted_forms("nif") == set()
    assert dotted_forms("St.-Nr") == set()


def test_a_long_word_is_also_written_without_its_accents() -> None:
    """ASCII-only systems drop accents (``data_nasterii``); a short word keeps them, as
    without them it is another word (``né le`` is no ``ne le``)."""
    assert unaccented("data nașterii") == "data nasterii"
    assert unaccented("datum narození") == "datum narozeni"
    assert unaccented("né le") == "né le"
    assert {"datumnarozeni", "datum narození"} <= folded_words(["datum narození"])


def test_an_abbreviation_with_dots_is_a_field_name_joined_by_underscores() -> None:
    """``a. k.`` (asmens kodas) and ``r.č`` (rodné číslo) name a column ``a_k`` and ``r_c``;
    a word without dots, or with parts that are no words, has no such form."""
    assert key_forms("a. k.") == {"a. k.", "a_k"}
    assert key_forms("r.č") == {"r.č", "r_č", "r_c"}
    assert key_forms("St.-Nr") == {"St.-Nr", "St_Nr"}
    assert key_forms("geb.") == {"geb."}
    assert key_forms("Tel.: privat") == {"Tel.: privat"}


def test_a_column_named_by_an_abbreviation_names_its_values() -> None:
    """Spark's ``show()`` of a Lithuanian table whose column is ``a_k``."""
    text = (
        "+-----+-----------+-----------+\n"
        "|id   |gimimo_data|a_k        |\n"
        "+-----+-----------+-----------+\n"
        "|52017|1975-03-14 |37503140004|\n"
        "+-----+-----------+-----------+\n"
    )
    assert ("LT_ASMENS_KODAS", "37503140004") in _categories(text)


def test_a_long_word_is_also_written_as_an_ascii_slug_drops_its_letters() -> None:
    """A slug that encodes to ASCII with errors ignored drops the Latin letters with no ASCII
    base (``fødselsdato``: ``fdselsdato``); a word of another script, or one too short
    after it, has no such form."""
    assert ascii_stripped("fødselsdato") == "fdselsdato"
    assert ascii_stripped("kimlik numarası") == "kimlik numaras"
    assert ascii_stripped("дата рождения") is None
    assert ascii_stripped("født") is None
    assert ascii_stripped("Geburtsdatum") is None
    assert "fdselsnummer" in folded_words(["fødselsnummer"])


def test_a_column_named_by_an_ascii_slug_names_its_values() -> None:
    """A Danish table whose column names lost their ø names its birth dates still."""
    text = (
        "| id | navn            | fdselsdato |\n"
        "|----|-----------------|------------|\n"
        "| 7  | Kasper Sørensen | 1978-04-21 |\n"
    )
    assert ("DATE_OF_BIRTH", "1978-04-21") in _categories(text)


def _categories(text: str) -> list[tuple[str, str]]:
    return sorted(
        (trigger.category, text[start:end])
        for trigger in Engine().evaluate(text).triggers
        for start, end in trigger.spans
    )


@pytest.mark.parametrize(
    "text",
    [
        '{"patient": {"date_of_birth": "1985-03-12", "nhs_number": "943 476 5919"}}',
        "patient.dateOfBirth=1985-03-12 patient.nhsNumber=943 476 5919",
        "date-of-birth: 1985-03-12; NHS-number: 943 476 5919",
        "DATE_OF_BIRTH,NHS_NUMBER\n1985-03-12,943 476 5919",
        '{"data_nasterii": "1985-03-12", "nhs-number": "943 476 5919"}',
        '{"datumNarozeni": "1985-03-12", "NHS_NUMBER": "943 476 5919"}',
    ],
)
def test_a_field_named_like_a_context_phrase_labels_its_value(text: str) -> None:
    """``date_of_birth``, ``dateOfBirth`` and ``date-of-birth`` name a date of birth."""
    assert _categories(text) == [("DATE_OF_BIRTH", "1985-03-12"), ("UK_NHS", "943 476 5919")]


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("patient_dob: 1961-12-23", "DATE_OF_BIRTH"),
        ('{"billing_bsn": "111222333"}', "NL_BSN"),
        ("emp_pesel=44051401359", "PL_PESEL"),
        ("user_kennitala: 120174-3399", "IS_KENNITALA"),
        ("patient_nhs_number: 943 476 5919", "UK_NHS"),
        ("patientDob: 1961-12-23", "DATE_OF_BIRTH"),
        ('{"userBirthdate": "2002-07-30"}', "DATE_OF_BIRTH"),
        ("<PatientDob>1988-02-02</PatientDob>", "DATE_OF_BIRTH"),
        # A dotless i: the words' pre-scan reads a copy with it folded, capitals kept.
        ('Müşteri kaydı: {"patientDob": "1961-12-23"}', "DATE_OF_BIRTH"),
    ],
)
def test_a_field_name_ending_with_a_context_word_labels_its_value(text: str, category: str) -> None:
    """A field name's last part names it: ``patient_dob`` and ``patientDob`` label a date
    of birth as ``dob`` does, and ``billing_bsn`` a BSN."""
    assert [found for found, _ in _categories(text)] == [category]


@pytest.mark.parametrize(
    "text",
    [
        "patient_dob_verified: 1961-12-23",  # a part after the word qualifies it
        "dobVerified: 1961-12-23",
        "user_kt: 120174-3399",  # two letters: a field name's own abbreviation
        "owner_ic: 900101-14-5567",
        "xbsn: 111222333",  # no joint: another word
        # A brand's one-letter prefix is no field name: iPhone names no phone number.
        '"GET /a HTTP/1.1" 200 8206 "-" "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5)"',
    ],
)
def test_a_context_word_inside_a_field_name_is_no_label(text: str) -> None:
    """Only the last part of a field name, of three characters or more, names it."""
    assert _categories(text) == []


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("nif_cliente: 501964843", "PT_NIF"),
        ('{"nif_cliente": "501964843"}', "PT_NIF"),
        ("oib_klijenta=69435151530", "HR_OIB"),
        ("dni_titular: 20123456", "AR_DNI"),
        ("bsn_klant;naam\n111222333;Jan\n", "NL_BSN"),  # a header cell names its column
        ("pesel_pacjenta: 44051401359", "PL_PESEL"),
        # In camel case: a capital after the word's small last letter.
        ('{"nifCliente": "501964843"}', "PT_NIF"),
        ('{"passportNo": "A32968793"}', "US_PASSPORT"),
        ('{"rfcHomoclave": "GARL460114E53"}', "MX_RFC"),
        ('{"ssnFull": "455862171"}', "US_SSN"),
    ],
)
def test_a_field_name_beginning_with_an_identifier_word_labels_its_value(
    text: str, category: str
) -> None:
    """Where a check digit confirms the value (``context_field_head``), a field name that
    begins with the identifier's word and says whose it is after (``nif_cliente``,
    ``oib_klijenta``, the usual order in Romance and Slavic names) labels it too."""
    assert [found for found, _ in _categories(text)] == [category]


@pytest.mark.parametrize(
    "text",
    [
        "birthday_card_sent: 1961-12-23",  # a date: no check digit, the part after qualifies
        "dob_verified_at: 1961-12-23",
        "nifty: 501964843",  # no joint: another word
        "ni_fcliente: 501964843",
        "dobVerified: 1961-12-23",
        "NIFcliente: 501964843",  # no camel case: a capital word goes on in small letters
        "nifcliente: 501964843",
    ],
)
def test_only_rules_with_a_field_head_take_a_field_name_beginning_with_their_word(
    text: str,
) -> None:
    """A date of birth keeps its words as a field name's last part only, and a word still
    ends where the field name's next part begins."""
    assert _categories(text) == []


def test_the_field_head_option_is_validated_and_off_by_default() -> None:
    """``context_field_head`` is a boolean; without it ``acme_owner`` labels nothing."""
    assert not _found(_engine(["acme"]), f"acme_owner: {NUMBER}")
    engine = _engine(["acme"], context_field_head=True)
    assert _found(engine, f"acme_owner: {NUMBER}")
    assert _found(engine, f"user_acme_owner: {NUMBER}")
    assert not _found(engine, f"acmeowner: {NUMBER}")
    assert _found(engine, f'{{"acmeOwner": "{NUMBER}"}}')
    # A phrase's joined form ends a field name only: acme_id_owner is no acme id.
    assert not _found(_engine(["acme id"], context_field_head=True), f"acme_id_owner: {NUMBER}")
    with pytest.raises(UnsupportedPackDeclarationError, match="context_field_head"):
        _engine(["acme"], context_field_head="often")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Birthday party on 2023-03-31", []),
        ("Send the birthday card on 04/29/2023.", []),
        ("birthday: 1985-03-14", [("DATE_OF_BIRTH", "1985-03-14")]),
        ("Birthday cake ordered; birthday 1985-03-14", [("DATE_OF_BIRTH", "1985-03-14")]),
        ("name;Birthday party\nAnn;2023-03-31\n", []),  # nor a header cell
        ("서현님 생일 파티는 2025년 10월 30일입니다!", []),  # Korean: the word glued on
        ("誕生日パーティーは2025年10月30日です", []),
        ("생일: 1985년 3월 14일", [("DATE_OF_BIRTH", "1985년 3월 14일")]),
    ],
)
def test_a_phrase_holding_a_word_can_say_it_names_nothing(
    text: str, found: list[tuple[str, str]]
) -> None:
    """``context_except``: ``birthday`` in ``birthday party`` is an event's, not a birth
    date's word; elsewhere in the text it still names its value."""
    assert _categories(text) == found


def test_the_except_option_needs_words() -> None:
    """Phrases that unname words need the words."""
    rule = {"id": "acme.id", "pattern": "[0-9]{13}", "options": {"context_except": ["a b"]}}
    with pytest.raises(UnsupportedPackDeclarationError, match="context_except: needs"):
        parse_playbook(json.dumps({"pack_id": "acme.ctx", "rules": [rule]}))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Visitor (16:06): born 02/15/1968", [("DATE_OF_BIRTH", "02/15/1968")]),
        ("I was born 17 April 1963, in Leeds.", [("DATE_OF_BIRTH", "17 April 1963")]),
        ("Born: 1963-04-17", [("DATE_OF_BIRTH", "1963-04-17")]),
        ("Marie Dupont, née 12/03/1961", [("DATE_OF_BIRTH", "12/03/1961")]),
        # Anywhere but right before the date, the word is everyday prose.
        ("I was born and raised here. 12/03/1985 was my wedding day.", []),
        ("The idea was born at the 2019-05-04 meetup.", []),
        ("Delivered 2023-01-05, the firstborn's crib", []),
        ("birth certificate issued 12/03/2020", []),
        ("the birth of our company on 2010-05-04", []),
    ],
)
def test_a_label_word_names_only_the_value_right_after_it(
    text: str, found: list[tuple[str, str]]
) -> None:
    """``context_label``: ``born`` names a birth date as its label, and nothing else."""
    assert _categories(text) == found


def test_a_label_word_in_a_users_rule() -> None:
    """A user's rule takes label words too; they need the rule's context words."""
    engine = _engine(["acme id"], context_label=["acme"])
    assert _found(engine, f"acme {NUMBER}")
    assert _found(engine, f"acme id: {NUMBER}")
    assert not _found(engine, f"acme sells it; {NUMBER}")
    rule = {"id": "acme.id", "pattern": "[0-9]{13}", "options": {"context_label": ["acme"]}}
    with pytest.raises(UnsupportedPackDeclarationError, match="context_label: needs"):
        parse_playbook(json.dumps({"pack_id": "acme.ctx", "rules": [rule]}))


def test_a_field_name_is_a_word_of_its_own() -> None:
    """A field name inside a longer name is no label (``updated_date_of_birthday_card``
    does not hold the word ``date_of_birth``), and a value still needs a word of its own."""
    assert _categories('{"updated_date_of_birthday_card": "1985-03-12"}') == []
    assert _categories('{"created_date": "1985-03-12"}') == []


def test_a_quoted_key_on_the_next_line_names_only_the_value_after_it() -> None:
    """``"dob": "12/23/61"`` on the line after an expiry date labels the birth date alone,
    as ``DOB: 12/23/61`` does."""
    text = '{"card_expiry": "03/13/2025",\n "dob": "12/23/61"}'
    assert _categories(text) == [("DATE_OF_BIRTH", "12/23/61")]


def test_a_long_text_is_folded_like_its_pieces() -> None:
    """Past a few thousand characters the exceptions are looked for among the non-ASCII
    characters alone: a capital sigma or a historic Cyrillic letter far in still folds."""
    piece = "ΟΔΟΣ \u1c80 é"
    assert caseless("x" * 5000 + piece) == "x" * 5000 + caseless(piece)
    assert caseless(piece) == "οδοσ в é"


@pytest.mark.parametrize(
    ("text", "category", "expected"),
    [
        # A report's date above a table whose header names a birth date column.
        (
            "# Stammdaten 2024-02-26\nid\tnachname\tgeburtsdatum\n1\tMüller\t14.03.1985\n",
            "DATE_OF_BIRTH",
            ["14.03.1985"],
        ),
        # A label on the next line names the value after it, not the one before.
        ("National Insurance No.\nJG 10 37 59 A\nTel.\n07700 900123", "UK_NINO", ["JG 10 37 59 A"]),
        ("Order 0612345678\nIMEI: 490154203237518", "IMEI", ["490154203237518"]),
    ],
)
def test_a_word_on_a_later_line_names_no_value_before_it(
    text: str, category: str, expected: list[str]
) -> None:
    found = [
        value
        for trigger in Engine().evaluate(text).triggers
        if trigger.category == category
        for value in trigger.matched_items
    ]
    assert found == expected
