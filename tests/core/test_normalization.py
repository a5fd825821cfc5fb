"""The normalized view: NFKC per character, dashes as ``-``, format characters skipped,
lookalike letters in words mixing scripts read as Latin, spans mapped back."""

from __future__ import annotations

import itertools
import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.constants import MIN_LOOKAHEAD_CHARS
from engine_core.licensing.context import CommunityLicense
from engine_core.normalization import LOOKALIKES, normalized_view
from engine_core.packs.playbook import parse_playbook

#: Characters that fold one to one (full-width forms, dashes) or vanish (format characters).
_TRICKY = "４１２３ＡＢｊａ\u200b\u200c\u200d\u00ad\u2060\ufeff\u202e\u2012\u2013\u2014\u2212٤١४๑"
_TEXT = st.text(alphabet=st.sampled_from("ab 12-@." + _TRICKY), max_size=60)
#: The dashes written for a hyphen (figure, en, em dash, minus sign...): each reads as ``-``.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"


#: A footnote's mark: superscript digits right after a letter (a word character but a digit
#: or an underscore) or a closing bracket, skipped.
_FOOTNOTE = re.compile("(?:(?<=[^\\W\\d_])|(?<=[)]))[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")


def _fold(text: str) -> str:
    text = _FOOTNOTE.sub("", text)
    return "".join(
        ""
        if unicodedata.category(char) == "Cf"
        else "-"
        if char in _DASHES
        else str(unicodedata.decimal(char))
        if unicodedata.category(char) == "Nd"
        else unicodedata.normalize("NFKC", char)
        for char in text
    )


def test_ascii_needs_no_view() -> None:
    assert normalized_view("plain text 4111 1111") is None


def test_full_width_and_zero_width_fold() -> None:
    text = "card ４１１１\u200b １１１１"
    view = normalized_view(text)
    assert view is not None
    assert view.text == "card 4111 1111"
    assert text[slice(*view.original_span(5, 14))] == "４１１１\u200b １１１１"


@given(_TEXT)
def test_the_view_is_the_per_character_fold(text: str) -> None:
    view = normalized_view(text)
    assert (text if view is None else view.text) == _fold(text)


@given(_TEXT, st.data())
def test_every_view_span_maps_to_the_original_characters_it_came_from(
    text: str, data: st.DataObject
) -> None:
    view = normalized_view(text)
    if view is None or not view.text:
        return
    start = data.draw(st.integers(0, len(view.text) - 1))
    end = data.draw(st.integers(start + 1, len(view.text)))
    first, last = view.original_span(start, end)
    assert 0 <= first < last <= len(text)
    assert _fold(text[first:last]) == view.text[start:end]


#: One-for-one folds (full-width forms, dashes, other scripts' digits) beside folds into
#: none (format characters) or several (a ligature, a circled number, a superscript).
_UNEVEN = st.text(
    alphabet=st.sampled_from("ab 12-." + _TRICKY + "éß中\ufb01\u2460\u00b2\u3392"), max_size=60
)


@given(_UNEVEN, st.data())
def test_spans_map_back_across_folds_of_every_width(text: str, data: st.DataObject) -> None:
    """The view records only characters that became other than one character; every span
    of it still maps to the original characters it came from."""
    view = normalized_view(text)
    assert (text if view is None else view.text) == _fold(text)
    if view is None or not view.text:
        return
    start = data.draw(st.integers(0, len(view.text) - 1))
    end = data.draw(st.integers(start + 1, len(view.text)))
    first, last = view.original_span(start, end)
    # Part of what one character became maps to that whole character (MHz from ㎒).
    assert view.text[start:end] in _fold(text[first:last])
    assert view.view_index(first) <= start


#: Besides the tricky characters: accented letters, symbols and CJK that fold to
#: themselves, ligatures and mathematical letters that do not, and lone surrogates.
_ANY = st.text(
    alphabet=st.sampled_from(
        "ab 12-@." + _TRICKY + "éüß€中한\ufb01\U0001d400\u2460\u00a0\u00b2\ud800\udfff" + "ΑоЕ"
    ),
    max_size=60,
)


