"""``load_pack``: unseal a compiled pack under a license and return the engine serving it."""

from __future__ import annotations

import os

from .engine import Engine
from .errors import PackUnsealError, UnsupportedPackDeclarationError
from .licensing.entitlements import check_pack_allowed
from .licensing.file_context import FileLicenseContext
from .licensing.license_file import License, LicenseSource, load_license, load_license_json
from .packs.container import unseal
from .packs.unsealing import path_argument, read_pack_declaration, resolve_pack_license
from .plugins import PluginRegistries

__all__ = ["load_pack", "load_pack_bytes"]


def load_pack(
    path: str | os.PathLike[str],
    license_file: str | os.PathLike[str] | None = None,
    *,
    registries: PluginRegistries | None = None,
) -> Engine:
    """Unseal a compiled pack under a license file and return an engine serving it."""
    pack_path = path_argument(path, "path")
    if not pack_path.is_file():
        raise FileNotFoundError(f"pack file not found: {pack_path}")
    license = load_license(resolve_pack_license(license_file))
    return _serving(pack_path.read_bytes(), license, registries)


def load_pack_bytes(
    data: bytes, license: LicenseSource | bytes, *, registries: PluginRegistries | None = None
) -> Engine:
    """Unseal a sealed pack held in memory under a license: its JSON bytes, a path or a
    mapping (batch workers receive both in memory, never through a shared path)."""
    if not isinstance(data, bytes):
        raise ValueError(f"a sealed pack must be bytes, got {type(data).__name__}")
    verified = load_license_json(license) if isinstance(license, bytes) else load_license(license)
    return _serving(data, verified, registries)


def _serving(data: bytes, license: License, registries: PluginRegistries | None) -> Engine:
    """Return the engine serving a verified license's sealed pack, checked in order."""
    plaintext = unseal(data, license_id=license.license_id, content_key=license.content_key)
    declaration = read_pack_declaration(plaintext, license.license_id, registries)
    check_pack_allowed(license, declaration.pack_id, declaration.solvers)
    try:
        return Engine.for_pack(declaration, FileLicenseContext(license), registries)
    except UnsupportedPackDeclarationError as exc:  # a rule its rule type cannot compile
        raise PackUnsealError(
            "pack declarations are not supported by this runtime: " + "; ".join(exc.problems)
        ) from exc
