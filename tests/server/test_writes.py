"""How the room writes to a socket (server/connections.py Client.send, server/transport.py
RoomWebSocket.write_now): at once while nothing waits and the socket takes it; else
queued for the socket's writer, in order — a message never overtakes one queued before
it — and a client that lets QUEUE_LIMIT messages wait is too slow and dropped."""

from __future__ import annotations

import asyncio

from studpoker.server.connections import QUEUE_LIMIT, Client


class Socket:
    """A socket that takes messages at once while ``open`` (not paused)."""

    def __init__(self) -> None:
        self.open = True
        self.written: list[str] = []

    def write_now(self, text: str) -> bool:
        if self.open:
            self.written.append(text)
        return self.open


def writer_sends(client: Client, socket: Socket) -> None:
    """What the socket's writer (app._write) does once the socket takes messages."""
    while not client.queue.empty():
        message = client.queue.get_nowait()
        assert isinstance(message, str)
        socket.written.append(message)
        client.unsent -= 1


def test_a_message_is_written_at_once_unless_one_waits_before_it():
    async def run() -> None:
        socket = Socket()
        client = Client(None, write_now=socket.write_now)
        client.send('{"n":1}')
        client.send({"type": "pong", "id": 2, "v": 1})  # encoded when written
        assert socket.written == ['{"n":1}', '{"type":"pong","id":2,"v":1}']
        assert client.queue.empty()
        assert client.unsent == 0
        socket.open = False  # paused: a client reading slowly
        client.send('{"n":3}')
        socket.open = True
        client.send('{"n":4}')  # the socket takes it, but 3 waits: 4 waits behind it
        assert socket.written[2:] == []
        assert client.unsent == 2
        writer_sends(client, socket)
        client.send('{"n":5}')
        assert socket.written[2:] == ['{"n":3}', '{"n":4}', '{"n":5}']
        assert client.unsent == 0
        assert not client.dropped

    asyncio.run(run())


def test_a_client_that_does_not_read_is_dropped_as_too_slow():
    async def run() -> None:
        socket = Socket()
        socket.open = False
        client = Client(None, write_now=socket.write_now)
        for n in range(QUEUE_LIMIT):
            client.send(f'{{"n":{n}}}')
        assert not client.dropped
        assert client.unsent == QUEUE_LIMIT
        client.send('{"n":"one too many"}')
        assert client.dropped
        assert client.too_slow
        client.send('{"n":"after"}')  # nothing more for a dropped client
        assert client.queue.qsize() == QUEUE_LIMIT + 1  # its messages, then the close
        assert socket.written == []

    asyncio.run(run())
