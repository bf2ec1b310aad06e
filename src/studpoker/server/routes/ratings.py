"""The ratings' routes: a game's leaderboard and a player's rating history (Glicko-2,
from the competitions)."""

import asyncio
from functools import cache
from typing import Annotated

from fastapi import APIRouter, Query

from studpoker.room import known_game
from studpoker.server.answers import LeaderboardRow, RatingHistory, Refusal, problems
from studpoker.server.routes import AppServices

__all__ = ["ratings_router"]


@cache
def ratings_router() -> APIRouter:
    """The ratings' routes (built once a process)."""
    router = APIRouter(tags=["ratings"])

    @router.get("/api/leaderboard", responses=problems("unknown_game"))
    async def leaderboard(
        app: AppServices,
        game: str = "seven_card_stud",
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
    ) -> list[LeaderboardRow]:
        """The competition ratings of a game, the best first."""
        known_game(game)
        rows = await asyncio.to_thread(app.room.store.leaderboard, game, limit=limit)
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

    @router.get("/api/ratings/{name}", responses=problems("unknown_game", "no_player"))
    async def ratings(name: str, app: AppServices, game: str = "seven_card_stud") -> RatingHistory:
        """One player's rating history in a game."""
        known_game(game)
        store = app.room.store
        account = await asyncio.to_thread(store.account, name)
        if account is None:
            raise Refusal(f"no player {name!r}", "no_player", {"name": name})
        history = await asyncio.to_thread(store.rating_history, account.id, game)
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

    return router
