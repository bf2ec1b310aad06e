"""Nobody freezes the room through the study tools (issue 34): imports, replays and
statistics are each asker's to a rate and to a few places on their workers, a full queue
answers 503 ``busy``, an upload too large is refused as it streams and stores nothing,
and on a database another process can open the work is done in worker processes with
the same answers as before."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from conftest import BACKENDS
from studpoker.room import Room
from studpoker.server import create_app, study_routes
from studpoker.server.limits import Limits, Rate
from studpoker.server.study_routes import StudyDesk
from studpoker.store import Store
from studpoker.study.jobs import imported_hand_replay

from .conftest import in_threads, wait_for
from .test_study_rest import STUD, account, hero, played_at_the_room, upload


def app_with(limits: Limits, database: str = "sqlite://") -> TestClient:
    room = Room(Store(database), seed=1, pause=0, default_tables=False)
    return TestClient(create_app(room, limits=limits))


@pytest.fixture
def api() -> Iterator[TestClient]:
    with app_with(Limits(import_bytes=200_000)) as client:
        yield client


def desk_of(api: TestClient) -> StudyDesk:
    return api.app.state.study  # type: ignore[attr-defined, no-any-return]


def first_imported(api: TestClient, who: dict[str, str]) -> str:
    """The URL of the replay of ``who``'s oldest imported hand."""
    listed = api.get("/api/study/hands", headers=who).json()
    return f"/api/study/hands/{listed[-1]['id']}"


