"""A label, a remark in brackets or a form's leader, then its value: the label names the
value, however far back the remark puts it (engine_core.evaluation.context,
docs/architecture.md "Context"). Found by evaluate on a short and a long text, and a stream
releases what evaluate returns."""

from __future__ import annotations

import pytest
from streaming_support import assert_streams_as_evaluated

from engine_core import Engine

_PROSE = "Nothing in this sentence is a value, nor a label of one. "

#: Forms and exports that qualify a label before its value (python-stdnum's examples of
#: gb.nhs, it.codicefiscale, es.dni and pl.pesel; a Berlin landline number).
_REMARKED = [
    ("NHS number (occupational health, optional): 943 476 5919\n", "UK_NHS", "943 476 5919"),
    (
        "- codice_fiscale (italian co-applicant Simone Ferrari): rccmnl83s18d969h\n",
        "IT_FISCAL_CODE",
        "rccmnl83s18d969h",
    ),
    ("- dni (spanish guarantor Alejandro García): 54362315k\n", "ES_DNI", "54362315k"),
    (
        "PESEL (numer identyfikacyjny współwnioskodawcy): 44051401359\n",
        "PL_PESEL",
        "44051401359",
    ),
    (
        "NHS number (occupational health, optional, if you have one):\n943 476 5919\n",
        "UK_NHS",
        "943 476 5919",
    ),
    (
        "**NHS number** (see the letter from your GP surgery)**:** 943 476 5919\n",
        "UK_NHS",
        "943 476 5919",
    ),
    # A form's leader pads the label to its value's column (a PDF's text, a printed form).
    (
        "NHS number ........................................ 943 476 5919\n",
        "UK_NHS",
        "943 476 5919",
    ),
    (
        "Date of birth ______________________________________: 14/03/1985\n",
        "DATE_OF_BIRTH",
        "14/03/1985",
    ),
    (
        "電話番号 / Phone ............................... 090-4294-6083\n",
        "PHONE",
        "090-4294-6083",
    ),
    # An abbreviation's full stop before the leader (Wikipedia (de), "Versicherungsnummer").
    (
        "Sozialversicherungsnr. ........................................ 15070649C103\n",
        "DE_SOCIAL_SECURITY",
        "15070649C103",
    ),
]


def _found(engine: Engine, text: str) -> dict[str, tuple[str, ...]]:
    return {trigger.category: trigger.matched_items for trigger in engine.evaluate(text).triggers}


@pytest.mark.parametrize(("form", "category", "value"), _REMARKED)
@pytest.mark.parametrize("padding", [0, 1200])
def test_a_label_names_its_value_across_a_remark(
    built: Engine, form: str, category: str, value: str, padding: int
) -> None:
    """The value after a label's remark is the label's: alone, and inside a long text
    (64 KB or more, where only the words' surroundings are searched)."""
    text = _PROSE * padding + form + _PROSE * padding
    assert _found(built, text).get(category) == (value,)


def test_a_phone_label_names_its_number_across_a_remark(built: Engine) -> None:
    """A phone rule's own word check reads back across the remark too: the German rule
    names the number its German label gives."""
    text = "Telefon (privat, bitte nur abends zwischen 18 und 20 Uhr): 030 12345678"
    triggers = built.evaluate(text).triggers
    assert [(trigger.rule_id, trigger.matched_items) for trigger in triggers] == [
        ("intl.phone_de", ("030 12345678",))
    ]


@pytest.mark.parametrize(
    "text",
    [
        # Words after the remark: they say something else about the label.
        "NHS number (occupational health, optional) is kept apart from the file: 943 476 5919",
        # A remark longer than a remark (64 characters): prose in brackets.
        "NHS number (this is where we would normally ask you for it, but the occupational "
        "health team handles it): 943 476 5919",
        # A remark broken over two lines: no form's remark.
        "NHS number (occupational\nhealth, optional): 943 476 5919",
        # A remark, then a second one: the first is no label's.
        "NHS number (occupational health) (kept by the GP surgery, not us): 943 476 5919",
        # A leader, words, then another leader: the words are the value's label, not the word.
        "NHS number .............. see the letter .............................. 943 476 5919",
    ],
)
def test_other_words_or_brackets_after_a_label_name_no_value(built: Engine, text: str) -> None:
    """Only a label's word, one remark in brackets of up to 64 characters on its line, and a
    label's gap before the value; or a leader of up to 72 characters."""
    assert "UK_NHS" not in _found(built, _PROSE * 4 + text)


@pytest.mark.parametrize("sizes", [[1], [3], [16], [256]])
@pytest.mark.parametrize(("form", "category", "value"), _REMARKED)
def test_a_stream_releases_what_evaluate_returns_after_a_remark(
    built: Engine, form: str, category: str, value: str, sizes: list[int]
) -> None:
    """The label lies further back than its rule's window: the stream keeps it."""
    assert_streams_as_evaluated(built, _PROSE * 12 + form + _PROSE * 12, sizes[0], value)
