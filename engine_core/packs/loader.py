"""``load_pack``: unseal a compiled pack under a license and return its engine.

Checks, in order (DESIGN section 7): pack path, license resolution and
verification, container size, magic, version, digest, license binding,
decryption, plaintext parse, declarations, then entitlement.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import PackUnsealError, PlaybookParseError, UnsupportedPackDeclarationError
from ..model import PackDeclaration
from ..plugins import PluginRegistries
from ..strict_json import strict_loads
from .compiler import PACK_FORMAT
from .container import unseal
from .playbook import declaration_from_mapping

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Engine
    from ..licensing.license_file import LicenseSource

__all__ = ["load_pack", "load_pack_bytes", "read_pack_declaration", "resolve_pack_license"]


def _path_argument(value: object, what: str) -> Path:
    if not isinstance(value, str | os.PathLike) or not os.fspath(value):
        raise ValueError(f"{what} must be a non-empty path, got {value!r}")
    return Path(value)


def resolve_pack_license(license_file: str | os.PathLike[str] | None) -> Path:
    """Return the license file: argument, else ENGINE_LICENSE_FILE, else ~/.engine/engine.lic."""
    from ..licensing.license_file import resolve_license_path

    explicit = None if license_file is None else _path_argument(license_file, "license_file")
    # An explicit file that does not exist is a FileNotFoundError, not a fallback.
    # The library never reads ./engine.lic (only the CLI does).
    found = resolve_license_path(explicit, search_cwd=False)
    if found is None:
        raise PackUnsealError(
            "no license file provided: pass license_file, set ENGINE_LICENSE_FILE "
            "or install ~/.engine/engine.lic"
        )
    return Path(found)


def read_pack_declaration(
    plaintext: bytes, license_id: str, registries: PluginRegistries | None = None
) -> PackDeclaration:
    """Parse an unsealed plaintext and re-validate its declarations (PackUnsealError on failure)."""
    try:
        document = strict_loads(plaintext)
    except (UnicodeDecodeError, ValueError) as exc:
        raise PackUnsealError(f"pack plaintext is not valid JSON: {exc}") from None
    if not isinstance(document, dict):
        raise PackUnsealError("pack plaintext is not a JSON object")
    if document.get("format") != PACK_FORMAT:
        raise PackUnsealError(
            f"unsupported pack plaintext format {document.get('format')!r} "
            f"(this runtime reads {PACK_FORMAT})"
        )
    if document.get("license_id") != license_id:
        raise PackUnsealError("pack plaintext names a different license")
    data = document.get("declaration")
    if not isinstance(data, dict):
        raise PackUnsealError("pack plaintext has no declaration object")
    try:
        return declaration_from_mapping(data, registries)
    except UnsupportedPackDeclarationError as exc:
        raise PackUnsealError(
            "pack declarations are not supported by this runtime: " + "; ".join(exc.problems)
        ) from exc
    except PlaybookParseError as exc:
        raise PackUnsealError(f"pack declarations are unreadable: {exc}") from exc


def load_pack(
    path: str | os.PathLike[str],
    license_file: str | os.PathLike[str] | None = None,
    *,
    registries: PluginRegistries | None = None,
) -> Engine:
    """Unseal a compiled pack under a license file and return an engine serving it."""
    pack_path = _path_argument(path, "path")
    if not pack_path.is_file():
        raise FileNotFoundError(f"pack file not found: {pack_path}")
    license_path = resolve_pack_license(license_file)
    return load_pack_bytes(pack_path.read_bytes(), license_path, registries=registries)


def load_pack_bytes(
    data: bytes, license: LicenseSource, *, registries: PluginRegistries | None = None
) -> Engine:
    """Unseal a compiled pack held in memory under a license (JSON bytes, a path or a mapping)."""
    from ..engine import Engine
    from ..licensing.entitlements import check_pack_allowed
    from ..licensing.license_file import load_license

    if not isinstance(data, bytes):
        raise ValueError(f"a sealed pack must be bytes, got {type(data).__name__}")
    verified = load_license(license)
    plaintext = unseal(data, license_id=verified.license_id, content_key=verified.content_key)
    declaration = read_pack_declaration(plaintext, verified.license_id, registries)
    check_pack_allowed(verified, declaration.pack_id, declaration.solvers)
    return Engine.for_pack(declaration, verified.context(), registries)
