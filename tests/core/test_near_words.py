"""A long text's context-only rules are searched around their words alone
(engine_core.evaluation.scanning, docs/architecture.md "Context"): what the pack
reports is what it reports when every rule searches the whole text."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.evaluation.columns import with_values
from engine_core.evaluation.context import caseless
from engine_core.evaluation.pack import CompiledPack
from engine_core.evaluation.resolution import resolve
from engine_core.evaluation.scanning import NEAR_WORDS_FROM, _WordsByOwners
from engine_core.licensing.context import CommunityLicense
from engine_core.normalization import normalized_view
from engine_core.packs.playbook import parse_playbook
from tests.quality.catalogue_corpus import generate

_ENGINE = Engine()
_PACK = _ENGINE.compiled_pack
assert _PACK._context_words.wait_located(timeout=120)
#: Prose without a label, to make a text long enough for the search near words.
_PROSE = "Plain words without any label, to keep the words sparse. "


def _long(text: str) -> str:
    """Return ``text`` followed by prose, as long as a text searched near its words."""
    return text + _PROSE * (1 + max(0, NEAR_WORDS_FROM - len(text)) // len(_PROSE))


def _reported(
    text: str, pack: CompiledPack = _PACK
) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    return [(finding.rule.rule_id, finding.spans) for finding in pack.find(text, propagate=False)]


def _searched_everywhere(
    text: str, pack: CompiledPack = _PACK
) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """What the pack reports when every rule searches the whole text (and its tables)."""
    columns = pack.columns.read(text)
    found = with_values(pack.scan(text), columns.values, pack.rules)
    return [
        (finding.rule.rule_id, finding.spans) for finding in resolve(text, found, columns.tables)
    ]


def _searched_near_words(text: str, pack: CompiledPack = _PACK) -> set[str]:
    """The rule ids of the groups this text has searched near their words alone."""
    skip, words = pack._context_words.locate(text)
    assert words is not None
    assert len(text) >= NEAR_WORDS_FROM
    scanner = pack._scanner
    indexed = _WordsByOwners(text, words)
    chosen = scanner._near_words(text, 0, len(text), skip, scanner._running_parts(skip), indexed)
    return {rule.rule_id for located, _ in chosen for rule in located.group.rules}


def _long_texts() -> list[str]:
    """Catalogue records (every category, in their languages) joined into long texts
    with plain prose between them, so that the words are sparse."""
    records = [record.text for record in generate(2000)]
    records = [text for text in records if normalized_view(text) is None]
    between = "\n" + _PROSE * 16 + "\n"
    return [_long(between.join(records[i : i + 60])) for i in range(0, len(records), 60)]


def test_long_texts_report_what_a_whole_text_search_reports() -> None:
    texts = _long_texts()
    assert len(texts) > 25
    located: set[str] = set()
    for text in texts:
        located |= _searched_near_words(text)
        assert _reported(text) == _searched_everywhere(text), text[:300]
    # The path is taken, for phone words in several languages and other labels.
    assert {"intl.phone_en", "intl.phone_de"} <= located
    assert len(located) > 40


def test_a_phone_far_from_its_word_is_not_reported_and_a_near_one_is() -> None:
    prose = "The weather report said nothing of note today. " * 40
    text = _long(prose + "Phone: 020 7946 0958. " + prose + "Reference 020 7946 0959 " + prose)
    assert "intl.phone_en" in _searched_near_words(text)
    values = [
        text[start:end]
        for rule_id, spans in _reported(text)
        if rule_id.startswith("intl.phone")
        for start, end in spans
    ]
    assert values == ["020 7946 0958"]
    assert _reported(text) == _searched_everywhere(text)


def test_dates_far_from_a_birth_word_are_not_scanned_and_near_ones_are_found() -> None:
    # intl.date_of_birth's matches hold characters of any kind, so it is not searched
    # in regions near its words; its windows far from every word of its own are skipped.
    scanner = _PACK._scanner
    dob = next(group for group in scanner._groups if group.indexes == {_rule("intl.date_of_birth")})
    assert dob.anchor in scanner._word_reach
    prose = "The invoice of 14.03.1985 was paid on 1985-03-15 as agreed. " * 40
    apart = "Nothing else of note was written down. " * 3
    text = _long(
        prose
        + apart
        + "Patient DOB: 14.03.1985. "
        + apart
        + prose
        + "born on 2 May 1971. "
        + apart
        + prose
    )
    values = [
        text[start:end]
        for rule_id, spans in _reported(text)
        if rule_id == "intl.date_of_birth"
        for start, end in spans
    ]
    assert values == ["14.03.1985", "2 May 1971"]
    assert _reported(text) == _searched_everywhere(text)


def _rule(rule_id: str) -> int:
    """The index of the built-in pack's rule ``rule_id``."""
    return next(rule.index for rule in _PACK.rules if rule.rule_id == rule_id)


