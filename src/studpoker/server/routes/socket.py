"""The WebSocket's route, ``/ws``: one socket per client for the tables
(docs/protocol.md) — its session token read from the subprotocol, its messages read in
order at their rate, each one done or refused with an ``error`` that changes nothing
(:func:`handle`, which also does the messages another process of the room relays,
server/peers.py), and the room's messages written to it in order."""

import asyncio
import contextlib
import logging
from functools import cache
from typing import Any, cast

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from studpoker.room import Busy, RoomError
from studpoker.server.answers import account_dict
from studpoker.server.connections import WRITE_NOW, Client, Hub, encode, token_digest
from studpoker.server.hands import LANGUAGES
from studpoker.server.limits import Limits
from studpoker.server.messages import FullMessage, ServerError
from studpoker.server.metrics import refused as refused_by_limit
from studpoker.server.protocol import (
    MAX_MESSAGE,
    VERSION,
    Act,
    AutoMuck,
    Chat,
    ChooseGame,
    ClientSeed,
    JoinWaitingList,
    Language,
    LeaveWaitingList,
    Lobby,
    Ping,
    Sit,
    SitIn,
    SitOut,
    Stand,
    StartCompetition,
    TopUp,
    Unwatch,
    Watch,
    message_id,
    read_message,
)
from studpoker.server.routes import AppServices

__all__ = ["BEARER", "SUBPROTOCOL", "handle", "socket_router"]

log = logging.getLogger(__name__)
# The WebSocket's subprotocol, and the prefix of the session token offered beside it.
SUBPROTOCOL = "studpoker"
BEARER = "bearer."


@cache
def socket_router() -> APIRouter:
    """The route of the sockets (built once a process), each its application's hub's;
    the application's limits say how many sockets an address may open and how often a
    socket may send."""
    router = APIRouter()

    @router.websocket("/ws")
    async def websocket(socket: WebSocket, app: AppServices, lang: str = "en") -> None:
        """One client's socket.  Its session token comes in the subprotocol header
        (``Sec-WebSocket-Protocol: studpoker, bearer.TOKEN``), never in the URL, which
        servers and proxies log."""
        hub, limits = app.hub, app.limits
        offered = list(socket.scope.get("subprotocols") or ())
        token = next((p[len(BEARER) :] for p in offered if p.startswith(BEARER)), None)
        where = socket.client.host if socket.client is not None else "unknown"
        await socket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        if not hub.admit(where):
            refused_by_limit("sockets")
            most = limits.sockets_per_address
            refused_socket: FullMessage = {
                "type": "error",
                "id": None,
                "code": "too_many_sockets",
                "message": f"{most} sockets from one address at most: close one first",
                "params": {"maximum": most},
                "v": VERSION,
            }
            await socket.send_text(encode(refused_socket))
            await socket.close(1008, "too many sockets from this address")
            return
        found = await hub.room.session(token)
        account, expires = (None, None) if found is None else found
        client = Client(
            account,
            next((known for known in LANGUAGES if known == lang), "en"),
            session=None if found is None or token is None else token_digest(token),
            expires=expires,
            address=where,
            write_now=socket.scope.get(WRITE_NOW),
        )
        hub.connect(client)
        client.send(
            {
                "type": "welcome",
                "protocol": VERSION,
                "account": None if account is None else account_dict(account),
                "lang": client.lang,
                "currency": hub.currency,
                "v": VERSION,
            }
        )
        if token and account is None:
            _error(client, None, "login", "the session token is not valid: log in again")
        if "token" in socket.query_params:
            _error(
                client,
                None,
                "login",
                "a session token in the URL is not read (logs keep URLs): send it in the "
                f"Sec-WebSocket-Protocol header as '{BEARER}TOKEN'",
            )
        if lang not in LANGUAGES:
            _error(
                client,
                None,
                "unknown_language",
                f"lang is one of {', '.join(LANGUAGES)}: using en",
                params={"value": lang, "allowed": list(LANGUAGES)},
            )
        client.send(hub.lobby())
        writer = asyncio.create_task(_write(socket, client))
        try:
            while True:
                received = await socket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if text is None:  # a binary frame: read as UTF-8 text
                    try:
                        text = bytes(received.get("bytes") or b"").decode()
                    except UnicodeDecodeError:
                        _error(client, None, "malformed", "a message is JSON text in UTF-8")
                        continue
                if not _in_time(client, limits):
                    if client.refused > limits.refused_before_close:
                        client.close_with = (1008, "too many messages")
                        break  # the writer sends what is queued, then closes
                    continue
                try:
                    await handle(hub, client, text)
                except Exception:  # never the room's own refusal: logged, the socket lives
                    log.exception("a client's message failed")
                    _error(client, None, "internal", "the room failed to do that; nothing changed")
                if client.too_slow:
                    break
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(client)
            client.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer

    return router


