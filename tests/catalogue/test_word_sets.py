"""The catalogue's named word sets (``word_sets.yaml``): an entry's ``$name`` reads as the
set's words, every set is used, and a set no file defines stops the catalogue."""

from __future__ import annotations

from importlib.resources import files

import pytest
import yaml

from engine_plugins import catalogue
from engine_plugins.catalogue import catalogue_entries, word_sets


def _raw_lists() -> list[list[object]]:
    """Every word list of every entry file, as written."""
    folder = files(catalogue.__name__)
    lists: list[list[object]] = []
    for item in folder.iterdir():
        if item.name.endswith(".yaml") and item.name != catalogue.WORD_SETS_FILE:
            for entry in yaml.safe_load(item.read_text(encoding="utf-8")) or ():
                options = entry.get("options") or {}
                lists.extend(options.get(name) or [] for name in catalogue.WORD_OPTIONS)
    return lists


def test_an_entry_reads_a_set_as_its_words() -> None:
    """Norway's fødselsnummer names the national-ID and document-field sets: its rule
    holds their words, in order, and no ``$`` name."""
    (entry,) = (each for each in catalogue_entries() if each.id == "no.fodselsnummer")
    words = entry.rule["options"]["context_in_country"]
    assert words == [*word_sets()["national_id"], *word_sets()["document_fields"]]
    assert "document number" in words


def test_no_rule_keeps_a_set_name() -> None:
    for entry in catalogue_entries():
        for name in catalogue.WORD_OPTIONS:
            named = [word for word in entry.rule.get("options", {}).get(name) or () if "$" in word]
            assert named == [], entry.id


def test_every_set_is_used_and_holds_words() -> None:
    used = {word[1:] for words in _raw_lists() for word in words if str(word).startswith("$")}
    assert used == set(word_sets())
    assert all(words and all(word.strip() for word in words) for words in word_sets().values())


def test_an_unknown_set_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"'xx\.id'.*no word set '\$nationl_id' \(known: "):
        catalogue._with_word_sets("xx.id", {"context_in_country": ["$nationl_id"]})


def test_a_word_given_twice_is_kept_once() -> None:
    options = {"context_in_country": ["$document_fields", "doc no", "visa"], "context": ["pass"]}
    expanded = catalogue._with_word_sets("xx.id", options)
    assert expanded["context_in_country"] == [*word_sets()["document_fields"], "visa"]
    assert expanded["context"] == ["pass"]
    assert options["context_in_country"][0] == "$document_fields"
