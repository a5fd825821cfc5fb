"""The FastAPI application: ``create_app()`` wires settings, routers, CORS and error handling."""

from __future__ import annotations

from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from starlette.middleware import Middleware
from starlette.responses import Response

from engine_core import Engine
from engine_core.errors import EngineRuntimeError
from engine_core.version import SERVICE_VERSION

from .body_timeout import BodyReadTimeoutMiddleware
from .dependencies import BEARER_SCHEME, require_token
from .error_mapping import engine_error_handler
from .middleware import JsonCORSMiddleware, ServiceGuardMiddleware
from .responses import json_response
from .routers import evaluate, health, stream, websocket
from .settings import (
    DEFAULT_MAX_BODY_SIZE,
    SERVICE_NAME,
    ServiceSettings,
    resolve_body_read_timeout,
    resolve_cors_origins,
    resolve_token,
    token_bytes,
)
from .solve_pool import solve_pool_from_env
from .solving import register_decision_error_handlers

__all__ = ["create_app"]

DESCRIPTION = (
    "Evaluates text payloads against a decision pack, in process. Responses carry raw "
    "matched values (`triggers[].matched_items`): never log them. Treat any non-200 "
    "answer as: do not proceed."
)


async def _validation_error_handler(request: Request, exc: Exception) -> Response:
    """422 with the validation list; each error's ``input`` is left out (it may be payload)."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"type": error.get("type"), "loc": list(error.get("loc", ())), "msg": error.get("msg")}
        for error in exc.errors()
    ]
    return json_response({"detail": errors}, status_code=422)


def create_app(
    engine: Engine | None = None,
    *,
    token: str | None = None,
    cors_origins: list[str] | None = None,
    max_body_size: int = DEFAULT_MAX_BODY_SIZE,
    body_read_timeout: float | None = None,
) -> FastAPI:
    """Build the service for ``engine`` (the built-in pack when None)."""
    settings = ServiceSettings(
        engine=engine if engine is not None else Engine(),
        token=None if (resolved := resolve_token(token)) is None else token_bytes(resolved),
        cors_origins=resolve_cors_origins(cors_origins),
        max_body_size=max_body_size,
        body_read_timeout=resolve_body_read_timeout(body_read_timeout),
    )
    middleware = [Middleware(ServiceGuardMiddleware, max_body_size=max_body_size)]
    if settings.cors_origins:
        middleware.append(
            Middleware(
                JsonCORSMiddleware,
                allow_origins=list(settings.cors_origins),
                allow_credentials=True,
                allow_methods=["GET", "POST"],
                allow_headers=["Authorization", "Content-Type"],
                max_age=600,
            )
        )
    middleware.append(Middleware(BodyReadTimeoutMiddleware, timeout=settings.body_read_timeout))
    app = FastAPI(
        title=SERVICE_NAME,
        version=SERVICE_VERSION,
        description=DESCRIPTION,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        middleware=middleware,
    )
    app.state.settings = settings
    app.state.solve_pool = solve_pool_from_env()
    app.add_exception_handler(EngineRuntimeError, engine_error_handler)
    register_decision_error_handlers(app)
    app.add_exception_handler(RequestValidationError, _validation_error_handler)

    # Without a token the service has no authentication, so no dependency to resolve (each
    # costs FastAPI tens of µs per request). The body limit is Starlette's own, set per
    # router so that it runs inside the guard middleware (which refuses an over-long
    # Content-Length with JSON before any read).
    authenticated = [Depends(require_token)] if settings.auth_enabled else []
    app.include_router(health.router, max_body_size=max_body_size)
    app.include_router(evaluate.router, dependencies=authenticated, max_body_size=max_body_size)
    app.include_router(stream.router, dependencies=authenticated, max_body_size=max_body_size)
    app.include_router(websocket.router)  # checks token and Origin itself (1008)

    secured = {
        getattr(route, "path", "")
        for router in (evaluate.router, stream.router)
        for route in router.routes
    }

    def openapi() -> dict[str, Any]:
        """Generate the document once; with a token, declare the bearer scheme where it applies."""
        if app.openapi_schema is None:
            document = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            document.setdefault("components", {})["securitySchemes"] = {"HTTPBearer": BEARER_SCHEME}
            for path, operations in document.get("paths", {}).items():
                if path in secured:
                    for operation in operations.values():
                        operation["security"] = [{"HTTPBearer": []}]
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/openapi.json", include_in_schema=False, dependencies=authenticated)
    async def openapi_document() -> Response:
        return json_response(app.openapi())

    return app
