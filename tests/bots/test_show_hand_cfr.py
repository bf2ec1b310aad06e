"""The heads-up Show Hand solver (issue 19): its abstract game's betting by R6.4 and
R6.6, its cards by R6.9 and R6.10, Discounted CFR and the exact best response, the
training's checkpoints and ``stud train show-hand``, and the solver's player at a
real table."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from studpoker.bots import EquityPlayer, RandomPlayer, make_player, play_hand
from studpoker.bots.show_hand_cfr.abstraction import Abstraction, _cuts, abstract
from studpoker.bots.show_hand_cfr.cards import FEW, DeckTables, tables
from studpoker.bots.show_hand_cfr.player import SolverPlayer
from studpoker.bots.show_hand_cfr.policy import Policy, shipped
from studpoker.bots.show_hand_cfr.solver import Solver
from studpoker.bots.show_hand_cfr.training import Training
from studpoker.bots.show_hand_cfr.tree import Tree
from studpoker.cards import parse_cards
from studpoker.cli import main
from studpoker.engine import Action, ActionKind
from studpoker.games import show_hand
from studpoker.hands.show_hand import ShowHandRules, show_hand_board
from studpoker.hands.show_hand import show_hand as show_hand_value

K = ActionKind


# -- the betting tree -----------------------------------------------------------------


def test_r6_4_the_first_speaker_must_bet_half_the_pot_the_pot_or_push() -> None:
    tree = Tree(stack=100)
    opener = tree.root.child("0")
    assert (opener.actor, opener.street, opener.put, opener.labels) == (
        0,
        1,
        (1, 1),
        ["b1", "b2", "sh"],
    )
    answer = opener.child("b2")  # a pot bet of 2 into 2
    assert (answer.actor, answer.facing, answer.labels) == (1, 2, ["f", "c", "r6", "sh"])
    # Called, the pot is 6; the round ends and chance deals the next one.
    assert answer.child("c").kind == "deal"
    assert answer.child("c").put == (3, 3)


def test_r6_6_a_showhand_is_only_called_or_dropped_and_a_call_goes_to_the_showdown() -> None:
    pushed = Tree(stack=100).root.child("1").child("sh")
    assert (pushed.actor, pushed.put, pushed.facing, pushed.labels) == (0, (1, 100), 99, ["f", "c"])
    called = pushed.child("c")
    assert (called.kind, called.street, called.put) == ("showdown", 1, (100, 100))
    assert pushed.child("f").put == (1, 100)  # player 0 drops: it loses its ante


def test_a_bet_that_would_leave_nothing_behind_is_a_showhand() -> None:
    opener = Tree(stack=3).root.child("0")  # 2 behind: the pot bet of 2 is every chip
    assert opener.labels == ["b1", "sh"]
    assert opener.child("b1").labels == ["f", "c", "sh"]  # a pot raise would push too


def test_r6_4_the_least_bet_of_one_ante_opens_every_later_round() -> None:
    tree = Tree(stack=100)
    called = tree.root.child("0").child("b2").child("c")  # 3 each: the pot is 6
    opener = called.child("1")
    assert (opener.street, opener.actor, opener.labels) == (2, 1, ["b1", "b3", "b6", "sh"])
    answer = opener.child("b1")
    assert (answer.facing, answer.labels) == (1, ["f", "c", "r8", "sh"])  # pot 7 + 1 called
    # Without it (the tree before the least bet was a choice) the opener's least is half
    # the pot.
    assert Tree(stack=100, least=False).root.child("0").child("b2").child("c").child(
        "1"
    ).labels == ["b3", "b6", "sh"]


def test_a_stack_too_short_to_bet_is_refused() -> None:
    with pytest.raises(ValueError, match="a stack of 1 antes leaves nothing to bet"):
        Tree(stack=1)


# -- the cards --------------------------------------------------------------------------


@pytest.mark.parametrize("deck", [28, 32])
def test_the_stripped_decks_tables_order_hands_as_the_rules_do(deck: int) -> None:
    table = DeckTables(deck)
    rules = ShowHandRules(deck=deck)
    rng = np.random.default_rng(deck)
    hands = np.argsort(rng.random((400, deck)), axis=1)[:, :5]
    values = table.showdown(hands)  # a few hands: each worked out, no table built
    assert table._five is None
    # Many hands at once build the whole table, which gives the same values.
    many = np.concatenate([hands] * (FEW // 400 + 1))
    assert np.array_equal(table.showdown(many)[:400], values)
    assert table._five is not None
    cards = [[table.cards[i] for i in row] for row in hands]
    for i in range(0, 400, 2):
        ours = int(values[i] > values[i + 1]) - int(values[i] < values[i + 1])
        theirs = show_hand_value(cards[i], rules).value - show_hand_value(cards[i + 1], rules).value
        assert ours == (theirs > 0) - (theirs < 0), (cards[i], cards[i + 1])


@pytest.mark.parametrize("deck", [52, 32, 28])
def test_the_board_tables_say_who_speaks_first_as_r6_3_does(deck: int) -> None:
    table = tables(deck)
    rules = ShowHandRules(deck=deck)
    rng = np.random.default_rng(deck)
    for size in (1, 2, 3, 4):
        boards = np.argsort(rng.random((200, deck)), axis=1)[:, : 2 * size]
        first, second = table.board(boards[:, :size]), table.board(boards[:, size:])
        for row, a, b in zip(boards.tolist(), first, second, strict=True):
            cards = [table.cards[i] for i in row]
            ours = show_hand_board(cards[:size], rules) > show_hand_board(cards[size:], rules)
            assert bool(a > b) is ours, cards


def test_r6_10_in_32_cards_a_flush_beats_a_full_house_and_in_28_it_does_not() -> None:
    for deck, flush_wins in ((32, True), (28, False)):
        table = tables(deck)
        flush = table.indices(parse_cards("Ks Qs Js 9s 8s"))
        full = table.indices(parse_cards("Ah Ad Ac Kh Kd"))
        values = table.showdown(np.array([flush, full]))
        assert bool(values[0] > values[1]) is flush_wins


def test_the_last_rounds_equity_counts_every_down_card_the_opponent_may_hold() -> None:
    """Four aces against 8♣ 9♣ T♣ J♣ in 28 cards: of the 19 unseen cards only Q♣ gives
    the opponent a straight flush (a flush loses to four of a kind there, R6.10)."""
    table = tables(28)
    mine = table.indices(parse_cards("As Ah Ad Ac Ks"))
    theirs = table.indices(parse_cards("8c 9c Tc Jc"))
    equity = table.equity(
        np.array(mine[:1]), np.array([mine[1:]]), np.array([theirs]), np.random.default_rng(1), 1
    )
    assert equity.tolist() == [18 / 19]


# -- the abstraction --------------------------------------------------------------------


@pytest.fixture(scope="module")
def small() -> Abstraction:
    return abstract(28, deals=3000, buckets=4, seed=5)


def test_the_chain_is_a_chance_distribution_and_symmetric(small: Abstraction) -> None:
    assert small.start.sum() == pytest.approx(1.0)
    for move in small.moves:
        assert move.reshape(2 * 16, 2 * 16).sum(axis=1) == pytest.approx(np.ones(32))
    # Every deal counted with the players swapped: the game is the same from either seat.
    assert small.start == pytest.approx(small.start[::-1].transpose(0, 2, 1))
    last = small.wins[3]
    reached = small.start.sum() > 0
    assert reached
    assert last + last[::-1].transpose(0, 2, 1) == pytest.approx(np.ones((2, 4, 4)))


def test_a_share_many_hands_have_fills_a_bucket_of_its_own() -> None:
    """The last round's equity is 0 for every hand the opponent's up cards already beat
    (a quarter of them here): those make one bucket, the rest are cut evenly."""
    values = np.concatenate([np.zeros(250), np.linspace(0.01, 1.0, 750)])
    edges = _cuts(values, 8)
    counts = np.bincount(np.searchsorted(edges, values, side="left"), minlength=8)
    assert counts.tolist() == [250, 107, 107, 107, 107, 107, 107, 108]
    assert _cuts(np.zeros(10), 3).tolist() == [0.0, float("inf")]


def test_too_few_deals_or_buckets_are_refused() -> None:
    with pytest.raises(ValueError, match="500 deals are too few"):
        abstract(28, deals=500)
    with pytest.raises(ValueError, match="buckets are 2 to 32, not 1"):
        abstract(28, deals=2000, buckets=1)


# -- the solver and its best response ---------------------------------------------------


def _known(buckets: int = 2) -> Abstraction:
    """A game every card of which both players know: player 0 always speaks first and
    always wins the showdown."""
    b = buckets
    start = np.zeros((2, b, b))
    start[0, 1, 0] = 1.0
    move = np.zeros((2, b, b, 2, b, b))
    for o in (0, 1):
        for x in range(b):
            for y in range(b):
                move[o, x, y, o, x, y] = 1.0
    win = np.zeros((2, b, b))
    win[:, 1, 0] = 1.0
    arrays = {"edges": np.zeros((4, b - 1)), "start": start, "win4": win}
    arrays.update({f"move{t}": move for t in (1, 2, 3)})
    arrays["meta"] = np.array([28.0, b, 0.0])
    return Abstraction.from_arrays(arrays)


def test_against_a_sure_loser_the_best_response_wins_the_ante_and_cfr_learns_to_fold() -> None:
    """Player 1 knows it loses every showdown: at an equilibrium it drops at once and
    player 0 wins its ante, 1 a hand."""
    solver = Solver(_known(), Tree(stack=10))
    uniform = [np.full(r.shape, 1.0 / r.shape[1]) for r in solver.regrets]
    assert solver.best_response(0, uniform) > 1.0  # a caller pays more than the ante
    solver.iterate(300)
    assert solver.best_response(0) == pytest.approx(1.0, abs=0.01)
    assert solver.best_response(1) == pytest.approx(-1.0, abs=0.01)
    assert solver.exploitability() == pytest.approx(0.0, abs=0.01)
    answer = solver.tree.root.child("0").child("b1")
    assert solver.average()[answer.index][0].tolist() == pytest.approx(
        [1.0, 0.0, 0.0, 0.0], abs=0.01
    )


def test_cfr_lowers_the_exploitability_of_a_counted_game(small: Abstraction) -> None:
    solver = Solver(small, Tree(stack=10))
    uniform = solver.exploitability([np.full(r.shape, 1.0 / r.shape[1]) for r in solver.regrets])
    solver.iterate(64)
    trained = solver.exploitability()
    assert 0.0 <= trained < uniform / 5


# -- training, checkpoints and the policy ----------------------------------------------


def test_a_training_goes_on_from_its_checkpoint_as_if_never_stopped(tmp_path: Path) -> None:
    checkpoint = tmp_path / "c.npz"
    kept = Training(28, deals=2000, buckets=3, stack=10, seed=2, checkpoint=checkpoint)
    kept.step(6)
    taken_up = Training(28, deals=2000, buckets=3, stack=10, seed=2, checkpoint=checkpoint)
    assert taken_up.iterations == 6
    assert len(taken_up.curve) == 1
    kept.step(5)
    taken_up.step(5)
    assert taken_up.curve[-1].exploitability == pytest.approx(kept.curve[-1].exploitability)
    assert taken_up.policy().exploitability == min(p.exploitability for p in kept.curve)
    other = "a checkpoint of another training .* least bet = \\[28, 2000, 3, 10, 2, 2, 1\\], not"
    with pytest.raises(ValueError, match=other):
        Training(28, deals=2000, buckets=3, stack=10, seed=9, checkpoint=checkpoint)


def test_a_policy_reads_back_as_written(tmp_path: Path) -> None:
    run = Training(28, deals=2000, buckets=3, stack=10, seed=4)
    run.step(8)
    policy = run.policy()
    policy.save(tmp_path / "p.npz")
    again = Policy.load(tmp_path / "p.npz")
    assert (again.deck, again.stack, again.iterations) == (28, 10, 8)
    assert np.array_equal(again.table, policy.table)
    assert np.array_equal(again.edges, policy.edges)
    node = again.tree.root.child("1").child("b1")
    assert sum(again.strategy(node, 2).values()) == pytest.approx(1.0)


def test_a_policy_saved_before_the_least_bet_loads_with_its_own_tree(tmp_path: Path) -> None:
    run = Training(28, deals=2000, buckets=3, stack=10, seed=4, least=False)
    run.step(2)
    policy = run.policy()
    path = tmp_path / "old.npz"
    meta = np.array([28, 10, 2, policy.iterations, policy.exploitability])  # no least flag
    np.savez_compressed(path, meta=meta, edges=policy.edges, table=policy.table)
    old = Policy.load(path)
    assert old.least is False
    assert old.tree.decisions == Tree(stack=10, least=False).decisions
    new = Training(28, deals=2000, buckets=3, stack=10, seed=4)
    assert Policy.load(_saved(new, tmp_path)).least


def _saved(run: Training, folder: Path) -> Path:
    run.step(2)
    path = folder / "new.npz"
    run.policy().save(path)
    return path


def test_stud_train_show_hand_prints_the_curve_and_writes_a_policy(tmp_path: Path, capsys) -> None:
    out = tmp_path / "p.npz"
    argv = ["train", "show-hand", "--deck", "28", "--deals", "2000", "--buckets", "3"]
    argv += ["--stack", "10", "--iterations", "24", "--out", str(out), "--no-progress"]
    argv += ["--curve", str(tmp_path / "curve.json")]
    assert main(argv) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed[:3]] == ["8", "16", "24"]
    assert "exploitability" in printed[0]
    assert printed[-1].startswith(f"policy written to {out}")
    assert Policy.load(out).iterations == 24
    assert main(argv) == 0  # the checkpoint says the 24 are done
    assert capsys.readouterr().out.startswith(f"taken up from {tmp_path / 'p.checkpoint.npz'}")


def test_stud_train_refuses_no_iterations(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["train", "show-hand", "--iterations", "0"])
    assert "argument --iterations: 0 is not above 0" in capsys.readouterr().err


# -- the solver's player at a table ------------------------------------------------------


@pytest.mark.parametrize("deck", [52, 32, 28])
def test_the_shipped_policies_are_the_trees_of_100_antes(deck: int) -> None:
    policy = shipped(deck)
    assert (policy.deck, policy.stack, policy.buckets, policy.least) == (deck, 100, 8, True)
    assert policy.tree.decisions == 20_636
    assert policy.iterations >= 100
    assert 0 < policy.exploitability < 1.0


@pytest.mark.parametrize("deck", [52, 28])
def test_the_solver_plays_heads_up_hands_legally_by_its_policy(deck: int) -> None:
    spec = show_hand(deck=deck)
    solver = SolverPlayer(random.Random(deck))
    rng = random.Random(7)
    for number in range(40):
        other = EquityPlayer(random.Random(number), "hard") if number % 2 else RandomPlayer(rng)
        players = [solver, other] if number % 4 < 2 else [other, solver]
        hand = play_hand(spec, players, [1000, 1000], rng=rng)
        assert hand.is_over
        assert sum(hand.result.net) == 0
    assert solver.on_tree > 40
    assert solver.on_tree > 4 * solver.off_tree


def test_where_showhand_is_not_allowed_every_chip_bet_stands_for_it() -> None:
    """R7.1's practice tables allow no showhand: the solver still plays by its policy,
    its showhands played as bets or raises of every chip the other can answer (and
    answered as the tree's showhand), every action legal, the chips conserved."""
    spec = show_hand(deck=28, showhand_allowed=False)
    pushed: list[tuple[str, int, int]] = []

    class Pushing(SolverPlayer):
        def _played(self, label, node, view):
            action = super()._played(label, node, view)
            if label == "sh":
                options = {o.kind: o for o in view.legal_actions}
                assert K.SHOWHAND not in options
                them = next(seat for seat in view.seats if seat.seat != view.viewer)
                most = min(options[action.kind].maximum, them.bet + them.stack)
                pushed.append((str(action.kind), action.amount, most))
            return action

    solver = Pushing(random.Random(5))
    rng = random.Random(9)
    for number in range(60):
        other = EquityPlayer(random.Random(number), "hard")
        players = [solver, other] if number % 2 else [other, solver]
        hand = play_hand(spec, players, [1000, 1000 + 10 * number], rng=rng)
        assert hand.is_over
        assert sum(hand.result.net) == 0
    assert solver.on_tree > 4 * solver.off_tree
    assert pushed, "the policy never pushed in 60 hands"
    for kind, amount, most in pushed:
        assert kind in ("bet", "raise")
        assert amount == most


def _counted(player, counts: dict[str, int], name: str) -> None:
    """Count the decisions ``player`` is asked for under ``name``."""
    original = player.bet

    def bet(view):
        counts[name] = counts.get(name, 0) + 1
        return original(view)

    player.bet = bet


def test_the_solver_leaves_a_three_handed_hand_to_the_range_reader() -> None:
    # Three-handed Show Hand: the range reader beats the equity player (docs/bots.md).
    solver = SolverPlayer(random.Random(1))
    counts: dict[str, int] = {}
    _counted(solver._multiway, counts, "ranges")
    _counted(solver._fallback, counts, "equity")
    others = [EquityPlayer(random.Random(2)), EquityPlayer(random.Random(3))]
    for number in range(6):
        players = [solver, *others][number % 3 :] + [solver, *others][: number % 3]
        hand = play_hand(show_hand(deck=28), players, [1000] * 3, rng=random.Random(number))
        assert hand.is_over
        assert sum(hand.result.net) == 0
    assert solver.on_tree == 0
    assert counts.get("ranges", 0) == solver.off_tree > 0
    assert "equity" not in counts


def test_the_solver_leaves_a_checking_table_to_the_equity_player() -> None:
    checking = show_hand(deck=28, opener_may_check=True)
    solver = SolverPlayer(random.Random(1))
    counts: dict[str, int] = {}
    _counted(solver._multiway, counts, "ranges")
    _counted(solver._fallback, counts, "equity")
    play_hand(checking, [solver, EquityPlayer(random.Random(2))], [1000] * 2, rng=random.Random(4))
    assert solver.on_tree == 0
    assert counts == {"equity": solver.off_tree}


def test_an_opponents_pot_bet_is_read_as_the_trees_pot_bet() -> None:
    """After the antes (10 each) the opponent bets 20 into 20: the tree's b2 (2 antes
    into 2), and the solver then answers from b2's node."""
    spec = show_hand(deck=28)
    seen: list[str] = []

    class Watching(SolverPlayer):
        def bet(self, view):
            policy = shipped(28)
            node = self._follow(view, policy)
            seen.append(node.history if node is not None else "off")
            return super().bet(view)

    class PotBettor(RandomPlayer):
        def bet(self, view):
            options = {o.kind: o for o in view.legal_actions}
            if K.BET in options:
                return Action(K.BET, 20)
            return Action(K.FOLD) if K.FOLD in options else Action(K.CALL)

    for seed in range(12):  # until the pot bettor speaks first
        seen.clear()
        players = [PotBettor(random.Random(seed)), Watching(random.Random(seed))]
        play_hand(spec, players, [1000, 1000], rng=random.Random(seed))
        if seen and seen[0].startswith("1:"):
            assert seen[0] == "1:b2"
            return
    pytest.fail("the pot bettor never spoke first")


def test_an_opponents_least_bet_in_a_later_round_is_read_as_the_trees_least_bet() -> None:
    """The solver bets the pot in round 1 (2 antes into 2) and the opponent calls: the
    pot is 6 antes.  In round 2 the opponent speaks first and bets the least, 10 chips
    (one ante, a sixth of the pot): the tree's b1, not its half-pot bet b3 — before the
    least bet was in the tree it was read as b3, a bet three times its size."""
    spec = show_hand(deck=28)
    seen: list[str] = []

    class Watching(SolverPlayer):
        def bet(self, view):
            node = self._follow(view, shipped(28))
            seen.append(node.history if node is not None else "off")
            return super().bet(view)

    class LeastBettor(RandomPlayer):
        def bet(self, view):
            options = {o.kind: o for o in view.legal_actions}
            if K.BET in options:
                return Action(K.BET, 10)
            return Action(K.CALL) if K.CALL in options else Action(K.FOLD)

    for seed in range(40):
        seen.clear()
        players = [LeastBettor(random.Random(seed)), Watching(random.Random(seed))]
        play_hand(spec, players, [1000, 1000], rng=random.Random(seed))
        if len(seen) >= 2 and seen[0] == "0" and seen[1].startswith("0:b2:c/1:"):
            assert seen[1] == "0:b2:c/1:b1"
            return
    pytest.fail("the solver never bet the pot before the least bettor spoke first")


def test_expert_plays_show_hand_by_the_solver_where_it_measured_stronger() -> None:
    for deck in (52, 32, 28):  # above the equity player in every deck (docs/bots.md)
        assert isinstance(make_player("expert", show_hand(deck=deck)), SolverPlayer)
    assert isinstance(make_player("solver", "show_hand"), SolverPlayer)
