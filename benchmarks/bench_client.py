"""The Python client's round trip next to the raw HTTP figure: one 200 B evaluate at a time.

The service runs as ``python -m engine_server`` (one worker). On one reused
connection, sequentially: a raw ``httpx`` POST of a pre-encoded body (the floor), then
``EngineClient.evaluate`` (body checked and encoded, answer validated into a
``ServiceResult``); the same for a WebSocket verdict (raw ``websockets`` send/recv,
then ``ServiceSocket.evaluate``). Blocks of requests alternate between the two, so
machine noise falls on both alike.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import httpx
from websockets.sync.client import connect

from benchmarks.bench_http import TEXT_200B, service
from engine_server.client import EngineClient

ROUNDS = 10
BLOCK = 300
WARMUP = 300


def _timed(call: Callable[[], object], count: int, into: list[float]) -> None:
    for _ in range(count):
        started = time.perf_counter()
        call()
        into.append(time.perf_counter() - started)


def _compare(raw: Callable[[], object], client: Callable[[], object]) -> dict[str, list[float]]:
    """Latencies of ``raw`` and ``client`` calls, in alternating blocks after a warm-up."""
    figures: dict[str, list[float]] = {"raw": [], "client": []}
    _timed(raw, WARMUP, [])
    _timed(client, WARMUP, [])
    for _ in range(ROUNDS):
        _timed(raw, BLOCK, figures["raw"])
        _timed(client, BLOCK, figures["client"])
    return figures


def measure() -> dict[str, dict[str, list[float]]]:
    """Serve the built-in pack and time both surfaces, raw and through the client."""
    with service() as (port, _):
        return _measure(f"127.0.0.1:{port}")


def _measure(address: str) -> dict[str, dict[str, list[float]]]:
    body = json.dumps({"text": TEXT_200B}).encode()
    headers = {"Content-Type": "application/json"}
    message = json.dumps({"type": "evaluate", "text": TEXT_200B})
    with (
        httpx.Client(base_url=f"http://{address}") as http,
        EngineClient(f"http://{address}") as client,
        connect(f"ws://{address}/v1/ws/decision", compression=None) as websocket,
        client.socket() as socket,
    ):

        def raw_post() -> object:
            return http.post("/v1/evaluate", content=body, headers=headers).content

        def raw_socket() -> object:
            websocket.send(message)
            return websocket.recv()

        return {
            "POST /v1/evaluate": _compare(raw_post, lambda: client.evaluate(TEXT_200B)),
            "WebSocket evaluate": _compare(raw_socket, lambda: socket.evaluate(TEXT_200B)),
        }


def _quantile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] * 1000


def run() -> list[dict[str, Any]]:
    """Benchmark rows: p50/p99 of one 200 B evaluate, raw and through the client."""
    rows: list[dict[str, Any]] = []
    note = f"sequential, one reused connection, {ROUNDS * BLOCK} requests each"
    for surface, figures in measure().items():
        for who, label in (("raw", "raw"), ("client", "EngineClient")):
            for q in (50, 99):
                rows.append(
                    {
                        "group": "client",
                        "name": f"{surface} 200 B, {label}: p{q}",
                        "value": _quantile(figures[who], q),
                        "unit": "ms",
                        "note": note,
                    }
                )
        overhead = statistics.median(figures["client"]) - statistics.median(figures["raw"])
        rows.append(
            {
                "group": "client",
                "name": f"{surface} 200 B, client overhead at p50",
                "value": overhead * 1e6,
                "unit": "us",
            }
        )
    return rows
