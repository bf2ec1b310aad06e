"""``/healthz``, ``/readyz`` and ``/metrics`` (issue 34): alive, ready or not and why,
and Prometheus' metrics that move as a hand is played — for an operator or the metrics
token only."""

from __future__ import annotations

import re

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import text

from studpoker.room import Room
from studpoker.server import create_app
from studpoker.store import Actor, Store
from studpoker.store.migrate import head

from .conftest import in_threads, served, wait_for

TABLE = "practice-razz"


def metric(body: str, name: str, labels: str = "") -> float:
    """The value of sample ``name{labels}`` in Prometheus' text."""
    pattern = re.escape(name + (f"{{{labels}}}" if labels else "")) + r" (\S+)"
    found = re.search(f"^{pattern}$", body, re.MULTILINE)
    assert found is not None, f"no {name}{{{labels}}} in the metrics"
    return float(found.group(1))


def test_alive_and_ready_say_so_and_why_not(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    app = create_app(Room(Store(url), seed=1, default_tables=False))
    before = TestClient(app)  # the room not started: alive, not ready
    assert before.get("/healthz").json() == {"status": "alive"}
    answer = before.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["checks"]["room"] == "not started"
    with TestClient(app) as client:  # started
        ready = client.get("/readyz")
        assert (ready.status_code, ready.json()) == (
            200, {"status": "ready", "checks": {"room": "ok", "database": "ok"}}
        )  # fmt: skip
        with app.state.room.store.engine.begin() as connection:  # a newer program's database
            connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        stale = client.get("/readyz")
        assert stale.status_code == 503
        assert stale.json()["checks"]["database"] == (
            f"at revision 9999, the program at {head()}: migrations not current"
        )


def test_the_metrics_move_as_hands_are_played_and_only_an_operator_reads_them():
    with served(app={"metrics_token": "scrape-me-please"}) as server:
        url = f"{server.url}/metrics"
        assert httpx.get(url).json()["code"] == "login"
        token = server.register("ann")
        assert httpx.get(url, headers={"Authorization": f"Bearer {token}"}).json()["code"] == (
            "operator_only"
        )
        as_scraper = {"Authorization": "Bearer scrape-me-please"}
        before = httpx.get(url, headers=as_scraper)
        assert before.status_code == 200
        assert before.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
        body = before.text
        assert metric(body, "studpoker_sockets") == 0
        assert metric(body, "studpoker_tables", 'state="waiting"') >= 1
        assert metric(body, "studpoker_actions_total") == 0
        ann = server.room.store.account("ann")
        assert ann is not None
        server.room.store.grant(ann.id, "operator", by=Actor("console (test)"))
        players = [server.client(token), server.client(server.register("bob"))]
        for ref, client in enumerate(players):
            client.send(type="sit", table=TABLE, id=ref)
            client.until(lambda m, ref=ref: m.get("id") == ref)
        during = httpx.get(url, headers={"Authorization": f"Bearer {token}"}).text
        assert metric(during, "studpoker_sockets") == 2
        assert metric(during, "studpoker_accounts_online") == 2
        in_threads(*(lambda c=c: c.play(TABLE, 2, stand=False) for c in players))
        wait_for(lambda: server.app.state.hub.hands >= 2)
        # The loop's lag is sampled every quarter of a second: two hands may be sooner.
        lag = "studpoker_event_loop_lag_sampled_seconds_count"
        wait_for(lambda: metric(httpx.get(url, headers=as_scraper).text, lag) >= 1)
        after = httpx.get(url, headers=as_scraper).text
        actions = metric(after, "studpoker_actions_total")
        assert actions >= 2
        assert metric(after, "studpoker_hands_total") >= 2
        # Every action timed from its message to the table's news: as many as came.
        timed = metric(after, "studpoker_action_round_trip_seconds_count")
        assert 1 <= timed <= actions
        assert metric(after, "studpoker_action_round_trip_seconds_bucket", 'le="+Inf"') == timed
        assert metric(after, "studpoker_journal_write_seconds_count") >= 1
        assert metric(after, lag) >= 1
        assert metric(after, "studpoker_leases_held") == len(server.room.tables)
        # A flood of chat: the limit's refusals are counted by what they refused.
        refused = metric(after, "studpoker_rate_limited_total", 'what="chat"') if (
            'what="chat"' in after
        ) else 0.0  # fmt: skip
        for line in range(7):
            players[0].send(type="chat", table=TABLE, text=f"line {line}", id=f"c{line}")
        players[0].until(lambda m: m.get("code") == "chat_limit")
        flooded = httpx.get(url, headers=as_scraper).text
        assert metric(flooded, "studpoker_rate_limited_total", 'what="chat"') >= refused + 1


def test_no_metrics_when_they_are_turned_off():
    with TestClient(create_app(Room(Store("sqlite://"), default_tables=False), metrics=False)) as c:
        assert c.get("/metrics").status_code == 404
        assert c.get("/healthz").status_code == 200
