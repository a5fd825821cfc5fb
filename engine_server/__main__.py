"""``python -m engine_server``: serve the built-in pack in the foreground (until ``make serve``
can use ``engine-pack serve --builtin``)."""

from __future__ import annotations

import argparse
import os
import sys

import uvicorn

from engine_core.errors import EngineRuntimeError

from .app import create_app
from .protocol import QuietWebSocketProtocol
from .server import check_bind
from .settings import TOKEN_ENV

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 18734


def main(argv: list[str] | None = None) -> int:
    """Serve the built-in pack until interrupted; return the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m engine_server", description="Serve the built-in data-protection pack."
    )
    parser.add_argument("--host", default=DEFAULT_HOST, help="bind address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default 18734)")
    parser.add_argument(
        "--token", default=None, help=f"bearer token (default: ${TOKEN_ENV}; none means no auth)"
    )
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--log-level", default="info", help="uvicorn log level")
    parser.add_argument("--no-access-log", action="store_true", help="do not log request lines")
    args = parser.parse_args(argv)
    try:
        check_bind(args.host, args.token)
        if args.token:
            os.environ[TOKEN_ENV] = args.token  # worker processes build their app from it
        app = create_app(token=args.token)
    except EngineRuntimeError as exc:
        print(f"Server error: {exc}", file=sys.stderr)
        return 1
    engine = app.state.settings.engine
    print(
        f"Serving pack {engine.pack_id} ({engine.license_state.edition}) on "
        f"http://{args.host}:{args.port}",
        flush=True,
    )
    options = {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "access_log": not args.no_access_log,
        "ws": QuietWebSocketProtocol,
    }
    if args.workers > 1:
        uvicorn.run("engine_server.app:create_app", factory=True, workers=args.workers, **options)
    else:
        uvicorn.run(app, **options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
