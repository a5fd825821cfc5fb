"""`engine-authority serve`: serve the authority API for a catalog folder of playbooks."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from engine_server.server import is_loopback

from ..common import fail
from .common import PREFIX

DEFAULT_PORT = 18735


def serve(
    catalog: Path = typer.Option(..., "--catalog", help="Folder of catalog playbooks (*.yaml)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Bind address."),
    port: int = typer.Option(
        DEFAULT_PORT, "--port", min=0, max=65535, help="Port (0: a free port)."
    ),
    trust: Path | None = typer.Option(
        None, "--trust", help="Trust file (default: $ENGINE_AUTHORITY_KEYS).", show_default=False
    ),
    ssl_certfile: Path | None = typer.Option(None, "--ssl-certfile", help="TLS certificate."),
    ssl_keyfile: Path | None = typer.Option(None, "--ssl-keyfile", help="TLS private key."),
) -> None:
    """Serve the catalog, pack download and remote compile API until stopped."""
    import uvicorn

    from engine_server.authority import create_authority_app
    from engine_server.server import bind_socket, url_host

    from ..serving import run_until_stopped

    try:
        if bool(ssl_certfile) != bool(ssl_keyfile):
            raise ValueError("TLS needs both --ssl-certfile and --ssl-keyfile")
        if not is_loopback(host) and not (ssl_certfile and ssl_keyfile):
            raise ValueError(
                "refusing to serve the authority on a non-loopback address without TLS "
                "(licenses carry content keys): pass --ssl-certfile and --ssl-keyfile"
            )
        if trust is not None:
            if not trust.is_file():
                raise FileNotFoundError(f"trust file {trust} not found")
            os.environ["ENGINE_AUTHORITY_KEYS"] = str(trust.resolve())
        app = create_authority_app(catalog)
        count = len(app.state.catalog.playbooks())
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            ssl_certfile=str(ssl_certfile) if ssl_certfile else None,
            ssl_keyfile=str(ssl_keyfile) if ssl_keyfile else None,
        )
        sock = bind_socket(host, port)
    except Exception as exc:
        fail(PREFIX, exc)
    scheme = "https" if ssl_certfile else "http"
    bound_port = sock.getsockname()[1]
    typer.echo(
        f"Authority serving {count} packs from {catalog} on "
        f"{scheme}://{url_host(host)}:{bound_port}"
    )
    run_until_stopped(uvicorn.Server(config), sock)
