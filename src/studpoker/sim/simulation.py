"""Many hands between bots, on every core: :func:`simulate`.

The hands are cut into blocks of :data:`BLOCK` hands, and every random number of
a block comes from generators seeded by the simulation's seed and the block's
number: the deck's shuffles and each player's choices.  A block is the same
whichever process plays it, so a simulation gives the same results for the same
seed whatever the number of workers, in processes or on Ray.

Each hand starts every player with the same stack (so a result is per hand), and
the seats turn by one every hand, so that over the players' number of hands each
has sat in every seat.  In Show Hand the chips a short call leaves on the table
(R6.8) go to the next hand of the block, and what is left after its last hand is
split among the players as at a table's last hand.

``duplicate=True`` plays every deck order once per seat rotation (heads-up: each deck
twice, the seats swapped), so that the cards' luck cancels and a result is a deal's:
the interval is computed over the deals, each the sum of its hands.  There, each hand
starts with nothing carried in, and a Show Hand rollover is split among the players at
the end of its hand (a carry would make the deal's hands differ).

>>> result = simulate("razz", ["rules", "station"], hands=60, seed=1, workers=1)
>>> [(p.name, p.hands) for p in result.players]
[('rules', 60), ('station', 60)]
>>> sum(p.net for p in result.players)
0
"""

from __future__ import annotations

import multiprocessing
import os
import random
import secrets
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from studpoker.bots import PLAYERS, Player, make_player, play_hand
from studpoker.cards import Card
from studpoker.engine import Hand, rollover_shares
from studpoker.games import GameSpec, preset
from studpoker.sim.results import PlayerResult, SimResult, unit_of

__all__ = ["BLOCK", "Block", "BlockResult", "blocks_of", "run_block", "simulate"]

BLOCK = 250  # hands a block: the unit of work and of reproducibility
STACK_UNITS = 100  # a stack is 100 big bets (Show Hand: 100 antes) unless told

Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Block:
    """Hands ``first`` to ``first + hands - 1`` of a simulation."""

    spec: GameSpec
    players: tuple[str, ...]
    seed: int
    index: int
    first: int
    hands: int
    stack: int
    curves: bool
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class BlockResult:
    """Each player's chips won in a block and the sum of squares of its hands'
    results (``squares``) and, in a duplicate simulation, of its deals' (``deal_squares``;
    else the hands'); with ``curves``, every hand's result (hand by hand, player by
    player)."""

    index: int
    hands: int
    net: tuple[int, ...]
    squares: tuple[int, ...]
    per_hand: array[int] | None
    deal_squares: tuple[int, ...] = ()


def _rng(seed: int, block: int, part: str) -> random.Random:
    return random.Random(f"studpoker-sim/{seed}/{block}/{part}")


def _seated(block: Block) -> tuple[list[Player], random.Random]:
    """The block's players, each with its generator, and the deck's generator: seeded
    by the simulation's seed and the block's number."""
    players = [
        make_player(name, block.spec, _rng(block.seed, block.index, str(j)))
        for j, name in enumerate(block.players)
    ]
    return players, _rng(block.seed, block.index, "deck")


def run_block(block: Block) -> BlockResult:
    """Play one block (in whatever process runs it)."""
    if block.duplicate:
        return _run_duplicate(block)
    spec, count = block.spec, len(block.players)
    players, deck_rng = _seated(block)
    net = [0] * count
    squares = [0] * count
    per_hand = array("q") if block.curves else None
    stacks = [block.stack] * count
    carry = 0
    for i in range(block.first, block.first + block.hands):
        order = [(seat + i) % count for seat in range(count)]  # seat -> player
        hand = play_hand(spec, [players[j] for j in order], stacks, rng=deck_rng, carry_in=carry)
        carry = hand.result.rollover
        last = i == block.first + block.hands - 1
        results = _results(hand, order, split_rollover=last)
        for j, x in enumerate(results):
            net[j] += x
            squares[j] += x * x
        if per_hand is not None:
            per_hand.extend(results)
    done = tuple(squares)
    return BlockResult(block.index, block.hands, tuple(net), done, per_hand, done)


def _results(hand: Hand, order: Sequence[int], *, split_rollover: bool) -> list[int]:
    """Each player's result in ``hand`` (``order``: seat -> player); with
    ``split_rollover``, what a short call left on the table (R6.8) split equally, as
    at a table's last hand."""
    result = hand.result
    results = [0] * len(order)
    for seat, j in enumerate(order):
        results[j] = result.net[seat]
    if split_rollover and result.rollover:
        for j, share in enumerate(rollover_shares(result.rollover, len(order))):
            results[j] += share
    return results


