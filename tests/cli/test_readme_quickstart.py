"""The README's "Quick start", executed, so that it cannot drift from the programs.

How the README is read: the ```console blocks of the "## Quick start" section,
in order. A line starting with ``$ `` is a command (a trailing backslash
continues it on the next line); the lines after it, up to the next command, are
the output the README shows for it.

How it runs: one bash script (``set -euo pipefail``) in a temporary folder
holding ``.venv`` (a link to this virtualenv) and a copy of ``examples/``, with
a clean environment (no ``ENGINE_*`` variables, ``HOME`` and ``TMPDIR`` in the
temporary folder). Each command's output goes to its own file. A command ending
in ``&`` is a server: the script waits for its printed line and for its port to
answer before the next command; a ``kill`` command is followed by ``wait`` so
that the server's own exit code (0) is checked. Any command exiting non-zero
fails the test, naming the step.

How outputs compare: every shown line must appear in the real output, in the
same order (other lines may come between: the README may leave lines out), and
a shown line ``...`` (or ``…``) stands for lines left out. Before comparing,
both sides are normalized: values that change on every run are replaced by
placeholders (see :data:`VOLATILE`): license IDs (``lic-…``), hex strings of
32 or more characters (public keys, receipt hashes), ISO timestamps, day
counts in ``N days remaining``, byte sizes ``(N bytes)``, ``latency_us``
values and ``mktemp -d`` folders (``/…/tmp.XXXXXXXXXX``). Everything else must
match exactly (trailing spaces ignored).

The README uses the default ports 18734 (service) and 18735 (authority): the
test is skipped when either is busy.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from cli_support import (
    REPO,
    SECRETS,
    assert_no_secret,
    clean_env,
    port_is_free,
    register_secrets,
)

README = REPO / "README.md"
SECTION = "## Quick start"
PORTS = (18734, 18735)
SCRIPT_TIMEOUT_S = 110.0

#: (pattern, placeholder) applied to shown and real output alike.
VOLATILE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?:/[^\s/]+)*/tmp\.[A-Za-z0-9]{6,}"), "<tmpdir>"),
    (re.compile(r"\blic-[0-9a-f]+\b"), "lic-<id>"),
    (re.compile(r"\b[0-9a-f]{32,}\b"), "<hex>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"), "<time>"),
    (re.compile(r"\d+ days remaining"), "<n> days remaining"),
    (re.compile(r"\(\d+ bytes\)"), "(<n> bytes)"),
    (re.compile(r'"latency_us": [0-9.]+'), '"latency_us": <n>'),
)
ELLIPSIS = {"...", "…"}


@dataclass
class Step:
    """One README command and the output the README shows for it."""

    command: str
    shown: list[str] = field(default_factory=list)

    @property
    def background(self) -> bool:
        """True for a server started with a trailing ``&``."""
        return self.command.rstrip().endswith("&")

    @property
    def kills(self) -> bool:
        """True for a command that stops a background server."""
        return self.command.split()[0] == "kill"


def quickstart_steps(text: str) -> list[Step]:
    """Return the commands of the README's quick start, in order, with their shown output."""
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start : end if end != -1 else len(text)]
    steps: list[Step] = []
    for block in re.findall(r"```console\n(.*?)```", section, flags=re.DOTALL):
        continuing = False
        for line in block.splitlines():
            if continuing:
                steps[-1].command += "\n" + line
            elif line.startswith("$ "):
                steps.append(Step(line[2:]))
            else:
                assert steps, f"output line before any command: {line!r}"
                steps[-1].shown.append(line)
                continue
            continuing = line.endswith("\\")
    return steps


def normalize(line: str) -> str:
    """Replace the values that change on every run by placeholders."""
    for pattern, placeholder in VOLATILE:
        line = pattern.sub(placeholder, line)
    return line.rstrip()


def missing_lines(shown: list[str], real: str) -> list[str]:
    """Return the shown lines not found in order in the real output (empty when it matches)."""
    actual = [normalize(line) for line in real.splitlines()]
    position = 0
    for line in shown:
        if line.strip() in ELLIPSIS:
            continue
        wanted = normalize(line)
        try:
            position = actual.index(wanted, position) + 1
        except ValueError:
            return [line]
    return []


WAIT_FOR_SERVER = r"""
wait_for_server() {  # $1: the server's output file; $2: its pid
  local url="" deadline=$((SECONDS + 60))
  until url=$(grep -o 'https\?://[^ ]*$' "$1" | head -n 1) && [ -n "$url" ]; do
    kill -0 "$2" 2>/dev/null || { echo "server exited: $(cat "$1")" >&2; return 1; }
    (( SECONDS < deadline )) || { echo "no server line in $1" >&2; return 1; }
    sleep 0.1
  done
  until curl -s -o /dev/null "$url/"; do
    (( SECONDS < deadline )) || { echo "$url does not answer" >&2; return 1; }
    sleep 0.1
  done
}
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
"""


