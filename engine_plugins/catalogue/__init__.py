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

__all__ = ["catalogue_entries", "default_ids"]

#: Keys of an entry that describe it in the catalogue; the rest is the rule.
CATALOGUE_KEYS = ("country", "default", "source")

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: Files read first; the rest follow in name order. Catalogue order is rule order, which
#: breaks ties between overlapping values of equal severity. Sweden before Denmark: both
#: (and Norway) call the number "personnummer", and at an equal distance the stricter
#: format wins (a Swedish birth date with a Luhn digit over a Danish date alone).
FIRST_FILES = ("intl.yaml", "se.yaml")


def _entry_files() -> Iterator[str]:
    folder = files(__name__)
    names = sorted(item.name for item in folder.iterdir() if item.name.endswith(".yaml"))
    for name in sorted(names, key=lambda name: (name not in FIRST_FILES, name)):
        yield folder.joinpath(name).read_text(encoding="utf-8")


@cache
def catalogue_entries() -> tuple[Detector, ...]:
    """Return every catalogue entry, file by file, as a Detector."""
    detectors: list[Detector] = []
    for text in _entry_files():
        for entry in yaml.load(text, Loader=_Loader) or ():  # noqa: S506 - a safe loader
            rule = {key: value for key, value in entry.items() if key not in CATALOGUE_KEYS}
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