def _run_duplicate(block: Block) -> BlockResult:
    """A duplicate block: each deal's deck order played once per seat rotation."""
    spec, count = block.spec, len(block.players)
    players, deck_rng = _seated(block)
    net = [0] * count
    squares = [0] * count
    deal_squares = [0] * count
    per_hand = array("q") if block.curves else None
    stacks = [block.stack] * count
    for _ in range(block.hands // count):
        deck: tuple[Card | None, ...] | None = None
        deal = [0] * count
        for turn in range(count):
            order = [(seat + turn) % count for seat in range(count)]  # seat -> player
            seated = [players[j] for j in order]
            if deck is None:
                hand = play_hand(spec, seated, stacks, rng=deck_rng)
                deck = hand.deck_order
            else:
                hand = play_hand(spec, seated, stacks, deck=deck)
            results = _results(hand, order, split_rollover=True)
            for j, x in enumerate(results):
                deal[j] += x
                squares[j] += x * x
            if per_hand is not None:
                per_hand.extend(results)
        for j, x in enumerate(deal):
            net[j] += x
            deal_squares[j] += x * x
    return BlockResult(
        block.index, block.hands, tuple(net), tuple(squares), per_hand, tuple(deal_squares)
    )


def blocks_of(
    spec: GameSpec,
    players: Sequence[str],
    hands: int,
    seed: int,
    stack: int,
    curves: bool,
    duplicate: bool = False,
) -> list[Block]:
    """The blocks of a simulation, in order (duplicate: whole deals a block)."""
    size = BLOCK - BLOCK % len(players) if duplicate else BLOCK
    return [
        Block(
            spec, tuple(players), seed, index, first, min(size, hands - first), stack, curves,
            duplicate,
        )
        for index, first in enumerate(range(0, hands, size))
    ]  # fmt: skip


def _labels(players: Sequence[str]) -> list[str]:
    """Each player's name in the results: a name given twice is numbered."""
    labels = []
    for i, name in enumerate(players):
        repeats = players.count(name)
        labels.append(name if repeats == 1 else f"{name}#{players[: i + 1].count(name)}")
    return labels


def _check(spec: GameSpec, players: Sequence[str], hands: int, workers: int | None) -> None:
    unknown = [name for name in players if name not in PLAYERS]
    if unknown:
        raise ValueError(f"no player {unknown[0]!r}: choose {', '.join(PLAYERS)}")
    if not 2 <= len(players) <= spec.max_seats:
        raise ValueError(f"{spec.game} seats 2 to {spec.max_seats} players, not {len(players)}")
    if hands < 1:
        raise ValueError(f"a simulation plays at least one hand, not {hands}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")


def _in_processes(blocks: list[Block], workers: int, progress: Progress) -> Iterator[BlockResult]:
    if workers == 1 or len(blocks) == 1:
        for block in blocks:
            done = run_block(block)
            progress(done.hands)
            yield done
        return
    # Not forked from this process, which may run threads (a progress bar, a test
    # runner): forked from the fork server, a fresh single-threaded interpreter that
    # imports this module once for every worker.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    with context.Pool(min(workers, len(blocks))) as pool:
        for done in pool.imap(run_block, blocks):
            progress(done.hands)
            yield done


def simulate(
    game: str | GameSpec,
    players: Sequence[str],
    hands: int,
    *,
    seed: int | None = None,
    workers: int | None = None,
    stack: int | None = None,
    curves: bool = False,
    ray_address: str | None = None,
    progress: Progress | None = None,
    duplicate: bool = False,
) -> SimResult:
    """Play ``hands`` hands of ``game`` between ``players`` (names of
    :data:`~studpoker.bots.PLAYERS`), on ``workers`` processes (default: every
    core) or, with ``ray_address``, on a Ray cluster (``"local"`` starts one here).

    ``seed`` makes the run reproducible (default: one drawn from the OS CSPRNG,
    R1.5, and reported in the result); ``stack`` is every player's stack at the
    start of each hand (default 100 big bets, Show Hand 100 antes); ``curves``
    keeps every hand's results, for a chart; ``progress`` is called with the
    number of hands of each block as it ends.  ``duplicate`` plays each deck order once
    per seat rotation (the module's description): ``hands`` is then rounded up to a
    whole number of deals, one hand a player each."""
    spec = preset(game) if isinstance(game, str) else game
    _check(spec, players, hands, workers)
    unit, unit_name = unit_of(spec)
    stack = STACK_UNITS * unit if stack is None else stack
    if stack <= spec.ante:
        raise ValueError(f"a stack of {stack} does not cover more than the ante ({spec.ante})")
    seed = secrets.randbits(32) if seed is None else seed
    workers = workers or os.cpu_count() or 1
    report = progress or (lambda hands: None)
    count = len(players)
    if duplicate:
        hands = -(-hands // count) * count  # whole deals
    blocks = blocks_of(spec, players, hands, seed, stack, curves, duplicate)
    start = time.perf_counter()
    if ray_address is not None:
        from studpoker.sim.ray_cluster import run_on_ray

        done, workers = run_on_ray(blocks, ray_address, report)
        backend = f"ray {ray_address}"
    else:
        done = list(_in_processes(blocks, workers, report))
        backend = "processes"
    seconds = time.perf_counter() - start
    done.sort(key=lambda result: result.index)
    labels = _labels(players)
    results = tuple(
        PlayerResult(
            labels[j],
            players[j],
            hands,
            sum(block.net[j] for block in done),
            sum(block.deal_squares[j] for block in done),
            unit,
            group=count if duplicate else 1,
            hand_squares=sum(block.squares[j] for block in done),
        )
        for j in range(count)
    )
    curves_out = None
    if curves:
        curves_out = tuple(_cumulative(done, j, count) for j in range(count))
    return SimResult(
        game=spec.game,
        hands=hands,
        seed=seed,
        workers=workers,
        backend=backend,
        stack=stack,
        unit=unit,
        unit_name=unit_name,
        players=results,
        seconds=seconds,
        curves=curves_out,
        duplicate=duplicate,
    )


def _cumulative(done: list[BlockResult], player: int, count: int) -> array[int]:
    total = 0
    out = array("q")
    for block in done:
        assert block.per_hand is not None
        for x in block.per_hand[player::count]:
            total += x
            out.append(total)
    return out
