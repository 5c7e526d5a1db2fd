"""The host's leaderboard over real sockets: games, wins and ratings per game kind, computer levels rated, kept
across restarts, each game counted once (a journal replayed after a restart included), bad requests refused."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from core.registry import game_spec
from netplay.limits import HostLimits
from netplay.rating import INITIAL, K, changes
from netplay.stats import PAGE_ROWS, HostStats
from tests.net_helpers import Message, RawPeer, eventually, play_raw, running_host


async def board(peer: RawPeer, **request: Any) -> Message:
    """The host's answer to a leaderboard request."""
    reply = await peer.request({"type": "leaderboard", **request})
    assert reply["type"] == "leaderboard", reply
    return reply


def by_name(reply: Message) -> dict[str, Message]:
    """The leaderboard's rows by name."""
    return {row["name"]: row for row in reply["rows"]}


async def finished_game(port: int, seed: int, level: str = "rule", players: int = 3) -> tuple[str, RawPeer, Message]:
    """Alice against computer opponents of level, played to the end: the table, Alice and the last update."""
    peer = await RawPeer.greeted(port, "Alice", profile="alice-profile-secret-0001")
    await peer.request({"type": "leave"})  # from her last table, if the host gave it back
    created = await peer.request({"type": "create", "game": "coup", "players": players, "options": {}, "seed": seed})
    table_id = created["table"]["id"]
    assert (await peer.request({"type": "join", "table": table_id, "seat": 0}))["type"] == "joined"
    assert (await peer.request({"type": "fill", "table": table_id, "level": level}))["type"] == "tables"
    assert (await peer.request({"type": "start", "table": table_id}))["type"] == "ok"
    last = await play_raw(peer, seed)
    return table_id, peer, last


async def test_counts_and_ratings_of_people_and_computer_levels_survive_a_restart(tmp_path):
    async with running_host(tmp_path) as (_, port):
        _, alice, last = await finished_game(port, seed=3, level="rule")
        alice_won = last["view"]["winner"] == 0
        assert last["record"] == {"games": 1, "wins": int(alice_won)}
        await finished_game(port, seed=4, level="random", players=2)
        before = await board(alice, game="coup")
    rows = by_name(before)
    assert set(rows) == {"Alice", "Computer (rule)", "Computer (random)"}
    assert rows["Alice"]["games"] == 2 and rows["Alice"]["you"] and not rows["Alice"]["bot"]
    assert rows["Computer (rule)"]["games"] == 2 and rows["Computer (rule)"]["bot"]  # two seats of one game
    assert rows["Computer (random)"]["games"] == 1
    assert sum(row["wins"] for row in rows.values()) == 2
    assert {row["rating"] for row in rows.values()} != {round(INITIAL)}  # someone won, someone lost
    ratings = [row["rating"] for row in before["rows"]]
    assert ratings == sorted(ratings, reverse=True) and [row["rank"] for row in before["rows"]] == [1, 2, 3]
    assert before["you"] == rows["Alice"]

    async with running_host(tmp_path) as (_, port):
        again = await RawPeer.greeted(port, "Alicia", profile="alice-profile-secret-0001")
        after = await board(again, game="coup")
        stranger = await board(await RawPeer.greeted(port, "Bob"), game="coup", sort="games")
        assert (await board(again, game="wargame"))["rows"] == []
    assert [row["name"] for row in after["rows"]] == [
        "Alicia" if row["name"] == "Alice" else row["name"] for row in before["rows"]
    ]  # the same board, under the name Alice came back with
    assert [{**row, "name": ""} for row in after["rows"]] == [{**row, "name": ""} for row in before["rows"]]
    assert stranger["you"] is None and not any(row["you"] for row in stranger["rows"])
    games = [row["games"] for row in stranger["rows"]]
    assert games == sorted(games, reverse=True)
    assert not any("identity" in row or "owner" in row for row in stranger["rows"])  # hashes of secrets stay home


