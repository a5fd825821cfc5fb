"""Built-in remedies: ``redact`` (a token for the value) and ``block`` (withhold the text)."""

from __future__ import annotations

from collections.abc import Callable

from engine_core.model import FATAL, WARNING
from engine_core.plugins import hookimpl
from engine_core.registries import Remedy

REDACT = Remedy(
    name="redact",
    severity=WARNING,
    description="Replace each matched value by [REDACTED_<CATEGORY>] and permit the text.",
)
BLOCK = Remedy(
    name="block",
    severity=FATAL,
    withholds_text=True,
    description="Withhold the whole text ([BLOCKED]); the decision is a block.",
)


@hookimpl
def engine_register_remedies(register: Callable[[Remedy], None]) -> None:
    """Register the built-in remedies."""
    register(REDACT)
    register(BLOCK)
