"""Helpers for the command-line tests: the real programs run as subprocesses.

Every program runs from the virtualenv's bin folder (next to ``sys.executable``)
with a clean environment: ``HOME`` is a temporary folder, every ``ENGINE_*``
variable is unset except those a test sets, and the working directory is a
temporary folder. Every run has a timeout, and every output is checked for
tracebacks and for secrets (content keys and authority private keys), which no
command may ever print.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from engine_core.licensing.authority import issue_license, write_license_file

BIN = Path(sys.executable).parent
REPO = Path(__file__).resolve().parents[2]
CATALOG = REPO / "examples" / "catalog"
SUPPORT_PLAYBOOK = CATALOG / "acme.support.yaml"
DAY = 86_400
TIMEOUT_S = 60.0
START_TIMEOUT_S = 60.0

#: Every secret a command must never print: content keys and authority private seeds.
SECRETS: set[str] = set()

#: The error line prefixes of the spec, by command.
PREFIXES = {
    "inspect-license": "Error inspecting license file:",
    "compile": "Compilation error:",
    "catalog": "Error querying catalog:",
    "download-pack": "Download error:",
    "run": "Execution error:",
    "serve": "Server error:",
    "solve": "Solver error:",
    "scan": "Scan error:",
}


def program(name: str) -> str:
    """Return the path of a console script of the virtualenv (engine-pack, engine-authority)."""
    path = BIN / name
    assert path.is_file(), f"console script {path} is missing: install the project (make test)"
    return str(path)


def free_port() -> int:
    """Return a loopback port that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_is_free(port: int) -> bool:
    """Return True when nothing listens on (and nothing holds) 127.0.0.1:port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def clean_env(home: Path, **variables: str | os.PathLike[str]) -> dict[str, str]:
    """Return the test process's environment without ENGINE_* variables, HOME set, plus extras."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("ENGINE_")}
    env.pop("PYTEST_CURRENT_TEST", None)
    env["HOME"] = str(home)
    env["NO_COLOR"] = "1"
    env.update({key: str(value) for key, value in variables.items()})
    return env


def register_secrets(*license_files: Path) -> None:
    """Remember the content keys of license files so that no output may contain them."""
    for path in license_files:
        SECRETS.add(json.loads(path.read_text(encoding="utf-8"))["crypto"]["content_key"])


def assert_no_secret(*outputs: str) -> None:
    """Fail when any output holds a content key or an authority private key."""
    for output in outputs:
        for secret in SECRETS:
            assert secret not in output, "a command printed a secret (content or authority key)"


