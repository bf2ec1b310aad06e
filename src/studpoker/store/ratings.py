"""Ratings per game (R7.3): the current Glicko-2 numbers of each account and their
history. The numbers are computed elsewhere; the store keeps them."""

from __future__ import annotations

from sqlalchemy import select

from studpoker.store.base import StoreBase
from studpoker.store.checks import bounded_text, finite, whole
from studpoker.store.errors import StoreError
from studpoker.store.models import (
    GAME_LENGTH,
    AccountModel,
    CompetitionModel,
    RatingChangeModel,
    RatingModel,
)
from studpoker.store.money import upsert
from studpoker.store.values import PROVISIONAL_RD, LeaderboardEntry, RatingChange, RatingRow


def _rating_value(row: RatingModel) -> RatingRow:
    return RatingRow(
        account_id=row.account_id,
        game=row.game,
        rating=row.rating,
        rd=row.rd,
        volatility=row.volatility,
        games=row.games,
        updated_at=row.updated_at,
    )


def _game(game: object) -> str:
    return bounded_text(game, "a game", length=GAME_LENGTH)


class Ratings(StoreBase):
    def rating(self, account_id: int, game: str) -> RatingRow | None:
        """The account's rating in the game; None if it has never been rated in it."""
        whole(account_id, "an account id")
        with self._transaction() as session:
            row = session.get(RatingModel, (account_id, _game(game)))
            return None if row is None else _rating_value(row)

    def save_rating(
        self,
        account_id: int,
        game: str,
        rating: float,
        rd: float,
        volatility: float,
        *,
        competition_id: int | None = None,
        games: int = 1,
    ) -> None:
        """Sets the account's rating in the game after ``games`` more rated games (one
        by default) and adds it to the history, in one transaction."""
        game = _game(game)
        rating = finite(rating, "a rating")
        rd = finite(rd, "a rating deviation", positive=True)
        volatility = finite(volatility, "a volatility", positive=True)
        games = whole(games, "a number of games")
        if competition_id is not None:
            whole(competition_id, "a competition id")
        now = self._now()
        with self._transaction() as session:
            self._account_row(session, account_id, lock=True)
            if competition_id is not None and session.get(CompetitionModel, competition_id) is None:
                raise StoreError(f"no competition {competition_id}")
            played = RatingModel.__table__.c.games
            upsert(
                session,
                RatingModel,
                {
                    "account_id": account_id,
                    "game": game,
                    "rating": rating,
                    "rd": rd,
                    "volatility": volatility,
                    "games": games,
                    "updated_at": now,
                },
                {
                    "rating": rating,
                    "rd": rd,
                    "volatility": volatility,
                    "games": played + games,
                    "updated_at": now,
                },
                played,
            )
            session.add(
                RatingChangeModel(
                    account_id=account_id,
                    game=game,
                    competition_id=competition_id,
                    rating=rating,
                    rd=rd,
                    volatility=volatility,
                    at=now,
                )
            )

    def leaderboard(self, game: str, *, limit: int = 50) -> list[LeaderboardEntry]:
        """The game's best ratings, highest first (ties: the surer rating first)."""
        game = _game(game)
        limit = whole(limit, "a limit")
        with self._transaction() as session:
            rows = session.execute(
                select(RatingModel, AccountModel.name)
                .join(AccountModel, AccountModel.id == RatingModel.account_id)
                .where(RatingModel.game == game)
                .order_by(RatingModel.rating.desc(), RatingModel.rd, AccountModel.name_key)
                .limit(limit)
            )
            return [
                LeaderboardEntry(
                    account_id=rating.account_id,
                    name=name,
                    rating=rating.rating,
                    rd=rating.rd,
                    games=rating.games,
                    provisional=rating.rd > PROVISIONAL_RD,
                )
                for rating, name in rows
            ]

    def rating_history(self, account_id: int, game: str) -> list[RatingChange]:
        """Every rating the account has had in the game, oldest first."""
        whole(account_id, "an account id")
        game = _game(game)
        with self._transaction() as session:
            rows = session.scalars(
                select(RatingChangeModel)
                .where(RatingChangeModel.account_id == account_id, RatingChangeModel.game == game)
                .order_by(RatingChangeModel.id)
            )
            return [
                RatingChange(
                    at=row.at,
                    rating=row.rating,
                    rd=row.rd,
                    volatility=row.volatility,
                    competition_id=row.competition_id,
                )
                for row in rows
            ]
