"""A remote computer player: one of ``studpoker.bots``' players at a table of a
running card room, over the same WebSocket protocol as the browser (docs/protocol.md).

Usage, with the room running (``stud serve``)::

    .venv/bin/python examples/remote_bot.py --name robot1 --password 'robot one pw' \\
        --table practice-razz --hands 20 --level normal

It logs in (registering the account the first time), connects to ``/ws`` with its
token, sits down — or, if the account already holds a seat there, watches the table
to get it back — and answers every decision of its seat.  The player decides from
what the server sends and nothing else: each ``table`` message's ``state`` (the
hand as this seat sees it) and the ``events`` of the hand so far are turned back
into the engine's :class:`~studpoker.engine.HandView`, and ``player.decide(view)``
is sent back as the answer to ``state.turn.seq``.  After ``--hands`` hands it
stands up and prints a summary.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import fields, replace
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import websockets
from websockets.typing import Subprotocol

from studpoker import engine
from studpoker.bots import LEVELS, Player, bot
from studpoker.cards import Card
from studpoker.engine import Action, ActionKind, Event, HandView, LegalAction, Pot, SeatView
from studpoker.games import GameSpec, preset
from studpoker.server.patch import apply_patch

# The event classes by the name the server gives them (``"type": "BringIn"``).
EVENTS: dict[str, type[Event]] = {
    name: cls
    for name in engine.__all__
    if isinstance(cls := getattr(engine, name), type) and issubclass(cls, Event)
}


async def log_in(url: str, name: str, password: str) -> str:
    """A session token for ``name``: log in, or register the account the first time, as
    a computer player's account (``"bot": true``: practice tables only, R7.2, R7.3)."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        credentials = {"name": name, "password": password}
        answer = await http.post("/api/sessions", json=credentials)
        if answer.status_code == 401:
            answer = await http.post("/api/accounts", json=credentials | {"bot": True})
        if answer.is_error:
            raise SystemExit(f"cannot log in as {name}: {answer.json().get('detail', answer.text)}")
        return str(answer.json()["token"])


async def seat_held(url: str, token: str, table: str) -> int | None:
    """The seat the account already holds at ``table`` (after a lost connection)."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        me = (await http.get("/api/me", headers={"Authorization": f"Bearer {token}"})).json()
    return next((seat["seat"] for seat in me["seats"] if seat["table"] == table), None)


def websocket_url(url: str) -> str:
    parts = urlsplit(url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, "/ws", "lang=en", ""))


def subprotocols(token: str) -> list[Subprotocol]:
    """The session token travels in the subprotocol header, never in the URL."""
    return [Subprotocol("studpoker"), Subprotocol(f"bearer.{token}")]


# -- the state the server sends, back into the engine's values ----------------------------


def card(text: str | None) -> Card | None:
    return None if text is None else Card.parse(text)


def event_of(sent: dict[str, Any], dealt: list[int]) -> Event:
    """An event as the engine made it, from its dict: seats back to the engine's."""
    kind = EVENTS[sent["type"]]
    values: dict[str, Any] = {}
    for item in fields(kind):
        value = sent[item.name]
        if item.name == "seat":
            value = dealt.index(value)
        elif item.name == "card":
            value = card(value)
        elif item.name == "cards" and value is not None:
            value = tuple(card(text) for text in value)
        elif item.name == "value":
            value = None  # the winning hand's name: nothing a player decides on
        values[item.name] = value
    return kind(**values)


def view_of(state: dict[str, Any], events: list[Event]) -> HandView:
    """The view of the seat to act (this one) from ``state``; the server lists the
    hand's players in the engine's order, so engine seat ``i`` is ``players[i]``."""
    hand, turn = state["hand"], state["turn"]
    dealt = [player["seat"] for player in hand["players"]]
    return HandView(
        game=hand["game"],
        viewer=dealt.index(state["viewer"]),
        street=hand["street"],
        street_name=hand["street_name"],
        actor=dealt.index(turn["seat"]),
        legal_actions=tuple(
            LegalAction(
                ActionKind(option["kind"]),
                option["minimum"],
                option["maximum"],
                None if option["choices"] is None else tuple(option["choices"]),
            )
            for option in turn["legal_actions"]
        ),
        seats=tuple(
            SeatView(
                seat=number,
                stack=player["stack"],
                bet=player["bet"],
                contributed=player["contributed"],
                folded=player["folded"],
                all_in=player["all_in"],
                down_cards=tuple(card(text) for text in player["down_cards"]),
                up_cards=tuple(card(text) for text in player["up_cards"]),
                shown=player["shown"],
            )
            for number, player in enumerate(hand["players"])
        ),
        community=tuple(card(text) for text in hand["community"]),
        pots=tuple(
            Pot(pot["amount"], tuple(dealt.index(seat) for seat in pot["eligible"]))
            for pot in hand["pots"]
        ),
        pot_total=hand["pot_total"],
        carry_in=hand["carry_in"],
        is_over=hand["is_over"],
        events=tuple(events),
    )


def spec_of(state: dict[str, Any]) -> GameSpec:
    """The table's game with its stakes; a practice table forbids the showhand (R7.1)."""
    spec = preset(state["game"], **state["stakes"])
    if state["mode"] == "practice" and spec.showhand_allowed:
        spec = replace(spec, showhand_allowed=False)
    return spec