@dataclass
class Result:
    """The outcome of one program run."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str

    @property
    def stderr_lines(self) -> list[str]:
        """The non-empty lines of standard error."""
        return [line for line in self.stderr.splitlines() if line.strip()]

    def json(self) -> Any:
        """Standard output parsed as JSON."""
        return json.loads(self.stdout)

    def __str__(self) -> str:
        return (
            f"$ {' '.join(self.args)}\nexit {self.returncode}\n"
            f"--- stdout\n{self.stdout}--- stderr\n{self.stderr}"
        )


@dataclass
class InProcessResult:
    """The outcome of one in-process (CliRunner) run."""

    exit_code: int
    stdout: str
    stderr: str

    def error_line(self, command: str) -> str:
        """Assert exit 1 with one line prefixed for ``command`` on stderr; return the line."""
        assert self.exit_code == 1, (self.exit_code, self.stdout, self.stderr)
        assert self.stdout == ""
        lines = [line for line in self.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, self.stderr
        assert lines[0].startswith(PREFIXES[command] + " "), self.stderr
        return lines[0]


def check_output(stdout: str, stderr: str) -> None:
    """The checks every run gets: no traceback, no secret."""
    assert "Traceback" not in stderr, stderr
    assert "Traceback" not in stdout, stdout
    assert_no_secret(stdout, stderr)


@dataclass
class Cli:
    """Runs the real programs with a clean environment in a working directory."""

    cwd: Path
    home: Path
    variables: dict[str, str] = field(default_factory=dict)

    def env(
        self, extra: Mapping[str, str | os.PathLike[str] | None] | None = None
    ) -> dict[str, str]:
        """The environment of a run: clean, then the fixture's variables, then ``extra``."""
        env = clean_env(self.home, **self.variables)
        for key, value in (extra or {}).items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = str(value)
        return env

    def run(
        self,
        *args: str | os.PathLike[str],
        prog: str = "engine-pack",
        env: Mapping[str, str | os.PathLike[str] | None] | None = None,
        cwd: Path | None = None,
        timeout: float = TIMEOUT_S,
    ) -> Result:
        """Run a program to completion and return its result (checked for leaks)."""
        argv = [program(prog), *(str(arg) for arg in args)]
        completed = subprocess.run(
            argv,
            cwd=cwd or self.cwd,
            env=self.env(env),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        check_output(completed.stdout, completed.stderr)
        return Result(
            [Path(argv[0]).name, *argv[1:]],
            completed.returncode,
            completed.stdout,
            completed.stderr,
        )

    def ok(self, *args: str | os.PathLike[str], **options: Any) -> Result:
        """Run a program and assert it exits 0 with nothing on standard error."""
        result = self.run(*args, **options)
        assert result.returncode == 0, str(result)
        assert result.stderr == "", str(result)
        return result

    def fails(self, command: str, *args: str | os.PathLike[str], **options: Any) -> str:
        """Run ``engine-pack <command> ...``, assert exit 1 with one prefixed line; return it."""
        result = self.run(command, *args, **options)
        return assert_error_line(result, PREFIXES[command])

    def start(
        self,
        *args: str | os.PathLike[str],
        prog: str = "engine-pack",
        env: Mapping[str, str | os.PathLike[str] | None] | None = None,
    ) -> Server:
        """Start a server program; return once it printed its line and answers health."""
        argv = [program(prog), *(str(arg) for arg in args)]
        process = subprocess.Popen(
            argv,
            cwd=self.cwd,
            env=self.env(env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        server = Server(process)
        try:
            server.wait_ready("/api/v1/health" if prog == "engine-authority" else "/v1/health")
        except BaseException as exc:
            code = server.stop()
            raise AssertionError(f"{' '.join(argv)} exited {code}: {server.stderr}") from exc
        return server


def assert_error_line(result: Result, prefix: str) -> str:
    """Assert exit 1, nothing on stdout, and exactly one stderr line starting with ``prefix``."""
    assert result.returncode == 1, str(result)
    assert result.stdout == "", str(result)
    assert len(result.stderr_lines) == 1, str(result)
    line = result.stderr_lines[0]
    assert line.startswith(prefix + " "), str(result)
    return line


class Server:
    """A server program running in the background: its printed line, URL and stop()."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.line = ""
        self.url = ""
        self.stderr = ""

    def wait_ready(self, health_path: str) -> None:
        """Read the printed line (it ends with the URL) and poll health until it answers."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        ready, _, _ = select.select([self.process.stdout], [], [], START_TIMEOUT_S)
        if not ready:
            raise AssertionError(f"the server printed nothing within {START_TIMEOUT_S} s")
        self.line = self.process.stdout.readline().strip()  # printed once the port is bound
        if not self.line:
            raise AssertionError("the server printed no line")
        match = re.search(r"(https?://\S+)$", self.line)
        assert match, self.line
        self.url = match.group(1)
        while True:
            try:
                if httpx.get(self.url + health_path, timeout=2.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"server {self.url} did not answer {health_path}")
            time.sleep(0.05)

    def stop(self, sig: int = signal.SIGINT, timeout: float = 20.0) -> int:
        """Send ``sig`` (Ctrl-C by default), wait, and return the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            stdout, stderr = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            stdout, stderr = self.process.communicate()
        self.stderr = stderr
        check_output(stdout, stderr)
        return self.process.returncode


@dataclass
class Authority:
    """A local authority made by ``engine-authority init``, and the licenses it issued."""

    folder: Path
    key_file: Path
    trust_file: Path
    seed: str
    public_key: str
    init_result: Result
    licenses: dict[str, Path] = field(default_factory=dict)
    revoked_trust_file: Path = field(init=False)

    def issue(self, name: str, **fields: Any) -> Path:
        """Issue a license with the library (for validity windows the CLI cannot express)."""
        path = self.folder / "licenses" / f"{name}.lic"
        write_license_file(path, issue_license(self.seed, **fields))
        register_secrets(path)
        self.licenses[name] = path
        return path


@dataclass
class CompiledPack:
    """The support playbook compiled locally for the dev license."""

    path: Path
    result: Result
