"""Idle players over real sockets: an away or idle seat handed to the computer by the table's creator or by a vote
of the other players, and taken back by its player; nobody else can hand a seat over alone, spectators have no
vote, an active player's seat is not handed over, one identity votes once; the journal keeps it across a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from core.registry import GAMES
from core.wargame.bot import WargameBot
from netplay.host import STIR_BURST, Host
from tests.net_helpers import RawPeer, eventually, running_host, seated_table


def notice(code: str, seat: int) -> Any:
    """A predicate: a notice of code about seat."""
    return lambda m: m.get("type") == "notice" and m.get("code") == code and m.get("seat") == seat


TABLES = {"coup": (3, {}), "reformation": (4, {"inquisitor": True}), "g54": (4, {}), "wargame": (2, {})}


def seat_of(host: Host, table_id: str, index: int) -> Any:
    """The host's lobby seat."""
    return host.tables[table_id].seats[index]


def bots_of(host: Host, table_id: str) -> set[int]:
    """The seats a bot plays at the table now."""
    table = host.tables[table_id].table
    assert table is not None
    return set(table.bots)


async def test_the_creator_hands_an_away_seat_to_the_computer_and_its_player_takes_it_back_at_hello(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path, grace=0.3) as (host, port):
        table_id, peers = await seated_table(port, 3, 3, seed=4)
        ana, _, cleo = peers
        await cleo.close()
        await eventually(lambda: seat_of(host, table_id, 2).conn is None)
        handed = await ana.request({"type": "handover", "seat": 2})
        assert handed == {"type": "handover", "table": table_id, "seat": 2, "done": True, "re": handed["re"]}
        said = await ana.received(notice("stand_in", 2))
        assert said["message"] == "Cleo's seat is played by the computer." and said["table"] == table_id
        assert seat_of(host, table_id, 2).stand_in and 2 in bots_of(host, table_id)
        listed = await ana.request({"type": "list"})
        assert listed["tables"][0]["seats"][2] == {
            "seat": 2,
            "kind": "person",
            "name": "Cleo",
            "connected": False,
            "stand_in": True,
        }
        await asyncio.sleep(0.5)  # past the grace period: a stand-in keeps the seat for its player
        assert seat_of(host, table_id, 2).kind == "person" and seat_of(host, table_id, 2).owner
        back = await RawPeer.greeted(port, "Cleo", profile=cleo.profile)
        assert (await back.expect_type("joined"))["resumed"]
        said = await ana.received(notice("back", 2))
        assert said["message"] == "Cleo is back."
        assert not seat_of(host, table_id, 2).stand_in and 2 not in bots_of(host, table_id)


