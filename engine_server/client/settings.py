"""What both clients share: where the service is, its token, and how long to wait."""

from __future__ import annotations

from typing import Any

from . import exchange
from .socket_protocol import MAX_MESSAGE_BYTES

__all__ = ["DEFAULT_TIMEOUT_S", "ClientSettings"]

#: Seconds to connect, and to wait for each answer (or each stream event).
DEFAULT_TIMEOUT_S = 10.0


class ClientSettings:
    """The service's address, token and timeout, and the options each transport gets."""

    def __init__(self, base_url: str, token: str | None, timeout: float) -> None:
        self.base_url = exchange.service_url(base_url)
        self.timeout = timeout
        self._token = token
        self._socket_url = exchange.socket_url(self.base_url)

    def _wait(self, timeout: float | None) -> float:
        """Return a call's timeout: its own, else the client's."""
        return self.timeout if timeout is None else timeout

    def _http_options(self) -> dict[str, Any]:
        """Options of the httpx client (sync or async): no redirects, the token on each call."""
        return {
            "base_url": self.base_url,
            "headers": exchange.auth_headers(self._token),
            "timeout": self.timeout,
            "follow_redirects": False,
        }

    def _socket_options(self, timeout: float | None) -> dict[str, Any]:
        """Options of a websockets connection (sync or asyncio)."""
        wait = self._wait(timeout)
        return {
            "additional_headers": exchange.auth_headers(self._token),
            "open_timeout": wait,
            "close_timeout": wait,
            "max_size": MAX_MESSAGE_BYTES,
            # No compression: payloads are secret, and it costs time on short messages.
            "compression": None,
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.base_url}>"
