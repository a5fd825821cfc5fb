"""The client package: models generated from the service's OpenAPI document, importable
without FastAPI or uvicorn, and library exceptions rebuilt from the service's messages."""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap

import pytest

from engine_core import errors
from engine_core.errors import EngineRuntimeError, InvalidRequestError, ServiceError
from engine_server.client.codegen import MODELS_PATH, REGENERATE_HINT, generate_models
from engine_server.client.failures import error_for_socket_message


def test_checked_in_models_match_the_service_openapi_document() -> None:
    generated = generate_models()
    assert MODELS_PATH.read_text(encoding="utf-8") == generated, (
        f"engine_server/client/models.py no longer matches create_app().openapi(): "
        f"{REGENERATE_HINT}"
    )


def test_client_imports_without_fastapi_or_uvicorn() -> None:
    script = textwrap.dedent(
        """
        import sys

        BLOCKED = ("fastapi", "uvicorn", "starlette")

        class Refuse:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ModuleNotFoundError(f"No module named {name!r} (blocked)")
                return None

        sys.meta_path.insert(0, Refuse())
        from engine_server.client import AsyncEngineClient, EngineClient

        client = EngineClient("http://127.0.0.1:9")
        client.close()
        AsyncEngineClient("http://127.0.0.1:9")
        loaded = sorted(name for name in sys.modules if name.split(".")[0] in BLOCKED)
        print(loaded)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


ENGINE_ERRORS = sorted(
    name
    for name, kind in inspect.getmembers(errors, inspect.isclass)
    if issubclass(kind, EngineRuntimeError)
)


@pytest.mark.parametrize("name", ENGINE_ERRORS)
def test_a_handler_failure_naming_an_engine_error_raises_that_error(name: str) -> None:
    message = "Stream blocked by statutory invariant: card seen (block)"
    error = error_for_socket_message({"type": "error", "message": f"{name}: {message}"})
    assert type(error) is getattr(errors, name)
    assert str(error) == message


@pytest.mark.parametrize(
    ("message", "fields"),
    [
        ("field 'token' is required", ["token"]),
        ("field 'lookahead_chars' must be of type integer", ["lookahead_chars"]),
        ("lookahead_chars must be at least 16", ["lookahead_chars"]),
        ("license_key is not accepted on the WebSocket", ["license_key"]),
        ("unknown message type 'x'", []),
    ],
)
def test_a_refused_message_is_a_value_error_naming_the_field(
    message: str, fields: list[str]
) -> None:
    error = error_for_socket_message({"type": "error", "message": message})
    assert isinstance(error, InvalidRequestError)
    assert isinstance(error, ValueError)
    assert error.fields == fields


def test_names_that_are_not_engine_errors_are_not_rebuilt() -> None:
    for message in ("ValueError: x", "SystemExit: 1", "internal error"):
        error = error_for_socket_message({"type": "error", "message": message})
        assert not isinstance(error, SystemExit)
        assert isinstance(error, InvalidRequestError | ServiceError)
