"""The ASGI application (the ``server`` layer of DESIGN.md): REST for accounts, the
lobby, hand histories and the leaderboard (OpenAPI at ``/openapi.json``), one
WebSocket per client at ``/ws`` for the tables (docs/protocol.md), and the web
client's static files at ``/``.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Query, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError

from studpoker import __version__
from studpoker.games import GAMES
from studpoker.room import Room, RoomError
from studpoker.server.connections import Client, Hub
from studpoker.server.protocol import (
    MAX_MESSAGE,
    VERSION,
    Act,
    Chat,
    Language,
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
    read_message,
)
from studpoker.store import Account, Store
from studpoker.table.messages import dealer_lines
from studpoker.table.snapshot import event_dict

__all__ = ["create_app"]

log = logging.getLogger(__name__)
WEB = Path(__file__).resolve().parent.parent / "web"
LANGUAGES = ("en", "zh-Hant", "zh-Hans")


class Credentials(BaseModel):
    name: Annotated[str, Field(min_length=1, max_length=24)]
    password: Annotated[str, Field(min_length=1, max_length=256)]


class NewAccount(Credentials):
    bot: bool = False


class Session(BaseModel):
    token: str
    account: dict[str, Any]


class NewTable(BaseModel):
    game: str
    mode: str = "practice"
    seats: int | None = None
    clock: float | None = None
    stakes: dict[str, int] | None = None
    name: Annotated[str, Field(max_length=40)] = ""


def account_dict(account: Account) -> dict[str, Any]:
    return {
        "id": account.id,
        "name": account.name,
        "balance": account.balance,
        "guest": account.guest,
        "bot": account.bot,
    }


def create_app(
    room: Room | None = None,
    *,
    database: str = "sqlite:///stud.db",
    **room_options: Any,
) -> FastAPI:
    """The room's web application; ``room`` (or a room over ``database``) starts and
    stops with it."""
    the_room = room if room is not None else Room(Store(database), **room_options)
    hub = Hub(the_room)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await the_room.start()
        lobby = asyncio.create_task(hub.run())
        try:
            yield
        finally:
            lobby.cancel()
            await the_room.stop()  # the clients see a hand cut short, and who left
            await hub.close()

    app = FastAPI(
        title="studpoker card room",
        version=__version__,
        summary="Seven Card Stud, Stud Hi/Lo, Razz and Show Hand: accounts, tables, hands.",
        lifespan=lifespan,
    )
    app.state.room = the_room
    app.state.hub = hub

    async def current(authorization: Annotated[str | None, Header()] = None) -> Account:
        token = _bearer(authorization)
        account = await the_room.account(token)
        if account is None:
            raise HTTPException(401, "log in first: no valid session token")
        return account

    def refused(error: Exception) -> HTTPException:
        return HTTPException(400, str(error))

    # -- accounts ---------------------------------------------------------------------

    @app.post("/api/accounts", status_code=201, tags=["accounts"])
    async def register(body: NewAccount) -> Session:
        """Create an account (``bot``: a remote computer player's, for practice tables);
        the answer holds a session token."""
        try:
            account, token = await the_room.register(body.name, body.password, bot=body.bot)
        except RoomError as error:
            raise refused(error) from None
        return Session(token=token, account=account_dict(account))

    @app.post("/api/sessions", tags=["accounts"])
    async def login(body: Credentials) -> Session:
        """Log in: a new session token."""
        try:
            account, token = await the_room.login(body.name, body.password)
        except RoomError as error:
            raise HTTPException(401, str(error)) from None
        return Session(token=token, account=account_dict(account))

    @app.post("/api/guests", status_code=201, tags=["accounts"])
    async def guest() -> Session:
        """A guest's session: practice tables only."""
        account, token = await the_room.guest()
        return Session(token=token, account=account_dict(account))

    @app.delete("/api/sessions", status_code=204, tags=["accounts"])
    async def logout(authorization: Annotated[str | None, Header()] = None) -> None:
        token = _bearer(authorization)
        if token:
            await the_room.logout(token)

    @app.get("/api/me", tags=["accounts"])
    async def me(account: Annotated[Account, Depends(current)]) -> dict[str, Any]:
        fresh = await the_room.fresh(account)
        seats = [
            {"table": table_id, "seat": the_room.seat_of(account.id, table_id)}
            for table_id in the_room.tables
            if the_room.seat_of(account.id, table_id) is not None
        ]
        return account_dict(fresh) | {"seats": seats}

    # -- the lobby --------------------------------------------------------------------

    @app.get("/api/tables", tags=["lobby"])
    async def tables(game: str | None = None, mode: str | None = None) -> list[dict[str, Any]]:
        """Every table: id, game, mode, stakes, seated, seats, average_pot, hands_per_hour…"""
        return [
            t
            for t in the_room.lobby()
            if (game is None or t["game"] == game) and (mode is None or t["mode"] == mode)
        ]

    @app.post("/api/tables", status_code=201, tags=["lobby"])
    async def create_table(
        body: NewTable, account: Annotated[Account, Depends(current)]
    ) -> dict[str, Any]:
        try:
            table_id = await the_room.create_table(
                body.game,
                body.mode,
                seats=body.seats,
                clock=body.clock,
                stakes=body.stakes,
                name=body.name,
                created_by=account.id,
            )
        except RoomError as error:
            raise refused(error) from None
        for client in list(hub.clients):
            client.send(hub.lobby())
        return next(t for t in the_room.lobby() if t["id"] == table_id)

    @app.get("/api/tables/{table_id}", tags=["lobby"])
    async def table(table_id: str) -> dict[str, Any]:
        try:
            held = the_room.table(table_id)
        except RoomError as error:
            raise HTTPException(404, str(error)) from None
        return held.table.snapshot(None)

    @app.get("/api/tables/{table_id}/hands/{number}", tags=["hands"])
    async def table_hand(
        table_id: str,
        number: int,
        lang: str = "en",
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """A finished hand of the table (the last hand view, R5.8), as the asker's seat
        saw it: shown cards, never a mucked one; ``lines`` are the dealer's lines of
        those events in ``lang`` (R5.7)."""
        if lang not in LANGUAGES:
            raise HTTPException(400, f"lang is one of {', '.join(LANGUAGES)}, not {lang!r}")
        try:
            held = the_room.table(table_id)
        except RoomError as error:
            raise HTTPException(404, str(error)) from None
        done = held.table.hand(number)
        if done is None:
            raise HTTPException(404, f"hand {number} of {table_id} is not kept")
        account = await the_room.account(_bearer(authorization))
        seen = None
        if account is not None and account.id in done.account_ids:
            seen = done.account_ids.index(account.id)
        events = done.hand.events_for(seen)
        return {
            "table": table_id,
            "hand": number,
            "names": list(done.names),
            "seats": list(done.seats),
            "net": {str(k): v for k, v in done.net.items()},
            "events": [event_dict(e, done.seats) for e in events],
            "lines": dealer_lines(events, done.hand.spec, done.names, lang),
        }

    # -- hands and ratings ------------------------------------------------------------

    @app.get("/api/hands", response_class=PlainTextResponse, tags=["hands"])
    async def hands(
        account: Annotated[Account, Depends(current)],
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        table: str | None = None,
    ) -> PlainTextResponse:
        """The asker's hands as PokerStars hand histories, from their seat."""
        text = await the_room.hand_history(account, limit=limit, table_id=table)
        return PlainTextResponse(
            text,
            headers={"Content-Disposition": 'attachment; filename="studpoker-hands.txt"'},
        )

    @app.get("/api/leaderboard", tags=["ratings"])
    async def leaderboard(
        game: str = "seven_card_stud", limit: Annotated[int, Query(ge=1, le=500)] = 50
    ) -> list[dict[str, Any]]:
        if game not in GAMES:
            raise HTTPException(400, f"game must be one of {', '.join(GAMES)}, not {game!r}")
        rows = await asyncio.to_thread(the_room.store.leaderboard, game, limit=limit)
        return [
            {
                "name": row.name,
                "rating": round(row.rating),
                "rd": round(row.rd),
                "games": row.games,
                "provisional": row.provisional,
            }
            for row in rows
        ]

    @app.get("/api/ratings/{name}", tags=["ratings"])
    async def ratings(name: str, game: str = "seven_card_stud") -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(400, f"game must be one of {', '.join(GAMES)}, not {game!r}")
        account = await asyncio.to_thread(the_room.store.account, name)
        if account is None:
            raise HTTPException(404, f"no player {name!r}")
        history = await asyncio.to_thread(the_room.store.rating_history, account.id, game)
        return {
            "name": account.name,
            "game": game,
            "history": [
                {
                    "at": change.at.isoformat(),
                    "rating": round(change.rating),
                    "rd": round(change.rd),
                }
                for change in history
            ],
        }

    # -- the WebSocket ----------------------------------------------------------------

    @app.websocket("/ws")
    async def websocket(socket: WebSocket, token: str | None = None, lang: str = "en") -> None:
        await socket.accept()
        account = await the_room.account(token)
        client = Client(account, lang if lang in LANGUAGES else "en")
        hub.connect(client)
        client.send(
            {
                "type": "welcome",
                "protocol": VERSION,
                "account": None if account is None else account_dict(account),
                "lang": client.lang,
            }
        )
        if token and account is None:
            _error(client, None, "login", "the session token is not valid: log in again")
        if lang not in LANGUAGES:
            _error(client, None, "malformed", f"lang is one of {', '.join(LANGUAGES)}: using en")
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
                await _handle(hub, client, text)
                if client.too_slow:
                    break
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(client)
            client.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer

    if WEB.is_dir() and (WEB / "index.html").is_file():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def home() -> str:
            return (
                "<!doctype html><title>studpoker</title><h1>studpoker card room</h1>"
                "<p>The API is at <a href='/docs'>/docs</a>.</p>"
            )

    return app


def _bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def _write(socket: WebSocket, client: Client) -> None:
    while True:
        message = await client.queue.get()
        if message is None:
            break
        try:
            await socket.send_json(message)
        except Exception:
            client.dropped = True
            break
    if client.too_slow:
        with contextlib.suppress(Exception):
            await socket.close(1008, "too slow: messages were not read")


def _readable_id(text: str) -> Any:
    """The ``id`` of a message that is JSON but not a valid message, to echo it."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    ref = data.get("id") if isinstance(data, dict) else None
    return ref if isinstance(ref, str | int) and not isinstance(ref, bool) else None


def _error(client: Client, ref: Any, code: str, message: str) -> None:
    client.send({"type": "error", "id": ref, "code": code, "message": message})


async def _handle(hub: Hub, client: Client, text: str) -> None:
    """One client message: done, or refused with an error that changes nothing."""
    room = hub.room
    if len(text.encode()) > MAX_MESSAGE:
        _error(client, None, "too_large", f"a message is {MAX_MESSAGE} bytes at most")
        return
    try:
        message = read_message(text)
    except ValidationError as error:
        first = error.errors()[0] if error.errors() else {"msg": str(error)}
        where = ".".join(str(part) for part in first.get("loc", ()))
        said = f"{where}: {first['msg']}" if where else first["msg"]
        _error(client, _readable_id(text), "malformed", said)
        return
    ref = message.id
    account = client.account
    try:
        match message:
            case Ping():
                client.send({"type": "pong", "id": ref})
            case Lobby():
                client.send(hub.lobby() | {"id": ref})
            case Language(lang=lang):
                client.lang = lang
                client.send({"type": "ok", "id": ref})
            case Watch(table=table_id):
                hub.watch(client, table_id, ref)
            case Unwatch(table=table_id):
                hub.unwatch(client, table_id)
                client.send({"type": "ok", "id": ref})
            case _ if account is None:
                _error(client, ref, "login", "log in or play as a guest first")
                return
            case Sit(table=table_id, seat=seat, buy_in=buy_in):
                number = await room.sit(account, table_id, seat=seat, buy_in=buy_in)
                client.send({"type": "ok", "id": ref, "seat": number})
                if table_id not in client.watching:
                    hub.watch(client, table_id)
            case Stand(table=table_id):
                await room.stand(account, table_id)
                client.send({"type": "ok", "id": ref})
            case SitOut(table=table_id):
                room.sit_out(account, table_id, True)
                client.send({"type": "ok", "id": ref})
            case SitIn(table=table_id):
                room.sit_out(account, table_id, False)
                client.send({"type": "ok", "id": ref})
            case TopUp(table=table_id, amount=amount):
                await room.top_up(account, table_id, amount)
                client.send({"type": "ok", "id": ref})
            case Act(table=table_id, seq=seq, action=action):
                room.act(account, table_id, action, seq)
            case Chat(table=table_id, text=said):
                room.say(account, table_id, said)
            case StartCompetition(table=table_id):
                number = await room.start_competition(account, table_id)
                client.send({"type": "ok", "id": ref, "competition": number})
    except RoomError as error:
        _error(client, ref, "refused", str(error))
