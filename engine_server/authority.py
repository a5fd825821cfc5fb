"""The reference license authority's HTTP app: catalog, pack download, remote compile.

Every request carries a full license (content key included): the authority
verifies it against its trust roots (``ENGINE_AUTHORITY_KEYS``) and seals
packs for it. Request and response bodies are never logged.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

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

__all__ = ["LICENSE_HEADER", "PACK_MEDIA_TYPE", "create_authority_app"]

LICENSE_HEADER = "X-Engine-License"
PACK_MEDIA_TYPE = "application/vnd.engine-pack.sealed"
PLAYBOOK_SUFFIXES = (".yaml", ".yml")


class AuthorityError(Exception):
    """An authority refusal with its HTTP status."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


class DownloadRequest(BaseModel):
    """Body of ``POST /api/v1/pack/download``."""

    pack_id: str = Field(min_length=1)
    license: dict[str, Any] | str


class CompileRequest(BaseModel):
    """Body of ``POST /api/v1/pack/compile``."""

    playbook: str = Field(min_length=1)
    license: dict[str, Any] | str


class CatalogEntry(BaseModel):
    """One pack of the catalog, and whether the license may use it."""

    pack_id: str
    version: str | None
    name: str | None
    kind: str | None
    description: str | None
    invariants: Any
    entitled: bool


def _verified(license_document: dict[str, Any] | str) -> tuple[License, dict[str, Any]]:
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


def _entitled(license: License, declaration: PackDeclaration) -> bool:
    try:
        check_pack_allowed(license, declaration.pack_id, declaration.solvers)
    except LicenseEntitlementError:
        return False
    return True


def _sealed(playbook: str, document: dict[str, Any]) -> Response:
    try:
        sealed = compile_playbook(playbook, document)
    except LicenseEntitlementError as exc:
        raise AuthorityError(403, str(exc)) from None
    except LicenseError as exc:
        raise AuthorityError(403, f"Invalid license: {exc}") from None
    except (CompilerError, UnsupportedPackDeclarationError) as exc:
        raise AuthorityError(422, str(exc)) from None
    return Response(sealed, media_type=PACK_MEDIA_TYPE, headers={"Cache-Control": "no-store"})


def create_authority_app(catalog_folder: str | Path) -> FastAPI:
    """Build the authority app serving the playbooks of ``catalog_folder``."""
    folder = Path(catalog_folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"catalog folder {folder} does not exist")
    catalog = Catalog(folder)
    router = APIRouter(prefix="/api/v1")

    @router.get("/health")
    def health() -> dict[str, Any]:
        return {
            "status": "healthy",
            "service": "engine-authority",
            "packs": len(catalog.playbooks()),
        }

    @router.get("/catalog", response_model=list[CatalogEntry])
    def list_catalog(
        license_header: str = Header(..., alias=LICENSE_HEADER),
    ) -> list[CatalogEntry]:
        try:
            decoded = base64.b64decode(license_header, validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            raise AuthorityError(400, f"{LICENSE_HEADER} must be base64 license JSON") from None
        license, _ = _verified(decoded)
        return [
            CatalogEntry(
                pack_id=pack_id,
                version=declaration.version,
                name=declaration.name,
                kind=declaration.kind,
                description=declaration.description,
                invariants=declaration.invariants,
                entitled=_entitled(license, declaration),
            )
            for pack_id, (_, declaration) in catalog.playbooks().items()
        ]

    @router.post("/pack/download", response_class=Response)
    def download(body: DownloadRequest) -> Response:
        _, document = _verified(body.license)
        found = catalog.playbooks().get(body.pack_id)
        if found is None:
            raise AuthorityError(404, f"pack {body.pack_id!r} is not in the catalog")
        return _sealed(found[0], document)

    @router.post("/pack/compile", response_class=Response)
    def remote_compile(body: CompileRequest) -> Response:
        _, document = _verified(body.license)
        return _sealed(body.playbook, document)

    app = FastAPI(title="engine-pack license authority", version="1.1.0")
    app.state.catalog = catalog
    app.include_router(router)

    @app.exception_handler(AuthorityError)
    async def _refused(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AuthorityError)
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    return app