async def test_the_started_message_names_the_computers_seats_and_those_handed_to_it(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (host, port):
        table_id, (ana, bob) = await seated_table(port, 3, 2, start=False)
        assert (await ana.request({"type": "start", "table": table_id}))["type"] == "ok"
        started = await bob.expect_type("started")
        assert (started["bots"], started["stand_ins"]) == ([2], [])
        await ana.request({"type": "handover", "seat": 0})
        await bob.close()
        await eventually(lambda: seat_of(host, table_id, 1).conn is None)
        back = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        resumed = await back.expect_type("started")
        assert (resumed["seat"], resumed["bots"], resumed["stand_ins"]) == (1, [2], [0])


async def test_a_majority_of_the_others_hands_an_idle_seat_over_one_vote_per_identity_and_it_is_taken_back(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path, idle_seat=0.2) as (host, port):
        table_id, peers = await seated_table(port, 4, 4, seed=4, options={"first_player": 3})
        _, bob, cleo, dan = peers  # Dan owes the first action and lets it wait
        await asyncio.sleep(0.3)
        first = await bob.request({"type": "handover", "seat": 3})
        assert (first["done"], first["votes"], first["needed"]) == (False, 1, 2)  # Bob alone is not a majority
        told = await cleo.received(notice("handover_vote", 3))
        assert told["message"] == "Bob asks to give Dan's seat to the computer (1 of 2 votes)."
        again = await bob.request({"type": "handover", "seat": 3})
        assert (again["done"], again["votes"]) == (False, 1)
        bob_again = await RawPeer.greeted(port, "Bob", profile=bob.profile)  # the same identity, another connection
        await bob_again.expect_type("joined")
        twice = await bob_again.request({"type": "handover", "seat": 3})
        assert (twice["done"], twice["votes"]) == (False, 1)
        assert not seat_of(host, table_id, 3).stand_in
        done = await cleo.request({"type": "handover", "seat": 3})
        assert done["done"] and seat_of(host, table_id, 3).stand_in
        await dan.received(notice("stand_in", 3))
        await dan.update(lambda m: m["view"]["version"] > 0)  # the computer played Dan's action
        assert (await dan.request({"type": "take_back"}))["type"] == "ok"
        said = await bob_again.received(notice("back", 3))
        assert said["message"] == "Dan is back." and 3 not in bots_of(host, table_id)
        refused = await dan.request({"type": "take_back"})
        assert refused["code"] == "not_stand_in", refused
        watcher = await RawPeer.greeted(port, "Wat")
        assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        refused = await watcher.request({"type": "take_back"})
        assert refused["code"] == "not_seated", refused  # a spectator has no seat: not "not a stand-in"


async def test_nobody_hands_over_an_active_player_spectators_have_no_vote_and_only_people_seats_go(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers = await seated_table(port, 4, 3, seed=4, options={"first_player": 0})
        ana, bob, cleo = peers
        refused = await ana.request({"type": "handover", "seat": 1})  # the creator, but Bob is here and not idle
        assert refused["code"] == "not_idle", refused
        watcher = await RawPeer.greeted(port, "Wanda")
        await watcher.request({"type": "spectate", "table": table_id})
        refused = await watcher.request({"type": "handover", "seat": 2})
        assert refused["code"] == "not_seated", refused
        stranger = await RawPeer.greeted(port, "Sam")
        refused = await stranger.request({"type": "handover", "seat": 2})
        assert refused["code"] == "not_seated", refused
        for seat in (3, 7, -1, "1", True, None):
            refused = await bob.request({"type": "handover", "seat": seat})
            assert refused["code"] == "bad_request", (seat, refused)
        await cleo.close()
        await eventually(lambda: seat_of(host, table_id, 2).conn is None)
        voted = await bob.request({"type": "handover", "seat": 2})  # away: Bob may ask, but Ana must agree
        assert (voted["done"], voted["votes"], voted["needed"]) == (False, 1, 2)
        assert (await ana.request({"type": "handover", "seat": 2}))["done"]
        refused = await bob.request({"type": "handover", "seat": 2})
        assert refused["code"] == "stand_in", refused
        assert not any(f.get("type") == "notice" for f in stranger.frames)  # no news for those not at the table


async def test_a_player_may_hand_their_own_seat_over_and_a_move_takes_it_back(tmp_path: Path) -> None:
    async with running_host(tmp_path, bot_delay=30) as (host, port):  # the computer thinks long: Ana moves first
        table_id, (ana,) = await seated_table(port, 2, 1, seed=4, options={"first_player": 0})
        update = await ana.update()
        assert (await ana.request({"type": "handover", "seat": 0}))["done"]
        assert seat_of(host, table_id, 0).stand_in
        move = update["view"]["legal"][0]
        ana.send({"type": "move", "version": update["version"], "move": move})
        said = await ana.received(notice("back", 0))
        assert said["message"] == "Alice is back."
        await eventually(lambda: host.tables[table_id].table.state.version == 1)


async def test_a_stale_or_illegal_move_never_takes_a_handed_over_seat_back(tmp_path: Path) -> None:
    async with running_host(tmp_path, bot_delay=30) as (host, port):  # the computer thinks long: nothing moves
        table_id, (ana, bob) = await seated_table(port, 2, 2, seed=4, options={"first_player": 1})
        update = await bob.update()
        assert (await ana.request({"type": "handover", "seat": 1}))["type"] == "error"  # Bob is not idle
        assert (await bob.request({"type": "handover", "seat": 1}))["done"]
        move = update["view"]["legal"][0]
        for version, sent in ((update["version"] - 1, move), (update["version"], {"kind": "coup", "target": 0})):
            refused = await bob.request({"type": "move", "version": version, "move": sent})
            assert refused["type"] == "error", refused
            assert seat_of(host, table_id, 1).stand_in, sent  # a griefer's move that plays nothing keeps no seat
        assert not [f for f in ana.frames if f.get("code") == "back"]
        bob.send({"type": "move", "version": update["version"], "move": move})  # (a move's answer is the update)
        await ana.received(notice("back", 1))
        assert not seat_of(host, table_id, 1).stand_in


async def test_a_wargame_seat_goes_to_the_wargame_bot(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, (alice, bob) = await seated_table(port, 2, 2, seed=4, game="wargame")
        await bob.close()
        await eventually(lambda: seat_of(host, table_id, 1).conn is None)
        assert (await alice.request({"type": "handover", "seat": 1}))["done"]
        table = host.tables[table_id].table
        assert table is not None and isinstance(table.bots[1], WargameBot)


async def test_a_stand_in_survives_a_host_restart_until_its_player_comes_back(tmp_path: Path) -> None:
    async with running_host(tmp_path, bot_delay=30) as (host, port):
        table_id, (_, bob) = await seated_table(port, 3, 2, seed=4, options={"first_player": 2})
        await bob.request({"type": "handover", "seat": 1})
        assert seat_of(host, table_id, 1).stand_in
    async with running_host(tmp_path, port=port, bot_delay=30) as (again, _):
        assert seat_of(again, table_id, 1).stand_in and 1 in bots_of(again, table_id)
        assert again.tables[table_id].creator == host.tables[table_id].creator
        back = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        await back.received(notice("back", 1))
        assert not seat_of(again, table_id, 1).stand_in and 1 not in bots_of(again, table_id)


def test_every_game_is_told_of_dropped_players() -> None:
    assert set(GAMES) == set(TABLES)


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_the_others_and_the_watchers_hear_a_player_lose_their_connection_and_come_back(
    tmp_path: Path, game: str
) -> None:
    players, options = TABLES[game]
    async with running_host(tmp_path, grace=30) as (_host, port):
        table_id, (alice, bob) = await seated_table(port, players, 2, seed=4, options=options, game=game)
        watcher = await RawPeer.greeted(port, "Wanda")
        await watcher.request({"type": "spectate", "table": table_id})
        await bob.close()
        for peer in (alice, watcher):
            said = await peer.received(notice("away", 1))
            assert said["message"] == "Bob lost connection; their seat is kept for 30 s."
        stranger = await RawPeer.greeted(port, "Bob")  # Bob without his profile (an SSH login without the code)
        refused = await stranger.request({"type": "join", "table": table_id})
        assert refused["code"] == "started" and "NAME+CODE" in refused["message"]
        back = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        assert (await back.expect_type("joined"))["resumed"]
        for peer in (alice, watcher):
            assert (await peer.received(notice("back", 1)))["message"] == "Bob is back."
        await back.request({"type": "ping"})
        assert not any(f.get("type") == "notice" and not f.get("past") for f in back.frames)  # he knows he is back
        again = await RawPeer.greeted(port, "Bob", profile=bob.profile)  # another connection of Bob's takes over
        await again.expect_type("joined")
        await alice.request({"type": "ping"})
        assert sum(f.get("type") == "notice" and f["seat"] == 1 for f in alice.frames) == 2  # he was never away


async def test_a_player_who_says_bye_is_told_to_the_others_as_quitting_and_keeps_the_seat(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (_host, port):
        _, (alice, bob) = await seated_table(port, 2, 2, seed=4)
        bob.send({"type": "bye"})
        await bob.close()
        said = await alice.received(notice("away", 1))
        assert said["message"] == "Bob quit; their seat is kept for 30 s."
        back = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        assert (await back.expect_type("joined"))["resumed"]  # a bye gives nothing up


async def test_a_game_left_to_computers_with_nobody_watching_is_stopped_and_forgotten(tmp_path: Path):
    """Games started and left to computer opponents once piled up by the hundred and starved the host."""
    async with running_host(tmp_path, bot_delay=5) as (host, port):  # the bots would play on, slowly
        table_id, (alice,) = await seated_table(port, 3, 1)
        game = host.tables[table_id].table
        journal = tmp_path / "tables" / f"{table_id}.jsonl"
        assert journal.exists()
        assert (await alice.request({"type": "leave"}))["type"] == "left"
        assert table_id not in host.tables and not journal.exists()
        assert game._bot_task is None or game._bot_task.done()  # its bots have stopped

        watched_id, (bob,) = await seated_table(port, 3, 1, names=("Bob",))
        cleo = await RawPeer.greeted(port, "Cleo")
        assert (await cleo.request({"type": "spectate", "table": watched_id}))["type"] == "spectating"
        await bob.request({"type": "leave"})
        assert watched_id in host.tables  # a watcher still follows it
        await cleo.request({"type": "leave"})
        assert watched_id not in host.tables


async def test_a_game_nobody_is_at_waits_for_someone_to_come_back(tmp_path: Path):
    """Its computers (a stand-in too) and its clock played it out while its players were gone within their grace."""
    async with running_host(tmp_path, bot_delay=0.05, grace=30) as (host, port):
        table_id, (alice,) = await seated_table(port, 3, 1, seed=4)
        game = host.tables[table_id].table
        assert game is not None
        await alice.request({"type": "handover", "seat": 0})
        await alice.close()
        await eventually(lambda: game.paused)
        version = game.state.version
        await asyncio.sleep(0.4)  # some eight bot moves, had it gone on
        assert game.state.version == version and not game.over() and game.deadline is None
        wes = await RawPeer.greeted(port, "Wes")
        assert (await wes.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        await eventually(lambda: game.state.version > version)  # someone is here: the computers play on
        assert not game.paused


async def test_the_lobby_names_a_computer_that_won_with_its_level_even_in_a_seat_a_player_left(tmp_path: Path):
    async with running_host(tmp_path, bot_delay=0) as (host, port):
        table_id, (alice,) = await seated_table(port, 2, 1, seed=4)
        wes = await RawPeer.greeted(port, "Wes")
        assert (await wes.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        await alice.request({"type": "leave"})  # her seat goes to the computer, which plays on for the watcher
        game = host.tables[table_id].table
        await eventually(lambda: game is not None and game.over())
        listed = (await wes.request({"type": "list"}))["tables"]
        winner = next(t for t in listed if t["id"] == table_id)["winner"]
        assert winner == "Alice's seat (rule)"  # the seed's winner; never "Alice": she left, and won nothing


async def test_a_loop_of_hand_overs_or_comebacks_cannot_flood_the_table_with_notices(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (host, port):
        table_id, (ana, bo) = await seated_table(port, players=3, people=2)
        answers = []
        for _ in range(20):  # Ana hands her own seat over and takes it back, again and again
            answers.append((await ana.request({"type": "handover", "seat": ana.seat}))["type"])
            answers.append((await ana.request({"type": "take_back"}))["type"])
        assert "error" in answers and answers.count("error") >= 20  # slowed down, so
        notices = [m for m in host.tables[table_id].said if m["type"] == "notice"]
        assert len(notices) <= 10  # the table heard a few, not forty
        await bo.close()
        refused = 0
        for _ in range(20):  # Bo comes back, again and again, as fast as he can
            back = await RawPeer.open(port)
            reply = await back.hello("Bo", profile=bo.profile)
            refused += reply["type"] == "error" and reply.get("code") == "slow_down"
            await back.close()
        assert refused >= 10
        told = [m for m in host.tables[table_id].said if m["type"] == "notice" and m["seat"] == bo.seat]
        assert len(told) <= 2 * STIR_BURST + 1  # an away and a back for each comeback let in, and the first away
