"""The reference license authority: its own HTTP app, apart from the evaluation service."""

from __future__ import annotations

from .app import create_authority_app

__all__ = ["create_authority_app"]
