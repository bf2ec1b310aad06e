"""``stud serve --workers N``: N processes of one room behind one port.

The supervisor binds the port once and starts N processes on it (the kernel spreads
the connections among them), each a whole ``stud serve`` with its own leases
(room/owners.py) and its peers through Redis (server/peers.py).  A process that dies
is started again; the tables it ran are taken up by the others meanwhile, their hands
played on.  SIGHUP restarts the processes one by one (a rolling restart: each new one
serving before the old one stops, which hands its tables over between hands);
SIGTERM or SIGINT stops them all, each handing over what it can.

uvicorn's own supervisor starts plain servers, which close the sockets before the
room stops; ours start the room's server (transport.RoomServer).

Each process is forked from a fork server that has imported the room once
(:data:`PRELOAD`): a process started, started again after it died, or new in a rolling
restart serves without first spending the second and a half of a core a fresh
interpreter takes to import it (where there is no fork server, a fresh interpreter).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import socket
import time
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Event
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studpoker.server.settings import RoomSettings

__all__ = ["Supervisor"]

log = logging.getLogger(__name__)

# Seconds a new process has to serve before a rolling restart gives up on it.
READY_SECONDS = 60.0
# Seconds a stopping process has to hand its tables over before it is killed.
STOP_SECONDS = 90.0
# What each process of the room imports, loaded once in the fork server.
PRELOAD = ["studpoker.server.process"]


def _serve(settings: RoomSettings, sock: socket.socket, ready: Event) -> None:
    """One process of the room (the target of each child)."""
    from studpoker.server.process import room_server

    server = room_server(settings)
    server.ready = ready
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while stopping
        server.run(sockets=[sock])


class Supervisor:
    """The processes of ``stud serve --workers N`` and their port."""

    def __init__(self, settings: RoomSettings, sock: socket.socket) -> None:
        self.settings = settings
        self.count = settings.workers
        self._context = _room_processes()
        self.processes: list[tuple[BaseProcess, Event]] = []
        self._signals: list[int] = []
        self._socket = sock  # bound by stud serve (transport.listen) before anything else

    def start_one(self) -> tuple[BaseProcess, Event]:
        assert self._socket is not None
        ready = self._context.Event()
        process = self._context.Process(
            target=_serve,
            args=(self.settings, self._socket, ready),
            name="stud serve",
            daemon=False,
        )
        process.start()
        return process, ready

    def run(self) -> int:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, lambda number, _frame: self._signals.append(number))
        self.processes = [self.start_one() for _ in range(self.count)]
        try:
            while True:
                time.sleep(0.2)
                while self._signals:
                    number = self._signals.pop(0)
                    if number == signal.SIGHUP:
                        self.restart_all()
                    else:
                        return 0
                self.keep_alive()
        finally:
            self.stop_all()

    def keep_alive(self) -> None:
        """A process that died is started again (its tables were taken up meanwhile)."""
        for index, (process, _ready) in enumerate(self.processes):
            if not process.is_alive():
                log.warning(
                    "process %s died (exit code %s): starting another",
                    process.pid,
                    process.exitcode,
                )
                process.join()
                self.processes[index] = self.start_one()

    def restart_all(self) -> None:
        """Each process replaced in turn: the new one serving before the old one stops
        (handing its tables over between hands)."""
        for index, (old, _ready) in enumerate(list(self.processes)):
            new, ready = self.start_one()
            deadline = time.monotonic() + READY_SECONDS
            while not ready.wait(0.2):
                if not new.is_alive() or time.monotonic() > deadline or self._stopping():
                    log.error("a new process did not start: the restart stops here")
                    _stop(new)
                    return
            self.processes[index] = (new, ready)
            _stop(old)

    def _stopping(self) -> bool:
        return any(number != signal.SIGHUP for number in self._signals)

    def stop_all(self) -> None:
        for process, _ready in self.processes:
            if process.is_alive() and process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, signal.SIGTERM)
        for process, _ready in self.processes:
            _join(process)


def _room_processes() -> ForkServerContext | SpawnContext:
    """How the room's processes start: forked from a fork server that has imported
    :data:`PRELOAD` (a single-threaded interpreter started by this one, which holds no
    room), or where there is none, each a fresh interpreter."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _stop(process: BaseProcess) -> None:
    if process.is_alive() and process.pid is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGTERM)
    _join(process)


def _join(process: Any) -> None:
    process.join(STOP_SECONDS)
    if process.is_alive():
        process.kill()
        process.join()
