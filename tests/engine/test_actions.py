"""Actions as text (Action.parse), legal actions as text (LegalAction), refused actions
(IllegalAction: a message saying why and what is allowed, and the hand unchanged) and
the default policy of an absent or timed-out player (RULES.md R8.1, R8.2)."""

import re

import pytest

from studpoker.engine import (
    Action,
    ActionKind,
    Ante,
    BringIn,
    Hand,
    IllegalAction,
    LegalAction,
    PotAwarded,
)
from studpoker.engine.actions import Kinds
from studpoker.games import seven_card_stud, show_hand

from .scripting import deal, legal, play

K = ActionKind


def snapshot(hand: Hand) -> tuple:
    """Everything an action could change."""
    return (
        list(hand.events),
        list(hand.actions),
        list(hand.stacks),
        list(hand.bets),
        list(hand.contributed),
        list(hand.folded),
        hand.actor,
        legal(hand),
        hand.is_over,
        hand.view(None),
    )


# Seven Card Stud, two players: seat 0 A♠ A♥ / 9♠, seat 1 K♦ K♥ / 2♦ (brings in).  On
# fourth street seat 0 shows a pair of nines: an open pair (R2.7), and it acts first.
STUD = deal("As Kd", "Ah Kh", "9s 2d", "9h 3c")

# Show Hand, two players: seat 0 speaks first (5♣ over 4♦).
SHOW_HAND = deal("Ah Qs", "5c 4d", "6d 4h", "2c 8h", "3s 9s")

# Seven Card Stud, three players, played to a showdown where seat 1 shows two pair,
# seat 2 a straight and seat 0's pair of nines can win nothing.
THREE_WAY = deal("Qs Kd 7c", "Jh Kh 3d", "9s 4c 2d", "9h 7s 5h", "2c 7d 6h", "3c 8c Tc", "5c Ts 4s")


# Action.parse ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("fold", Action(K.FOLD)),
        ("check", Action(K.CHECK)),
        ("call", Action(K.CALL)),
        ("bring_in", Action(K.BRING_IN)),
        ("bring-in", Action(K.BRING_IN)),
        ("complete 200", Action(K.COMPLETE, 200)),
        ("bet 200", Action(K.BET, 200)),
        ("raise 400", Action(K.RAISE, 400)),
        ("raise to 400", Action(K.RAISE, 400)),
        ("  RAISE   400 ", Action(K.RAISE, 400)),
        ("showhand", Action(K.SHOWHAND)),
        ("show", Action(K.SHOW)),
        ("muck", Action(K.MUCK)),
    ],
)
def test_parse_reads_each_kind_of_action(text, action):
    assert Action.parse(text) == action


def test_an_action_writes_itself_as_it_is_parsed():
    assert str(Action.parse("raise to 400")) == "raise 400"
    assert str(Action.parse("Bring-In")) == "bring_in"
    assert repr(Action.parse("bet 200")) == "Action.parse('bet 200')"
    for text in ("fold", "call", "complete 200", "bet 10", "raise 800", "showhand", "muck"):
        assert str(Action.parse(text)) == text