async def _write(socket: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order (Client.send writes at once when
    none waits), waiting while the socket is paused."""
    while True:
        message = await client.queue.get()
        if message is None:
            break
        try:
            if isinstance(message, str):
                await socket.send_text(message)
            else:
                await socket.send_text(encode(message))
        except Exception:
            client.dropped = True
            break
        finally:
            client.unsent -= 1
    if client.too_slow:
        client.close_with = (1008, "too slow: messages were not read")
    if client.close_with is not None:
        with contextlib.suppress(Exception):
            await socket.close(*client.close_with)


def _error(
    client: Client,
    ref: Any,
    code: str,
    message: str,
    *,
    params: dict[str, Any] | None = None,
    retry_after: float | None = None,
) -> None:
    """Refuse a message: its ``code``, and the ``params`` its sentence says when it has
    any (docs/protocol.md); ``retry_after`` seconds to wait, for a rate or a busy room."""
    error: dict[str, Any] = {"type": "error", "id": ref, "code": code, "message": message}
    if params:
        error["params"] = params
    if retry_after is not None:
        error["retry_after"] = retry_after
    error["v"] = VERSION
    # The room's errors carry their code and params as text and a dict: which code has
    # which params is messages.ServerError, checked against real traffic by the tests.
    client.send(cast(ServerError, error))


def _in_time(client: Client, limits: Limits) -> bool:
    """Whether a message the client sent now is within its rate; if not it is
    refused, with how long to wait."""
    assert client.messages is not None
    wait = client.messages.take("")
    if not wait:
        return True
    client.refused += 1
    refused_by_limit("messages")
    rate = limits.messages_per_socket
    after = round(wait, 3)
    _error(
        client,
        None,
        "rate_limited",
        f"too many messages ({rate.events} every {rate.seconds:g} s at most): "
        f"this one was not read; wait {wait:.1f} s",
        params={"what": "messages", "retry_after": after},
        retry_after=after,
    )
    return False


async def handle(hub: Hub, client: Client, text: str) -> None:
    """One client message: done, or refused with an error that changes nothing."""
    room = hub.room
    size = len(text.encode(errors="surrogatepass"))
    if size > MAX_MESSAGE:
        _error(
            client,
            None,
            "too_large",
            f"a message is {MAX_MESSAGE} bytes at most",
            params={"maximum": MAX_MESSAGE, "length": size},
        )
        return
    try:
        message = read_message(text)
    except ValidationError as error:
        first = error.errors()[0] if error.errors() else {"msg": str(error)}
        where = ".".join(str(part) for part in first.get("loc", ()))
        said = f"{where}: {first['msg']}" if where else first["msg"]
        _error(client, message_id(text), "malformed", said)
        return
    except ValueError as error:  # protocol.MalformedMessage: not even parsed
        _error(client, None, "malformed", str(error))
        return
    ref = message.id
    account = client.signed_in()
    table_id = getattr(message, "table", None)
    peers = hub.peers
    if peers is not None and isinstance(table_id, str) and not room.runs(table_id):
        owner = None
        if not client.relayed:
            owner = peers.owner_of.get(table_id)
            if owner is None:  # opened elsewhere a moment ago, or between owners?
                owner = await peers.owner_soon(table_id)
        if owner is not None and not room.runs(table_id):
            # Run by another process: it answers (server/peers.py).
            peers.forward(client, owner, table_id, text, watch=not isinstance(message, Unwatch))
            return
        local = room.runs(table_id)
        if isinstance(message, Watch) and not local and peers.await_owner(client, table_id):
            return  # between owners: watched where it is run next
    try:
        match message:
            case Ping():
                client.send({"type": "pong", "id": ref, "v": VERSION})
            case Lobby():
                client.send(hub.lobby(ref))
            case Language(lang=lang):
                client.lang = lang
                if peers is not None:
                    peers.language(client)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case Watch(table=table_id, invite=invite):
                room.check_watch(account, table_id, invite)
                hub.watch(client, table_id, ref)
            case Unwatch(table=table_id):
                hub.unwatch(client, table_id)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case _ if account is None:
                _error(client, ref, "login", "log in or play as a guest first")
                return
            case Sit(table=table_id, seat=seat, buy_in=buy_in, invite=invite):
                number = await room.sit(account, table_id, seat=seat, buy_in=buy_in, invite=invite)
                client.send({"type": "ok", "id": ref, "seat": number, "v": VERSION})
                if table_id not in client.watching:
                    hub.watch(client, table_id)
            case JoinWaitingList(table=table_id, invite=invite):
                place = room.join_waiting(account, table_id, invite)
                client.send({"type": "ok", "id": ref, "place": place, "v": VERSION})
                hub.send_lobby_to(client)  # the list, with its place, at once
            case LeaveWaitingList(table=table_id):
                room.leave_waiting(account, table_id)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case ChooseGame(table=table_id, game=game):
                room.choose_game(account, table_id, game)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case Stand(table=table_id):
                await room.stand(account, table_id)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case SitOut(table=table_id):
                room.sit_out(account, table_id, True)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case SitIn(table=table_id):
                room.sit_out(account, table_id, False)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case AutoMuck(table=table_id, on=on):
                room.auto_muck(account, table_id, on)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case ClientSeed(table=table_id, hand_id=hand_id, seed=seed):
                room.client_seed(account, table_id, hand_id, seed)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case TopUp(table=table_id, amount=amount):
                await room.top_up(account, table_id, amount)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case Act(table=table_id, seq=seq, action=action):
                hub.acted(table_id)
                room.act(account, table_id, action, seq)
            case Chat(table=table_id, text=said):
                wait = hub.chat_limit.take(str(account.id))
                if wait:
                    refused_by_limit("chat")
                    rate, after = hub.limits.chat_per_socket, round(wait, 3)
                    _error(
                        client,
                        ref,
                        "chat_limit",
                        f"{rate.events} chat lines every {rate.seconds:g} s at most: "
                        f"wait {wait:.1f} s",
                        params={
                            "lines": rate.events,
                            "seconds": rate.seconds,
                            "retry_after": after,
                        },
                        retry_after=after,
                    )
                    return
                room.say(account, table_id, said)
            case StartCompetition(table=table_id):
                number = await room.start_competition(account, table_id)
                client.send({"type": "ok", "id": ref, "competition": number, "v": VERSION})
    except RoomError as error:
        _error(client, ref, error.code, str(error), params=error.params)
    except Busy as error:
        after = error.retry_after
        params = {"what": error.what, "retry_after": after}
        _error(client, ref, "busy", str(error), params=params, retry_after=after)
