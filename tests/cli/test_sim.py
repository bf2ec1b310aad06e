"""``stud sim``: bots against bots, results per 100 hands with 95% intervals, a JSON
summary, a chart, and the same results for the same seed on any number of workers,
in processes or on Ray."""

from __future__ import annotations

import json
import sys

import pytest

from studpoker.cli import main
from studpoker.sim import simulate


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["sim", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def summary(capsys, *argv: str) -> dict:
    status, out, _ = run(capsys, *argv, "--json", "--no-progress")
    assert status == 0
    return json.loads(out)


def test_the_table_names_each_player_with_its_interval(capsys):
    status, out, _ = run(
        capsys,
        "--game",
        "razz",
        "--players",
        "rules,station,random",
        "--hands",
        "300",
        "--seed",
        "1",
        "--workers",
        "1",
        "--no-progress",
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("razz: 300 hands, seed 1, 1 worker (processes), stacks 40,000")
    assert lines[1].split() == ["player", "big", "bets/100", "95%", "interval"]
    assert [line.split()[0] for line in lines[2:]] == ["rules", "station", "random"]


def test_five_card_stud_in_big_bets(capsys):
    # Fixed-limit Five-Card Stud (R9): big bets of 4.00, stacks of 100 of them.
    status, out, _ = run(
        capsys,
        "--game",
        "five_card_stud",
        "--players",
        "rules,station,random",
        "--hands",
        "300",
        "--seed",
        "1",
        "--workers",
        "1",
        "--no-progress",
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("five_card_stud: 300 hands, seed 1, 1 worker (processes)")
    assert "stacks 40,000" in lines[0]
    assert lines[1].split() == ["player", "big", "bets/100", "95%", "interval"]
    assert [line.split()[0] for line in lines[2:]] == ["rules", "station", "random"]
    data = summary(
        capsys, "--game", "five_card_stud", "--players", "equity,rules", "--hands", "250",
        "--seed", "2", "--workers", "1",
    )  # fmt: skip
    assert (data["game"], data["unit"], data["unit_chips"]) == ("five_card_stud", "big bet", 400)
    assert sum(p["net_chips"] for p in data["players"]) == 0
    # The same seed, the same results on two workers.
    again = summary(
        capsys, "--game", "five_card_stud", "--players", "equity,rules", "--hands", "250",
        "--seed", "2", "--workers", "2",
    )  # fmt: skip
    assert again["players"] == data["players"]


def test_ten_players_sit_at_a_five_card_stud_simulation(capsys):
    # R9.1 deals to ten; the preset's table has eight seats (R7.4's tables), so ten
    # is refused with the seats the game has.
    status, _, err = run(
        capsys, "--game", "five_card_stud", "--players", ",".join(["station"] * 9),
        "--hands", "10", "--no-progress",
    )  # fmt: skip
    assert status == 2
    assert "five_card_stud seats 2 to 8 players, not 9" in err


def test_the_json_summary(capsys):
    data = summary(
        capsys,
        "--game",
        "show_hand",
        "--players",
        "rules,rules,station",
        "--hands",
        "200",
        "--seed",
        "3",
        "--workers",
        "1",
    )
    assert data["game"] == "show_hand"
    assert data["hands"] == 200
    assert data["seed"] == 3
    assert data["unit"] == "ante"
    assert data["unit_chips"] == 10
    assert data["stack"] == 1000
    assert [p["name"] for p in data["players"]] == ["rules#1", "rules#2", "station"]
    assert sum(p["net_chips"] for p in data["players"]) == 0  # stacks reset each hand
    for player in data["players"]:
        low, high = player["ci95"]
        assert low <= player["per_100"] <= high
        assert player["per_100"] == pytest.approx(100 * player["net_chips"] / 200 / 10, abs=1e-3)


def test_json_to_a_file_prints_the_table_too(capsys, tmp_path):
    path = tmp_path / "sim.json"
    status, out, _ = run(
        capsys,
        "--hands",
        "100",
        "--seed",
        "2",
        "--workers",
        "1",
        "--json",
        str(path),
        "--no-progress",
    )
    assert status == 0
    assert out.startswith("seven_card_stud: 100 hands")
    assert json.loads(path.read_text())["hands"] == 100


def results(data: dict) -> list:
    return [(p["name"], p["net_chips"], p["ci95"]) for p in data["players"]]


def test_the_same_seed_gives_the_same_results_whatever_the_workers(capsys):
    argv = (
        "--game",
        "stud_hilo",
        "--players",
        "random,station,hard",
        "--hands",
        "600",
        "--seed",
        "9",
    )
    one = summary(capsys, *argv, "--workers", "1")
    assert results(summary(capsys, *argv, "--workers", "1")) == results(one)
    two = summary(capsys, *argv, "--workers", "2")
    assert two["workers"] == 2
    assert results(two) == results(one)
    assert results(summary(capsys, *argv[:-1], "10", "--workers", "1")) != results(one)


def test_seats_turn_so_that_a_mirror_match_is_even():
    """The same player in every seat: each sits in every seat equally often, and
    what one wins the others lose."""
    result = simulate("razz", ["station"] * 3, 300, seed=4, workers=1)
    assert sum(p.net for p in result.players) == 0
    assert [p.name for p in result.players] == ["station#1", "station#2", "station#3"]


def test_a_seed_is_drawn_when_none_is_given(capsys):
    data = summary(capsys, "--hands", "20", "--workers", "1")
    assert isinstance(data["seed"], int)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--players", "rules,shark"],
            "stud sim: no player 'shark': choose random, station, rules, easy, normal, hard",
        ),
        (["--players", "rules"], "stud sim: seven_card_stud seats 2 to 8 players, not 1"),
        (["--hands", "0"], "stud sim: a simulation plays at least one hand, not 0"),
        (["--workers", "0"], "stud sim: workers must be at least 1, not 0"),
        (["--stack", "20"], "stud sim: a stack of 20 does not cover more than the ante (25)"),
    ],
)
def test_mistakes_are_explained(capsys, argv, message):
    status, _, err = run(capsys, *argv, "--no-progress")
    assert status == 2
    assert err.strip().startswith(message)  # a player registered later may follow


