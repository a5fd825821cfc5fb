"""Files the programs write keep their mode whatever the umask: secrets 600, the rest 644."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

from cli_support import SECRETS, SUPPORT_PLAYBOOK, TIMEOUT_S, check_output, clean_env, program

IDENTITY = ("--organization", "Acme", "--org-id", "acme", "--contact-email", "dev@acme.example")


def _run_with_umask_000(home: Path, *args: str | Path, prog: str, **env: str | Path) -> None:
    """Run a real program as a subprocess under ``umask 000``; assert it succeeds."""
    completed = subprocess.run(
        [program(prog), *(str(arg) for arg in args)],
        cwd=home,
        env=clean_env(home, **env),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
        umask=0,
    )
    check_output(completed.stdout, completed.stderr)
    assert completed.returncode == 0, completed.stderr


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_files_keep_their_modes_under_umask_000(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    folder = tmp_path / "authority"
    _run_with_umask_000(home, "init", "--dir", folder, prog="engine-authority")
    key, trust = folder / "authority.key", folder / "trust.json"
    SECRETS.add(key.read_text(encoding="ascii").strip())
    assert _mode(key) == 0o600
    assert _mode(trust) == 0o644  # it decides which authorities are trusted: nobody else writes it

    # Replacing loosened files restores the modes.
    os.chmod(key, 0o666)
    os.chmod(trust, 0o666)
    _run_with_umask_000(home, "init", "--dir", folder, "--force", prog="engine-authority")
    assert (_mode(key), _mode(trust)) == (0o600, 0o644)
    SECRETS.add(key.read_text(encoding="ascii").strip())

    license_file = tmp_path / "licenses" / "dev.lic"
    issue = ("issue-license", "--out", license_file, *IDENTITY, "--pack", "acme.*", "--key", key)
    _run_with_umask_000(home, *issue, prog="engine-authority")
    assert _mode(license_file) == 0o600

    pack = tmp_path / "packs" / "acme.support.epack"
    _run_with_umask_000(
        home,
        "compile",
        "--playbook",
        SUPPORT_PLAYBOOK,
        "--out",
        pack,
        "--license",
        license_file,
        prog="engine-pack",
        ENGINE_AUTHORITY_KEYS=trust,
    )
    assert _mode(pack) == 0o644
    leftovers = [path.name for path in tmp_path.rglob(".*") if path.name.endswith(".tmp")]
    assert leftovers == []  # temporary files of the atomic writes are gone
