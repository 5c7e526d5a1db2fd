"""Rematches over real sockets: every person accepts and a new game starts with the winner first; one declines and
a bot takes the seat, or the table waits for a new player; time runs out; spectators follow; the old game stays."""

from __future__ import annotations

import asyncio
import functools
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from netplay.client import HostError
from netplay.netbot import play_bot, winner_words
from tests.net_helpers import Message, RawPeer, eventually, running_host, seated_table, within

GAMES = [
    ("coup", 3, {}),
    ("reformation", 3, {}),
    ("g54", 3, {"selection": "first"}),
    ("wargame", 2, {"turn_limit": 1}),
]


async def finished_table(
    port: int, game: str = "coup", players: int = 3, people: int = 2, options: Message | None = None, **extra: Any
) -> tuple[str, list[RawPeer], int]:
    """A table of `people` raw peers and rule bots whose game is over (each person handed their own seat to the
    computer, which played it to the end): its id, the peers and the winner."""
    table_id, peers = await seated_table(port, players, people, seed=3, options=options, game=game, extra=extra)
    for peer in peers:
        handed = await peer.request({"type": "handover", "seat": peer.seat})
        assert handed["type"] == "handover" and handed["done"], handed
    finals = [await peer.update(lambda m: m["view"]["winner"] is not None, timeout=60) for peer in peers]
    return table_id, peers, int(finals[0]["view"]["winner"])


def rematch_state(state: str) -> Any:
    """A predicate: a rematch message in state."""
    return lambda m: m.get("type") == "rematch" and m.get("state") == state


def of_type(kind: str, table: str | None = None) -> Any:
    """A predicate: a message of kind (about table, if given)."""
    return lambda m: m.get("type") == kind and table in (None, m.get("table"))


