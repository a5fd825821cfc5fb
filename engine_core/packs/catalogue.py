"""The detector catalogue: every entry plugins register, validated as playbook rules.

Playbooks import entries by id or glob (``codons``, ``hard_rules``); the
built-in pack is the entries marked default (docs/architecture.md, "Packs").
"""

from __future__ import annotations

import threading
import weakref

from ..errors import PluginLoadError, UnsupportedPackDeclarationError
from ..model import RuleDeclaration
from ..plugins import PluginRegistries
from ..registries import Detector
from . import schema

__all__ = ["catalogue_rules", "default_detector_ids"]

_lock = threading.Lock()
_cache: weakref.WeakKeyDictionary[PluginRegistries, dict[str, RuleDeclaration]] = (
    weakref.WeakKeyDictionary()
)


def catalogue_rules(registries: PluginRegistries) -> dict[str, RuleDeclaration]:
    """Return every catalogue entry as a validated rule, by id (validated once per plugin set)."""
    with _lock:
        cached = _cache.get(registries)
    if cached is not None:
        return cached
    detectors: list[Detector] = registries.detectors.canonical()
    data = {"pack_id": "catalogue", "rules": [dict(detector.rule) for detector in detectors]}
    try:
        declaration = schema.declaration_from_mapping(data, registries)
    except UnsupportedPackDeclarationError as exc:
        raise PluginLoadError(
            "the detector catalogue has invalid entries: " + "; ".join(exc.problems)
        ) from exc
    rules = {rule.id: rule for rule in declaration.rules}
    with _lock:
        _cache[registries] = rules
    return rules


def default_detector_ids(registries: PluginRegistries) -> list[str]:
    """Return the ids of the entries the built-in pack turns on, in catalogue order."""
    return [detector.id for detector in registries.detectors.canonical() if detector.default]
