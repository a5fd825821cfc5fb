"""Context-required rules sharing a prefilter are asked once per window whether a word
of theirs is near (engine_core.evaluation.context_words.NearbyWords): what the pack
reports is the same as when every rule searches every window itself."""

from __future__ import annotations

from engine_core import Engine
from engine_core.evaluation.context_words import NearbyWords
from engine_core.evaluation.resolution import resolve
from tests.quality.catalogue_corpus import generate
from tests.quality.corpus import mostly_clean_text

_ENGINE = Engine()


def _reported(text: str) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    return [
        (finding.rule.rule_id, finding.spans)
        for finding in _ENGINE.compiled_pack.find(text, propagate=False)
    ]


def _searched_everywhere(text: str) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """What the pack reports when every rule searches every window (no word check)."""
    return [
        (finding.rule.rule_id, finding.spans)
        for finding in resolve(text, _ENGINE.compiled_pack.scan(text))
    ]


def test_the_word_check_changes_nothing_the_pack_reports() -> None:
    texts = [record.text for record in generate(1500)]
    texts = [text for text in texts if text.isascii()]  # no normalized view in between
    assert len(texts) > 500
    texts.append(mostly_clean_text(200_000, values_per_mb=400))
    for text in texts:
        assert _reported(text) == _searched_everywhere(text), text[:200]


def test_a_phone_is_found_next_to_its_own_language_word_only() -> None:
    engine = Engine()
    assert [t.rule_id for t in engine.evaluate("电话 0755 8888 9999").triggers] == ["intl.phone_zh"]
    assert engine.evaluate("Hinweis 0755 8888 9999").triggers == ()
    # Not a German number; Indonesian also writes "telefon", and it is one of theirs.
    found = [t.rule_id for t in engine.evaluate("Telefon 0755 8888 9999").triggers]
    assert "intl.phone_de" not in found


def test_a_window_knows_which_rules_have_a_word_within_their_reach() -> None:
    rules = [rule for rule in _ENGINE.compiled_pack.rules if rule.rule_id.startswith("intl.phone")]
    nearby = NearbyWords(rules)
    by_id = {rule.rule_id: rule.index for rule in rules}
    text = "Handy" + " " * 30 + "030 12345678" + " " * 60 + "mobile"
    start = text.index("030")
    near = nearby.near(text, start, start + 12)  # "Handy" is 30 characters before it
    assert by_id["intl.phone_de"] in near
    assert by_id["intl.phone_en"] not in near  # "mobile" lies beyond the window
    assert nearby.near("nothing here 030 12345678", 13, 25) == set()


def test_a_question_s_word_crossing_the_reach_s_start_is_met() -> None:
    """A question's word that starts before the rule's reach and ends inside it still names
    the value opening the reply (libphonenumber's example of a Swedish mobile number)."""
    (swedish,) = [rule for rule in _ENGINE.compiled_pack.rules if rule.rule_id == "intl.phone_sv"]
    assert swedish.context is not None
    text = (
        "Speaker 1  0:45\nVilket nummer når vi dig på?\n\n"
        "Speaker 2  0:54\nJa, eh, det är 070-123 45 67.\n"
    )
    start = text.index("070-123")
    word = text.index("når vi dig")
    reach_start = start - swedish.context.window
    assert word < reach_start < word + len("når vi dig")
    nearby = NearbyWords([swedish])
    assert swedish.index in nearby.near(text, start, start + len("070-123 45 67"))