def test_the_progress_bar_goes_to_stderr(capsys):
    status, out, _ = run(capsys, "--hands", "300", "--seed", "1", "--workers", "1", "--json")
    assert status == 0
    assert json.loads(out)["hands"] == 300


def test_a_chart_of_cumulative_winnings(capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is the optional extra chart")
    path = tmp_path / "sim.png"
    status, _, _ = run(
        capsys,
        "--game",
        "razz",
        "--hands",
        "250",
        "--seed",
        "1",
        "--workers",
        "1",
        "--chart",
        str(path),
        "--no-progress",
    )
    assert status == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_matplotlib_the_chart_is_refused_clearly(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    status, _, err = run(
        capsys,
        "--hands",
        "10",
        "--workers",
        "1",
        "--chart",
        str(tmp_path / "x.png"),
        "--no-progress",
    )
    assert status == 2
    assert "--chart needs the matplotlib package" in err


def test_without_ray_the_ray_option_is_refused_clearly(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    status, _, err = run(capsys, "--hands", "10", "--ray", "auto", "--no-progress")
    assert status == 2
    assert "--ray needs the ray package, which is not installed" in err


def test_ray_gives_the_same_results_as_local_processes(capsys):
    """A local Ray instance, started by the run (``--ray local``) and stopped after it."""
    pytest.importorskip("ray", reason="ray is the optional extra ray")
    argv = ("--game", "show_hand", "--players", "rules,random", "--hands", "500", "--seed", "5")
    local = summary(capsys, *argv, "--workers", "1")
    on_ray = summary(capsys, *argv, "--ray", "local")
    assert on_ray["backend"] == "ray local"
    assert results(on_ray) == results(local)


def test_duplicate_plays_each_deck_once_a_seat_rotation(capsys):
    """--duplicate: heads-up, each deck twice with the seats swapped, so a player
    against itself wins nothing on any deal and a deal's hands mirror each other."""
    data = summary(
        capsys, "--game", "razz", "--players", "station,station", "--hands", "201",
        "--seed", "5", "--workers", "1", "--duplicate",
    )  # fmt: skip
    assert (data["hands"], data["duplicate"]) == (202, True)  # 101 whole deals
    # Two calling stations play each deck the same in either seat: every deal is even.
    assert [p["net_chips"] for p in data["players"]] == [0, 0]
    assert [p["ci95"] for p in data["players"]] == [[0.0, 0.0], [0.0, 0.0]]
    assert data["players"][0]["hands_needed"] == 0.0
    assert data["players"][0]["ci95_independent"] > 1  # the hands alone swing


def test_duplicate_hands_are_the_same_deals_in_every_rotation():
    """Three players: each deck is played three times, each player once in each seat,
    and what the cards gave each seat is the same every time (the station calls all)."""
    result = simulate("seven_card_stud", ["station"] * 3, 30, seed=2, workers=1,
                      duplicate=True, curves=True)  # fmt: skip
    assert result.hands == 30
    assert result.curves is not None
    per_hand = [[b - a for a, b in zip((0, *curve), curve, strict=False)]
                for curve in result.curves]  # fmt: skip
    for deal in range(10):
        hands = [[per_hand[j][3 * deal + turn] for j in range(3)] for turn in range(3)]
        # Turn t seats player j in seat (j - t) mod 3: the results rotate with the seats.
        assert hands[1] == hands[0][2:] + hands[0][:2]
        assert hands[2] == hands[0][1:] + hands[0][:1]
    assert [p.net for p in result.players] == [0, 0, 0]


def test_duplicate_text_says_how_many_hands_it_saves(capsys):
    status, out, _ = run(
        capsys, "--game", "razz", "--players", "rules,station", "--hands", "400", "--seed", "3",
        "--workers", "1", "--duplicate", "--no-progress",
    )  # fmt: skip
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("razz: 400 hands (200 deals, duplicate), seed 3, 1 worker")
    result = simulate("razz", ["rules", "station"], 400, seed=3, workers=1, duplicate=True)
    rules = result.players[0]
    assert lines[4] == (
        f"rules    without duplicate ±{rules.ci95_independent:.2f}: duplicate needs "
        f"{100 * rules.hands_needed:.0f}% of the hands for the same interval"
    )
    assert rules.hands_needed < 1