def build_script(steps: list[Step], out: Path) -> str:
    """Return the bash script running the steps, each one's output in ``out/<n>.txt``."""
    lines = ["set -euo pipefail", WAIT_FOR_SERVER]
    for number, step in enumerate(steps):
        target = shlex.quote(str(out / f"{number}.txt"))
        lines.append(f"echo {number} > {shlex.quote(str(out / 'step'))}")
        if step.background:
            command = step.command.rstrip()[:-1].rstrip()
            lines.append(f"{command} > {target} 2>&1 &")
            lines.append(f'wait_for_server {target} "$!"')
        else:
            lines.append(f"{{\n{step.command}\n}} > {target} 2>&1")
            if step.kills:
                lines.append('wait "$!"  # the server exits 0 when stopped')
    lines.append(f"echo done > {shlex.quote(str(out / 'step'))}")
    return "\n".join(lines) + "\n"


def test_readme_parses_into_steps() -> None:
    steps = quickstart_steps(README.read_text(encoding="utf-8"))
    commands = [step.command.split()[0] for step in steps]
    assert commands[:2] == ["source", "cd"]
    assert sum(step.background for step in steps) == 3
    assert sum(step.kills for step in steps) == 3
    assert all(step.shown for step in steps if step.command.startswith("engine-pack run"))


def test_normalize_and_ordering_rules() -> None:
    real = "License ID: lic-0123456789abcdef\nStatus: ACTIVE (3 days remaining)\nZ"
    assert (
        missing_lines(["License ID: lic-ffff", "...", "Status: ACTIVE (9 days remaining)"], real)
        == []
    )
    assert missing_lines(["Status: ACTIVE (9 days remaining)", "License ID: lic-1"], real) != []
    assert normalize("-> /tmp/x/tmp.AbC123xyZ9/acme.hr.epack (582 bytes)") == (
        "-> <tmpdir>/acme.hr.epack (<n> bytes)"
    )


@pytest.mark.timeout(180)
def test_readme_quickstart_runs(tmp_path: Path) -> None:
    busy = [port for port in PORTS if not port_is_free(port)]
    if busy:
        pytest.skip(f"the README quick start needs ports {PORTS}; busy: {busy}")
    venv = Path(sys.executable).parent.parent
    if not (venv / "bin" / "activate").is_file():
        pytest.skip(f"{venv} is not a virtualenv with bin/activate")
    bash, curl = shutil.which("bash"), shutil.which("curl")
    if not bash or not curl:
        pytest.skip("the README quick start needs bash and curl")
    steps = quickstart_steps(README.read_text(encoding="utf-8"))
    start, out, scratch, home = (tmp_path / name for name in ("start", "out", "tmp", "home"))
    for folder in (start, out, scratch, home):
        folder.mkdir()
    (start / ".venv").symlink_to(venv, target_is_directory=True)
    shutil.copytree(REPO / "examples", start / "examples")
    script = tmp_path / "quickstart.sh"
    script.write_text(build_script(steps, out), encoding="utf-8")
    env = clean_env(home, TMPDIR=scratch)
    env.pop("VIRTUAL_ENV", None)
    process = subprocess.Popen(
        [bash, str(script)],
        cwd=start,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=SCRIPT_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    reached = (out / "step").read_text().strip() if (out / "step").exists() else "none"
    if process.returncode != 0:
        detail = ""
        if reached.isdigit():
            step = steps[int(reached)]
            output = out / f"{reached}.txt"
            shown = output.read_text() if output.exists() else "(no output)"
            detail = f"step {reached}: $ {step.command}\n{shown}"
        pytest.fail(f"quick start failed (exit {process.returncode}) at {detail}\n{stderr}")
    assert reached == "done"
    register_secrets(*scratch.glob("tmp.*/engine.lic"))
    SECRETS.update(key.read_text().strip() for key in scratch.glob("tmp.*/authority/authority.key"))
    assert len(SECRETS) >= 2
    for number, step in enumerate(steps):
        real = (out / f"{number}.txt").read_text(encoding="utf-8")
        assert "Traceback" not in real, real
        assert_no_secret(real)
        missing = missing_lines(step.shown, real)
        assert not missing, (
            f"README step {number} `$ {step.command}` shows {missing[0]!r}, "
            f"not in its real output:\n{real}"
        )
    assert stdout == ""
