"""The service's configuration, resolved once when the application is created."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from engine_core import Engine
from engine_core.errors import ServerConfigurationError

__all__ = [
    "DEFAULT_BODY_READ_TIMEOUT",
    "DEFAULT_MAX_BODY_SIZE",
    "SERVICE_NAME",
    "ServiceSettings",
    "resolve_body_read_timeout",
    "resolve_cors_origins",
    "resolve_token",
    "token_bytes",
]

SERVICE_NAME = "engine-pack"
DEFAULT_MAX_BODY_SIZE = 1024 * 1024
#: Seconds a request body may take to arrive, from the first read (then 408).
DEFAULT_BODY_READ_TIMEOUT = 10.0
BODY_TIMEOUT_ENV = "ENGINE_BODY_READ_TIMEOUT"
TOKEN_ENV = "ENGINE_SERVICE_TOKEN"  # noqa: S105 - a variable name, not a secret
CORS_ENV = "ENGINE_CORS_ORIGINS"


def resolve_token(token: str | None) -> str | None:
    """Return the service token: ``token``, else ``ENGINE_SERVICE_TOKEN``; empty means none."""
    if token is None:
        token = os.environ.get(TOKEN_ENV)
    return token or None


def token_bytes(token: str) -> bytes:
    """Return the token as clients present it (UTF-8); refuse one no HTTP client can send."""
    try:
        encoded = token.encode("utf-8")
    except UnicodeEncodeError:
        # Never quote the token: it is a secret.
        raise ServerConfigurationError(
            "the service token is not valid Unicode text (an environment value that is not "
            "UTF-8?); clients present it UTF-8 encoded"
        ) from None
    if encoded.strip(b" \t") != encoded or any(byte < 0x20 or byte == 0x7F for byte in encoded):
        raise ServerConfigurationError(
            "the service token has a control character or leading or trailing whitespace, "
            "which no HTTP client can present in an Authorization header"
        )
    return encoded


def resolve_body_read_timeout(timeout: float | None) -> float:
    """Return the body read timeout: ``timeout``, else ``ENGINE_BODY_READ_TIMEOUT``, else 10 s."""
    source = "body_read_timeout"
    if timeout is None:
        raw = os.environ.get(BODY_TIMEOUT_ENV)
        if raw is None:
            return DEFAULT_BODY_READ_TIMEOUT
        source = BODY_TIMEOUT_ENV
        try:
            timeout = float(raw)
        except ValueError:
            timeout = math.nan
    if not math.isfinite(timeout) or timeout <= 0:
        raise ServerConfigurationError(
            f"{source} must be a positive, finite number of seconds, got {timeout!r}"
        )
    return float(timeout)


def resolve_cors_origins(cors_origins: list[str] | tuple[str, ...] | str | None) -> tuple[str, ...]:
    """Return the CORS allow-list (``ENGINE_CORS_ORIGINS`` when None); reject wildcards."""
    if cors_origins is None:
        cors_origins = os.environ.get(CORS_ENV, "")
    if isinstance(cors_origins, str):
        cors_origins = cors_origins.split(",")
    origins: list[str] = []
    for origin in cors_origins:
        origin = origin.strip().rstrip("/")
        if not origin:
            continue
        if "*" in origin:
            raise ServerConfigurationError(
                f"CORS origin {origin!r} contains a wildcard; list every allowed origin explicitly"
            )
        if origin not in origins:
            origins.append(origin)
    return tuple(origins)


@dataclass(frozen=True)
class ServiceSettings:
    """What one application instance serves and how it authenticates."""

    engine: Engine
    token: bytes | None
    cors_origins: tuple[str, ...]
    max_body_size: int
    body_read_timeout: float = DEFAULT_BODY_READ_TIMEOUT

    @property
    def auth_enabled(self) -> bool:
        """True when every request but health and preflight needs the bearer token."""
        return self.token is not None