def refused(answer: httpx.Response) -> tuple[int, dict[str, Any], str | None]:
    return answer.status_code, answer.json(), answer.headers.get("Retry-After")


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_replays_past_the_rate_are_refused_with_rate_limited_and_its_wait() -> None:
    with app_with(Limits(replay_per_account=Rate(2, 600.0))) as api:
        room: Room = api.app.state.room  # type: ignore[attr-defined]
        ann = account(api, "ann")
        account(api, "bo")
        played_at_the_room(room.store)
        upload(api, ann, STUD.read_bytes())
        mine = first_imported(api, ann)
        assert [api.get(mine, headers=ann).status_code for _ in range(2)] == [200, 200]
        too_many = (
            429,
            {
                "detail": "too many hand replays: try again in 300 s",
                "code": "rate_limited",
                "params": {"what": "replays", "retry_after": 300},
            },
            "300",
        )
        assert refused(api.get(mine, headers=ann)) == too_many
        # A room hand's replay is a replay too; an asker without an account has its own.
        room_hand = "/api/tables/practice-stud/hands/1/replay"
        assert refused(api.get(room_hand, headers=ann)) == too_many
        assert api.get(room_hand).status_code == 200


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_statistics_past_the_rate_are_refused_across_an_accounts_sessions() -> None:
    with app_with(Limits(stats_per_account=Rate(2, 600.0))) as api:
        ann = account(api, "ann")
        upload(api, ann, STUD.read_bytes())
        assert hero(api, ann)["hands"] == 11
        graph = api.get("/api/study/winnings", params={"player": "Hero"}, headers=ann)
        assert graph.status_code == 200
        # A second session of ann's: a rate of its own before routing, ann's in the route.
        login = api.post("/api/sessions", json={"name": "ann", "password": "password1"})
        again = {"Authorization": f"Bearer {login.json()['token']}"}
        asked = api.get("/api/study/stats", params={"player": "Hero"}, headers=again)
        assert refused(asked) == (
            429,
            {
                "detail": "too many statistics requests: try again in 300 s",
                "code": "rate_limited",
                "params": {"what": "statistics", "retry_after": 300},
            },
            "300",
        )
        assert api.get("/api/study/stats", params={"player": "Hero"}).json()["hands"] == 0


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_an_asker_holds_two_places_on_the_workers_at_most(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = account(api, "ann")
    upload(api, ann, STUD.read_bytes())
    mine = first_imported(api, ann)
    gate = threading.Event()

    def held(*args: Any) -> Any:
        gate.wait(60)
        return imported_hand_replay(*args)

    monkeypatch.setattr(study_routes, "imported_hand_replay", held)
    answers: list[httpx.Response] = []
    asking = [
        threading.Thread(target=lambda: answers.append(api.get(mine, headers=ann)))
        for _ in range(2)
    ]
    for thread in asking:
        thread.start()
    replays = desk_of(api).replays.workers
    wait_for(lambda: replays.jobs == 2)
    assert refused(api.get(mine, headers=ann)) == (
        429,
        {
            "detail": "too many hand replays: try again in 1 s",
            "code": "rate_limited",
            "params": {"what": "replays", "retry_after": 1},
        },
        "1",
    )
    gate.set()
    for thread in asking:
        thread.join(60)
    assert [answer.status_code for answer in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_a_full_queue_of_workers_answers_busy_with_its_wait(api: TestClient) -> None:
    ann = account(api, "ann")
    upload(api, ann, STUD.read_bytes())
    mine = first_imported(api, ann)
    replays = desk_of(api).replays.workers
    gate = threading.Event()
    waiting = [
        api.portal.start_task_soon(replays.run, gate.wait, 60)  # type: ignore[union-attr]
        for _ in range(replays.waiting)
    ]
    wait_for(lambda: replays.jobs == replays.waiting)
    assert refused(api.get(mine, headers=ann)) == (
        503,
        {
            "detail": "the room is busy with replays: try again in a moment",
            "code": "busy",
            "params": {"what": "replays", "retry_after": 1},
        },
        "1",
    )
    graph = api.get("/api/study/winnings", params={"player": "Hero", "mine": "true"}, headers=ann)
    assert graph.status_code == 200  # the statistics have workers of their own
    gate.set()
    for job in waiting:
        assert job.result(60) is True
    assert api.get(mine, headers=ann).status_code == 200


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_an_upload_over_import_bytes_is_refused_as_it_comes_and_stores_nothing(
    api: TestClient,
) -> None:
    ann = account(api, "ann")
    data = STUD.read_bytes() * 11  # 265,353 bytes of real hands

    def sent() -> Iterator[bytes]:  # chunked: no Content-Length to refuse it by
        yield data

    answer = api.post("/api/study/hands", content=sent(), headers=ann)
    assert "content-length" not in answer.request.headers
    assert refused(answer) == (
        413,
        {
            "detail": "a file is 200000 bytes at most",
            "code": "too_large",
            "params": {"maximum": 200_000, "length": 265_353},
        },
        None,
    )
    assert api.get("/api/study/hands", headers=ann).json() == []
    assert hero(api, ann)["hands"] == 0


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_one_accounts_flood_leaves_another_accounts_requests_answered(api: TestClient) -> None:
    ann, bo = account(api, "ann"), account(api, "bo")
    upload(api, ann, STUD.read_bytes())
    upload(api, bo, STUD.read_bytes())
    hers, his = first_imported(api, ann), first_imported(api, bo)
    flood: list[httpx.Response] = []
    answered: dict[str, httpx.Response] = {}
    stats = {"player": "Hero", "mine": "true"}
    in_threads(
        *(lambda: flood.append(api.get(hers, headers=ann)) for _ in range(12)),
        *(lambda: flood.append(api.get("/api/study/stats", params=stats, headers=ann))
          for _ in range(12)),
        lambda: answered.update(replay=api.get(his, headers=bo)),
        lambda: answered.update(stats=api.get("/api/study/stats", params=stats, headers=bo)),
    )  # fmt: skip
    assert answered["replay"].status_code == 200
    assert answered["replay"].json()["streets"][0]["cards"]["1"] == ["3d", "Th", "As"]
    assert answered["stats"].json()["hands"] == 11
    for answer in flood:
        assert answer.status_code == 200 or (
            answer.status_code == 429 and answer.json()["code"] == "rate_limited"
        ), answer.text


def test_a_tables_hud_asking_for_every_player_at_once_is_answered_for_each(
    api: TestClient,
) -> None:
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    account(api, "ann")
    account(api, "bo")
    played_at_the_room(room.store)
    players = ["ann", "bo", *(f"Player {n}" for n in range(3, 11))]
    seen: dict[str, httpx.Response] = {}
    in_threads(
        *(
            lambda name=name: seen.update(
                {name: api.get("/api/study/stats", params={"player": name})}
            )
            for name in players
        )
    )
    assert {name: answer.status_code for name, answer in seen.items()} == dict.fromkeys(
        players, 200
    )
    assert [seen[name].json()["hands"] for name in players] == [1, 1] + [0] * 8


# -- on a database another process can open (a file, PostgreSQL) ---------------------------


def the_same_work(api: TestClient) -> list[Any]:
    """Every study answer of a room where ann imported her file and played a hand."""
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    ann, bo = account(api, "ann"), account(api, "bo")
    played_at_the_room(room.store)
    said = [upload(api, ann, STUD.read_bytes())]
    said.append(hero(api, ann))
    said.append(hero(api, ann, game="razz"))
    mine = {"player": "Hero", "mine": "true"}
    said.append(api.get("/api/study/winnings", params=mine, headers=ann).json())
    said.append(api.get("/api/study/stats", params={"player": "bo"}).json())
    said.append(api.get(first_imported(api, ann), headers=ann).json())
    said.append(api.get(first_imported(api, ann), headers=bo).json())
    replay = "/api/tables/practice-stud/hands/1/replay"
    for who in ({}, ann):  # played a moment ago, on this room's clock: when is left out
        said.append(api.get(replay, headers=who).json() | {"played_at": None})
    said.append(api.get("/api/tables/practice-stud/hands/2/replay").json())
    return said


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
@pytest.mark.parametrize("database", BACKENDS, indirect=True)
def test_on_a_shared_database_the_work_is_done_in_worker_processes_with_the_same_answers(
    database: str,
) -> None:
    with app_with(Limits()) as api:
        in_memory = the_same_work(api)
        assert not desk_of(api).imports.workers.processes
    with app_with(Limits(), database) as api:
        desk = desk_of(api)
        assert [work.workers.processes for work in (desk.imports, desk.replays)] == [True, True]
        assert desk.statistics.workers.processes
        assert the_same_work(api) == in_memory
    assert in_memory[0] == {"added": 11, "duplicates": 0, "other_games": 0, "errors": []}
    assert in_memory[-1]["code"] == "no_hand"


# -- the OpenAPI document ----------------------------------------------------------------

ROUTES = {
    ("post", "/api/study/hands"): {401, 413, 422, 429, 503},
    ("get", "/api/study/hands"): {401, 422},
    ("get", "/api/study/stats"): {400, 401, 422, 429, 503},
    ("get", "/api/study/winnings"): {400, 401, 422, 429, 503},
    ("get", "/api/study/hands/{hand_id}"): {401, 404, 422, 429, 503},
    ("get", "/api/tables/{table_id}/hands/{number}/replay"): {403, 404, 422, 429, 503},
}


def test_the_openapi_document_gives_each_study_route_its_refusals(api: TestClient) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    for (method, path), statuses in ROUTES.items():
        answers = paths[path][method]["responses"]
        assert {int(status) for status in answers if int(status) >= 400} == statuses, path
        for status in ("429", "503"):
            if status in answers:
                assert "Retry-After" in answers[status]["headers"], (path, status)
                assert "`rate_limited`" in answers["429"]["description"]
                assert "`busy`" in answers["503"]["description"]
