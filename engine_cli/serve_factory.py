"""The app factory uvicorn workers import when `engine-pack serve --workers N` runs.

Each worker process builds its own engine from the environment the serve
command set: ``ENGINE_SERVE_PACK`` and ``ENGINE_SERVE_LICENSE`` (a sealed pack
and its license), or neither (the built-in pack); the token comes from
``ENGINE_SERVICE_TOKEN`` as usual.
"""

from __future__ import annotations

import os

from fastapi import FastAPI

PACK_ENV = "ENGINE_SERVE_PACK"
LICENSE_ENV = "ENGINE_SERVE_LICENSE"


def create_app_from_environment() -> FastAPI:
    """Build the service app for the pack named in the environment (built-in when unset)."""
    from engine_core import Engine, load_pack
    from engine_server import create_app

    pack = os.environ.get(PACK_ENV)
    engine = load_pack(pack, os.environ.get(LICENSE_ENV)) if pack else Engine()
    return create_app(engine)
