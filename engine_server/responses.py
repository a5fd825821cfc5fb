"""Fast JSON answers (results are built as dicts; no second validation pass)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.encoders import jsonable_encoder
from starlette.responses import Response

__all__ = ["NO_STORE", "dumps", "json_response"]

NO_STORE = {"Cache-Control": "no-store"}


# One encoder for every answer: json.dumps would build a new one per call with these options.
_ENCODER = json.JSONEncoder(separators=(",", ":"), default=jsonable_encoder)


def dumps(data: Any) -> bytes:
    """Serialise to compact JSON (ASCII escapes, so lone surrogates cannot fail encoding)."""
    return _ENCODER.encode(data).encode("ascii")


def json_response(
    data: Any, status_code: int = 200, headers: dict[str, str] | None = None
) -> Response:
    """Return a JSON response that is never cached."""
    return Response(
        dumps(data),
        status_code=status_code,
        media_type="application/json",
        headers={**NO_STORE, **(headers or {})},
    )
