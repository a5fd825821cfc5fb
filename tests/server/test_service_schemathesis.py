"""Property-based API tests: schemathesis drives the app from its own OpenAPI document.

Generated requests (valid and invalid) must never produce a 5xx, an undocumented
status, content type or header, or a body that breaks the documented schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from engine_server import create_app

app = create_app(token="", cors_origins=[])
schema = schemathesis.openapi.from_asgi("/openapi.json", app)

CHECKS: list[Callable[..., Any]] = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_openapi_document(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