async def test_a_game_journaled_to_its_end_is_counted_once_however_often_it_is_restored(tmp_path):
    async with running_host(tmp_path / "played") as (host, port):
        table_id, alice, _ = await finished_game(port, seed=5)
        lobby = host.tables[table_id]
        assert lobby.table is not None
        journal = [lobby.header(), *lobby.table.record.moves]  # what a host stopped before ending it would keep
        played = by_name(await board(alice))
    for folder in ("played", "fresh"):  # stopped after counting it, or before (a stats file lost or unwritable)
        for _ in range(2):
            tables = tmp_path / folder / "tables"
            tables.mkdir(parents=True, exist_ok=True)
            (tables / f"{table_id}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in journal))
            async with running_host(tmp_path / folder) as (host, port):
                assert host.tables[table_id].table.over()
                restored = by_name(await board(await RawPeer.greeted(port, "Alice", profile=alice.profile)))
            assert {name: row["games"] for name, row in restored.items()} == {"Alice": 1, "Computer (rule)": 2}
            assert restored == played


async def test_bad_leaderboard_requests_are_refused_and_change_nothing(tmp_path):
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.greeted(port, "Mallory")
        for request in (
            {"game": "chess"},
            {"game": ["coup"]},
            {"sort": "name; DROP TABLE results"},
            {"sort": {"a": 1}},
            {"page": -1},
            {"page": True},
            {"page": 2**62},
            {"page": "1"},
        ):
            refused = await peer.request({"type": "leaderboard", **request})
            assert refused["type"] == "error" and refused["code"] == "bad_request", (request, refused)
        assert (await board(peer, page=999))["page"] == 0  # past the last page: the last page
        await peer.alive()


def test_pages_are_bounded_and_the_own_row_is_sent_wherever_it_is():
    stats = HostStats(None)
    for number in range(40):
        seats = [(f"profile:{number:02}", f"P{number}"), ("bot:rule", "Computer (rule)")]
        stats.count(f"t{number}:1", "coup", seats, 0)
    first = stats.leaderboard("coup", "rating", 0, "profile:39")
    assert len(first["rows"]) == PAGE_ROWS and first["pages"] == 3  # 41 identities
    assert first["you"] is not None and first["you"]["name"] == "P39" and first["you"]["rank"] > PAGE_ROWS
    last = stats.leaderboard("coup", "games", 2, "profile:39")
    assert [row["rank"] for row in last["rows"]] == list(range(31, 42))
    assert stats.leaderboard("coup", "games", 0, "")["rows"][0]["name"] == "Computer (rule)"  # 40 games


def test_each_game_counts_once_by_its_key():
    stats = HostStats(None)
    seats = [("profile:a", "Ana"), ("bot:rule", "Computer (rule)")]
    assert stats.count("t1:7", "coup", seats, 0)
    assert not stats.count("t1:7", "coup", seats, 0)
    assert stats.totals("profile:a") == {"games": 1, "wins": 1}
    assert stats.rating("profile:a", "coup") == pytest.approx(INITIAL + K / 2)
    assert stats.rating("profile:a", "g54") == INITIAL  # each game kind has its own ratings


def test_a_database_of_the_first_schema_keeps_its_counts(tmp_path: Path):
    path = tmp_path / "stats.sqlite3"
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE results (identity TEXT NOT NULL, game TEXT NOT NULL, games INTEGER NOT NULL, "
        "wins INTEGER NOT NULL, PRIMARY KEY (identity, game))"
    )
    old.execute("INSERT INTO results VALUES ('profile:a', 'coup', 7, 3)")
    old.commit()
    old.close()
    stats = HostStats(path)
    assert stats.totals("profile:a") == {"games": 7, "wins": 3}
    assert stats.leaderboard("coup", "rating", 0, "profile:a")["you"] == {
        "rank": 1,
        "name": "?",
        "games": 7,
        "wins": 3,
        "rating": round(INITIAL),
        "bot": False,
        "you": True,
    }
    stats.count("t1:1", "coup", [("profile:a", "Ana"), ("profile:b", "Bo")], 1)
    stats.db.close()
    reopened = HostStats(path)  # a second start migrates nothing twice
    assert reopened.totals("profile:a") == {"games": 8, "wins": 3}
    assert reopened.leaderboard("coup", "wins", 0, "profile:b")["rows"][0]["name"] == "Ana"  # 3 wins to 1


def test_a_win_moves_ratings_by_table_size_and_seats_of_one_identity_do_not_play_each_other():
    two = changes(["a", "b"], [INITIAL, INITIAL], 0)
    six = changes(["a", "b", "c", "d", "e", "f"], [INITIAL] * 6, 0)
    assert two["a"] == pytest.approx(K / 2) and six["a"] == pytest.approx(K / 2)  # a win is a win at any size
    assert six["b"] == pytest.approx(-K / 10) and sum(six.values()) == pytest.approx(0)
    upset = changes(["weak", "strong"], [1200.0, 1800.0], 0)
    assert upset["weak"] > K * 0.9  # beating someone far stronger is worth almost all of K
    bots = changes(["bot:rule", "bot:rule", "p"], [INITIAL] * 3, 0)
    assert bots["bot:rule"] == pytest.approx(K / 4) and bots["p"] == pytest.approx(-K / 4)


def test_the_record_writes_ahead_and_its_files_stay_private(tmp_path: Path):
    """A count at a game's end commits on the host's loop without waiting for the disk (write-ahead log), and the
    log's files, like the database, are the host's alone: who played whom is nobody else's."""
    path = tmp_path / "stats.sqlite3"
    stats = HostStats(path)
    assert stats.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert stats.count("t1:1", "coup", [("profile:a", "Ana"), ("profile:b", "Bo")], 0)
    for written in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        assert written.exists() and written.stat().st_mode & 0o777 == 0o600, written
    stats.db.close()
    assert HostStats(path).totals("profile:a") == {"games": 1, "wins": 1}


@pytest.mark.parametrize(("seed", "won_by"), [(5, "Alice"), (2, None)])  # Bob's seat wins the second
async def test_who_leaves_a_game_under_way_counts_it_lost_and_a_win_of_the_seat_they_left_is_nobodys(
    tmp_path, seed, won_by
):
    async with running_host(tmp_path) as (_, port):
        alice = await RawPeer.greeted(port, "Alice", profile="alice-profile-secret-0001")
        bob = await RawPeer.greeted(port, "Bob", profile="bob-profile-secret-00001")
        created = await alice.request({"type": "create", "game": "coup", "players": 3, "options": {}, "seed": seed})
        table_id = created["table"]["id"]
        assert (await alice.request({"type": "join", "table": table_id, "seat": 0}))["type"] == "joined"
        assert (await bob.request({"type": "join", "table": table_id, "seat": 1}))["type"] == "joined"
        assert (await alice.request({"type": "fill", "table": table_id, "level": "rule"}))["type"] == "tables"
        assert (await alice.request({"type": "start", "table": table_id}))["type"] == "ok"
        assert (await bob.request({"type": "leave"}))["type"] == "left"  # a computer plays his seat to the end
        told = await alice.received(lambda m: m.get("type") == "notice" and m.get("code") == "left")
        assert told["seat"] == 1 and told["message"] == "Bob left the game: the computer plays their seat to the end."
        last = await play_raw(alice, seed)
        assert (last["view"]["winner"] == 1) is (won_by is None)
        rows = by_name(await board(alice, game="coup"))
    assert {name: (row["games"], row["wins"]) for name, row in rows.items()} == {
        "Alice": (1, int(won_by == "Alice")),
        "Bob": (1, 0),  # leaving never spares a loss
        "Computer (rule)": (1, 0),  # the seat it played from the start
    }
    ratings = {name: row["rating"] for name, row in rows.items()}
    if won_by is None:
        assert set(ratings.values()) == {round(INITIAL)}  # nobody beat anybody
    else:
        assert ratings["Alice"] > INITIAL > ratings["Bob"]


def seed_where_seat_0_starts(game: str, players: int) -> int:
    """A seed on which seat 0 owes the first decision."""
    engine = game_spec(game).engine
    config = engine.load_config({"players": players})
    return next(seed for seed in range(1000) if engine.to_act(engine.new(config, seed)) == (0,))


async def left_table_of_computers(port: int, host: Any, moves_first: bool) -> tuple[str, RawPeer]:
    """Alice starts a G54 table of two computers (who take 30 s a move), makes her first move (if moves_first) and
    leaves it: the table, and Alice."""
    alice = await RawPeer.greeted(port, "Alice", profile="alice-profile-secret-0001")
    seed = seed_where_seat_0_starts("g54", 3)
    created = await alice.request({"type": "create", "game": "g54", "players": 3, "options": {}, "seed": seed})
    table_id = created["table"]["id"]
    assert (await alice.request({"type": "join", "table": table_id, "seat": 0}))["type"] == "joined"
    assert (await alice.request({"type": "fill", "table": table_id, "level": "rule"}))["type"] == "tables"
    assert (await alice.request({"type": "start", "table": table_id}))["type"] == "ok"
    if moves_first:
        update = await alice.received(lambda m: m.get("type") == "update" and bool(m["view"]["legal"]))
        alice.send({"type": "move", "version": update["view"]["version"], "move": update["view"]["legal"][0]})
        await eventually(lambda: len(host.tables[table_id].table.record.moves) == 1)
    assert (await alice.request({"type": "leave"}))["type"] == "left"
    assert table_id not in host.tables  # it played for nobody: stopped and forgotten
    return table_id, alice


async def test_who_leaves_a_table_of_computers_mid_game_counts_it_lost_though_nobody_plays_it_out(tmp_path):
    async with running_host(tmp_path, bot_delay=30) as (host, port):
        _, alice = await left_table_of_computers(port, host, moves_first=True)
        rows = by_name(await board(alice, game="g54"))
    assert {name: (row["games"], row["wins"]) for name, row in rows.items()} == {"Alice": (1, 0)}
    assert rows["Alice"]["rating"] == round(INITIAL - K / 2)  # a lost pair against each of two computers: K/4 each


async def test_a_game_started_and_left_before_any_move_of_the_leavers_counts_for_nobody(tmp_path):
    async with running_host(tmp_path, bot_delay=30) as (host, port):
        _, alice = await left_table_of_computers(port, host, moves_first=False)
        assert (await board(alice, game="g54"))["rows"] == []  # (strangers started and left thousands a minute)


async def test_games_started_from_one_address_past_a_burst_are_refused_for_a_while(tmp_path):
    limits = HostLimits(unlimited=(), starts_burst=2, starts_per_minute=1.0)
    async with running_host(tmp_path, limits=limits) as (_, port):
        peer = await RawPeer.greeted(port, "Alice", profile="alice-profile-secret-0001")
        replies = []
        for _ in range(3):
            created = await peer.request({"type": "create", "game": "coup", "players": 2, "options": {}})
            table_id = created["table"]["id"]
            assert (await peer.request({"type": "join", "table": table_id, "seat": 0}))["type"] == "joined"
            assert (await peer.request({"type": "fill", "table": table_id, "level": "rule"}))["type"] == "tables"
            replies.append(await peer.request({"type": "start", "table": table_id}))
            await peer.request({"type": "leave"})
    assert [reply["type"] for reply in replies] == ["ok", "ok", "error"]
    assert replies[2]["code"] == "slow_down" and "one every 60 s" in replies[2]["message"]


async def test_a_program_ranks_as_the_computer_level_it_said_never_among_the_people(tmp_path):
    async with running_host(tmp_path) as (_, port):
        robo = await RawPeer.greeted(port, "Robo", profile="robo-profile-secret-00001", program="random")
        created = await robo.request({"type": "create", "game": "coup", "players": 2, "options": {}, "seed": 4})
        table_id = created["table"]["id"]
        assert (await robo.request({"type": "join", "table": table_id, "seat": 0}))["type"] == "joined"
        assert (await robo.request({"type": "fill", "table": table_id, "level": "rule"}))["type"] == "tables"
        assert (await robo.request({"type": "start", "table": table_id}))["type"] == "ok"
        await play_raw(robo, 4, level=None)
        rows = by_name(await board(robo, game="coup"))
    assert set(rows) == {"Computer (random)", "Computer (rule)"} and all(row["bot"] for row in rows.values())
