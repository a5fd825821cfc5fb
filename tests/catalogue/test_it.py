"""Italian catalogue entries (``it.yaml``) through the real engine: the forms the quality
corpus showed missing (series letters of the CIE, older licence numbers, adjacent values,
a context phrase on the next line, a partita IVA without a label)."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .conftest import catalogue_engine, values
from .expectations import assert_no_bypass


@pytest.mark.parametrize(
    ("text", "value", "category"),
    [
        # Ministero dell'Interno: the CIE number is 2 letters, 5 digits, 2 letters; the
        # series letters advance past CA (CA00000AA is the published example).
        ("Numero carta d'identità: CA00000AA", "CA00000AA", "IT_IDENTITY_CARD"),
        ("CIE SV52494WV, rilasciata dal Comune di Torino", "SV52494WV", "IT_IDENTITY_CARD"),
        # The paper card: 2 letters, 7 digits.
        ("Allego la carta di identità n. BJ9156636.", "BJ9156636", "IT_IDENTITY_CARD"),
        # Driving licence, card item 5: U1, 7 letters or digits, a control letter
        # (example U1H68I903B); earlier numbers 2 letters (Microsoft Purview: a letter,
        # then A or V), 7 digits, a letter; ten characters in all.
        ("Numero patente U1H68I903B", "U1H68I903B", "IT_DRIVER_LICENSE"),
        ("Patente di guida n. RA1234567B", "RA1234567B", "IT_DRIVER_LICENSE"),
        ("Patente di guida n. NW7861851G", "NW7861851G", "IT_DRIVER_LICENSE"),
    ],
)
def test_documents_next_to_their_name(
    builtin: Engine, text: str, value: str, category: str
) -> None:
    """A CIE of any series, a paper card and licence numbers of both generations."""
    assert values(builtin, text, category) == [value]


def test_identity_card_before_a_passport_line(builtin: Engine) -> None:
    """The label before a value decides, not a "Numero di ..." phrase on the next line."""
    text = "Allego la carta di identità n. BJ9156636.\nNumero di passaporto: OV7495020"
    assert values(builtin, text, "IT_IDENTITY_CARD") == ["BJ9156636"]
    assert values(builtin, text, "IT_PASSPORT") == ["OV7495020"]


@pytest.mark.parametrize(
    "text",
    [
        "Patente di guida n. NW786185G",  # 6 digits
        "Patente di guida n. NW78618512",  # no letter at the end
        "Codice NW7861851G nel catalogo.",  # no context word
        "https://example.it/patente/NW7861851G",  # a path segment
    ],
)
def test_not_a_driver_licence(builtin: Engine, text: str) -> None:
    """A wrong length, no control letter, no context or a URL path: no licence."""
    assert values(builtin, text, "IT_DRIVER_LICENSE") == []


@pytest.mark.parametrize(
    ("category", "context", "first", "second"),
    [
        ("IT_DRIVER_LICENSE", "Patente:", "TG1116826R", "CJ5870747Y"),
        ("IT_IDENTITY_CARD", "Carta d'identità:", "VX99749SL", "ZW0476622"),
        ("IT_PASSPORT", "Passaporto:", "ET0376837", "XL0784126"),
    ],
)
def test_documents_no_bypass(
    builtin: Engine, category: str, context: str, first: str, second: str
) -> None:
    """After a list number or next to another number across one separator, each counts."""
    assert_no_bypass(builtin, context, first, second, category)
    assert values(builtin, f"{context} {first}/{second}", category) == [first, second]


def test_vat_needs_no_label() -> None:
    """A partita IVA stands alone (stdnum.it.iva: office code and Luhn digit), IT or not."""
    engine = catalogue_engine("it.vat")
    # python-stdnum 2.2, stdnum/it/iva.py (doctest)
    assert values(engine, "Eccolo: 00743110157.", "IT_VAT") == ["00743110157"]
    assert values(engine, "Puoi controllare IT00743110157?", "IT_VAT") == ["IT00743110157"]
    assert values(engine, "Eccolo: 00743110158.", "IT_VAT") == []  # check digit changed
    assert values(engine, "Lotto 00743110157.5 kg", "IT_VAT") == []  # a decimal number


@pytest.mark.parametrize(
    "text",
    [
        "name,email,national_id,iban\n"
        "Luca Marino,luca.marino73@tiscali.it,CA00000AA,IT75L9242167278868740903058\n",
        "ID card: CA00000AA (Roma, tel +39 06 1234 5678)",
        "Identity document number CA00000AA, codice fiscale RSSMRA85T10A562S",
    ],
)
def test_an_english_word_names_the_card_where_the_text_shows_italy(
    builtin: Engine, text: str
) -> None:
    """ "national ID" or "ID card" is every country's, so it names an Italian card number only
    beside a value of Italy's: an IT IBAN, a +39 phone, an .it address, a fiscal code."""
    assert values(builtin, text, "IT_IDENTITY_CARD") == ["CA00000AA"]


def test_an_english_word_alone_names_no_italian_card(builtin: Engine) -> None:
    text = "name,email,national_id,iban\nJens Willems,jens@telenet.be,CA00000AA,BE72008315394516\n"
    assert values(builtin, text, "IT_IDENTITY_CARD") == []
    assert values(builtin, "ID card: CA00000AA", "IT_IDENTITY_CARD") == []
