"""Where a license file is found when none is named on the command line."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["LICENSE_FILE_ENV", "resolve_license_path"]

#: Environment variable naming the default license file.
LICENSE_FILE_ENV = "ENGINE_LICENSE_FILE"


def resolve_license_path(
    explicit: str | os.PathLike[str] | None, *, search_cwd: bool = True
) -> Path | None:
    """Find the license file: explicit, ENGINE_LICENSE_FILE, ./engine.lic, ~/.engine/engine.lic."""
    if explicit is not None:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise FileNotFoundError(f"license file not found: {path}")
        return path
    from_env = os.environ.get(LICENSE_FILE_ENV, "")
    if from_env:
        path = Path(from_env).expanduser()
        if not path.is_file():
            raise FileNotFoundError(f"license file named by {LICENSE_FILE_ENV} not found: {path}")
        return path
    candidates = [Path.cwd() / "engine.lic"] if search_cwd else []
    candidates.append(Path.home() / ".engine" / "engine.lic")
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None