def test_a_region_reaches_to_where_no_match_can_span() -> None:
    # A run of digit groups far longer than a phone number and a word's reach: a region
    # cut inside it would start a search in the middle of a match.
    run = " ".join(f"{n:02d}" for n in range(10, 99)) * 3
    prose = "Plain words and more plain words to keep the labels sparse. " * 40
    text = _long(prose + run + " call 020 7946 0958 " + run + prose)
    assert "intl.phone_en" in _searched_near_words(text)
    assert _reported(text) == _searched_everywhere(text)


def _chain_pack() -> CompiledPack:
    """A user's context-required rule whose matches, in a long chain of pairs, depend on
    where the search starts: from the chain's start, four pairs at a time."""
    rule = {
        "id": "acme.code",
        "type": "regex",
        "category": "ACME_CODE",
        "pattern": "[0-9]{2}(?:-[0-9]{2}){0,3}",
        "options": {"context": ["code"], "context_required": True, "prefilter": "[0-9]{2}"},
    }
    playbook = parse_playbook(json.dumps({"pack_id": "acme.chain", "rules": [rule]}))
    return Engine.for_pack(playbook, CommunityLicense()).compiled_pack


_CHAIN_PACK = _chain_pack()
assert _CHAIN_PACK._context_words.wait_located(timeout=120)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 160), st.integers(1, 60), st.booleans())
@example(pairs=1, gap=35, label_first=True)  # the farthest a label may stand
@example(pairs=1, gap=40, label_first=False)
def test_a_search_near_a_word_starts_where_no_match_can_span(
    pairs: int, gap: int, label_first: bool
) -> None:
    chain = "-".join(f"{10 + n % 90}" for n in range(pairs))
    prose = _PROSE * 30
    middle = f"code.{' ' * gap}{chain}" if label_first else f"{chain}{' ' * gap}code."
    text = _long(f"{prose}{middle} {prose}")
    assert "acme.code" in _searched_near_words(text, _CHAIN_PACK)
    assert _reported(text, _CHAIN_PACK) == _searched_everywhere(text, _CHAIN_PACK)


_PIECES = st.sampled_from(
    [
        "phone ",
        "Tel. ",
        "Handy: ",
        "call me on ",
        "fax",
        "020 7946 0958",
        "030 12345678",
        "(11) 98765-4321",
        "+44 20 7946 0958",
        # Dates: a date of birth's words (intl.date_of_birth's windows far from them
        # are not scanned) and dates that name nothing.
        "DOB: ",
        "born on ",
        "Geburtsdatum ",
        "14.03.1985",
        "1985-03-14",
        "March 14, 1985",
        "12",
        "345",
        "-",
        ".",
        "/",
        " ",
        "\n",
        "x",
        "Ab",
        "_",
        "user_",
        "myPhone ",
        # A field name beginning with a word of a context_field_head rule (nl.bsn).
        "bsn_klant: ",
        "bsnKlant=",
        "bsn",
        "111222333",
        "\u0131",  # a case exception: the words' pre-scan reads a folded copy
    ]
)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(_PIECES, st.booleans()), min_size=1, max_size=60))
@example([("phone ", True), ("020 7946 0958", False), ("12", True), ("345", False)])
def test_whatever_surrounds_the_words_the_pack_reports_the_same(
    pieces: list[tuple[str, bool]],
) -> None:
    # Long stretches of prose keep the words sparse, so the near-word search is used.
    padding = " plain prose without labels" * 12
    text = _long("".join(piece + (padding if padded else "") for piece, padded in pieces))
    assert _reported(text) == _searched_everywhere(text)


