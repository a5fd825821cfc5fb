"""Request dependencies (engine provider, authentication); override them in tests."""

from __future__ import annotations

import secrets

from fastapi import HTTPException, Request, status
from starlette.requests import HTTPConnection

from engine_core import Engine

from .settings import ServiceSettings

__all__ = [
    "AUTH_FAILED_DETAIL",
    "BEARER_SCHEME",
    "get_engine",
    "get_settings",
    "origin_allowed",
    "require_token",
    "token_matches",
]

AUTH_FAILED_DETAIL = "Missing or invalid bearer token"

#: The OpenAPI security scheme of the bearer token (added to the document by create_app).
BEARER_SCHEME = {
    "type": "http",
    "scheme": "bearer",
    "description": "The service token, when one is set (health and CORS preflight need none).",
}


# Dependencies are ``async def`` on purpose: FastAPI runs a plain ``def`` dependency on a
# worker thread, which costs more than the whole evaluation of a short text.


async def get_settings(connection: HTTPConnection) -> ServiceSettings:
    """Return the settings of the application serving this request."""
    settings: ServiceSettings = connection.app.state.settings
    return settings


async def get_engine(connection: HTTPConnection) -> Engine:
    """Return the engine the service serves (tests override this to swap engines)."""
    settings: ServiceSettings = connection.app.state.settings
    return settings.engine


def token_matches(expected: bytes | None, authorization: str | None) -> bool:
    """Return True when no token is set or ``authorization`` carries it (constant time)."""
    if expected is None:
        return True
    if not authorization:
        return False
    scheme, _, credentials = authorization.partition(" ")
    if scheme.lower() != "bearer":
        return False
    try:
        # The ASGI server decodes header bytes as latin-1: encoding back gives the bytes the
        # client sent, which UTF-8 clients make from the token (settings.token_bytes).
        presented = credentials.encode("latin-1")
    except UnicodeEncodeError:
        return False
    # Strip only HTTP's optional whitespace: 0xA0 (a UTF-8 continuation byte) is not.
    return secrets.compare_digest(presented.strip(b" \t"), expected)


def origin_allowed(settings: ServiceSettings, origin: str | None) -> bool:
    """Return True for no ``Origin`` header (non-browser client) or an allow-listed origin."""
    if origin is None:
        return True
    return origin.rstrip("/") in settings.cors_origins


async def require_token(request: Request) -> None:
    """Answer 401 (with ``WWW-Authenticate: Bearer``) unless the bearer token is right."""
    # One flat dependency (no sub-dependencies): each level costs FastAPI tens of µs.
    settings: ServiceSettings = request.app.state.settings
    if settings.token is None:
        return
    if not token_matches(settings.token, request.headers.get("authorization")):
        raise HTTPException(
            status_code=status.HTTP_401_UNAUTHORIZED,
            detail=AUTH_FAILED_DETAIL,
            headers={"WWW-Authenticate": "Bearer"},
        )
