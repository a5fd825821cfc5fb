"""Atomic file writes with an explicit mode: the one way the project writes a file it owns.

A reader never sees a half-written file (the data goes to a temporary file in
the same folder, then replaces the target in one step), and the file gets the
mode asked for whatever the umask or the mode of the file it replaces.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["PUBLIC_FILE_MODE", "SECRET_FILE_MODE", "write_atomically"]

#: Licenses and private keys: owner only.
SECRET_FILE_MODE = 0o600
#: Sealed packs and trust files: anyone may read, only the owner may write.
PUBLIC_FILE_MODE = 0o644


def write_atomically(path: str | os.PathLike[str], data: bytes, *, mode: int) -> Path:
    """Write ``data`` to ``path`` (parents created) with file mode ``mode``, atomically."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp creates the file with mode 600, so a secret is never readable by others.
    descriptor, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "wb") as handle:
            os.fchmod(handle.fileno(), mode)  # an explicit mode: the umask does not apply
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target