@given(_ANY)
def test_the_view_is_the_same_with_the_caller_s_utf8(text: str) -> None:
    """Given the text's UTF-8 (a lone surrogate as ``?``), one pass over those bytes
    decides whether a view is needed: the view is the one the text alone gives."""
    alone = normalized_view(text)
    given_bytes = normalized_view(text, text.encode("utf-8", "replace"))
    assert (alone is None) == (given_bytes is None)
    if alone is not None and given_bytes is not None:
        assert given_bytes.text == alone.text


def test_dashes_read_as_hyphens() -> None:
    text = "card 4560\u20124520\u20139025\u20142831, minus \u2212"
    view = normalized_view(text)
    assert view is not None
    assert view.text == "card 4560-4520-9025-2831, minus -"
    assert text[slice(*view.original_span(5, 24))] == text[5:24]


def test_lookalike_letters_touching_latin_ones_read_as_latin() -> None:
    # "IBAN" with a Greek capital iota and nu and a Cyrillic capital a; "DOB" with a
    # Cyrillic capital o; "Medicare" with Cyrillic small ie, es and a.
    text = "\u0399B\u0410\u039d: x, D\u041eB, \u041c\u0435di\u0441\u0430re"
    view = normalized_view(text)
    assert view is not None
    assert view.text == "IBAN: x, DOB, Medicare"
    assert len(view.text) == len(text)  # one letter for one: spans map back as they are


def test_words_in_greek_or_cyrillic_alone_stay_as_written() -> None:
    greek, bulgarian = (
        "\u0391\u039c\u039a\u0391 12",
        "\u0415\u0413\u041d \u0438 \u0434\u0430\u0442\u0430",
    )
    for text in (greek, bulgarian, "\u041e\u041a"):
        assert normalized_view(text) is None


def test_a_word_after_an_escaped_line_break_is_no_disguise() -> None:
    """A JSON string's ``\\n`` before a Cyrillic word (the EGN's label) is a line break, not
    a Latin letter touching lookalikes: the word stays Cyrillic and names its number."""
    text = '"Дата на раждане: 14.11.1952\\nЕГН: 5211142657\\nномерът ми: "'
    view = normalized_view(text)
    assert view is not None
    assert "\nЕГН: 5211142657 \n" in view.text
    found = {trigger.category: trigger.matched_items for trigger in _PACK.evaluate(text).triggers}
    assert found.get("BG_EGN") == ("5211142657",)


@given(
    st.text(alphabet=st.sampled_from("ab Z1" + "".join(LOOKALIKES) + "\u0431\u03bb"), max_size=40)
)
def test_a_run_of_lookalikes_is_read_as_latin_only_where_it_touches_a_latin_letter(
    text: str,
) -> None:
    view = normalized_view(text)
    seen = text if view is None else view.text
    assert len(seen) == len(text)
    for run in re.finditer(f"[{''.join(LOOKALIKES)}]+", text):
        before, after = text[run.start() - 1 : run.start()], text[run.end() : run.end() + 1]
        touches = any(char.isascii() and char.isalpha() for char in before + after)
        written = run.group()
        expected = "".join(LOOKALIKES[char] for char in written) if touches else written
        assert seen[run.start() : run.end()] == expected


_PACK = Engine.for_pack(
    parse_playbook('pack_id: test.lookalikes\ncodons: ["*"]\n'), CommunityLicense()
)


def test_a_disguised_label_and_dashed_value_are_found_and_redacted_whole() -> None:
    """The label of a birth date with a Cyrillic O, a card joined by figure dashes."""
    text = "D\u041eB: 14/08/1976, Visa 4560\u20124520\u20129025\u20122831"
    result = _PACK.evaluate(text)
    found = {trigger.category: trigger.matched_items for trigger in result.triggers}
    assert found["DATE_OF_BIRTH"] == ("14/08/1976",)
    assert found["CREDIT_CARD"] == ("4560\u20124520\u20129025\u20122831",)
    assert "4520" not in result.remedy.clean_text
    assert "1976" not in result.remedy.clean_text


def _in_digits(value: str, zero: str) -> str:
    """``value`` with its ASCII digits written in the script whose zero is ``zero``."""
    return value.translate({ord("0") + digit: chr(ord(zero) + digit) for digit in range(10)})


