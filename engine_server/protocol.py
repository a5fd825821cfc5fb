"""uvicorn's WebSocket protocol without frame logging (frames carry payloads)."""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["QuietWebSocketProtocol"]


class QuietWebSocketProtocol(WebSocketsSansIOProtocol):
    """Like uvicorn's default, but ``websockets`` never logs frames, even at DEBUG."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # websockets logs every frame (with a payload excerpt) when DEBUG is enabled.
        self.conn.debug = False
