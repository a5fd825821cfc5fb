"""``GET /v1/health``: liveness and what is actually served (no token needed)."""

from __future__ import annotations

import contextlib
from typing import Any

from fastapi import APIRouter, Depends
from starlette.responses import Response

from engine_core import Engine
from engine_core.decisions import decision_functions
from engine_core.errors import PluginLoadError
from engine_core.packs.catalogue import catalogue_rules
from engine_core.version import RUNTIME_VERSION, SERVICE_VERSION

from ..dependencies import get_engine
from ..models import HealthResponse
from ..responses import json_response
from ..settings import SERVICE_NAME

__all__ = ["SUPPORTED_PROTOCOLS", "health_document", "router"]

router = APIRouter(tags=["health"])

SUPPORTED_PROTOCOLS = ["REST", "SSE", "WebSocket"]


def supported_regulations(engine: Engine) -> list[str]:
    """Return the sorted law labels in use: the served pack's rules and the detector catalogue's."""
    labels = {rule.law for rule in engine.compiled_pack.rules}
    with contextlib.suppress(PluginLoadError):  # a catalogue plugin blocked: the pack's alone
        labels.update(rule.law for rule in catalogue_rules(engine.registries).values() if rule.law)
    return sorted(labels)


def health_document(engine: Engine) -> dict[str, Any]:
    """Return the health document of a service serving ``engine``."""
    state = engine.license_state
    return {
        "status": "healthy",
        "service": SERVICE_NAME,
        "version": SERVICE_VERSION,
        "runtime_version": RUNTIME_VERSION,
        "engine_edition": state.edition,
        "license_status": state.license_status,
        "pack_id": engine.pack_id,
        "supported_protocols": list(SUPPORTED_PROTOCOLS),
        "supported_regulations": supported_regulations(engine),
        "decision_functions": decision_functions(engine.registries),
    }


@router.get("/v1/health", response_model=HealthResponse, summary="Health document")
async def health(engine: Engine = Depends(get_engine)) -> Response:
    """Return the health document."""
    return json_response(health_document(engine))