def is_legal(action: Action, options: tuple[LegalAction, ...]) -> bool:
    return any(
        option.kind == action.kind and (action.amount is None or option.allows(action.amount))
        for option in options
    )


def fallback(options: tuple[LegalAction, ...]) -> Action:
    """What the table's clock would do: check if free, else the first option."""
    kinds = [option.kind for option in options]
    if ActionKind.CHECK in kinds:
        return Action(ActionKind.CHECK)
    option = options[0]
    takes_amount = option.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    return Action(option.kind, option.minimum if takes_amount else None)


# -- playing --------------------------------------------------------------------------------


class RemoteSeat:
    """One seat played over the WebSocket by ``player``: the events of the hand so
    far, the decisions answered, the hands played and their results."""

    def __init__(self, table: str, level: str) -> None:
        self.table = table
        self.level = level
        self.player: Player | None = None
        self.spec: GameSpec | None = None
        self.hand_number: int | None = None
        self.events: list[Event] = []
        self.told = 0  # events the player has observed
        self.answered = 0  # the last decision answered
        self.nets: list[int] = []
        self.decisions = 0
        self.state: dict[str, Any] | None = None  # the table as the messages built it

    def update(self, message: dict[str, Any]) -> str | None:
        """Take a ``table`` message in; the action text to send, if this seat must act.
        The answer to ``watch`` holds the whole state, every later message a JSON Patch
        of it (docs/protocol.md, "Updates")."""
        if "patch" in message:
            assert self.state is not None, "a patch comes after the state it changes"
            state = apply_patch(self.state, message["patch"])
        else:
            state = message["state"]
        self.state = state
        if self.player is None:
            self.spec = spec_of(state)
            self.player = bot(self.level, self.spec)
        number = state["hand_number"]
        hand = state["hand"]
        # A new hand, or the whole state again (after ``watch``): its events from the start.
        if number != self.hand_number or message["change"] == "state":
            self.hand_number, self.events, self.told = number, [], 0
            if hand is not None and state["viewer"] is not None:
                dealt = [player["seat"] for player in hand["players"]]
                if state["viewer"] in dealt:
                    self.player.new_hand(dealt.index(state["viewer"]), self.spec)
        if hand is not None:
            dealt = [player["seat"] for player in hand["players"]]
            self.events += [event_of(sent, dealt) for sent in message["events"]]
        result = message.get("result")
        if result is not None and str(state["viewer"]) in result["net"]:
            self.nets.append(result["net"][str(state["viewer"])])
        turn = state["turn"]
        if (
            turn is None
            or turn["seat"] != state["viewer"]
            or not turn["legal_actions"]
            or turn["seq"] <= self.answered
        ):
            return None
        self.player.observe(self.events[self.told :])
        self.told = len(self.events)
        view = view_of(state, self.events)
        action = self.player.decide(view)
        if not is_legal(action, view.legal_actions):  # never send what the table refuses
            action = fallback(view.legal_actions)
        self.answered = turn["seq"]
        self.decisions += 1
        return str(action)


async def play(args: argparse.Namespace) -> RemoteSeat:
    token = await log_in(args.url, args.name, args.password)
    held = await seat_held(args.url, token, args.table)
    seat = RemoteSeat(args.table, args.level)
    async with websockets.connect(
        websocket_url(args.url), subprotocols=subprotocols(token), max_size=None
    ) as socket:

        async def send(message: dict[str, Any]) -> None:
            await socket.send(json.dumps(message))

        if held is None:
            await send({"type": "sit", "table": args.table, "id": "sit"})
        else:
            await send({"type": "watch", "table": args.table, "id": "watch"})
            print(f"{args.name} is back in seat {held} at {args.table}", flush=True)
        standing = False
        async for text in socket:
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                if message["id"] in ("sit", "watch", "stand"):
                    raise SystemExit(f"{args.table}: {message['message']}")
                print(f"refused: {message['message']}", file=sys.stderr)
            elif kind == "ok" and message.get("id") == "sit":
                print(f"{args.name} sits in seat {message['seat']} at {args.table}", flush=True)
            elif kind == "ok" and message.get("id") == "stand":
                break
            elif kind == "table" and message["table"] == args.table:
                played = len(seat.nets)
                action = seat.update(message)
                if action is not None and not standing:
                    await send(
                        {
                            "type": "act",
                            "table": args.table,
                            "seq": seat.answered,
                            "action": action,
                        }
                    )
                if len(seat.nets) > played:
                    print(f"hand {seat.hand_number}: {seat.nets[-1]:+d}", flush=True)
                if len(seat.nets) >= args.hands and not standing:
                    standing = True  # a hand under way folds us, and we leave when it ends
                    await send({"type": "stand", "table": args.table, "id": "stand"})
    return seat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the card room")
    parser.add_argument("--name", required=True, help="the bot account's name")
    parser.add_argument("--password", required=True, help="its password (8 characters or more)")
    parser.add_argument("--table", default="practice-razz", help="the table to sit at")
    parser.add_argument("--hands", type=int, default=10, help="hands to play, then stand up")
    parser.add_argument("--level", default="normal", choices=LEVELS, help="the player's level")
    args = parser.parse_args(argv)
    seat = asyncio.run(play(args))
    print(f"hands played: {len(seat.nets)}")
    print(f"decisions: {seat.decisions}")
    print(f"net chips: {sum(seat.nets):+d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
