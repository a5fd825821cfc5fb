"""Strict JSON reading and the canonical serialisation that signatures cover."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, NoReturn

__all__ = ["canonical_json", "plain_json", "strict_loads"]


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"non-finite number {name} is not allowed in this JSON document")


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r} in this JSON document")
        result[key] = value
    return result


def strict_loads(text: str | bytes) -> Any:
    """Parse JSON, rejecting duplicate keys and NaN/Infinity (raises ValueError)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return json.loads(text, object_pairs_hook=_unique_object, parse_constant=_reject_constant)


def plain_json(value: Any, where: str = "$") -> Any:
    """Return a deep copy of ``value`` as plain JSON types, rejecting anything else."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            _reject_constant(f"{value!r} at {where}")
        return value
    if isinstance(value, Mapping):
        copy: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"non-string key {key!r} at {where}")
            copy[key] = plain_json(item, f"{where}.{key}")
        return copy
    if isinstance(value, (list, tuple)):
        return [plain_json(item, f"{where}[{index}]") for index, item in enumerate(value)]
    raise ValueError(f"value of type {type(value).__name__} at {where} is not JSON")


def canonical_json(fields: Mapping[str, Any]) -> bytes:
    """Serialise with sorted keys, no spaces and ASCII escapes, as UTF-8 bytes."""
    return json.dumps(
        fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    ).encode("utf-8")
