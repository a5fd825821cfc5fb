"""The base of every model the client parses: its ``repr`` and ``str`` never show a value."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

__all__ = ["SHOWN_FIELDS", "QuietModel"]

#: Fields that never carry payload or a matched value, so a ``repr`` may show them.
SHOWN_FIELDS = frozenset(
    {
        "action",
        "blocked",
        "chunk_index",
        "domain",
        "edition",
        "engine_edition",
        "function",
        "invariants_passed",
        "is_final",
        "law",
        "license_status",
        "pack_id",
        "redactions_count",
        "rule_id",
        "runtime_version",
        "service",
        "severity",
        "status",
        "version",
    }
)


class QuietModel(BaseModel):
    """A pydantic model whose ``repr``/``str`` list only fields in :data:`SHOWN_FIELDS`.

    Results carry raw matched values and payload text; a result that reaches a log
    line or a traceback through ``repr`` must not carry them along.
    """

    def __repr_args__(self) -> Any:
        """Yield the shown fields only (pydantic builds ``repr``, ``str`` and pretty forms here)."""
        for name, value in super().__repr_args__():
            if name in SHOWN_FIELDS:
                yield name, value
