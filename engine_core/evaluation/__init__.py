"""Evaluation: compiled rules (``rules``), scanning (``scanning``), the verdict policy
(``verdict``) and the compiled pack that joins them (``pack``); docs/architecture.md."""

from __future__ import annotations

from .pack import CompiledPack
from .rules import CompiledRule, Finding
from .verdict import Verdict

__all__ = ["CompiledPack", "CompiledRule", "Finding", "Verdict"]
