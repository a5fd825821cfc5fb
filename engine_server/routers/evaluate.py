"""REST: ``POST /v1/evaluate`` and ``POST /v1/decision``."""

from __future__ import annotations

import time

from fastapi import APIRouter, Depends, Request
from fastapi.exceptions import RequestValidationError
from starlette.responses import Response

from engine_core import Engine
from engine_core.decisions import resolve_decision_domain, solver_dispatcher
from engine_core.model import EvaluationResult
from engine_core.registries import DecisionDomain

from ..dependencies import get_engine
from ..error_mapping import ERROR_RESPONSES
from ..licensing import engine_for_request, verify_license_data
from ..models import DecisionRequest, DecisionResponse, EvaluateRequest
from ..offload import run_engine_work
from ..responses import json_response
from ..solving import solve_decision

__all__ = ["resolve_domain", "router"]

router = APIRouter(tags=["evaluate"])


def resolve_domain(engine: Engine, name: str) -> DecisionDomain:
    """Return the installed domain for ``name``; 400 when unknown, 501 when not installed."""
    return resolve_decision_domain(engine.registries, name)


@router.post(
    "/v1/evaluate",
    response_model=EvaluationResult,
    responses=ERROR_RESPONSES,
    summary="Evaluate a text",
)
async def evaluate(
    body: EvaluateRequest, request: Request, engine: Engine = Depends(get_engine)
) -> Response:
    """Evaluate ``text`` against the served pack and return the EvaluationResult."""
    active = engine_for_request(request, engine, body.license_key)
    result = await run_engine_work(len(body.text), active.evaluate, body.text)
    return json_response(result.to_dict())


@router.post(
    "/v1/decision",
    response_model=DecisionResponse,
    responses={
        **ERROR_RESPONSES,
        400: {**ERROR_RESPONSES[400], "description": "Unknown decision function, or bad input."},
        403: {
            **ERROR_RESPONSES[403],
            "description": "License refused, or the solver not licensed.",
        },
        501: {**ERROR_RESPONSES[400], "description": "Known function no plugin provides."},
        503: {
            **ERROR_RESPONSES[503],
            "description": "Every solve slot busy (Retry-After), over budget, or license expired.",
        },
    },
    summary="Run a decision function",
)
async def decision(
    body: DecisionRequest, request: Request, engine: Engine = Depends(get_engine)
) -> Response:
    """Run a decision function (default ``evaluate``) and return its result."""
    domain = resolve_domain(engine, body.domain)
    if solver_dispatcher(domain) is not None:
        return await solve_decision(request, body, engine, domain)
    if domain.name == "evaluate" and not isinstance(body.parameters.get("text"), str):
        raise RequestValidationError(
            [
                {
                    "type": "string_type",
                    "loc": ("body", "parameters", "text"),
                    "msg": "parameters.text must be a string for the evaluate function",
                }
            ]
        )
    active = engine_for_request(request, engine, body.license_key)
    if body.license_data is not None:
        verify_license_data(body.license_data, active.pack_id)
    text = body.parameters.get("text")
    # Only evaluation's cost is bounded by its text; a solve always runs on a worker thread.
    size = len(text) if domain.name == "evaluate" and isinstance(text, str) else None
    started = time.perf_counter_ns()
    result = await run_engine_work(size, domain.run, active, body.parameters)
    latency_us = round((time.perf_counter_ns() - started) / 1000, 3)
    return json_response(
        {"function": domain.name, "status": "success", "latency_us": latency_us, "result": result}
    )
