"""The detector catalogue: one YAML file of entries per country or group (see README.md).

Registered through ``engine_register_detectors`` like a third party's entries;
the core validates every entry as a playbook rule (docs/architecture.md, "Packs").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from engine_core.plugins import hookimpl
from engine_core.registries import Detector

__all__ = ["catalogue_entries", "default_ids", "word_sets"]

#: Keys of an entry that describe it in the catalogue; the rest is the rule.
CATALOGUE_KEYS = ("country", "default", "source")

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: The file of named word sets (README.md, "Word sets"); every other YAML file holds entries.
WORD_SETS_FILE = "word_sets.yaml"

#: The options whose words an entry may give as a word set's ``$name``.
WORD_OPTIONS = ("context", "context_label", "context_except", "context_in_country")

#: Files read first; the rest follow in name order. Catalogue order is rule order, which
#: breaks ties between overlapping values of equal severity. Sweden before Denmark: both
#: (and Norway) call the number "personnummer", and at an equal distance the stricter
#: format wins (a Swedish birth date with a Luhn digit over a Danish date alone).
FIRST_FILES = ("intl.yaml", "se.yaml")


def _entry_files() -> Iterator[str]:
    folder = files(__name__)
    names = sorted(
        item.name
        for item in folder.iterdir()
        if item.name.endswith(".yaml") and item.name != WORD_SETS_FILE
    )
    for name in sorted(names, key=lambda name: (name not in FIRST_FILES, name)):
        yield folder.joinpath(name).read_text(encoding="utf-8")


@cache
def word_sets() -> dict[str, tuple[str, ...]]:
    """Return the catalogue's named word sets, by name."""
    text = files(__name__).joinpath(WORD_SETS_FILE).read_text(encoding="utf-8")
    loaded = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    return {str(name): tuple(str(word) for word in words) for name, words in loaded.items()}


def _with_word_sets(entry_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """Return an entry's options with each ``$name`` in a word list read as that set's words."""
    expanded = dict(options)
    for option in WORD_OPTIONS:
        words: list[str] = []
        for word in options.get(option) or ():
            if isinstance(word, str) and word.startswith("$"):
                try:
                    words.extend(word_sets()[word[1:]])
                except KeyError:
                    raise ValueError(
                        f"catalogue entry {entry_id!r}: options.{option}: no word set {word!r}"
                        f" (known: {', '.join(sorted(word_sets()))})"
                    ) from None
            else:
                words.append(word)
        if option in options:
            expanded[option] = list(dict.fromkeys(words))
    return expanded


@cache
def catalogue_entries() -> tuple[Detector, ...]:
    """Return every catalogue entry, file by file, as a Detector."""
    detectors: list[Detector] = []
    for text in _entry_files():
        for entry in yaml.load(text, Loader=_Loader) or ():  # noqa: S506 - a safe loader
            rule = {key: value for key, value in entry.items() if key not in CATALOGUE_KEYS}
            if "options" in rule:
                rule["options"] = _with_word_sets(str(entry.get("id")), rule["options"])
            detectors.append(
                Detector(
                    rule=rule,
                    country=str(entry.get("country", "INTL")),
                    default=bool(entry.get("default", False)),
                    source=str(entry.get("source", "")),
                )
            )
    return tuple(detectors)


def default_ids() -> list[str]:
    """Return the ids of the entries the built-in pack turns on."""
    return [detector.id for detector in catalogue_entries() if detector.default]


@hookimpl
def engine_register_detectors(register: Callable[[Detector], None]) -> None:
    """Register every catalogue entry."""
    for detector in catalogue_entries():
        register(detector)
