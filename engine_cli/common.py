"""What every command shares: license resolution, error lines, authority URLs, .env."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn
from urllib.parse import urlsplit

import typer
from dotenv import load_dotenv

if TYPE_CHECKING:  # pragma: no cover
    from engine_core import Engine

__all__ = [
    "DEV_AUTHORITY_URL",
    "PROD_AUTHORITY_URL",
    "authority_url",
    "fail",
    "load_environment",
    "require_license_path",
]

DEV_AUTHORITY_URL = "http://127.0.0.1:18735"
PROD_AUTHORITY_URL = "https://authority.engine-pack.dev"

LicenseOption = typer.Option(
    None,
    "--license",
    help="License file. Default: $ENGINE_LICENSE_FILE, ./engine.lic, ~/.engine/engine.lic.",
    show_default=False,
)
UrlOption = typer.Option(
    None,
    "--url",
    help="Authority base URL (overrides $ENGINE_AUTHORITY_URL and $ENGINE_ENVIRONMENT).",
    show_default=False,
)


def load_environment() -> None:
    """Load ./.env (working directory only); real environment variables win."""
    try:
        env_file = Path.cwd() / ".env"
    except OSError:  # the working directory was removed: there is no .env to read
        return
    if env_file.is_file():
        load_dotenv(env_file, override=False)


def check_pack_choice(pack: Path | None, builtin: bool, license: Path | None) -> None:
    """Refuse (usage error, exit 2) anything but exactly one of --pack and --builtin,
    and --license with --builtin (it runs under the community license)."""
    if builtin == (pack is not None):
        raise typer.BadParameter("give exactly one of --pack or --builtin")
    if builtin and license is not None:
        raise typer.BadParameter("--builtin runs under the community license: drop --license")


def open_engine(pack: Path | None, license: Path | None) -> tuple[Engine, str, Path | None]:
    """Return the engine for --pack (with its resolved license) or, without one, the built-in
    pack: (engine, where it came from, license path or None)."""
    from engine_core import Engine, load_pack

    if pack is None:
        return Engine(), "the built-in pack", None
    license_path = require_license_path(license)
    return load_pack(pack, license_path), str(pack), license_path


def fail(prefix: str, error: BaseException | str) -> NoReturn:
    """Print ``<prefix> <error>`` as one line on standard error and exit 1."""
    if isinstance(error, BaseException):
        detail = str(error) or type(error).__name__
        if isinstance(error, KeyError):
            detail = f"missing field {error.args[0]!r}" if error.args else "missing field"
        detail = f"{type(error).__name__}: {detail}"
    else:
        detail = error
    print(f"{prefix} {' '.join(detail.split())}", file=sys.stderr)
    raise typer.Exit(1)


def require_license_path(explicit: Path | None) -> Path:
    """Resolve the license file in the specification's order, or raise FileNotFoundError."""
    from engine_core.licensing.license_file import resolve_license_path

    path = resolve_license_path(explicit)
    if path is None:
        raise FileNotFoundError(
            "no license file provided: pass --license, set ENGINE_LICENSE_FILE, "
            "or place engine.lic in the working directory or ~/.engine/"
        )
    return Path(path)


def warn_if_shared(path: Path) -> None:
    """Warn on standard error when a license file is readable by group or others."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if mode & 0o077:
        print(
            f"Warning: {path} is accessible by group or others (mode {mode & 0o777:o}); "
            "it holds the content key: chmod 600 it.",
            file=sys.stderr,
        )


def authority_url(explicit: str | None) -> str:
    """Return the authority base URL: --url, $ENGINE_AUTHORITY_URL, then by environment."""
    url = explicit or os.environ.get("ENGINE_AUTHORITY_URL")
    if not url:
        environment = os.environ.get("ENGINE_ENVIRONMENT", "").strip().lower()
        url = PROD_AUTHORITY_URL if environment in ("prod", "production") else DEV_AUTHORITY_URL
    url = url.rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"authority URL {url!r} is not an http(s) URL")
    from engine_server.server import is_loopback

    if parts.scheme == "http" and not is_loopback(parts.hostname):
        raise ValueError(
            f"refusing to send the license to {url}: the authority must use HTTPS "
            "unless it is on this machine (loopback)"
        )
    return url