def test_each_word_is_located_where_it_stands_whatever_the_script() -> None:
    text = (
        "Ärger über die Rechnung, Telefon: 030 12345678. Телефон: 8 912 345 67 89, "
        "电话 0755 8888 9999, ΤΗΛΈΦΩΝΟ 210 123 4567; phone (555) 010-4477 and SSN 123-45-6789."
    )
    words_of = {
        rule.index: {caseless(word) for word in rule.declaration.options.get("context") or ()}
        for rule in _PACK.rules
    }
    _, words = _PACK._context_words.locate(text)
    assert words
    found = {caseless(text[start:end]) for start, end, _ in words}
    assert {"telefon", "телефон", "电话", "phone", "ssn"} <= found
    for start, end, owners in words:
        assert all(caseless(text[start:end]) in words_of[index] for index in owners)


def test_every_character_a_word_meets_lower_cased_it_meets_without_regard_to_case() -> None:
    """The words are found in the text as it is, case aside (no lower-cased copy): every
    character whose lower case is a word's character matches that character so, but
    those of CASE_EXCEPTION_CHARS, for which the text is lower-cased first."""
    import hyperscan

    from engine_core.evaluation.context import CASE_EXCEPTION_CHARS
    from engine_core.evaluation.context_words import word_owners

    word_chars = sorted({char for word in word_owners(_PACK.rules) for char in word})
    database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    database.compile(
        expressions=[f"\\x{{{ord(char):x}}}".encode() for char in word_chars],
        ids=list(range(len(word_chars))),
        flags=[hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_CASELESS] * len(word_chars),
    )
    index = {char: number for number, char in enumerate(word_chars)}
    found: set[tuple[int, int]] = set()  # (identifier, where it ended: a code point's index)
    expected: set[tuple[int, int]] = set()
    characters: list[str] = []
    for code in range(0x110000):
        if 0xD800 <= code < 0xE000 or chr(code) in CASE_EXCEPTION_CHARS:
            continue
        lowered = caseless(chr(code))
        if lowered in index:
            expected.add((index[lowered], len(characters)))
            characters.append(chr(code))
    ends = [len(char.encode()) for char in characters]
    offsets = {sum(ends[: number + 1]): number for number in range(len(ends))}
    database.scan(
        "".join(characters).encode("utf-8"),
        match_event_handler=lambda identifier, _begin, end, *_: found.add(
            (identifier, offsets[end])
        ),
    )
    assert expected <= found
    assert len(expected) > len(word_chars)


def test_a_long_text_with_folding_characters_is_matched_on_its_view() -> None:
    """A long non-ASCII text is checked for folding characters in its UTF-8 (encoded once
    for that check and the context words): a full-width card and an e-mail address split
    by a zero-width space far into accented prose are found, over their original text."""
    prose = "Données reçues à l'hôtel, déjà vérifiées. " * 900
    card = "".join(chr(0xFF10 + int(ch)) if ch.isdigit() else ch for ch in "4111 1111 1111 1111")
    mail = "jane.doe\u200b@example.com"
    text = prose + "Carte " + card + ". " + prose + "Écrire à " + mail + " merci. " + prose
    assert len(text) >= NEAR_WORDS_FROM
    found = {
        (finding.rule.rule_id, text[start:end])
        for finding in _PACK.find(text)
        for start, end in finding.spans
    }
    assert ("credit_card", card) in found
    assert ("email", mail) in found


def test_a_word_after_an_underscore_is_located_where_it_stands() -> None:
    """``patient_dob``: the word starts after the underscore its match begins with."""
    text = "record 17: patient_dob=1961-12-23, emp_pesel=44051401359"
    _, words = _PACK._context_words.locate(text)
    assert words is not None
    found = {text[start:end] for start, end, _ in words}
    assert {"dob", "pesel"} <= found