def test_named_constructors_match_the_text():
    assert [
        Action.fold(),
        Action.check(),
        Action.call(),
        Action.bring_in(),
        Action.complete(200),
        Action.bet(200),
        Action.raise_to(400),
        Action.showhand(),
        Action.show(),
        Action.muck(),
    ] == [
        Action.parse(text)
        for text in (
            "fold",
            "check",
            "call",
            "bring_in",
            "complete 200",
            "bet 200",
            "raise 400",
            "showhand",
            "show",
            "muck",
        )
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "jump",
            "'jump' is not an action: write one of bring_in, complete, bet, raise, call, "
            "check, fold, showhand, show, muck",
        ),
        (
            "",
            "'' is not an action: write one of bring_in, complete, bet, raise, call, "
            "check, fold, showhand, show, muck",
        ),
        ("bet lots", "'bet lots' is not an action: the amount is a whole number"),
        ("bet 1 2", "'bet 1 2' is not an action: the amount is a whole number"),
        ("raise 2.5", "'raise 2.5' is not an action: the amount is a whole number"),
        ("bet -5", "'bet -5' is not an action: the amount is a whole number"),
    ],
)
def test_parse_refuses_what_is_not_an_action(text, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Action.parse(text)


# LegalAction text -------------------------------------------------------------------------


def test_legal_action_text():
    assert [
        str(LegalAction(K.FOLD)),
        str(LegalAction(K.CHECK)),
        str(LegalAction(K.CALL, 50, 50)),
        str(LegalAction(K.BRING_IN, 50, 50)),
        str(LegalAction(K.COMPLETE, 200, 200, (200,))),
        str(LegalAction(K.BET, 200, 400, (200, 400))),
        str(LegalAction(K.RAISE, 20, 989)),
        str(LegalAction(K.RAISE, 130, 130)),
        str(LegalAction(K.SHOWHAND, 990, 990)),
        str(LegalAction(K.SHOW)),
        str(LegalAction(K.MUCK)),
    ] == [
        "fold",
        "check",
        "call 50",
        "bring_in 50",
        "complete to 200",
        "bet to 200 or 400",
        "raise to 20-989",
        "raise to 130",
        "showhand 990",
        "show",
        "muck",
    ]


def test_legal_action_allows_a_range_or_only_its_choices():
    ranged = LegalAction(K.RAISE, 20, 989)
    assert [ranged.allows(n) for n in (19, 20, 500, 989, 990)] == [False, True, True, True, False]
    fixed = LegalAction(K.BET, 200, 400, (200, 400))
    assert [fixed.allows(n) for n in (200, 300, 400)] == [True, False, True]


def test_legal_actions_of_a_hand_as_text():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    assert legal(hand) == ["bring_in 50", "complete to 200"]
    play(hand, "1 bring_in")
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    play(hand, "0 call")
    assert legal(hand) == ["check", "fold", "bet to 200 or 400"]  # open pair, R2.7
    play(hand, "0 bet 400")
    assert legal(hand) == ["fold", "call 400", "raise to 800"]
    # Only the actor sees legal actions in its view.
    assert hand.view(1).legal_actions == tuple(hand.legal_actions())
    assert hand.view(0).legal_actions == ()
    assert hand.view(None).legal_actions == ()


# IllegalAction: the message, and the hand unchanged ----------------------------------------


@pytest.mark.parametrize(
    ("before", "action", "message"),
    [
        (
            [],
            "check",
            "seat 1 cannot check: the bring-in must be posted or completed first; "
            "allowed: bring_in 50, complete to 200",
        ),
        (
            [],
            "fold",
            "seat 1 cannot fold: the bring-in must be posted or completed first; "
            "allowed: bring_in 50, complete to 200",
        ),
        (
            ["1 bring_in"],
            "check",
            "seat 0 cannot check: facing a bet of 50; allowed: fold, call 50, complete to 200",
        ),
        (
            ["1 bring_in"],
            "call 70",
            "seat 0 cannot call 70: it costs 50, not 70; allowed: fold, call 50, complete to 200",
        ),
        (
            ["1 bring_in"],
            "show",
            "seat 0 cannot show: the betting is not over; allowed: fold, call 50, complete to 200",
        ),
        (
            ["1 bring_in", "0 call"],
            "bet",
            "seat 0 cannot bet: bet needs an amount to bet to; "
            "allowed: check, fold, bet to 200 or 400",
        ),
        (
            ["1 bring_in", "0 call"],
            "bet 300",
            "seat 0 cannot bet 300: the amount is not one the rules allow; "
            "allowed: check, fold, bet to 200 or 400",
        ),
        (
            ["1 bring_in", "0 call"],
            "call",
            "seat 0 cannot call: there is no bet to call; allowed: check, fold, bet to 200 or 400",
        ),
        (["1 bring_in", "0 fold"], "fold", "nobody can fold: the hand is over"),
    ],
)
def test_illegal_action_says_why_and_changes_nothing(before, action, message):
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    play(hand, *before)
    state = snapshot(hand)
    with pytest.raises(IllegalAction) as refused:
        hand.act(action)
    assert str(refused.value) == message
    assert snapshot(hand) == state


def test_illegal_action_at_the_showdown_changes_nothing():
    hand = Hand(show_hand(opener_may_check=True), [1000, 1000], deck=SHOW_HAND)
    play(hand, "0 check", "1 check", "1 check", "0 check", "1 check", "0 check")
    play(hand, "0 check", "1 check")
    assert (hand.actor, legal(hand)) == (0, ["show"])
    state = snapshot(hand)
    for action, message in [
        ("bet 200", "seat 0 cannot bet 200: it is the showdown; allowed: show"),
        (
            "muck",
            "seat 0 cannot muck: the hand can still win, and the software never mucks a "
            "winner; allowed: show",
        ),
        ("show 5", "seat 0 cannot show 5: it is the showdown; allowed: show"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            hand.act(action)
        assert str(refused.value) == message
        assert snapshot(hand) == state


def test_text_that_is_not_an_action_changes_nothing():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    state = snapshot(hand)
    with pytest.raises(ValueError, match=r"^'jump' is not an action"):
        hand.act("jump")
    assert snapshot(hand) == state


def test_an_illegal_action_can_be_followed_by_a_legal_one():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    with pytest.raises(IllegalAction):
        hand.act("check")
    play(hand, "1 bring_in", "0 fold")
    assert hand.result.net == (-25, 25)


# default_action: R8.1 and R8.2 -----------------------------------------------------------


def test_r8_2_antes_and_the_bring_in_are_posted_automatically():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    assert [e for e in hand.events if isinstance(e, Ante)] == [Ante(0, 25), Ante(1, 25)]
    assert hand.actor == 1
    assert hand.default_action() == Action.bring_in()  # not the completion
    hand.act(hand.default_action())
    assert [e for e in hand.events if isinstance(e, BringIn)] == [BringIn(1, 50)]


def test_r8_1_timed_out_player_folds_facing_a_bet_and_checks_when_free():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    play(hand, "1 bring_in")
    assert hand.default_action() == Action.fold()  # facing the bring-in
    play(hand, "0 call")
    assert hand.actor == 0
    assert hand.default_action() == Action.check()  # free, though folding is allowed
    play(hand, "0 bet 200")
    assert hand.default_action() == Action.fold()


def test_r8_1_a_hand_of_absent_players_ends():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    while not hand.is_over:
        hand.act(hand.default_action())
    # Seat 2 posts the bring-in, the others fold to it.
    assert [(seat, str(action)) for seat, action in hand.actions] == [
        (2, "bring_in"),
        (0, "fold"),
        (1, "fold"),
    ]
    assert hand.result.net == (-25, -25, 50)
    with pytest.raises(IllegalAction) as refused:
        hand.default_action()
    assert str(refused.value) == "nobody must act: the hand is over"


def test_r8_1_r6_4_default_show_hand_opener_bets_the_minimum():
    # R6.4 leaves the opener no check and no drop; a timed-out opener bets min_bet.
    hand = Hand(show_hand(), [1000, 1000], deck=SHOW_HAND)
    assert hand.default_action() == Action.bet(10)
    hand = Hand(show_hand(ante=10, min_bet=50), [1000, 1000], deck=SHOW_HAND)
    assert hand.default_action() == Action.bet(50)
    hand.act(hand.default_action())
    assert hand.default_action() == Action.fold()


def test_r8_1_default_show_hand_opener_may_check_checks():
    hand = Hand(show_hand(opener_may_check=True), [1000, 1000], deck=SHOW_HAND)
    assert hand.default_action() == Action.check()


def test_r8_1_default_opener_without_the_minimum_bet_pushes_what_it_has():
    # Seat 0 has 10 chips after the ante: its only opening is the showhand.
    hand = Hand(show_hand(), [20, 1000], deck=SHOW_HAND)
    assert legal(hand) == ["showhand 10"]
    assert hand.default_action() == Action.showhand()


def test_r8_1_default_facing_a_showhand_drops():
    hand = Hand(show_hand(), [1000, 1000], deck=SHOW_HAND)
    play(hand, "0 showhand")
    assert hand.default_action() == Action.fold()
    hand.act(hand.default_action())
    won = [(e.seat, e.amount, e.value) for e in hand.events if isinstance(e, PotAwarded)]
    assert won == [(0, 1010, None)]


def test_r8_1_r5_3_default_shows_a_hand_that_can_win_and_mucks_one_that_cannot():
    hand = Hand(seven_card_stud(), [10_000] * 3, deck=THREE_WAY)
    play(hand, "2 bring_in", "0 call", "1 call")
    for _ in range(3):
        play(hand, "0 check", "1 check", "2 check")
    play(hand, "0 bet 400", "1 raise 800", "2 call", "0 call")
    decisions = []
    while not hand.is_over:
        decisions.append((hand.actor, str(hand.default_action())))
        hand.act(hand.default_action())
    assert decisions == [(1, "show"), (2, "show"), (0, "muck")]


def test_a_legal_action_as_printed_can_be_played_back():
    """What ``legal_actions()`` prints is an action ``act`` accepts ("call 50")."""
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    play(hand, "1 bring_in")
    assert "call 50" in legal(hand)
    hand.act("call 50")
    assert hand.actions[-1][1] == Action.call()._replace(amount=50)


def test_check_or_call_checks_when_free_and_calls_a_bet():
    """R2.8: the calling station's move, PokerKit's ``check_or_call``."""
    hand = Hand(seven_card_stud(), [1000, 1000], deck=STUD)
    with pytest.raises(IllegalAction, match="the bring-in must be posted or completed first"):
        hand.check_or_call()
    play(hand, "1 bring_in")
    hand.check_or_call()
    assert hand.actions[-1] == (0, Action.call())
    hand.check_or_call()
    assert hand.actions[-1][1] == Action.check()


def test_kinds_names_every_action_kind_and_nothing_else():
    """The engine's hot loops read ActionKind's members off Kinds: it must hold the
    very same members, all of them."""
    named = {name: getattr(Kinds, name) for name in dir(Kinds) if name.isupper()}
    assert named == {kind.name: kind for kind in ActionKind}
    assert all(named[kind.name] is kind for kind in ActionKind)
