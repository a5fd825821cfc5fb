"""The authority's catalog and sealing: playbooks in a folder, licenses verified, packs sealed.

Every request carries a full license (content key included): it is verified
against the trust roots (``ENGINE_AUTHORITY_KEYS``) before anything is sealed
for it (docs/architecture.md, "Surfaces").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.responses import Response
from pydantic import BaseModel

from engine_core.errors import (
    CompilerError,
    LicenseEntitlementError,
    LicenseError,
    UnsupportedPackDeclarationError,
)
from engine_core.licensing.entitlements import check_pack_allowed
from engine_core.licensing.license_file import License, load_license, parse_license_json
from engine_core.model import PackDeclaration
from engine_core.packs.compiler import compile_playbook
from engine_core.packs.playbook import parse_playbook

__all__ = [
    "PACK_MEDIA_TYPE",
    "AuthorityError",
    "Catalog",
    "CatalogEntry",
    "entitled",
    "sealed_pack",
    "verified_license",
]

PACK_MEDIA_TYPE = "application/vnd.engine-pack.sealed"
PLAYBOOK_SUFFIXES = (".yaml", ".yml")


class AuthorityError(Exception):
    """An authority refusal with its HTTP status."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


class CatalogEntry(BaseModel):
    """One pack of the catalog, and whether the license may use it."""

    pack_id: str
    version: str | None
    name: str | None
    kind: str | None
    description: str | None
    invariants: Any
    entitled: bool


def verified_license(license_document: dict[str, Any] | str) -> tuple[License, dict[str, Any]]:
    """Return a request's license verified, and its document; AuthorityError 403 if refused."""
    try:
        document = (
            parse_license_json(license_document)
            if isinstance(license_document, str)
            else license_document
        )
        return load_license(document), document
    except LicenseError as exc:
        raise AuthorityError(403, f"Invalid license: {exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise AuthorityError(400, f"Invalid license: {type(exc).__name__}: {exc}") from None


class Catalog:
    """The playbooks of a catalog folder, read on each request (edits apply at once)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def playbooks(self) -> dict[str, tuple[str, PackDeclaration]]:
        """Return pack id -> (playbook text, declaration) for every valid playbook."""
        packs: dict[str, tuple[str, PackDeclaration]] = {}
        for path in sorted(self.folder.iterdir()):
            if path.suffix not in PLAYBOOK_SUFFIXES or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8")
            declaration = parse_playbook(text)
            packs[declaration.pack_id] = (text, declaration)
        return packs


def entitled(license: License, declaration: PackDeclaration) -> bool:
    """True when ``license`` may have the pack ``declaration`` describes."""
    try:
        check_pack_allowed(license, declaration.pack_id, declaration.solvers)
    except LicenseEntitlementError:
        return False
    return True


def sealed_pack(playbook: str, document: dict[str, Any]) -> Response:
    """Return ``playbook`` compiled and sealed for the license ``document`` (an HTTP answer)."""
    try:
        sealed = compile_playbook(playbook, document)
    except LicenseEntitlementError as exc:
        raise AuthorityError(403, str(exc)) from None
    except LicenseError as exc:
        raise AuthorityError(403, f"Invalid license: {exc}") from None
    except (CompilerError, UnsupportedPackDeclarationError) as exc:
        raise AuthorityError(422, str(exc)) from None
    return Response(sealed, media_type=PACK_MEDIA_TYPE, headers={"Cache-Control": "no-store"})
