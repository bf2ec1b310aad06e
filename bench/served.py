"""``stud serve`` in a subprocess, as the room's benchmarks run it (bench/room.py,
bench/abuse.py): a free port, the server started with the flags a benchmark gives, waited
for until it answers, stopped with SIGINT, and the CPU time it used."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

__all__ = ["cpu_seconds", "free_port", "start_server", "stop_server", "wait_ready"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    port: int, database: str, log: Path, options: list[str]
) -> subprocess.Popen[bytes]:
    """``stud serve`` on ``port`` over ``database`` with ``options``, its output in ``log``."""
    command = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(port)]
    command += ["--database", database, *options]
    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)


async def wait_ready(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    """Until the lobby answers; the server's log in the error if it never does (60 s)."""
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient(base_url=url, timeout=2, trust_env=False) as http:
        while True:
            try:
                if (await http.get("/api/tables")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"stud serve did not start:\n{log.read_text()}")
            await asyncio.sleep(0.2)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
