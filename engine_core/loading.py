"""``load_pack``: unseal a compiled pack under a license and return the engine serving it."""

from __future__ import annotations

import os

from .engine import Engine
from .errors import PackUnsealError, UnsupportedPackDeclarationError
from .licensing.entitlements import check_pack_allowed
from .licensing.file_context import FileLicenseContext
from .licensing.license_file import load_license
from .packs.container import unseal
from .packs.unsealing import path_argument, read_pack_declaration, resolve_pack_license
from .plugins import PluginRegistries

__all__ = ["load_pack"]


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
    data = pack_path.read_bytes()
    plaintext = unseal(data, license_id=license.license_id, content_key=license.content_key)
    declaration = read_pack_declaration(plaintext, license.license_id, registries)
    check_pack_allowed(license, declaration.pack_id, declaration.solvers)
    try:
        return Engine.for_pack(declaration, FileLicenseContext(license), registries)
    except UnsupportedPackDeclarationError as exc:  # a rule its rule type cannot compile
        raise PackUnsealError(
            "pack declarations are not supported by this runtime: " + "; ".join(exc.problems)
        ) from exc
