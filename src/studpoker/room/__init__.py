"""The card room (the ``room`` layer of DESIGN.md): lobby, accounts, wallets,
ratings and competitions.

* :mod:`studpoker.room.ratings`: Glicko-2 ratings of Competition tables (R7.3);
* :mod:`studpoker.room.passwords`: account passwords, hashed with argon2id;
* :mod:`studpoker.room.workers`: threads of their own for slow work, with a bounded queue;
* :class:`RoomError`: a request refused, with its code and params (docs/protocol.md);
* :class:`Room`: the tables, accounts, money through the ledger, hands and ratings.
"""

from studpoker.room.errors import RoomError
from studpoker.room.passwords import (
    check_password_rules,
    hash_password,
    needs_rehash,
    verify_password,
)
from studpoker.room.ratings import Rating, loss_to_leader, update
from studpoker.room.room import ChatLine, Room, RoomTable, known_game
from studpoker.room.workers import Busy, Workers

__all__ = [
    "Busy",
    "ChatLine",
    "Rating",
    "Room",
    "RoomError",
    "RoomTable",
    "Workers",
    "check_password_rules",
    "hash_password",
    "known_game",
    "loss_to_leader",
    "needs_rehash",
    "update",
    "verify_password",
]
