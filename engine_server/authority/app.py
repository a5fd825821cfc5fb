"""The reference license authority's HTTP app: catalog, pack download, remote compile.

Request and response bodies are never logged (docs/architecture.md, "Surfaces").
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from engine_core.constants import LICENSE_HEADER

from .catalog import AuthorityError, Catalog, CatalogEntry, entitled, sealed_pack, verified_license

__all__ = ["create_authority_app"]


class DownloadRequest(BaseModel):
    """Body of ``POST /api/v1/pack/download``."""

    pack_id: str = Field(min_length=1)
    license: dict[str, Any] | str


class CompileRequest(BaseModel):
    """Body of ``POST /api/v1/pack/compile``."""

    playbook: str = Field(min_length=1)
    license: dict[str, Any] | str


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
        license, _ = verified_license(decoded)
        return [
            CatalogEntry(
                pack_id=pack_id,
                version=declaration.version,
                name=declaration.name,
                kind=declaration.kind,
                description=declaration.description,
                invariants=declaration.invariants,
                entitled=entitled(license, declaration),
            )
            for pack_id, (_, declaration) in catalog.playbooks().items()
        ]

    @router.post("/pack/download", response_class=Response)
    def download(body: DownloadRequest) -> Response:
        _, document = verified_license(body.license)
        found = catalog.playbooks().get(body.pack_id)
        if found is None:
            raise AuthorityError(404, f"pack {body.pack_id!r} is not in the catalog")
        return sealed_pack(found[0], document)

    @router.post("/pack/compile", response_class=Response)
    def remote_compile(body: CompileRequest) -> Response:
        _, document = verified_license(body.license)
        return sealed_pack(body.playbook, document)

    app = FastAPI(title="engine-pack license authority", version="1.1.0")
    app.state.catalog = catalog
    app.include_router(router)

    @app.exception_handler(AuthorityError)
    async def _refused(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AuthorityError)
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    return app
