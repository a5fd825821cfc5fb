"""HTTP throughput: ``POST /v1/evaluate`` with a 200 B text over loopback.

The service runs as ``python -m engine_server`` (1 and 2 uvicorn workers); the
load comes from a separate process: an asyncio (uvloop when available) HTTP/1.1
keep-alive client with 16 connections, which sends pre-built requests and reads
the responses by Content-Length, so the generator costs little next to the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CONNECTIONS = 16
DURATION_S = 10.0
WARMUP_S = 1.5
TARGET_RPS_ONE_WORKER = 3000
ROOT = Path(__file__).resolve().parent.parent

#: 200 bytes of text with one e-mail address (a redaction, the common case).
TEXT_200B = (
    "Hello support team, my order arrived damaged. Please contact me at "
    "jane.doe@example.com so we can arrange a replacement before the weekend. "
    "Thanks a lot for your kind help and have a very nice day!!!!"
)
assert len(TEXT_200B) == 200, len(TEXT_200B)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _request(port: int) -> bytes:
    body = json.dumps({"text": TEXT_200B}).encode()
    head = (
        f"POST /v1/evaluate HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def _connection(
    port: int, request: bytes, start: float, stop: float, latencies: list[float]
) -> tuple[int, int]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    errors = total = 0
    try:
        while (now := time.perf_counter()) < stop:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            await reader.readexactly(length)
            total += 1
            if not head.startswith(b"HTTP/1.1 200"):
                errors += 1
            if now >= start:
                latencies.append(time.perf_counter() - now)
    finally:
        writer.close()
    return errors, total


async def _load(port: int, connections: int, duration: float, warmup: float) -> dict[str, Any]:
    request = _request(port)
    start = time.perf_counter() + warmup
    stop = start + duration
    latencies: list[float] = []
    counts = await asyncio.gather(
        *(_connection(port, request, start, stop, latencies) for _ in range(connections))
    )
    latencies.sort()
    quantiles = statistics.quantiles(latencies, n=100)
    return {
        "requests": len(latencies),
        "rps": len(latencies) / duration,
        "p50_ms": quantiles[49] * 1000,
        "p99_ms": quantiles[98] * 1000,
        "errors": sum(errors for errors, _ in counts),
        "total_requests": sum(total for _, total in counts),
    }


def load_main(argv: list[str]) -> None:
    """Load-generator process: print one JSON line of results."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--connections", type=int, default=CONNECTIONS)
    parser.add_argument("--duration", type=float, default=DURATION_S)
    parser.add_argument("--warmup", type=float, default=WARMUP_S)
    args = parser.parse_args(argv)
    try:
        import uvloop

        uvloop.install()
    except ImportError:  # plain asyncio still works, a little slower
        pass
    result = asyncio.run(_load(args.port, args.connections, args.duration, args.warmup))
    print(json.dumps(result))


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of ``pid`` and its child processes (uvicorn workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # After the command: state, ppid, ..., utime (index 11), stime (index 12).
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _wait_healthy(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if sock.recv(12).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not become healthy")


@contextmanager
def service(workers: int = 1) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """Serve the built-in pack (``python -m engine_server``); yield its port and process."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("ENGINE_SERVICE_TOKEN",)}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine_server",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_healthy(port, server)
        yield port, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


def measure(workers: int, duration: float = DURATION_S) -> dict[str, Any]:
    """Serve the built-in pack with ``workers`` workers and load it; return the figures."""
    with service(workers) as (port, server):
        cpu_before = _cpu_seconds(server.pid)
        loader = subprocess.run(
            [
                *(sys.executable, "-m", "benchmarks.bench_http"),
                *("--port", str(port), "--duration", str(duration)),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=duration + 60,
        )
        cpu = _cpu_seconds(server.pid) - cpu_before
        result: dict[str, Any] = json.loads(loader.stdout.strip().splitlines()[-1])
        result["server_cpu_us_per_request"] = cpu / max(1, result["total_requests"]) * 1e6
        return result


def run() -> list[dict[str, Any]]:
    """Benchmark rows: requests/second and p50/p99 latency, 1 and 2 workers."""
    rows: list[dict[str, Any]] = []
    cores = os.cpu_count() or 1
    for workers in (1, 2):
        figures = measure(workers)
        note = f"{CONNECTIONS} connections, {DURATION_S:g} s, {cores} cores shared with the loader"
        if figures["errors"]:
            note += f"; {figures['errors']} non-200 answers"
        label = f"POST /v1/evaluate 200 B, {workers} worker{'s' if workers > 1 else ''}"
        rows.append(
            {
                "group": "http",
                "name": f"{label}: throughput",
                "value": round(figures["rps"], 1),
                "unit": "req/s",
                "target": f">= {TARGET_RPS_ONE_WORKER}" if workers == 1 else None,
                "note": note,
            }
        )
        rows.append(
            {"group": "http", "name": f"{label}: p50", "value": figures["p50_ms"], "unit": "ms"}
        )
        rows.append(
            {"group": "http", "name": f"{label}: p99", "value": figures["p99_ms"], "unit": "ms"}
        )
        rows.append(
            {
                "group": "http",
                "name": f"{label}: server CPU per request",
                "value": figures["server_cpu_us_per_request"],
                "unit": "us",
                "note": "capacity of one dedicated core = 1e6 / this (load-independent)",
            }
        )
    return rows


if __name__ == "__main__":
    load_main(sys.argv[1:])
