"""The normalized view: NFKC per character, format characters skipped, spans mapped back."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from engine_core.normalization import normalized_view

#: Characters that fold one to one (full-width forms) or vanish (format characters).
_TRICKY = "４１２３ＡＢｊａ\u200b\u200c\u200d\u00ad\u2060\ufeff\u202e"
_TEXT = st.text(alphabet=st.sampled_from("ab 12-@." + _TRICKY), max_size=60)


def _fold(text: str) -> str:
    return "".join(
        "" if unicodedata.category(char) == "Cf" else unicodedata.normalize("NFKC", char)
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


#: Besides the tricky characters: accented letters, symbols and CJK that fold to
#: themselves, ligatures and mathematical letters that do not, and lone surrogates.
_ANY = st.text(
    alphabet=st.sampled_from(
        "ab 12-@." + _TRICKY + "éüß€中한\ufb01\U0001d400\u2460\u00a0\u00b2\ud800\udfff"
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
        assert given_bytes.text == _fold(text)