@pytest.mark.parametrize(
    ("template", "value", "zero", "category"),
    [
        ("Card: {}", "4111 1111 1111 1111", "\u0660", "CREDIT_CARD"),  # Arabic-Indic
        ("Aadhaar: {}", "2341 2341 2346", "\u0966", "IN_AADHAAR"),  # Devanagari
        ("เลขบัตรประชาชน {}", "3100600445635", "\u0e50", "TH_NATIONAL_ID"),  # Thai
        ("Card: {}", "4111 1111 1111 1111", "\u06f0", "CREDIT_CARD"),  # Persian
    ],
)
def test_a_value_in_another_script_s_digits_is_found_and_redacted_whole(
    template: str, value: str, zero: str, category: str
) -> None:
    """A decimal digit of any script counts as its value (python-stdnum's examples of
    th.pin and in_.aadhaar, a test card): found as written, and redacted by a stream alike."""
    written = _in_digits(value, zero)
    text = template.format(written) + " ok"
    result = _PACK.evaluate(text)
    found = {trigger.category: trigger.matched_items for trigger in result.triggers}
    assert found.get(category) == (written,)
    assert written not in result.remedy.clean_text
    for size in (1, 3):
        chunks = [text[at : at + size] for at in range(0, len(text), size)]
        streamed = "".join(_PACK.stream_filter(chunks, block_on_fatal=False))
        assert streamed == result.remedy.clean_text


def _streamed_at_least_lookahead(text: str, size: int) -> str:
    """What a stream at the smallest lookahead releases of ``text`` pushed ``size`` at a time."""
    session = _PACK.stream_session(lookahead_chars=MIN_LOOKAHEAD_CHARS, block_on_fatal=False)
    pieces = [text[at : at + size] for at in range(0, len(text), size)]
    released = [chunk.text for piece in pieces for chunk in session.push(piece)]
    return "".join(released + [chunk.text for chunk in session.flush()])


def _read_through(text: str, category: str, value: str, sizes: tuple[int, ...]) -> str:
    """Assert that ``value`` is found in ``text`` as written, no digit is left in the clean
    text, and a stream at the smallest lookahead releases it alike; return the clean text."""
    result = _PACK.evaluate(text)
    found = {trigger.category: trigger.matched_items for trigger in result.triggers}
    assert found.get(category) == (value,)
    assert not any(char.isdigit() for char in result.remedy.clean_text)
    for size in sizes:
        assert _streamed_at_least_lookahead(text, size) == result.remedy.clean_text
    return result.remedy.clean_text


def test_a_footnote_mark_after_a_word_is_skipped() -> None:
    """Superscript digits right after a letter or a bracket mark a footnote (a header's
    ``Steuer-ID¹``): skipped, so the word ends there; elsewhere they fold to digits."""
    view = normalized_view("Steuer-ID¹\tSV-Nummer²³ (BZSt)⁴\n¹ lt. ELStAM, 2⁵")
    assert view is not None
    assert view.text == "Steuer-ID\tSV-Nummer (BZSt)\n1 lt. ELStAM, 25"
    start = view.text.index("SV-Nummer")
    assert view.original_span(start, start + len("SV-Nummer")) == (11, 20)


