"""The Americas, Middle East and Africa catalogue entries as data: what every one declares."""

from __future__ import annotations

import unicodedata

import pytest

from engine_core.registries import Detector
from engine_plugins.catalogue import catalogue_entries

#: The countries of these entries (engine_plugins/catalogue/<cc>.yaml).
COUNTRIES = ("CA", "BR", "MX", "AR", "CL", "CO", "TR", "IL", "ZA", "NG")

ENTRIES = [detector for detector in catalogue_entries() if detector.country in COUNTRIES]


def test_every_group_country_has_entries() -> None:
    """Each country of the group has its file of entries, ids prefixed by the country."""
    assert {detector.country for detector in ENTRIES} == set(COUNTRIES)
    assert all(detector.id.startswith(f"{detector.country.lower()}.") for detector in ENTRIES)


@pytest.mark.parametrize("detector", ENTRIES, ids=lambda detector: detector.id)
def test_entry_declares_its_source_prefilter_and_context(detector: Detector) -> None:
    """A published source, a prefilter, and context words written as the engine reads text.

    Matching runs on the NFKC view of a text (``nº`` reads ``no``), so a context
    word with a compatibility character would never match.
    """
    options = detector.rule["options"]
    assert detector.source.startswith("https://")
    assert options["prefilter"]
    words = options.get("context") or []
    assert words, "every entry names its identifier's words"
    assert all(unicodedata.normalize("NFKC", word) == word for word in words)
    if options.get("context_required"):
        assert options.get("context_window", 40) >= 40
