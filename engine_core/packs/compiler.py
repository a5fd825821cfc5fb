"""The playbook compiler: validate, check entitlements, seal for a license.

The sealed plaintext is the compiled pack as JSON::

    {"format": 1, "declaration": PackDeclaration.to_dict(), "license_id": ...,
     "compiled_at": "<ISO 8601 UTC>", "compiler_version": RUNTIME_VERSION}

Rules are recompiled (and the declarations re-validated) at load.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from .. import clock
from ..atomic_files import PUBLIC_FILE_MODE, write_atomically
from ..evaluation import CompiledPack
from ..model import PackDeclaration
from ..plugins import PluginRegistries, get_registries
from ..version import RUNTIME_VERSION
from .container import seal
from .playbook import effective_rules, parse_playbook

if TYPE_CHECKING:  # pragma: no cover
    from ..licensing.license_file import License

    #: A license: a path to a license file, its parsed mapping, or a loaded License.
    LicenseSource: TypeAlias = str | os.PathLike[str] | Mapping[str, Any] | License

__all__ = [
    "PACK_FORMAT",
    "PACK_SUFFIX",
    "compile_declaration",
    "compile_playbook",
    "compile_playbook_file",
    "pack_plaintext",
]

#: File extension of a sealed pack.
PACK_SUFFIX = ".epack"
#: Version of the plaintext schema inside the container.
PACK_FORMAT = 1


def _license(source: LicenseSource) -> License:
    """Load and verify a license given as a path, a parsed mapping or a License."""
    from ..licensing.license_file import License, load_license

    if isinstance(source, License):
        return source
    return load_license(source)


def _compiled_at() -> str:
    moment = datetime.fromtimestamp(clock.now(), tz=UTC)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def pack_plaintext(declaration: PackDeclaration, license_id: str) -> bytes:
    """Return the JSON plaintext a sealed pack carries for ``declaration``."""
    document = {
        "format": PACK_FORMAT,
        "declaration": declaration.to_dict(),
        "license_id": license_id,
        "compiled_at": _compiled_at(),
        "compiler_version": RUNTIME_VERSION,
    }
    return json.dumps(document, sort_keys=True, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )


def compile_declaration(
    declaration: PackDeclaration,
    license: LicenseSource,
    registries: PluginRegistries | None = None,
) -> bytes:
    """Check entitlements for a validated declaration and return it sealed for ``license``."""
    from ..licensing.entitlements import check_pack_allowed

    verified = _license(license)
    check_pack_allowed(verified, declaration.pack_id, declaration.solvers)
    # Compile every rule now, as loading will: a pack that cannot load is never written.
    registries = registries or get_registries()
    CompiledPack(declaration, effective_rules(declaration, registries), registries)
    return seal(
        pack_plaintext(declaration, verified.license_id),
        license_id=verified.license_id,
        content_key=verified.content_key,
    )


def compile_playbook(
    playbook_text: str, license: LicenseSource, *, registries: PluginRegistries | None = None
) -> bytes:
    """Compile playbook YAML into a sealed pack for a license (path or parsed mapping)."""
    verified = _license(license)
    declaration = parse_playbook(playbook_text, registries)
    return compile_declaration(declaration, verified, registries)


def compile_playbook_file(
    playbook_path: str | os.PathLike[str],
    license: LicenseSource,
    out_path: str | os.PathLike[str],
    *,
    registries: PluginRegistries | None = None,
) -> int:
    """Compile a playbook file, write the sealed pack atomically, return its byte size."""
    text = Path(playbook_path).read_text(encoding="utf-8")
    sealed = compile_playbook(text, license, registries=registries)
    write_atomically(out_path, sealed, mode=PUBLIC_FILE_MODE)  # a sealed pack is not secret
    return len(sealed)