def test_a_header_word_with_its_footnote_mark_names_its_column() -> None:
    """A spreadsheet pasted with its footnotes (python-stdnum's example of de.idnr): the
    column is named, in evaluate and in a stream."""
    text = (
        "Name\tBemerkung\tSteuer-ID¹\nLehmann, Anna\tbitte ELStAM erneut abrufen, Stand Januar"
        "\t36574261809\n\n¹ lt. ELStAM-Abruf\n"
    )
    result = _PACK.evaluate(text)
    found = {trigger.category: trigger.matched_items for trigger in result.triggers}
    assert found.get("DE_TAX_ID") == ("36574261809",)
    assert "Steuer-ID¹" in result.remedy.clean_text
    for size in (1, 3):
        assert _streamed_at_least_lookahead(text, size) == result.remedy.clean_text


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        ("Personnummer: 88**0320**-0016 ok", "SE_PERSONNUMMER", "88**0320**-0016"),
        ("BSN: **11122**2333 ok", "NL_BSN", "11122**2333"),
        ("Card 4111 **1111** 1111 1111 ok", "CREDIT_CARD", "4111 **1111** 1111 1111"),
    ],
)
def test_markdown_emphasis_inside_a_value_is_read_through(
    text: str, category: str, value: str
) -> None:
    """Markdown's ``**`` around a part of a value (python-stdnum's examples of se.personnummer
    and nl.bsn, a test card) are skipped: the value is found, its characters redacted, and a
    stream at the smallest lookahead releases what ``evaluate`` leaves."""
    _read_through(text, category, value, (1, 3))


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        # HTML numeric character references, decimal and hexadecimal (python-stdnum's
        # examples of ca.sin and br.cpf, a test card).
        ("SIN: &#49;23 45&#54; 782 ok", "CA_SIN", "&#49;23 45&#54; 782"),
        ("CPF 390.&#53;33.447-05 ok", "BR_CPF", "390.&#53;33.447-05"),
        ("card 4111 1111 &#x31;111 1111 ok", "CREDIT_CARD", "4111 1111 &#x31;111 1111"),
        ("card 4111 1111 1111 111&#49; ok", "CREDIT_CARD", "4111 1111 1111 111&#49;"),
        # Quoted-printable soft line breaks inside a number (RFC 2045, section 6.7).
        ("NHS number: 943 476=\n5919 ok", "UK_NHS", "943 476=\n5919"),
        ("Card: 4111 1111 11=\r\n11 1111 ok", "CREDIT_CARD", "4111 1111 11=\r\n11 1111"),
    ],
)
def test_references_and_soft_breaks_inside_a_value_are_read_through(
    text: str, category: str, value: str
) -> None:
    """A character reference reads as its character and a soft line break as nothing: the
    value is found as written, redacted whole, and a stream at the smallest lookahead
    releases what ``evaluate`` leaves."""
    assert value not in _read_through(text, category, value, (1, 2, 5))


@pytest.mark.parametrize(
    "text",
    [
        "a&#32;b &#60;tag&#62; &#53 &#x; &#1114111;",  # no letter or digit, or no reference
        "IBAN=\nDE89 3704 0044 0532 0130 00",  # a field, its value on the next line
        "total =\n5 and x=\n\ny and 5=\n-3",  # no digit before, a blank line, no digit after
    ],
)
def test_other_references_and_line_ends_stay(text: str) -> None:
    """Only references to ASCII letters and digits, and ``=`` ending a line inside a number,
    are read through."""
    assert normalized_view(text) is None


def _spans_in_order(text: str) -> list[tuple[int, int]]:
    """Assert that each view character of ``text`` maps back to a non-empty original span,
    in the view's order, within the text; return those spans."""
    view = normalized_view(text)
    if view is None:
        return []
    spans = [view.original_span(at, at + 1) for at in range(len(view.text))]
    assert all(0 <= first < last <= len(text) for first, last in spans)
    assert all(one[1] <= two[0] for one, two in itertools.pairwise(spans))
    return spans


@given(st.text(alphabet=st.sampled_from("&#x;3519= \n\r\u200b"), max_size=40))
def test_references_and_soft_breaks_keep_spans_in_order(text: str) -> None:
    """Each view character maps back to a non-empty original span, in the view's order, and
    the whole view to a span within the text."""
    _spans_in_order(text)


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        # Percent-encoded characters (RFC 3986, section 2.1) in a query string and a logged
        # form body: phonenumbers' valid numbers, a test card, ISO 13616's example IBAN, an
        # SSN whose hyphens are encoded too.
        ("GET /callback?phone=%2B14155552671&ok HTTP", "PHONE", "%2B14155552671"),
        ("form: tel=%2B44%207911%20123456&ok", "PHONE", "%2B44%207911%20123456"),
        ("search?q=4111%201111%201111%201111 ok", "CREDIT_CARD", "4111%201111%201111%201111"),
        (
            "iban=DE89%203704%200044%200532%200130%2000&ok",
            "IBAN",
            "DE89%203704%200044%200532%200130%2000",
        ),
        ("ssn=536%2d22%2D1234&ok", "US_SSN", "536%2d22%2D1234"),
        # A form body's + between a number's groups, as Python's urlencode writes them.
        ("body: phone=%2B49+30+12345678&name=Ann+Lee", "PHONE", "%2B49+30+12345678"),
    ],
)
def test_percent_encoded_values_are_read_through(text: str, category: str, value: str) -> None:
    """An escape of a letter, a digit or a value's punctuation reads as that character and
    an encoded space as nothing: the value is found as written, redacted whole, and a
    stream at the smallest lookahead releases what ``evaluate`` leaves."""
    assert value not in _read_through(text, category, value, (1, 2, 5))


