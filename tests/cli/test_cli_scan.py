"""`engine-pack scan`: a folder of files cleaned from the command line, and every error row."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import (
    Authority,
    Cli,
    CompiledPack,
    InProcessResult,
    assert_error_line,
    check_output,
    program,
)

from engine_cli.commands.scan import _warn_if_unencrypted

Invoke = Callable[..., InProcessResult]
PLANTED = (b"jane.doe@example.com", b"4111111111111111", b"GB82WEST12345698765432", b"536-22-1234")


def _folder(root: Path) -> Path:
    """A folder of logs and exports with planted values, and a file of unknown format."""
    folder = root / "data"
    (folder / "logs").mkdir(parents=True)
    lines = [
        "service started",
        "password reset for jane.doe@example.com",
        "payment with 4111111111111111 refused",
        "refund to GB82WEST12345698765432 queued",
        "ssn 536-22-1234 on file",
        "service stopped",
    ]
    (folder / "logs" / "app.log").write_text("\n".join(lines * 20) + "\n", encoding="utf-8")
    events = [json.dumps({"id": i, "event": {"text": line}}) for i, line in enumerate(lines * 20)]
    (folder / "events.jsonl").write_text("\n".join(events) + "\n", encoding="utf-8")
    (folder / "README.md").write_text("not data\n", encoding="utf-8")
    return folder


def _no_planted(*places: Path) -> None:
    for place in places:
        for path in [place] if place.is_file() else place.rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                assert not any(value in data for value in PLANTED), path


def test_scan_a_folder_writes_copies_and_a_report(cli: Cli) -> None:
    folder = _folder(cli.cwd)
    result = cli.ok("scan", folder, "--out", "clean", "--builtin", "--report", "report.json")
    assert result.stdout.splitlines() == [
        "Scanned 2 files, 240 records (160 with findings, 80 blocked, 0 withheld) into clean",
        "Skipped 1 files of unknown format (see --format)",
    ]
    clean = cli.cwd / "clean"
    assert sorted(p.relative_to(clean).as_posix() for p in clean.rglob("*") if p.is_file()) == [
        "events.jsonl",
        "logs/app.log",
    ]
    copied = (clean / "logs" / "app.log").read_text(encoding="utf-8").splitlines()
    assert copied[:6] == [
        "service started",
        "password reset for [REDACTED_EMAIL]",
        "[BLOCKED]",
        "refund to [REDACTED_IBAN] queued",
        "[BLOCKED]",
        "service stopped",
    ]
    report = json.loads((cli.cwd / "report.json").read_text(encoding="utf-8"))
    assert report["total"]["categories"] == {
        "CREDIT_CARD": 40,
        "EMAIL": 40,
        "IBAN": 40,
        "US_SSN": 40,
    }
    assert report["skipped"] == [str(folder / "README.md")]
    _no_planted(clean, cli.cwd / "report.json")


def test_scan_with_dask_local_writes_what_one_process_writes(cli: Cli) -> None:
    folder = _folder(cli.cwd)
    cli.ok("scan", folder, "--out", "one", "--builtin", "--workers", "1")
    cli.ok("scan", folder, "--out", "dask", "--builtin", "--dask", "local", "--workers", "2")
    for name in ("logs/app.log", "events.jsonl"):
        assert (cli.cwd / "dask" / name).read_bytes() == (cli.cwd / "one" / name).read_bytes()


def test_withheld_records_exit_1_after_the_whole_run(cli: Cli) -> None:
    (cli.cwd / "events.jsonl").write_bytes(
        b'{"text": "mail jane.doe@example.com"}\n{"text": broken jane.doe@example.com\n'
        b'{"text": "fine"}\n'
    )
    result = cli.run("scan", "events.jsonl", "--out", "clean", "--builtin", "--workers", "2")
    assert result.returncode == 1, str(result)
    assert result.stdout == (
        "Scanned 1 files, 3 records (1 with findings, 0 blocked, 1 withheld) into clean\n"
    )
    assert result.stderr_lines == [
        "Scan error: 1 records could not be evaluated and were withheld (invalid JSON: 1)"
    ]
    assert (cli.cwd / "clean" / "events.jsonl").read_bytes() == (
        b'{"text":"mail [REDACTED_EMAIL]"}\n"[WITHHELD]"\n{"text": "fine"}\n'
    )


def test_scan_a_sealed_pack(cli: Cli, authority: Authority, support_pack: CompiledPack) -> None:
    (cli.cwd / "tickets.csv").write_text(
        "ticket,body\n1,Order ORD-1234567 from jane.doe@example.com\n2,thanks\n", encoding="utf-8"
    )
    result = cli.ok(
        "scan",
        "tickets.csv",
        "--out",
        "clean",
        "--pack",
        support_pack.path,
        "--license",
        authority.licenses["dev"],
        "--field",
        "body",
        "--workers",
        "1",
    )
    assert "2 records (1 with findings, 0 blocked, 0 withheld)" in result.stdout
    assert (cli.cwd / "clean" / "tickets.csv").read_bytes() == (
        b"ticket,body\n1,Order [REDACTED_ORDER_ID] from [REDACTED_EMAIL]\n2,thanks\n"
    )


def test_the_progress_bar_shows_records_and_speed_on_a_terminal(cli: Cli) -> None:
    folder = _folder(cli.cwd)
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [
            program("engine-pack"),
            "scan",
            str(folder),
            "--out",
            "clean",
            "--builtin",
            "--workers",
            "1",
        ],
        cwd=cli.cwd,
        env={**cli.env(), "TERM": "xterm", "COLUMNS": "150"},
        stdout=subprocess.PIPE,
        stderr=follower,
    )
    os.close(follower)
    shown = b""
    while True:  # read the terminal until the program closes it (bounded by the timeout)
        ready, _, _ = select.select([leader], [], [], 60)
        assert ready, "no progress output within 60 s"
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the other end is closed
            break
        if not data:
            break
        shown += data
    os.close(leader)
    stdout, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", shown).decode("utf-8", "replace")
    check_output(stdout.decode(), text)
    assert "240 records" in text
    assert re.search(r"\d+(\.\d+)? [kMG]?B/s", text), text


def test_without_a_terminal_nothing_but_the_summary_is_printed(invoke: Invoke) -> None:
    Path("a.log").write_text("hello\n", encoding="utf-8")
    result = invoke("scan", "a.log", "--out", "clean", "--builtin", "--workers", "1")
    assert result.exit_code == 0
    assert (
        result.stdout
        == "Scanned 1 files, 1 records (0 with findings, 0 blocked, 0 withheld) into clean\n"
    )
    assert result.stderr == ""


def test_errors_are_one_line_and_exit_1(invoke: Invoke, tmp_path: Path) -> None:
    Path("notes.md").write_text("hello\n", encoding="utf-8")
    Path("a.log").write_text("hello\n", encoding="utf-8")
    cases = {
        ("missing.log", "--out", "o", "--builtin"): "BatchError: input not found: missing.log",
        ("notes.md", "--out", "o", "--builtin"): "cannot tell the format of notes.md",
        ("a.log", "--out", ".", "--builtin"): "would overwrite an input",
        ("a.log", "--out", "o", "--pack", "missing.epack"): "no license file provided",
        ("a.log", "--out", "o", "--builtin", "--report", "a.log"): "report would overwrite",
    }
    for args, message in cases.items():
        line = invoke("scan", *args).error_line("scan")
        assert message in line, line
    assert not Path("o").exists()


def test_a_file_that_cannot_be_read_fails_alone(invoke: Invoke) -> None:
    Path("in").mkdir()
    Path("in/a.csv").write_text("id,text\n1,hi\n", encoding="utf-8")
    Path("in/b.log").write_text("fine\n", encoding="utf-8")
    result = invoke("scan", "in", "--out", "o", "--builtin", "--workers", "1", "--field", "body")
    assert result.exit_code == 1
    assert result.stderr.strip() == "Scan error: a.csv was not written (no CSV column named 'body')"
    assert sorted(path.name for path in Path("o").iterdir()) == ["b.log"]


def test_a_quota_license_refuses_worker_processes(
    cli: Cli, authority: Authority, tmp_path: Path
) -> None:
    license = authority.issue("scan-quota", licensed_packs=["acme.*"], max_decisions_per_minute=100)
    pack = cli.cwd / "quota.epack"
    cli.ok(
        "compile",
        "--playbook",
        Path(__file__).parents[2] / "examples" / "catalog" / "acme.support.yaml",
        "--out",
        pack,
        "--license",
        license,
    )
    (cli.cwd / "a.log").write_text("Order ORD-1234567\n", encoding="utf-8")
    args = ("a.log", "--out", "o", "--pack", pack, "--license", license)
    line = assert_error_line(cli.run("scan", *args, "--workers", "2"), "Scan error:")
    assert "decision quotas counted per process" in line
    assert "ENGINE_QUOTA_STORAGE=redis://" in line
    assert "Scanned 1 files" in cli.ok("scan", *args).stdout  # one process by default


def test_plain_tcp_to_another_machine_warns(capsys: pytest.CaptureFixture[str]) -> None:
    for address in ("tcp://127.0.0.1:8786", "localhost:8786", "tls://10.0.0.5:8786"):
        _warn_if_unencrypted(address)
    assert capsys.readouterr().err == ""
    _warn_if_unencrypted("tcp://10.0.0.5:8786")
    warning = capsys.readouterr().err
    assert "unencrypted" in warning
    assert "tls://" in warning
