"""examples/remote_bot.py plays whole hands against a real ``stud serve``."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
REMOTE_BOT = ROOT / "examples" / "remote_bot.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def room(tmp_path: Path) -> Iterator[str]:
    """A card room on a free port with a fresh SQLite file, no pause between hands."""
    port = free_port()
    serve = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(port), "--pause", "0"]
    serve += ["--bot-think", "0"]  # the room's computer players act at once
    server = subprocess.Popen(
        [*serve, "--database", f"sqlite:///{tmp_path / 'room.db'}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{url}/api/tables", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"stud serve did not start: {server.communicate()[1]}")
            time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_remote_bot_registers_sits_and_plays_three_hands(room: str) -> None:
    done = subprocess.run(
        [
            *(sys.executable, str(REMOTE_BOT), "--url", room),
            *("--name", "robot", "--password", "remote robot"),
            *("--table", "practice-razz", "--hands", "3"),
        ],
        capture_output=True,
        text=True,
        timeout=25,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "robot sits in seat 0 at practice-razz"
    assert "hands played: 3" in lines
    assert len([line for line in lines if line.startswith("hand ")]) == 3
    assert "refused" not in done.stderr
    me = httpx.post(f"{room}/api/sessions", json={"name": "robot", "password": "remote robot"})
    assert me.json()["account"]["bot"] is True  # a computer player's account
