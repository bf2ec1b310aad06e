"""The betting of the abstract heads-up Show Hand game the solver plays: chips in
antes, both players ante 1 from ``stack`` antes (R6.1), and in each of the four
rounds (R6.2) the first speaker must bet (R6.4: ``opener_may_check`` off) the least
bet of one ante (R6.4's ``min_bet`` at its default, the ante; not with ``least`` off),
half the pot or the pot, or push every chip (a showhand, R6.6); the other folds, calls, raises by
the pot or pushes; ``raises`` raises a round at most, then only fold, call or push.
A showhand is only called or dropped; once called the remaining cards are dealt and
the hands compared.  A bet that would leave nothing behind is a showhand.

Between the rounds chance deals (who speaks first is part of the deal).  Every node
has a number; the decision nodes have a second one, their place in the policy.

>>> tree = Tree(stack=100)
>>> root = tree.root
>>> root.kind, [label for label, _ in root.children][:2]
('deal', ['0', '1'])
>>> opener = root.children[0][1]
>>> opener.actor, [label for label, _ in opener.children]
(0, ['b1', 'b2', 'sh'])
>>> after = opener.child("b2").child("c").child("1")   # called: round 2, pot 6
>>> after.street, after.labels
(2, ['b1', 'b3', 'b6', 'sh'])
>>> tree.decisions, Tree(stack=100, least=False).decisions
(20636, 3628)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["FOLD", "Node", "Tree"]

Kind = Literal["deal", "act", "fold", "showdown"]
FOLD, CALL, SHOWHAND = "f", "c", "sh"
BET_FRACTIONS = (0.5, 1.0)  # of the pot


@dataclass(eq=False)
class Node:
    """One node of the abstract game.  ``put`` is what each player has put in;
    ``street`` 1 to 4 is the round (the second card to the fifth); ``opener`` the
    player who speaks first this round; ``actor`` the player to act (``act``), or
    the player who folded (``fold``).  ``history`` names the path from the root:
    each round's opener, then its actions, rounds apart by ``/``."""

    kind: Kind
    street: int
    put: tuple[int, int]
    opener: int
    history: str
    actor: int = -1
    index: int = -1  # the place of an ``act`` node in the policy
    facing: int = 0  # chips the actor must add to call
    children: list[tuple[str, Node]] = field(default_factory=list)

    def child(self, label: str) -> Node:
        for name, node in self.children:
            if name == label:
                return node
        raise KeyError(f"no action {label!r} at {self.history!r}")

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.children]


class Tree:
    """Every betting sequence of the abstract game for ``stack`` antes a player,
    ``raises`` raises a round at most; ``least`` gives the opener R6.4's least bet."""

    def __init__(self, stack: int = 100, raises: int = 2, least: bool = True) -> None:
        if stack < 2:
            raise ValueError(f"a stack of {stack} antes leaves nothing to bet after the ante")
        self.stack = stack
        self.raises = raises
        self.least = least
        self.nodes: list[Node] = []
        self.decisions = 0
        self.root = self._deal(1, (1, 1), "", -1)

    def _new(self, node: Node) -> Node:
        self.nodes.append(node)
        if node.kind == "act":
            node.index = self.decisions
            self.decisions += 1
        return node

    def _deal(self, street: int, put: tuple[int, int], history: str, opener: int) -> Node:
        """Chance deals round ``street``; ``opener`` spoke first in the round before."""
        node = self._new(Node("deal", street, put, opener, history))
        for opener in (0, 1):
            prefix = f"{history}/{opener}" if history else str(opener)
            node.children.append((str(opener), self._open(street, put, opener, prefix)))
        return node

    def _open(self, street: int, put: tuple[int, int], opener: int, history: str) -> Node:
        node = self._new(Node("act", street, put, opener, history, actor=opener))
        behind = self.stack - put[opener]
        pot = put[0] + put[1]
        sizes = sorted({max(1, int(pot * fraction)) for fraction in BET_FRACTIONS})
        if self.least:  # R6.4's least bet, one ante: the bet a weak opener makes
            sizes = sorted({1, *sizes})
        for size in sizes:
            if size < behind:
                after = _add(put, opener, size)
                node.children.append(
                    (
                        f"b{size}",
                        self._answer(
                            street, after, opener, 1 - opener, f"{history}:b{size}", size, 0
                        ),
                    )
                )
        node.children.append((SHOWHAND, self._pushed(street, put, opener, f"{history}:sh")))
        return node

    def _answer(
        self,
        street: int,
        put: tuple[int, int],
        opener: int,
        actor: int,
        history: str,
        increment: int,
        raises: int,
    ) -> Node:
        """``actor`` faces a bet or raise of ``increment`` more than its own."""
        facing = put[1 - actor] - put[actor]
        node = self._new(Node("act", street, put, opener, history, actor=actor, facing=facing))
        node.children.append(
            (FOLD, self._new(Node("fold", street, put, opener, f"{history}:f", actor=actor)))
        )
        called = _add(put, actor, facing)
        node.children.append((CALL, self._called(street, called, opener, f"{history}:c")))
        behind = self.stack - called[actor]
        if raises < self.raises:
            size = called[0] + called[1]  # a raise of the pot after the call
            if max(size, increment) < behind:
                size = max(size, increment)  # R6.4: at least the last bet or raise
                after = _add(called, actor, size)
                node.children.append(
                    (
                        f"r{size}",
                        self._answer(
                            street, after, opener, 1 - actor, f"{history}:r{size}", size, raises + 1
                        ),
                    )
                )
        node.children.append((SHOWHAND, self._pushed(street, put, actor, f"{history}:sh")))
        return node

    def _called(self, street: int, put: tuple[int, int], opener: int, history: str) -> Node:
        if street == 4:
            return self._new(Node("showdown", street, put, opener, history))
        return self._deal(street + 1, put, history, opener)

    def _pushed(self, street: int, put: tuple[int, int], actor: int, history: str) -> Node:
        """``actor`` pushed every chip: the other calls (all in too) or drops."""
        other = 1 - actor
        all_in = (self.stack, self.stack)
        pushed = (self.stack, put[1]) if actor == 0 else (put[0], self.stack)
        node = self._new(
            Node("act", street, pushed, -1, history, actor=other, facing=self.stack - put[other])
        )
        node.opener = self._opener_of(history)
        node.children.append(
            (
                FOLD,
                self._new(Node("fold", street, pushed, node.opener, f"{history}:f", actor=other)),
            )
        )
        node.children.append(
            (CALL, self._new(Node("showdown", street, all_in, node.opener, f"{history}:c")))
        )
        return node

    @staticmethod
    def _opener_of(history: str) -> int:
        return int(history.rsplit("/", 1)[-1].split(":", 1)[0])


def _add(put: tuple[int, int], player: int, chips: int) -> tuple[int, int]:
    return (put[0] + chips, put[1]) if player == 0 else (put[0], put[1] + chips)
