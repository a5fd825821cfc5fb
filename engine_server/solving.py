"""Solver decision domains over HTTP and WebSocket (docs/decision-domains.md).

A solve runs in the application's :class:`~engine_server.solve_pool.SolvePool`,
never on the event loop, under the license in effect: the served engine's, a
request's ``license_key`` engine's, or a request's verified ``license_data``
(for a solve, ``license_data`` must verify and allow the solver; the served
pack plays no part). Errors answer as the design says: a malformed problem
422 listing every problem, a solver the license does not allow 403, a known
domain or solver whose backend is missing 501, every slot busy 503 with
``Retry-After``.
"""

from __future__ import annotations

import math
import time
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.responses import Response

from engine_core import Engine
from engine_core.decisions import resolve_decision_domain, solver_dispatcher
from engine_core.errors import (
    DecisionDomainUnavailableError,
    DecisionInputError,
    LicenseEntitlementError,
    SolverCapacityError,
    UnknownDecisionDomainError,
)
from engine_core.licensing.context import LicenseContext
from engine_core.licensing.file_context import FileLicenseContext
from engine_core.registries import DecisionDomain
from engine_core.solvers.dispatch import SolvePlan

from .error_mapping import mark_request_license
from .licensing import engine_for_request, load_request_license
from .models import DecisionRequest
from .responses import json_response
from .solve_pool import SolvePool

__all__ = [
    "register_decision_error_handlers",
    "solve_decision",
    "solve_pool",
    "websocket_solve",
]


def solve_pool(app: FastAPI) -> SolvePool:
    """The application's pool of solve workers."""
    pool: SolvePool = app.state.solve_pool
    return pool


async def _run(app: FastAPI, plan: SolvePlan) -> tuple[dict[str, Any], float]:
    started = time.perf_counter_ns()
    result = await solve_pool(app).run(plan.run, plan.time_limit_ms / 1000)
    return result, round((time.perf_counter_ns() - started) / 1000, 3)


async def solve_decision(
    request: Request, body: DecisionRequest, engine: Engine, domain: DecisionDomain
) -> Response:
    """``POST /v1/decision`` for a solver domain: plan on the loop, solve in the pool."""
    dispatcher = solver_dispatcher(domain)
    assert dispatcher is not None
    active = engine_for_request(request, engine, body.license_key)
    license: LicenseContext = active.license
    if body.license_data is not None:
        mark_request_license(request)
        license = FileLicenseContext(load_request_license(body.license_data))
    plan = dispatcher.plan(active.registries, body.parameters, license)
    result, latency_us = await _run(request.app, plan)
    return json_response(
        {"function": domain.name, "status": "success", "latency_us": latency_us, "result": result}
    )


async def websocket_solve(app: FastAPI, engine: Engine, message: dict[str, Any]) -> dict[str, Any]:
    """Answer a WebSocket ``{type: solve, domain, parameters}`` message (solution or error)."""
    name = message.get("domain")
    parameters = message.get("parameters", {})
    if not isinstance(name, str):
        return {"type": "error", "message": "field 'domain' is required and must be a string"}
    if not isinstance(parameters, dict):
        return {"type": "error", "message": "field 'parameters' must be an object"}
    try:
        domain = resolve_decision_domain(engine.registries, name)
        dispatcher = solver_dispatcher(domain)
        if dispatcher is None:
            return {
                "type": "error",
                "message": f"{domain.name!r} is not a solver domain: send {{type: evaluate}}",
            }
        result, latency_us = await _run(
            app, dispatcher.plan(engine.registries, parameters, engine.license)
        )
    except DecisionInputError as exc:
        return {
            "type": "error",
            "code": "INVALID_PROBLEM",
            "message": str(exc),
            "problems": exc.problems,
        }
    except SolverCapacityError as exc:
        return {
            "type": "error",
            "code": "SOLVER_BUSY",
            "message": str(exc),
            "retry_after": _seconds(exc.retry_after),
        }
    except (
        LicenseEntitlementError,
        DecisionDomainUnavailableError,
        UnknownDecisionDomainError,
    ) as exc:
        return {"type": "error", "code": _CODES[type(exc)], "message": str(exc)}
    return {"type": "solution", "function": domain.name, "latency_us": latency_us, "result": result}


_CODES: dict[type[Exception], str] = {
    LicenseEntitlementError: "LICENSE_ENTITLEMENT",
    DecisionDomainUnavailableError: "NOT_INSTALLED",
    UnknownDecisionDomainError: "UNKNOWN_DOMAIN",
}


def _seconds(retry_after: float) -> int:
    return max(1, math.ceil(retry_after))


# --- HTTP answers for the decision errors -----------------------------------------------


async def _input_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, DecisionInputError)
    detail = [
        {"type": "value_error", "loc": ["body", *problem["loc"]], "msg": problem["msg"]}
        for problem in exc.problems
    ]
    return json_response({"detail": detail}, status_code=422)


def _detail_answer(status_code: int) -> Any:
    async def answer(request: Request, exc: Exception) -> Response:
        headers = {}
        if isinstance(exc, SolverCapacityError):
            headers["Retry-After"] = str(_seconds(exc.retry_after))
        return JSONResponse({"detail": str(exc)}, status_code=status_code, headers=headers)

    return answer


def register_decision_error_handlers(app: FastAPI) -> None:
    """Answer the decision errors: 422 (listing every problem), 400, 403, 501, 503."""
    app.add_exception_handler(DecisionInputError, _input_error)
    app.add_exception_handler(UnknownDecisionDomainError, _detail_answer(400))
    app.add_exception_handler(LicenseEntitlementError, _detail_answer(403))
    app.add_exception_handler(DecisionDomainUnavailableError, _detail_answer(501))
    app.add_exception_handler(SolverCapacityError, _detail_answer(503))