@pytest.mark.parametrize(
    "text",
    [
        "a 50% rise, 20%zz, %4 and 100%",  # no escape
        "mailto:ann%40example.org and /a%2Fb%3Ac%3Fd%26e",  # a URI's part separators
        "caf%C3%A9 and %0A%09%7E",  # bytes of a non-ASCII character, controls, a tilde
        "AWS_SECRET=wJalrXUtnFEMI/K7MDENG+bPxRfi1+2EXAMPLEKEY",  # no escape: + is the key's
    ],
)
def test_other_percent_signs_stay(text: str) -> None:
    """Only escapes of letters, digits, ``+-._()`` and the space are read through, and a
    ``+`` between digits only in a token holding such an escape."""
    assert normalized_view(text) is None


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        # A JSON string's \\uXXXX escapes: .NET's System.Text.Json writes a + so (a valid
        # number by phonenumbers), anything may write a digit so (a test card).
        ('{"Phone":"\\u002B14155552671","Name":"Ann"}', "PHONE", "\\u002B14155552671"),
        ('{"card": "\\u0034111 1111 1111 1111"}', "CREDIT_CARD", "\\u0034111 1111 1111 1111"),
    ],
)
def test_unicode_escaped_values_are_read_through(text: str, category: str, value: str) -> None:
    """A ``\\uXXXX`` escape reads as its character: the value is found as written, redacted
    whole, and a stream at the smallest lookahead releases what ``evaluate`` leaves."""
    assert value not in _read_through(text, category, value, (1, 2, 5))


def test_unicode_escaped_words_are_context() -> None:
    """Python's ``json.dumps`` escapes every non-ASCII character: a French birth date's
    ``n\\u00e9 le`` is still the word ``né le`` that names it."""
    text = '{"note": "Patient n\\u00e9 le 12/03/1985, suivi en cardiologie"}'
    found = {trigger.category: trigger.matched_items for trigger in _PACK.evaluate(text).triggers}
    assert found == {"DATE_OF_BIRTH": ("12/03/1985",)}
    view = normalized_view(text)
    assert view is not None
    assert view.text == '{"note": "Patient né le 12/03/1985, suivi en cardiologie"}'


def test_utf8_bytes_escaped_one_by_one_read_as_their_character() -> None:
    """Facebook's data export escapes each UTF-8 byte as a Latin-1 character
    (``num\\u00c3\\u00a9ro``): the run reads as the character, so ``numéro fiscal`` names
    the number after it; bytes that are no UTF-8 read one by one, as before."""
    text = '{"content": "num\\u00c3\\u00a9ro fiscal 31 05 319 827 421", "x": "\\u00c3 \\u00a9"}'
    view = normalized_view(text)
    assert view is not None
    assert view.text == '{"content": "numéro fiscal 31 05 319 827 421", "x": "Ã ©"}'
    start = view.text.index("é")
    assert view.original_span(start, start + 1) == (16, 28)
    result = _PACK.evaluate(text)
    assert [(t.category, t.matched_items) for t in result.triggers] == [
        ("FR_NIF", ("31 05 319 827 421",))
    ]
    for size in (1, 3, 7):
        assert _streamed_at_least_lookahead(text, size) == result.remedy.clean_text


@pytest.mark.parametrize(
    "text",
    [
        # A quote, markup, an escaped backslash before "u0041", half a surrogate pair,
        # a control character, a tab: none read through.
        '"\\u0022q\\u0022 \\u003cb\\u003e C:\\\\u0041 \\ud83d\\ude00 \\u0007 \\u0009"',
        "\\u12 \\uZZZZ u0041",  # no escape
    ],
)
def test_other_unicode_escapes_stay(text: str) -> None:
    """Only escapes of letters and digits, ``+-._()``, the space and characters outside ASCII
    (not surrogates, not controls) are read through."""
    assert normalized_view(text) is None


def test_an_encoded_password_is_redacted_whole() -> None:
    """A connection string's password with an encoded ``@``, ``:`` and space keeps its bounds:
    none of its characters reaches the clean text."""
    text = "DATABASE_URL=postgres://app:Kx%40p%3Aq%20Zr9w@db.internal:5432/orders ok"
    result = _PACK.evaluate(text)
    assert [trigger.category for trigger in result.triggers] == ["SECRET"]
    assert "Zr9w" not in result.remedy.clean_text
    assert "Kx" not in result.remedy.clean_text


