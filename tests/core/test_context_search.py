"""The quick search of a rule's context words finds exactly what its pattern finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.evaluation.context import Context

#: Words that overlap, nest and share prefixes, in several cases and scripts.
_WORDS = [
    *("tel", "phone", "phone number", "mobile", "no", "No.", "ID", "id card", "\u0130D", "電話"),
    *("nif", "NIF", "dob", "Dob", "number", "card"),
]
_PIECES = st.sampled_from(
    [
        *("tel", "Tel", "TEL", "phone", "PHONE number", " ", "-", ":", "hotel", "no", "No."),
        *("x", "id", "ID card", "\u0131d", "\u0130D", "電話", "123", "é", "_", "\n"),
        *("nif_cliente", "nifCliente", "NIF", "patientDob", "DOB", "Dob:"),
    ]
)


def _pattern_spans(context: Context, text: str, low: int, high: int) -> list[tuple[int, int]]:
    return [match.span() for match in context.words.finditer(text, low, high)]


@settings(max_examples=400, deadline=None)
@given(
    words=st.lists(st.sampled_from(_WORDS), min_size=1, max_size=5),
    pieces=st.lists(_PIECES, max_size=14),
    bounds=st.tuples(st.integers(0, 60), st.integers(0, 60)),
    field_head=st.booleans(),
)
def test_the_quick_search_finds_what_the_pattern_finds(
    words: list[str], pieces: list[str], bounds: tuple[int, int], field_head: bool
) -> None:
    """Same spans, in the same order, for every range of ASCII and other text (words
    written alike but for their case, words that begin field names)."""
    context = Context.from_options({"context": words, "context_field_head": field_head})
    assert context is not None
    text = "".join(pieces)
    low, high = min(bounds), min(max(bounds), len(text))
    low = min(low, high)
    assert context.spans(text, low, high) == _pattern_spans(context, text, low, high)
    overlapping = [match.span() for match in context.words.finditer(text, overlapped=True)]
    assert context.every_span(text) == overlapping
    for place in range(len(text) + 1):
        expected = context.words.match(text, place)
        found = context.match(text, place)
        assert (found and found.span()) == (expected and expected.span()), place


def test_the_builtin_rules_search_their_words_alike() -> None:
    """Every context rule of the built-in pack, on a text holding labels and values."""
    text = (
        "Contact: jane@example.org. Her mobile number is (801) 359-0830, tel +44 20 7946 0958; "
        "card no. 4111 1111 1111 1111, SSN: 123-45-6789, IBAN DE89 3704 0044 0532 0130 00, "
        "Steuer-ID 12345678903, passport number X1234567, NHS No 943 476 5919, hotel telephone. "
        "Data nașterii 12.03.1985, ΗΜΕΡΟΜΗΝΙΑ ΓΈΝΝΗΣΗΣ 1985, Дата на раждане, TELEFÓN, née le 3."  # noqa: RUF001
    )
    checked = 0
    for rule in Engine().compiled_pack.rules:
        if rule.context is not None:
            for low, high in ((0, len(text)), (20, 90), (60, 61), (100, len(text) - 3), (250, 330)):
                assert rule.context.spans(text, low, high) == _pattern_spans(
                    rule.context, text, low, high
                )
            checked += 1
    assert checked > 20


@settings(max_examples=400, deadline=None)
@given(
    words=st.lists(st.sampled_from(_WORDS), min_size=1, max_size=5),
    pieces=st.lists(_PIECES, max_size=20),
    outer=st.tuples(st.integers(0, 90), st.integers(0, 90)),
    inner=st.lists(st.tuples(st.integers(0, 90), st.integers(0, 90)), max_size=8),
    field_head=st.booleans(),
)
def test_words_found_once_answer_every_range_inside_alike(
    words: list[str],
    pieces: list[str],
    outer: tuple[int, int],
    inner: list[tuple[int, int]],
    field_head: bool,
) -> None:
    """The words of a range found once give, for every range inside it, the spans a search
    of that range gives: words cut by its edges, crossing its start, read past its end."""
    context = Context.from_options({"context": words, "context_field_head": field_head})
    assert context is not None
    text = "".join(pieces)
    low, high = sorted(min(bound, len(text)) for bound in outer)
    found = context.found_in(text, low, high)
    assert found is not None
    assert found.spans == context.spans(text, low, high)
    ranges = [(start, high) for start in range(low, high + 1)]
    ranges += [(low, stop) for stop in range(low, high + 1)]
    ranges += [sorted(low + (bound % (high - low + 1)) for bound in pair) for pair in inner]
    for start, stop in ranges:
        assert context.spans(text, start, stop, found) == context.spans(text, start, stop)
    for first, second in inner:
        start, stop = sorted(low + (bound % (high - low + 1)) for bound in (first, second))
        assert context.distance(text, start, stop, found=found) == context.distance(
            text, start, stop
        )


def test_a_rule_with_exceptions_searches_each_range() -> None:
    """Phrases that cancel a word are looked for in each range: nothing is found once."""
    context = Context.from_options({"context": ["birthday"], "context_except": ["birthday party"]})
    assert context is not None
    assert context.found_in("birthday party on 12.03.1985", 0, 28) is None


def test_words_found_once_answer_ranges_cut_anywhere() -> None:
    """Every range of texts whose words nest, overlap, go on as field names or are read
    past their end: words found once give what a search of the range gives."""
    context = Context.from_options(
        {"context": ["phone number", "number", "tel", "nif", "id card", "card", "card no", "dob"]}
    )
    assert context is not None
    for text in (
        "PHONE number: 12 tel:3 hotel nif_cliente",
        "ID card no; card: x; patientDob 1; Tel Tel; id card no. 5",
        "phone numbers, phonenumber, Phone Number\nnumber",
    ):
        found = context.found_in(text, 0, len(text))
        assert found is not None
        for start in range(len(text) + 1):
            for stop in range(start, len(text) + 1):
                expected = context.spans(text, start, stop)
                assert context.spans(text, start, stop, found) == expected, (start, stop)
