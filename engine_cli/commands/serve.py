"""`engine-pack serve`: unseal a pack and serve the HTTP API in the foreground."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer

from ..common import LicenseOption, check_pack_choice, fail, open_engine

PREFIX = "Server error:"


def serve(
    pack: Path | None = typer.Option(None, "--pack", help="Sealed pack to serve."),
    builtin: bool = typer.Option(
        False, "--builtin", help="Serve the built-in pack under the community license."
    ),
    host: str = typer.Option("127.0.0.1", "--host", help="Bind address."),
    port: int = typer.Option(18734, "--port", min=0, max=65535, help="Port (0: a free port)."),
    token: str | None = typer.Option(
        None,
        "--token",
        help="Bearer token required on every request but health (default $ENGINE_SERVICE_TOKEN).",
        show_default=False,
    ),
    license: Path | None = LicenseOption,
    workers: int = typer.Option(1, "--workers", min=1, help="Uvicorn worker processes."),
) -> None:
    """Unseal a pack and serve the REST, SSE and WebSocket API until stopped (Ctrl-C)."""
    check_pack_choice(pack, builtin, license)
    import uvicorn

    from engine_server import create_app
    from engine_server.protocol import QuietWebSocketProtocol
    from engine_server.server import bind_socket, check_bind, url_host

    from ..serve_factory import LICENSE_ENV, PACK_ENV
    from ..serving import run_until_stopped, stop_quietly

    try:
        check_bind(host, token)
        engine, source, license_path = open_engine(pack, license)
        app = create_app(engine, token=token)
        sock = bind_socket(host, port)
    except Exception as exc:
        fail(PREFIX, exc)
    bound_port = sock.getsockname()[1]
    state = engine.license_state
    typer.echo(
        f"Unsealed pack {engine.pack_id} from {source} ({state.edition}, "
        f"{state.license_status}); serving on http://{url_host(host)}:{bound_port}"
    )
    options: dict[str, Any] = {
        "log_level": "warning",
        "access_log": False,
        "ws": QuietWebSocketProtocol,  # never logs frames (they carry payloads)
        "ws_max_size": app.state.settings.max_body_size,
    }
    if workers == 1:
        run_until_stopped(uvicorn.Server(uvicorn.Config(app, **options)), sock)
        return
    sock.close()  # the worker supervisor binds again itself
    if token:
        os.environ["ENGINE_SERVICE_TOKEN"] = token
    if pack is not None and license_path is not None:
        os.environ[PACK_ENV] = str(pack.resolve())
        os.environ[LICENSE_ENV] = str(license_path.resolve())
    else:  # the built-in pack: never inherit a pack from the caller's environment
        os.environ.pop(PACK_ENV, None)
        os.environ.pop(LICENSE_ENV, None)
    with stop_quietly():
        uvicorn.run(
            "engine_cli.serve_factory:create_app_from_environment",
            factory=True,
            host=host,
            port=bound_port,
            workers=workers,
            **options,
        )
