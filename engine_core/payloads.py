"""What a payload is: a str, or a dict with exactly one text key (no engine needed).

Kept apart from the engine so that the service's client reads payloads exactly as
the library does without loading the engine.
"""

from __future__ import annotations

from typing import Any

from .errors import AmbiguousPayloadError, CodonRuntimeError

__all__ = ["PAYLOAD_KEYS", "payload_text"]

#: The dict keys a payload may carry its text under (exactly one of them).
PAYLOAD_KEYS = ("text", "message", "payload")


def payload_text(payload: Any) -> str:
    """Return the text of a payload: a str, or a dict with exactly one text key."""
    if isinstance(payload, str):
        return payload
    if isinstance(payload, dict):
        if len(payload) > 1:
            raise AmbiguousPayloadError(payload.keys())
        if len(payload) == 1:
            key, value = next(iter(payload.items()))
            if key in PAYLOAD_KEYS:
                if isinstance(value, str):
                    return value
                raise CodonRuntimeError(
                    f"payload {key!r} must be a string, got {type(value).__name__}"
                )
        raise CodonRuntimeError(
            "payload dict must have exactly one key: 'text', 'message' or 'payload'"
        )
    raise CodonRuntimeError(f"payload must be a string or a dict, got {type(payload).__name__}")
