"""Reading a sealed pack's plaintext back into a validated declaration, and finding its license.

:func:`engine_core.loading.load_pack` runs the checks in order
(docs/architecture.md, "Packs"): pack path, license resolution and
verification, container size, magic, version, digest, license binding,
decryption, plaintext parse, declarations, then entitlement.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import PackUnsealError, PlaybookParseError, UnsupportedPackDeclarationError
from ..licensing.paths import resolve_license_path
from ..model import PackDeclaration
from ..plugins import PluginRegistries
from ..strict_json import strict_loads
from .compiler import PACK_FORMAT
from .playbook import declaration_from_mapping

__all__ = ["path_argument", "read_pack_declaration", "resolve_pack_license"]


def path_argument(value: object, what: str) -> Path:
    """Return ``value`` as a Path; ValueError unless it is a non-empty str or path."""
    if not isinstance(value, str | os.PathLike) or not os.fspath(value):
        raise ValueError(f"{what} must be a non-empty path, got {value!r}")
    return Path(value)


def resolve_pack_license(license_file: str | os.PathLike[str] | None) -> Path:
    """Return the license file: argument, else ENGINE_LICENSE_FILE, else ~/.engine/engine.lic."""
    explicit = None if license_file is None else path_argument(license_file, "license_file")
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
