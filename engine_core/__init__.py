"""engine-pack core: evaluate text against sealed rule packs, in process.

>>> from engine_core import Engine
>>> Engine().evaluate("write to jane@example.com").action
'redact_and_permit'

Importing this package (or ``engine_core.errors``, ``engine_core.model``)
loads no engine: the public names below are imported on first use, so a
client that only needs the exception tree stays light (docs/architecture.md).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import *  # noqa: F403 - the exception tree is part of the public API
from .errors import __all__ as _error_names
from .version import RUNTIME_VERSION, __version__

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Engine
    from .loading import load_pack
    from .model import EvaluationResult, StreamChunk
    from .packs.compiler import compile_playbook
    from .plugins import hookimpl

#: Public name -> the module that defines it (imported on first access).
_LAZY = {
    "Engine": ".engine",
    "EvaluationResult": ".model",
    "StreamChunk": ".model",
    "compile_playbook": ".packs.compiler",
    "hookimpl": ".plugins",
    "load_pack": ".loading",
}

__all__ = [
    "RUNTIME_VERSION",
    "Engine",
    "EvaluationResult",
    "StreamChunk",
    "__version__",
    "compile_playbook",
    "hookimpl",
    "load_pack",
    *_error_names,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'engine_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
