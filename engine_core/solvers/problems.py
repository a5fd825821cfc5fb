"""Reading a JSON problem while listing every problem found, each with its location.

A solver's ``prepare`` reads the problem through a :class:`ProblemChecker`:
each reader returns the value when it is valid and otherwise records a
problem (``{loc, msg}``) and returns None, so one pass finds them all;
:meth:`ProblemChecker.raise_if_any` then raises
:class:`~engine_core.errors.DecisionInputError` (HTTP 422, CLI exit 1).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

from ..errors import DecisionInputError

__all__ = ["PROBLEM_LOC", "Loc", "ProblemChecker"]

#: A location inside the request: keys and list indexes.
Loc = tuple[str | int, ...]
#: Where the problem document sits inside the request.
PROBLEM_LOC: Loc = ("parameters", "problem")


class ProblemChecker:
    """Collects every problem of a document; the typed readers never raise."""

    def __init__(self) -> None:
        self.problems: list[dict[str, Any]] = []

    def add(self, loc: Loc, msg: str) -> None:
        """Record one problem at ``loc``."""
        self.problems.append({"loc": list(loc), "msg": msg})

    def raise_if_any(self) -> None:
        """Raise DecisionInputError listing every problem recorded so far."""
        if self.problems:
            raise DecisionInputError(self.problems)

    def mapping(
        self,
        value: Any,
        loc: Loc,
        *,
        required: Collection[str] = (),
        optional: Collection[str] = (),
    ) -> Mapping[str, Any] | None:
        """An object with every ``required`` key and no key outside ``required | optional``.

        Returns None when it is not an object or lacks a required key; an
        unknown key is a problem, but the object is still returned so that the
        keys it knows are read (and their problems listed) too.
        """
        if not isinstance(value, Mapping):
            self.add(loc, f"must be an object, got {_json_type(value)}")
            return None
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                self.add((*loc, str(key)), f"unknown field; expected one of {sorted(allowed)}")
        missing = [key for key in required if key not in value]
        for key in missing:
            self.add((*loc, key), "is required")
        return None if missing else value

    def array(
        self, value: Any, loc: Loc, *, limit: int | None = None, min_items: int = 0
    ) -> list[Any] | None:
        """A list with at least ``min_items`` and at most ``limit`` items (the limit is named)."""
        if not isinstance(value, list):
            self.add(loc, f"must be an array, got {_json_type(value)}")
            return None
        if len(value) < min_items:
            self.add(loc, f"must have at least {min_items} item{'s' if min_items != 1 else ''}")
            return None
        if limit is not None and len(value) > limit:
            self.add(loc, f"has {len(value)} items: over the limit of {limit}")
            return None
        return value

    def integer(
        self, value: Any, loc: Loc, *, minimum: int | None = None, maximum: int | None = None
    ) -> int | None:
        """An integer (not a boolean; 3.0 is accepted as 3) within the bounds."""
        if isinstance(value, float) and value.is_integer() and math.isfinite(value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(loc, f"must be an integer, got {_json_type(value)}")
            return None
        return value if self._within(value, loc, minimum, maximum) else None

    def number(
        self,
        value: Any,
        loc: Loc,
        *,
        minimum: float | None = None,
        maximum: float | None = None,
    ) -> int | float | None:
        """A finite number (not a boolean) within the bounds."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.add(loc, f"must be a number, got {_json_type(value)}")
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.add(loc, "must be a finite number")
            return None
        return value if self._within(value, loc, minimum, maximum) else None

    def string(self, value: Any, loc: Loc, *, max_length: int = 200) -> str | None:
        """A non-empty string of at most ``max_length`` characters."""
        if not isinstance(value, str):
            self.add(loc, f"must be a string, got {_json_type(value)}")
            return None
        if not value:
            self.add(loc, "must not be empty")
            return None
        if len(value) > max_length:
            self.add(loc, f"is longer than {max_length} characters")
            return None
        return value

    def _within(self, value: float, loc: Loc, minimum: float | None, maximum: float | None) -> bool:
        if minimum is not None and value < minimum:
            self.add(loc, f"must be at least {minimum}")
            return False
        if maximum is not None and value > maximum:
            self.add(loc, f"must be at most {maximum}")
            return False
        return True


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, Mapping):
        return "object"
    return type(value).__name__