async def test_every_person_accepts_and_the_rematch_starts_with_the_winner_first_and_its_spectator(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers, winner = await finished_table(port)
        old = host.tables[table_id]  # a finished table nobody is at any more is forgotten: held here to check it
        watcher = await RawPeer.greeted(port, "Wanda")
        assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        ok = await peers[0].request({"type": "rematch", "accept": True})
        assert ok["type"] == "ok", ok
        asked = await peers[1].received(rematch_state("open"))
        assert asked["by"] == 0 and asked["accepted"] == [0] and asked["owed"] == [1] and 0 < asked["seconds"] <= 60
        assert (await peers[1].request({"type": "rematch", "accept": True}))["type"] == "ok"
        done = await watcher.received(rematch_state("started"))
        new_id = done["next"]
        assert new_id != table_id
        for peer in peers:
            joined = await peer.received(of_type("joined", new_id))
            expected = {"type": "joined", "table": new_id, "game": "coup", "seat": peer.seat, "rematch": True}
            assert joined == {**expected, "coach": False}
            first = await peer.received(of_type("update", new_id))
            assert first["view"]["winner"] is None
            assert first["view"]["active"] == winner  # the winner starts
        following = await watcher.received(of_type("spectating", new_id))
        assert following["rematch"]
        await watcher.received(of_type("update", new_id))
        new = host.tables[new_id]
        assert old.table is not None and old.table.over()  # the old game stays finished
        assert new.table is not None and new.table.config.first_player == winner
        assert new.table.record.config["first_player"] == winner  # so (config, seed, moves) replays it
        assert new.table.seed != old.table.seed
        assert [(s.kind, s.name, s.owner) for s in new.seats] == [(s.kind, s.name, s.owner) for s in old.seats]
        assert new.spectators and not old.spectators


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
async def test_a_rematch_of_every_game_seats_the_same_players_and_bots(
    tmp_path: Path, game: str, players: int, options: Message
) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers, winner = await finished_table(port, game, players, 2, options)
        old = host.tables[table_id]  # forgotten once everybody has left it for the rematch
        for peer in peers:
            assert (await peer.request({"type": "rematch", "accept": True}))["type"] == "ok"
        new_id = (await peers[0].received(rematch_state("started")))["next"]
        await peers[1].received(of_type("started", new_id))
        new = host.tables[new_id]
        assert new.table is not None and new.game == game
        assert [(s.kind, s.name, s.level, s.owner) for s in new.seats] == [
            (s.kind, s.name, s.level, s.owner) for s in old.seats
        ]
        config = new.table.config.to_dict()
        if game == "wargame":  # the same sides: Alice governs again, whoever won
            assert "first_player" not in config and config["turn_limit"] == 1
        else:
            assert config["first_player"] == winner


async def test_programs_stay_programs_in_a_rematch_and_have_no_vote_on_anothers_seat(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers = await seated_table(port, 3, 2, seed=3, hello={"program": "rule"})
        refused = await peers[1].request({"type": "handover", "seat": 0})  # another's seat: a program has no say
        assert refused["type"] == "error" and refused["code"] == "not_voter"
        for peer in peers:  # its own seat it may hand over
            assert (await peer.request({"type": "handover", "seat": peer.seat}))["done"]
        for peer in peers:
            await peer.update(lambda m: m["view"]["winner"] is not None, timeout=60)
        for peer in peers:
            assert (await peer.request({"type": "rematch", "accept": True}))["type"] == "ok"
        new_id = (await peers[0].received(rematch_state("started")))["next"]
        assert [s.program for s in host.tables[new_id].seats][:2] == ["rule", "rule"]
        assert [s.program for s in host.tables[table_id].seats][:2] == ["rule", "rule"]


async def test_a_player_who_declines_is_replaced_by_a_bot(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers, _ = await finished_table(port, people=2)
        await peers[0].request({"type": "rematch", "accept": True})
        await peers[1].received(rematch_state("open"))
        assert (await peers[1].request({"type": "rematch", "accept": False}))["type"] == "ok"
        done = await peers[1].received(rematch_state("started"))
        assert done["declined"] == [1] and done["accepted"] == [0]
        new = host.tables[done["next"]]
        assert new.table is not None and new.seats[1].kind == "bot" and new.seats[1].level == "rule"
        assert new.seats[1].name not in ("Bob", new.seats[2].name)
        await peers[0].received(of_type("started", done["next"]))
        assert peers[1].seat is not None and host.tables[table_id].seats[1].conn is not None  # Bob stays behind


async def test_with_the_wait_choice_the_rematch_waits_for_a_new_player(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        _, peers, _ = await finished_table(port, people=2, rematch="wait")
        await peers[0].request({"type": "rematch", "accept": True})
        await peers[1].request({"type": "rematch", "accept": False})
        done = await peers[0].received(rematch_state("waiting"))
        new_id = done["next"]
        await peers[0].received(of_type("joined", new_id))
        new = host.tables[new_id]
        assert new.table is None and new.seats[1].kind == "open" and new.seats[2].kind == "bot"
        newcomer = await RawPeer.greeted(port, "Nina")
        joined = await newcomer.request({"type": "join", "table": new_id})
        assert joined["seat"] == 1
        assert (await peers[0].request({"type": "start", "table": new_id}))["type"] == "ok"
        await newcomer.received(of_type("started", new_id))


async def test_time_runs_out_on_a_silent_player(tmp_path: Path) -> None:
    async with running_host(tmp_path, rematch_wait=0.3) as (host, port):
        _, peers, _ = await finished_table(port, people=2)
        await peers[0].request({"type": "rematch", "accept": True})
        done = await peers[0].received(rematch_state("started"))
        assert done["declined"] == [1] and host.tables[done["next"]].seats[1].kind == "bot"


async def test_a_player_who_leaves_declines_and_without_anyone_accepting_there_is_no_rematch(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        _, peers, _ = await finished_table(port, people=2)
        await peers[0].request({"type": "rematch", "accept": True})
        await peers[1].received(rematch_state("open"))
        assert (await peers[1].request({"type": "leave"}))["type"] == "left"
        done = await peers[0].received(rematch_state("started"))
        assert done["declined"] == [1]
        other_id, others, _ = await finished_table(port, people=2)
        await others[0].request({"type": "rematch", "accept": True})
        await others[1].received(rematch_state("open"))
        await others[0].request({"type": "rematch", "accept": False})  # asked, then thought better of it
        await others[1].request({"type": "rematch", "accept": False})
        off = await others[1].received(rematch_state("off"))
        assert off["accepted"] == [] and "next" not in off
        assert other_id not in host.rematches.played and other_id not in host.rematches.votes


async def test_spectators_and_players_of_an_unfinished_game_cannot_ask_for_a_rematch(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        table_id, peers = await seated_table(port, 3, 2, seed=3)
        refused = await peers[0].request({"type": "rematch", "accept": True})
        assert refused["type"] == "error" and refused["code"] == "not_over", refused
        watcher = await RawPeer.greeted(port, "Wanda")
        await watcher.request({"type": "spectate", "table": table_id})
        for peer in peers:
            await peer.request({"type": "handover", "seat": peer.seat})
        await peers[0].update(lambda m: m["view"]["winner"] is not None, timeout=60)
        refused = await watcher.request({"type": "rematch", "accept": True})
        assert refused["code"] == "not_seated", refused
        refused = await peers[0].request({"type": "rematch", "accept": "yes"})
        assert refused["code"] == "bad_request", refused
        refused = await peers[0].request({"type": "rematch", "accept": False})
        assert refused["code"] == "no_rematch", refused
        await peers[0].request({"type": "rematch", "accept": True})
        await peers[1].request({"type": "rematch", "accept": True})
        done = await peers[0].received(rematch_state("started"))
        again = await watcher.received(of_type("spectating", done["next"]))
        assert again["rematch"]
        refused = await peers[1].request({"type": "rematch", "accept": True})  # Bob is at the new game now
        assert refused["code"] == "not_over", refused


async def test_a_create_names_a_known_rematch_choice(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        peer = await RawPeer.greeted(port, "Ana")
        refused = await peer.request({"type": "create", "players": 3, "rematch": "never"})
        assert refused["code"] == "bad_request", refused
        created = await peer.request({"type": "create", "players": 3, "rematch": "wait"})
        assert host.tables[created["table"]["id"]].rematch == "wait"


async def test_a_private_spectator_free_table_rematches_private_with_a_new_code(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers, _ = await finished_table(port, private=True, watchers=False)
        old = host.tables[table_id]
        assert old.code is not None and not old.watchers
        for peer in peers:
            assert (await peer.request({"type": "rematch", "accept": True}))["type"] == "ok"
        joined = [await peer.received(lambda m: m.get("type") == "joined" and m.get("rematch")) for peer in peers]
        new = host.tables[joined[0]["table"]]
        assert new.code is not None and new.code != old.code and not new.watchers
        assert all(message["code"] == new.code for message in joined)  # to pass on to friends
        stranger = await RawPeer.greeted(port, "Sly")
        listed = await stranger.request({"type": "list"})
        assert new.id not in [table["id"] for table in listed["tables"]]


async def test_a_rematch_keeps_the_coach_and_tells_its_players(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, peers, _ = await finished_table(port, coach=True)
        assert host.tables[table_id].coach
        for peer in peers:
            assert (await peer.request({"type": "rematch", "accept": True}))["type"] == "ok"
        joined = await peers[1].received(lambda m: m.get("type") == "joined" and m.get("rematch"))
        assert joined["coach"] is True and host.tables[joined["table"]].coach


async def test_coup_bot_accepts_a_rematch_plays_it_and_leaves_when_nobody_asks_again(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        alice = await RawPeer.greeted(port, "Alice")
        created = await alice.request({"type": "create", "players": 2, "seed": 9, "options": {}})
        table_id = created["table"]["id"]
        await alice.request({"type": "join", "table": table_id, "seat": 0})
        alice.seat = 0
        results: list[Any] = []
        bot = asyncio.create_task(
            play_bot("127.0.0.1", port, seed=4, table_id=table_id, rematch_wait=3.0, game_over=results.append)
        )
        await eventually(lambda: host.tables[table_id].seats[1].kind == "person")
        await alice.request({"type": "start", "table": table_id})
        for game in (1, 2):
            await alice.request({"type": "handover", "seat": 0})  # the computer plays Alice's seat out
            await alice.update(lambda m: m["view"]["winner"] is not None, timeout=60)
            await eventually(functools.partial(lambda played: len(results) == played, game))
            if game == 1:
                assert (await alice.request({"type": "rematch", "accept": True}))["type"] == "ok"
                done = await alice.received(rematch_state("started"))
                assert done["accepted"] == [0, 1]  # the bot accepted: it stays for the rematch
                new_id = done["next"]
                await alice.received(of_type("joined", new_id))
                assert host.tables[new_id].seats[1].conn is not None
        final = await within(bot, 10)  # nobody asks again: it leaves once its wait is over
        assert final is results[-1] and not bot.exception()
        assert {winner_words(result) for result in results} <= {"Alice", "this bot"}  # by name, never a seat number


async def test_coup_bot_says_when_the_winner_was_the_computer_in_a_seat_whose_player_left(tmp_path: Path) -> None:
    """`coup bot` printed "Alice won" for the seat the computer played to the end after Alice left."""
    async with running_host(tmp_path) as (host, port):
        alice = await RawPeer.greeted(port, "Alice")
        created = await alice.request({"type": "create", "players": 2, "seed": 9, "options": {}})
        table_id = created["table"]["id"]
        await alice.request({"type": "join", "table": table_id, "seat": 0})
        bot = asyncio.create_task(play_bot("127.0.0.1", port, seed=4, table_id=table_id))
        await eventually(lambda: host.tables[table_id].seats[1].kind == "person")
        await alice.request({"type": "start", "table": table_id})
        assert (await alice.request({"type": "leave"}))["type"] == "left"
        result = await within(bot, 60)
        assert result.left == {0}
        words = winner_words(result)
        assert words == ("this bot" if result.winner == 1 else "the computer in Alice's seat (Alice left)")
        assert winner_words(replace(result, winner=0)) == "the computer in Alice's seat (Alice left)"
        assert winner_words(replace(result, winner=0, left=frozenset())) == "Alice"


async def test_coup_bot_leaves_a_rematch_table_that_waits_for_players_after_its_wait(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ana, bo = await RawPeer.greeted(port, "Ana"), await RawPeer.greeted(port, "Bo")
        created = await ana.request({"type": "create", "players": 3, "seed": 3, "options": {}, "rematch": "wait"})
        table_id = created["table"]["id"]
        for seat, peer in enumerate((ana, bo)):
            assert (await peer.request({"type": "join", "table": table_id, "seat": seat}))["type"] == "joined"
            peer.seat = seat
        bot = asyncio.create_task(play_bot("127.0.0.1", port, seed=4, table_id=table_id, rematch_wait=2.0))
        await eventually(lambda: host.tables[table_id].seats[2].kind == "person")
        assert (await ana.request({"type": "start", "table": table_id}))["type"] == "ok"
        for peer in (ana, bo):
            await peer.request({"type": "handover", "seat": peer.seat})
        await ana.update(lambda m: m["view"]["winner"] is not None, timeout=60)
        assert (await ana.request({"type": "rematch", "accept": True}))["type"] == "ok"
        await ana.received(lambda m: m.get("type") == "rematch" and 2 in m.get("accepted", []))  # the bot said yes
        assert (await bo.request({"type": "rematch", "accept": False}))["type"] == "ok"
        waiting = (await ana.received(rematch_state("waiting")))["next"]
        assert (await ana.request({"type": "leave"}))["type"] == "left"  # the bot is left alone at a waiting table
        await within(bot, 10)  # it does not wait there for ever
        left = host.tables.get(waiting)
        assert left is None or all(seat.conn is None for seat in left.seats)


async def test_coup_bot_plays_only_a_game_its_level_plays(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ana = await RawPeer.greeted(port, "Ana")
        wargame = (await ana.request({"type": "create", "game": "wargame", "players": 2}))["table"]["id"]
        with pytest.raises(HostError) as refused:  # named: the host refuses it a seat, and says why
            await within(play_bot("127.0.0.1", port, level="expert", table_id=wargame), 10)
        assert refused.value.code == "bad_level" and "the expert level plays Coup" in str(refused.value)
        assert all(seat.kind == "open" for seat in host.tables[wargame].seats)
        with pytest.raises(HostError):  # unnamed: no table it can play
            await within(play_bot("127.0.0.1", port, level="expert"), 10)
        card = (await ana.request({"type": "create", "players": 2}))["table"]["id"]
        bot = asyncio.create_task(play_bot("127.0.0.1", port, level="expert"))
        await eventually(lambda: host.tables[card].seats[0].kind == "person")  # the card table, not the wargame
        bot.cancel()


async def test_answering_a_rematch_again_and_again_is_slowed_down(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        _, peers, _ = await finished_table(port)
        mal = peers[1]
        assert (await peers[0].request({"type": "rematch", "accept": True}))["type"] == "ok"
        answers = [(await mal.request({"type": "rematch", "accept": n % 2 == 0}))["type"] for n in range(30)]
        assert answers.count("ok") <= 10 and answers[-1] == "error"  # every answer is told to the whole table


async def test_coup_bot_leaves_a_table_nobody_starts(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ana = await RawPeer.greeted(port, "Ana")
        table_id = (await ana.request({"type": "create", "players": 3}))["table"]["id"]
        with pytest.raises(HostError) as left:
            await within(play_bot("127.0.0.1", port, table_id=table_id, start_wait=0.5), 10)
        assert left.value.code == "not_started"
        await eventually(lambda: all(seat.kind == "open" for seat in host.tables[table_id].seats))
