"""engine-pack core: evaluate text against sealed rule packs, in process.

>>> from engine_core import Engine
>>> Engine().evaluate("write to jane@example.com").action
'redact_and_permit'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine import Engine
from .errors import *  # noqa: F403 - the exception tree is part of the public API
from .errors import __all__ as _error_names
from .model import EvaluationResult, StreamChunk
from .plugins import hookimpl
from .version import RUNTIME_VERSION, __version__

if TYPE_CHECKING:  # pragma: no cover
    from .packs.compiler import compile_playbook
    from .packs.loader import load_pack

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
    # The compiler and loader pull in cryptography: import them on first use only.
    if name == "load_pack":
        from .packs.loader import load_pack

        return load_pack
    if name == "compile_playbook":
        from .packs.compiler import compile_playbook

        return compile_playbook
    raise AttributeError(f"module 'engine_core' has no attribute {name!r}")