@given(st.text(alphabet=st.sampled_from("%2B0aF5 x+"), max_size=40))
def test_percent_escapes_keep_spans_in_order(text: str) -> None:
    """Each view character maps back to a non-empty original span, in the view's order, and
    an escape read as one character to all three of its characters."""
    spans = _spans_in_order(text)
    read = [first for first, _ in spans if _ENCODED_READ.fullmatch(text, first, first + 3)]
    assert all(last - first == 3 for first, last in spans if first in read)


#: An escape that reads as one character: a letter, a digit or ``+-._()`` (ASCII).
_ENCODED_READ = re.compile(r"%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[89BbDdEe]|5[Ff])")


def test_a_reference_maps_back_to_its_characters() -> None:
    """The view's character of a reference spans the whole reference in the original."""
    text = "x &#x34;1 y"
    view = normalized_view(text)
    assert view is not None
    assert view.text == "x 41 y"
    assert view.original_span(2, 3) == (2, 8)
    assert view.original_span(2, 4) == (2, 9)


@pytest.mark.parametrize(
    "text",
    [
        "NM1*IL*1*PERRY*MARCUS****34*916913541~",  # X12 elements: no emphasis
        "**bold** words and ***three*** and **a b1**",  # no digit, or a space inside
        "2 ** 10 = 1024",
    ],
)
def test_asterisks_that_are_no_emphasis_inside_a_value_stay(text: str) -> None:
    """Only a pair of ``**`` around a short run of letters and digits holding a digit, with
    no space inside, is skipped."""
    assert normalized_view(text) is None


def test_escaped_line_breaks_and_tabs_read_as_line_breaks_and_tabs() -> None:
    """An LLM API's logged prompt writes its line breaks as ``\\n``: each escape's backslash
    reads as a space and its letter as the character, two characters for two; a backslash
    that is itself escaped (``C:\\\\new``) escapes nothing."""
    text = 'prompt: "Name: Ann\\nIMEI: 862392736356070\\tok\\r\\nC:\\\\new"'
    view = normalized_view(text)
    assert view is not None
    assert view.text == 'prompt: "Name: Ann \nIMEI: 862392736356070 \tok \r \nC:\\\\new"'
    start = view.text.index("IMEI")
    assert text[slice(*view.original_span(start, start + 4))] == "IMEI"
    assert normalized_view("no escapes here, only a \\ backslash") is None


@given(st.text(alphabet=st.sampled_from("ab 1\\nrt４\u200b"), max_size=40), st.data())
def test_escapes_keep_every_span_mapped(text: str, data: st.DataObject) -> None:
    """Escapes and folded characters together: every view span maps back to the original
    characters it came from, and the view is as long as the fold makes it."""
    view = normalized_view(text)
    if view is None or not view.text:
        return
    assert len(view.text) == len(_fold(text))
    start = data.draw(st.integers(0, len(view.text) - 1))
    end = data.draw(st.integers(start + 1, len(view.text)))
    first, last = view.original_span(start, end)
    assert 0 <= first < last <= len(text)
    assert len(_fold(text[first:last])) == end - start


@pytest.mark.parametrize("size", [1, 2, 7, 256])
def test_values_after_escaped_line_breaks_are_found_and_streamed_alike(size: int) -> None:
    """A JSON-escaped prompt's labelled values are found as on separate lines, and a stream
    releases what evaluate leaves, whichever chunk the escape's two characters arrive in."""
    text = (
        '{"messages":[{"role":"user","content":"Fill in the form.\\nName: Dayamai Mander'
        '\\nIMEI: 862392736356070\\nAadhaar: 2345 6789 0124\\n"}]}\n'
    )
    result = _PACK.evaluate(text)
    found = {trigger.category: trigger.matched_items for trigger in result.triggers}
    assert found["IMEI"] == ("862392736356070",)
    session = _PACK.stream_session(block_on_fatal=False)
    pieces = [text[position : position + size] for position in range(0, len(text), size)]
    released = "".join(chunk.text for piece in pieces for chunk in session.push(piece))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == result.remedy.clean_text
