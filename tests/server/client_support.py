"""Real failing services for the client tests: loopback sockets that stall, answer half,
answer garbage or cut a stream, and the service in its own process (to kill it)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager

import httpx

#: How long a stalling server holds a connection at most (bounded; tests wait far less).
HOLD_S = 15.0

Behaviour = Callable[[socket.socket, threading.Event], None]


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _read_request(connection: socket.socket) -> bytes:
    """Read one HTTP request (head and Content-Length body); b"" if the client left."""
    data = b""
    while b"\r\n\r\n" not in data:
        piece = connection.recv(65536)
        if not piece:
            return b""
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        piece = connection.recv(65536)
        if not piece:
            break
        body += piece
    return head


class BrokenService(AbstractContextManager["BrokenService"]):
    """A TCP server on 127.0.0.1 that reads each request, then behaves as told.

    ``requests`` counts the requests that arrived (a retry would show as two).
    """

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self.requests = 0
        self._stop = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.05)
        self.port = self._listener.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self._threads: list[threading.Thread] = []
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(connection,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _serve(self, connection: socket.socket) -> None:
        with connection:
            connection.settimeout(HOLD_S)
            try:
                if _read_request(connection):
                    self.requests += 1
                    self.behaviour(connection, self._stop)
            except OSError:
                pass

    def close(self) -> None:
        """Stop accepting and release every held connection."""
        self._stop.set()
        self._listener.close()
        self._accepting.join(5)
        for thread in self._threads:
            thread.join(5)

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def stall(connection: socket.socket, stop: threading.Event) -> None:
    """Never answer (until the test ends)."""
    stop.wait(HOLD_S)


def answer(raw: bytes, *, then_stall: bool = False) -> Behaviour:
    """Send ``raw`` as the whole answer, then close (or hold the connection open)."""

    def behave(connection: socket.socket, stop: threading.Event) -> None:
        connection.sendall(raw)
        if then_stall:
            stop.wait(HOLD_S)

    return behave


def http_answer(
    status: str, content_type: str, body: bytes, *, declared: int | None = None
) -> bytes:
    """Return a raw HTTP/1.1 answer; ``declared`` overrides Content-Length (to cut a body)."""
    length = len(body) if declared is None else declared
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n"
        f"Content-Length: {length}\r\nConnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def sse_answer(*events: bytes) -> bytes:
    """Return a raw SSE answer (no Content-Length: the stream ends when the socket closes)."""
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
    return head + b"".join(b"data: " + event + b"\n\n" for event in events)


class ServiceProcess(AbstractContextManager["ServiceProcess"]):
    """The real service (``python -m engine_server``) in its own process, to pause and kill."""

    def __init__(self) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        env = {key: value for key, value in os.environ.items() if key != "ENGINE_SERVICE_TOKEN"}
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "engine_server", "--port", str(self.port)),
                *("--log-level", "warning", "--no-access-log"),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # Generous: a loaded CI machine with two cores starts the service in seconds, not 30.
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"service exited with {self.process.returncode}")
            try:
                if httpx.get(f"{self.base_url}/v1/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("service did not become healthy")

    def pause(self) -> None:
        """Stop the process (it still holds its socket: connections queue, nothing answers)."""
        os.kill(self.process.pid, signal.SIGSTOP)

    def kill(self) -> None:
        """Kill the process at once and reap it."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)

    def __exit__(self, *exc_info: object) -> None:
        self.kill()
