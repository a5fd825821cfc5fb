"""What the client returns, with the specification's client guards built in.

A 200 can still be a block: :meth:`ServiceResult.forwardable_text` hands out the
clean text only when the action is not a block and no trigger is FATAL.
:meth:`ServiceResult.redacted` drops the raw matched values before a result is
passed on. No ``repr`` or ``str`` shows text or a matched value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ConfigDict

from .models import EvaluationResult
from .quiet_model import QuietModel

__all__ = ["FATAL", "ServiceResult", "SocketVerdict", "StreamChunk", "is_forwardable"]

FATAL = "FATAL"
_BLOCK_PREFIX = "block"


def is_forwardable(action: str, fatal: bool) -> bool:
    """True when a verdict's clean text may be passed on: not a block, nothing FATAL."""
    return not action.startswith(_BLOCK_PREFIX) and not fatal


class ServiceResult(EvaluationResult):
    """The verdict on one payload (EvaluationResult). Sensitive: triggers carry raw values."""

    @property
    def blocked(self) -> bool:
        """True when the action is a blocking decision."""
        return self.action.startswith(_BLOCK_PREFIX)

    def forwardable_text(self) -> str | None:
        """Return the clean text, or None for a block or when any trigger is FATAL."""
        fatal = any(trigger.severity == FATAL for trigger in self.triggers)
        return self.remedy.clean_text if is_forwardable(self.action, fatal) else None

    def redacted(self) -> ServiceResult:
        """Return a copy whose triggers carry no matched values (safe to pass on)."""
        triggers = [trigger.model_copy(update={"matched_items": []}) for trigger in self.triggers]
        return self.model_copy(update={"triggers": triggers})

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form, as the service sent it (matched values included)."""
        return self.model_dump(mode="json")


class SocketVerdict(QuietModel):
    """The WebSocket ``verdict``: no triggers (so no raw values) but ``invariants_passed``."""

    model_config = ConfigDict(extra="allow")

    action: str
    invariants_passed: bool
    clean_text: str
    latency_us: float
    egress_bytes: int
    receipt_hash: str

    @property
    def blocked(self) -> bool:
        """True when the action is a blocking decision."""
        return self.action.startswith(_BLOCK_PREFIX)

    def forwardable_text(self) -> str | None:
        """Return the clean text, or None for a block or when a fatal rule fired."""
        fatal = not self.invariants_passed  # false exactly when a FATAL rule fired
        return self.clean_text if is_forwardable(self.action, fatal) else None


@dataclass(frozen=True, repr=False)
class StreamChunk:
    """Text a WebSocket streaming session released, or the blocked marker (like the library's).

    ``redacted`` is None: the WebSocket protocol does not say which chunks were changed.
    """

    text: str
    redacted: bool | None = None
    blocked: bool = False
    action: str = "stream_token"
    reason: str | None = None

    def __repr__(self) -> str:
        return (
            f"StreamChunk(blocked={self.blocked!r}, action={self.action!r}, chars={len(self.text)})"
        )
