"""The host over real sockets on 127.0.0.1: lobby rules, whole games, self-play parity, secrecy and timers."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.cards.engine import COUP
from core.records import Record, replay_states
from core.sim import derive_seeds, run_sim
from netplay.client import Client, HostError
from netplay.codec import to_plain
from netplay.host import NAME_LIMIT, STIR_BURST, WATCH_NEWS_BURST
from netplay.lobby import Seat
from netplay.netbot import play_bot
from netplay.netsim import run_net_sim
from netplay.wire import PROTOCOL_VERSION
from tests.net_helpers import (
    LOCALHOST,
    UNLIMITED,
    Message,
    RawPeer,
    eventually,
    play_raw,
    running_host,
    scan,
    seated_table,
    within,
)
from tui.screens.lobby import seats_text

ROOT = Path(__file__).resolve().parent.parent
SECRET_KEYS = {"deck", "rng", "seed", "hidden", "discarded", "losses"}


# -- hello -------------------------------------------------------------------------------------


async def test_a_client_of_another_protocol_version_is_refused_and_dropped(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        for version in (PROTOCOL_VERSION - 1, PROTOCOL_VERSION + 1, 0, "1", None, float(PROTOCOL_VERSION)):
            peer = await RawPeer.open(port)
            reply = await peer.hello("Old", version=version)
            assert reply["type"] == "error" and reply["code"] == "version"
            assert await peer.closed_by_host()
        assert await (await RawPeer.greeted(port)).alive() == []


async def test_the_first_message_must_be_a_hello(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.open(port)
        peer.send({"type": "list", "id": 1})
        reply = await peer.expect_type("error")
        assert reply["code"] == "hello_first"
        assert await peer.closed_by_host()


async def test_a_silent_connection_is_dropped_after_the_hello_timeout(tmp_path: Path) -> None:
    async with running_host(tmp_path, hello_timeout=0.2) as (host, port):
        peer = await RawPeer.open(port)
        reply = await peer.expect_type("error")
        assert reply["code"] == "timeout"
        assert await peer.closed_by_host()
        await eventually(lambda: not host.connections)


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("  Ada  ", "Ada"),
        ("Bo\x00b\x07\x1b[31m", "Bob[31m"),
        ("Zoë\u200b\ttab\n", "Zoëtab"),
        ("x" * 40, "x" * NAME_LIMIT),
        ("Zalgo" + "\u0301" * 15, "Zalgó\u0301"),  # two combining marks to a letter at most
        ("Nguyễn Thị Ệ", "Nguyễn Thị Ệ"),  # (which Vietnamese needs)
    ],
)
async def test_names_are_cleaned_of_control_characters_and_cut_short(tmp_path: Path, given: str, shown: str) -> None:
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.greeted(port, given)
        created = await peer.request({"type": "create", "players": 2})
        joined = await peer.request({"type": "join", "table": created["table"]["id"]})
        assert joined["type"] == "joined"
        listing = await peer.request({"type": "list"})
        assert listing["tables"][0]["seats"][0]["name"] == shown


LOOK_ALIKE_COMPUTER = ["C\u043emputer (rule)", "\uff23omputer (rule)"]  # a Cyrillic o; a fullwidth C


@pytest.mark.parametrize(
    "name",
    [
        *("", "   ", "\x00\x01\x02", 42, None, ["Ada"], "Computer (rule)", "computer (Expert", *LOOK_ALIKE_COMPUTER),
        *("Sacha (rule)", "Sacha (\uff32ule)", "Bo (program: expert)", "Bo (away)"),  # as the lobby marks seats
    ],
)
async def test_a_name_that_cleans_to_nothing_or_a_computers_is_refused(tmp_path: Path, name: Any) -> None:
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.open(port)
        reply = await peer.hello(name)
        assert reply["type"] == "error" and reply["code"] == "bad_request"
        assert await peer.closed_by_host()


async def test_a_name_with_brackets_that_mark_nothing_in_the_lobby_is_kept(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.open(port)
        assert (await peer.hello("Ana (FR)"))["type"] == "welcome"


async def test_a_name_that_reads_like_a_seated_players_is_numbered_at_the_table(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        ana = await RawPeer.greeted(port, "Ana")
        impostor = await RawPeer.greeted(port, "\u0410na")  # a Cyrillic A
        table = (await ana.request({"type": "create", "players": 3}))["table"]["id"]
        for peer in (ana, impostor):
            assert (await peer.request({"type": "join", "table": table}))["type"] == "joined"
        listing = await ana.request({"type": "list"})
        names = [seat["name"] for seat in listing["tables"][0]["seats"][:2]]
        assert names == ["Ana", "\u0410na 2"]  # told apart on every screen


# -- lobby errors ------------------------------------------------------------------------------


async def test_lobby_requests_are_refused_with_the_right_codes(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ann, ben, cat = [await RawPeer.greeted(port, name) for name in ("Ann", "Ben", "Cat")]
        table = (await ann.request({"type": "create", "players": 2}))["table"]["id"]

        async def code(peer: RawPeer, message: Message) -> str:
            reply = await peer.request(message)
            assert reply["type"] == "error", reply
            return str(reply["code"])

        assert await code(ann, {"type": "join", "table": "t999"}) == "no_table"
        assert await code(ann, {"type": "frobnicate"}) == "unknown_type"
        assert await code(ann, {"type": "hello", "version": PROTOCOL_VERSION, "name": "again"}) == "unknown_type"
        assert await code(ann, {"type": "create", "players": 7}) == "bad_request"
        assert await code(ann, {"type": "create", "players": "4"}) == "bad_request"
        assert await code(ann, {"type": "create", "players": 4, "game": "chess"}) == "bad_request"
        assert await code(ann, {"type": "create", "players": 4, "timer": 1}) == "bad_request"
        assert await code(ann, {"type": "fill", "table": table, "level": "genius"}) == "bad_request"
        assert await code(ann, {"type": "start", "table": table}) == "not_seated"
        assert await code(ann, {"type": "move", "version": 0, "move": {"kind": "income"}}) == "not_seated"

        assert (await ann.request({"type": "join", "table": table, "seat": 0}))["type"] == "joined"
        assert await code(ann, {"type": "join", "table": table}) == "seated"
        assert await code(ben, {"type": "join", "table": table, "seat": 0}) == "taken"
        assert await code(ben, {"type": "join", "table": table, "seat": 5}) == "taken"
        assert await code(ben, {"type": "join", "table": table, "seat": "1"}) == "bad_request"
        assert await code(ben, {"type": "join", "table": table, "seat": True}) == "bad_request"
        assert await code(ann, {"type": "start", "table": table}) == "not_full"
        assert await code(ann, {"type": "move", "version": 0, "move": {"kind": "income"}}) == "not_seated"

        assert (await ben.request({"type": "join", "table": table}))["seat"] == 1
        assert await code(cat, {"type": "join", "table": table}) == "full"
        assert await code(cat, {"type": "start", "table": table}) == "not_seated"
        assert (await ann.request({"type": "start", "table": table}))["type"] == "ok"
        assert await code(ann, {"type": "start", "table": table}) == "started"
        assert await code(cat, {"type": "join", "table": table}) == "started"
        assert await code(cat, {"type": "fill", "table": table}) == "started"
        assert await code(cat, {"type": "move", "version": 0, "move": {"kind": "income"}}) == "not_seated"
        assert (await cat.request({"type": "spectate", "table": table}))["type"] == "spectating"
        assert await code(cat, {"type": "move", "version": 0, "move": {"kind": "income"}}) == "not_seated"
        assert await code(cat, {"type": "join", "table": table}) == "seated"
        assert host.tables[table].table is not None and host.tables[table].table.state.version == 0
        for peer in (ann, ben, cat):
            await peer.alive()


async def test_leaving_an_unstarted_table_opens_the_seat_and_a_dropped_peer_frees_it(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ann, ben = [await RawPeer.greeted(port, name) for name in ("Ann", "Ben")]
        table = (await ann.request({"type": "create", "players": 3}))["table"]["id"]
        await ann.request({"type": "join", "table": table})
        await ben.request({"type": "join", "table": table})
        assert (await ann.request({"type": "leave"}))["type"] == "left"
        assert host.tables[table].seats[0].kind == "open"
        await ben.close()
        await eventually(lambda: host.tables[table].seats[1].kind == "open")


# -- whole games -------------------------------------------------------------------------------


async def test_four_network_clients_play_a_whole_game_to_one_winner(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        controller = Client()
        await controller.connect(LOCALHOST, port, "organiser")
        created = await controller.request(
            {"type": "create", "game": "coup", "players": 4, "seed": 2024, "starts": "anyone"}
        )
        table_id = created["table"]["id"]
        lobby = host.tables[table_id]  # the host forgets a finished table once its players leave
        results = await within(
            asyncio.gather(
                *(
                    play_bot(LOCALHOST, port, "rule", seed=10 + s, table_id=table_id, seat=s, start=s == 0)
                    for s in range(4)
                )
            ),
            60,
        )
        await controller.close()
        table = lobby.table
        assert table is not None and table.over()
        winner = COUP.result(table.state)
        assert {r.winner for r in results} == {winner}
        assert sum(p.alive for p in table.state.players) == 1
        assert {seat for seat, _ in table.record.moves} == {0, 1, 2, 3}
        assert sum(r.decisions for r in results) >= len(table.record.moves)


async def test_a_program_playing_through_the_protocol_is_listed_as_one_never_as_a_person(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ana = await RawPeer.greeted(port, "Ana")
        created = await ana.request({"type": "create", "game": "coup", "players": 2, "seed": 5})
        table_id = created["table"]["id"]
        await ana.request({"type": "join", "table": table_id, "seat": 0})
        bot = asyncio.create_task(play_bot(LOCALHOST, port, "random", seed=3, table_id=table_id, seat=1, name="Bob"))
        await eventually(lambda: host.tables[table_id].seats[1].kind == "person")
        seats = (await ana.request({"type": "list"}))["tables"][0]["seats"]
        assert seats[1]["name"] == "Bob" and seats[1]["program"] == "random" and "program" not in seats[0]
        assert seats_text({"seats": seats}) == "Ana, Bob (program: random)"  # (unnamed, it would be "Random bot")
        assert Seat.from_header(host.tables[table_id].seats[1].to_header()).program == "random"  # journal kept
        bot.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await bot
        peer = await RawPeer.open(port)
        reply = await peer.hello("Eve", program="god mode")
        assert reply["type"] == "error" and reply["code"] == "bad_request" and "computer level" in reply["message"]


async def test_the_clients_own_hands_and_the_final_reveal_reach_every_seat(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (host, port):
        table_id, peers = await seated_table(port, players=3, people=2, seed=77)
        finals = await within(asyncio.gather(*(play_raw(p, seed=i) for i, p in enumerate(peers))), 60)
        state = host.tables[table_id].table.state  # type: ignore[union-attr]
        for final in finals:
            assert final["view"]["winner"] == state.winner
            assert final["view"]["hands"] == [list(hand) for hand in state.hands]


@pytest.mark.parametrize(
    ("players", "bots"), [(2, "rule,random"), (3, "rule,rule,rule"), (5, "rule,random,rule,random,rule")]
)
async def test_network_self_play_matches_local_self_play(players: int, bots: str) -> None:
    names = bots.split(",")
    local = run_sim("coup", players, 3, 11, names)
    networked = await within(run_net_sim("coup", players, 3, 11, names), 60)
    assert networked.pop("net") is True
    assert networked == local
    for key in ("wins", "seat_wins", "decisions", "mean_turns"):
        assert networked[key] == local[key]


def test_the_cli_sim_over_the_network_prints_the_local_summary() -> None:
    def sim(*extra: str) -> dict[str, Any]:
        args = ["sim", "--players", "3", "--games", "3", "--seed", "4", "--bots", "rule,random,rule", "--json"]
        done = subprocess.run(
            [sys.executable, "-m", "tui", *args, *extra], capture_output=True, text=True, timeout=60, cwd=ROOT
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    networked, local = sim("--net"), sim()
    assert networked.pop("net") is True
    del networked["seconds"], local["seconds"]
    assert networked == local


# -- spectators and secrecy ----------------------------------------------------------------------


async def test_a_spectator_sees_only_public_views_and_events(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (host, port):
        table_id, peers = await seated_table(port, players=4, people=2, seed=5, start=False)
        watcher = await RawPeer.greeted(port, "Watcher")
        assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        assert (await peers[0].request({"type": "start", "table": table_id}))["type"] == "ok"
        await within(asyncio.gather(*(play_raw(p, seed=i) for i, p in enumerate(peers))), 60)
        final = await watcher.update(lambda m: m["view"]["winner"] is not None)
        updates = [f for f in watcher.frames if f.get("type") == "update"]
        assert len(updates) > 10
        for update in updates:
            view = update["view"]
            assert update["seat"] is None and view["viewer"] is None
            assert view["legal"] == [] and view["drawn"] == [] and view["choices"] == []
            assert all(event["to"] is None and event["cards"] == [] for event in update["events"])
            if view["winner"] is None:
                assert all(hand is None for hand in view["hands"])
        state = host.tables[table_id].table.state  # type: ignore[union-attr]
        assert final["view"]["hands"] == [list(hand) for hand in state.hands]


def notices(peer: RawPeer, code: str) -> list[str]:
    """The words of the notices of code peer has been sent so far."""
    return [f["message"] for f in peer.frames if f.get("type") == "notice" and f.get("code") == code]


async def test_the_table_is_told_who_starts_and_stops_watching_and_a_watching_loop_is_slowed(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (_, port):
        table_id, (ana, bo) = await seated_table(port, players=3, people=2)
        wat, cy = await RawPeer.greeted(port, "Wat"), await RawPeer.greeted(port, "Cy")
        assert (await wat.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        assert (await cy.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        assert (await wat.request({"type": "leave"}))["type"] == "left"
        await cy.close()
        told = ["Wat is watching.", "Cy is watching.", "Wat stopped watching.", "Cy stopped watching."]
        for peer in (ana, bo):
            await peer.expect(lambda m: m.get("message") == told[-1])
            watching = [f for f in peer.frames if f.get("code") in ("watching", "stopped_watching")]
            assert [f["message"] for f in watching] == told
            assert all(f["seat"] is None and f["table"] == table_id for f in watching)
        assert notices(wat, "watching") == ["Cy is watching."]  # not told of their own arrival

        replies = []
        for _ in range(STIR_BURST):  # each arrival is told to the table: an identity's arrivals are rationed
            replies.append(await wat.request({"type": "spectate", "table": table_id}))
            await wat.request({"type": "leave"})
        refused = replies[-1]
        assert (refused["type"], refused["code"]) == ("error", "slow_down")


async def test_a_crowd_of_watchers_is_told_to_the_table_only_a_few_at_a_time(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (_, port):  # (loopback: no address limit holds them back)
        table_id, (ana,) = await seated_table(port, players=2, people=1)
        crowd = [await RawPeer.greeted(port, f"W{n}") for n in range(WATCH_NEWS_BURST + 4)]  # each a new identity
        for watcher in crowd:
            assert (await watcher.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        for watcher in crowd:
            assert (await watcher.request({"type": "leave"}))["type"] == "left"
        await ana.alive()
        told = [f["message"] for f in ana.frames if f.get("code") in ("watching", "stopped_watching")]
        first = [f"W{n}" for n in range(WATCH_NEWS_BURST)]
        assert told == [f"{name} is watching." for name in first] + [f"{name} stopped watching." for name in first]


def check_frame_secrecy(frame: Message, seat: int | None, states: list[Any]) -> None:
    """Nothing in frame, sent to seat (None: a spectator), tells more than that seat may know."""
    keys, hands, lists = scan(frame)
    assert not keys & SECRET_KEYS, f"{keys & SECRET_KEYS} sent to seat {seat}: {frame}"
    if frame.get("type") != "update":
        return
    view, version = frame["view"], frame["version"]
    state = states[version]
    assert state.version == version == view["version"]
    if view["winner"] is not None:
        return
    assert [path for path, _ in hands] == ([] if seat is None else [("view", "hands", seat)]), frame
    for index, player in enumerate(view["players"]):
        assert view["hands"][index] == (list(state.hands[index]) if index == seat else None)
        assert player["revealed"] == list(state.players[index].revealed)
        assert player["claims"] == list(state.players[index].claims)
    exchanging = state.window == "exchange" and seat == state.active
    assert view["drawn"] == (list(state.drawn) if exchanging else [])
    setup = state.window == "setup" and seat is not None
    assert view["choices"] == (list(state.choices[seat]) if setup and seat is not None else [])
    for event in frame["events"]:
        if event["to"] is not None or event["cards"]:
            assert seat is not None and seat in event["to"], f"{event} sent to seat {seat}"
    # every list spelling the deck's order is one checked above as public or the seat's own (a player's public claims
    # can name the same three cards by chance)
    deck = list(state.deck)
    known = [*view["hands"], *(p[field] for p in view["players"] for field in ("revealed", "claims")), view["drawn"]]
    known += [view["choices"], *(event["cards"] for event in frame["events"])]
    spelled = sum(1 for found in lists if found == deck)
    assert len(deck) < 3 or spelled == sum(1 for found in known if found == deck), f"the deck order sent to seat {seat}"


async def test_no_frame_to_a_seat_or_spectator_leaks_hidden_cards_or_the_deck(tmp_path: Path) -> None:
    seeds = derive_seeds(31337, 30)
    async with running_host(tmp_path, **UNLIMITED) as (host, port):
        for number, seed in enumerate(seeds):
            players = 2 + number % 5
            options = {"two_player_variant": True} if players == 2 and number % 2 else {}
            table_id, peers = await seated_table(port, players, people=players, seed=seed, options=options, start=False)
            watcher = await RawPeer.greeted(port, "Watcher")
            await watcher.request({"type": "spectate", "table": table_id})
            assert (await peers[0].request({"type": "start", "table": table_id}))["type"] == "ok"
            finals = await within(asyncio.gather(*(play_raw(p, seed + i, level=None) for i, p in enumerate(peers))), 60)
            await watcher.update(lambda m: m["view"]["winner"] is not None)
            table = host.tables[table_id].table
            assert table is not None and table.over()
            assert {f["view"]["winner"] for f in finals} == {COUP.result(table.state)}
            record = Record(table.record.game, table.record.config, table.record.seed, list(table.record.moves))
            states = [state for state, _, _ in replay_states(record)]
            assert states[-1].winner == table.state.winner
            for peer in [*peers, watcher]:
                assert any(f.get("type") == "update" for f in peer.frames)
                for sent in peer.frames:
                    check_frame_secrecy(sent, peer.seat, states)
            for peer in [*peers, watcher]:
                await peer.request({"type": "leave"})
                await peer.close()


# -- timers ------------------------------------------------------------------------------------


async def test_the_rule_bot_answers_for_a_silent_player_when_the_timer_runs_out(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, (ann,) = await seated_table(
            port, players=3, people=1, seed=9, options={"first_player": 0}, start=False
        )
        host.tables[table_id].timer = 0.3  # the wire accepts 5 s and more; a test cannot wait that long
        loop = asyncio.get_running_loop()
        started_at = loop.time()
        assert (await ann.request({"type": "start", "table": table_id}))["type"] == "ok"
        owed = await ann.update(lambda m: m["view"]["owed"] == [0] and m["deadline"] is not None)
        assert 0 < owed["deadline"] <= 0.3
        version = owed["version"]
        after = await ann.update(lambda m: m["version"] > version, timeout=5)
        assert loop.time() - started_at >= 0.25
        table = host.tables[table_id].table
        assert table is not None
        seat, move = table.record.moves[version]
        assert seat == 0, "only the timer can have answered for the silent seat 0"
        assert COUP.load_move(move) in [COUP.load_move(m) for m in owed["view"]["legal"]]
        assert after["events"] and after["events"][0]["seat"] == 0
        # the clock runs again for the next decision she owes, and again the bot answers for her
        timed_out = sum(1 for s, _ in table.record.moves if s == 0)
        await eventually(lambda: sum(1 for s, _ in table.record.moves if s == 0) > timed_out or table.over(), 5)


async def test_an_answer_in_time_is_played_rather_than_the_timers(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, (ann,) = await seated_table(
            port, players=2, people=1, seed=3, options={"first_player": 0}, start=False
        )
        host.tables[table_id].timer = 0.4
        await ann.request({"type": "start", "table": table_id})
        owed = await ann.update(lambda m: m["view"]["owed"] == [0] and m["deadline"] is not None)
        ann.send({"type": "move", "version": owed["version"], "move": to_plain(COUP.load_move({"kind": "income"}))})
        table = host.tables[table_id].table
        assert table is not None
        await eventually(lambda: len(table.record.moves) > owed["version"])
        assert table.record.moves[owed["version"]] == (0, {"kind": "income"})


async def test_a_refused_client_request_raises_host_error(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        client = Client()
        await client.connect(LOCALHOST, port, "Ann")
        with pytest.raises(HostError) as refused:
            await client.request({"type": "join", "table": "t42"})
        assert refused.value.code == "no_table"
        assert (await client.request({"type": "ping"}))["type"] == "pong"
        await client.close()


async def test_sim_net_plays_on_a_host_that_deals_every_table_itself(tmp_path: Path) -> None:
    """`coup sim --net --host` against a host as `coup host` starts it: it never asks for a seed (refused there)."""
    async with running_host(tmp_path, chosen_seeds=False) as (_, port):
        summary = await within(run_net_sim("g54", 2, 2, 5, ["rule", "random"], ("127.0.0.1", port)))
        assert summary["games"] == 2 and sum(summary["wins"].values()) == 2


async def test_finished_tables_nobody_watches_are_forgotten(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        summary = await within(run_net_sim("coup", 3, 2, 5, ["rule", "rule", "rule"], ("127.0.0.1", port)))
        assert summary["games"] == 2
        await eventually(lambda: not host.tables)


# -- seeds -------------------------------------------------------------------------------------


async def test_a_host_deals_every_table_itself_from_64_bits_of_secure_randomness(tmp_path: Path) -> None:
    """A creator who chose the seed would know every hand: a host serving people refuses a chosen seed, and the
    seeds it draws are 64-bit (a 31-bit seed space was searched in 15 s from one seat's first view)."""
    async with running_host(tmp_path, chosen_seeds=False) as (host, port):
        ann = await RawPeer.greeted(port, "Ann")
        refused = await ann.request({"type": "create", "players": 2, "seed": 42})
        assert refused["type"] == "error" and refused["code"] == "bad_request" and "seed" in refused["message"]
        seeds = []
        for _ in range(8):
            table = (await ann.request({"type": "create", "players": 2}))["table"]["id"]
            await ann.request({"type": "join", "table": table})
            await ann.request({"type": "fill", "table": table})
            started = await ann.request({"type": "start", "table": table})
            assert started["type"] == "ok", started
            seeds.append(host.tables[table].table.seed)
            await ann.request({"type": "leave"})
        assert len(set(seeds)) == len(seeds)
        assert max(seeds) >= 2**40, "64-bit seeds: eight draws all below 2**40 is all but impossible"
        frames = [f for f in ann.frames if isinstance(f, dict)]
        assert not any(SECRET_KEYS & scan(frame)[0] for frame in frames)
        assert not any(str(seed) in repr(frames) for seed in seeds)


async def test_create_refuses_options_the_game_does_not_have_or_would_misread(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        ann = await RawPeer.greeted(port, "Ann")
        for options in ({"reformation": True}, {"bogus": 1}, {"inquisitor": "yes"}, {"selection": "first"}):
            reply = await ann.request({"type": "create", "game": "coup", "players": 3, "options": options})
            assert reply["type"] == "error" and reply["code"] == "bad_request", (options, reply)
        reply = await ann.request({"type": "create", "game": "coup", "players": 3, "options": {"inquisitor": True}})
        assert reply["type"] == "created" and reply["table"]["options"] == {"inquisitor": True}


async def test_table_ids_are_never_reused_after_a_restart(tmp_path: Path) -> None:
    """A finished table's journal is removed; the next host must still not hand its id to another table (an old
    token or record would name it)."""
    seen = []
    for _ in range(2):
        async with running_host(tmp_path) as (_, port):
            ann = await RawPeer.greeted(port, "Ann")
            for _ in range(2):
                seen.append((await ann.request({"type": "create", "game": "coup", "players": 2}))["table"]["id"])
    assert len(set(seen)) == len(seen) == 4


async def test_a_watcher_and_a_player_coming_back_hear_which_seats_the_computer_plays_and_which_were_left(
    tmp_path: Path,
) -> None:
    """A seat whose player left for good says 'left' on every screen: the notice that said so may be older than
    the watcher (it comes again as a past line only), so spectating and started name such seats too."""
    async with running_host(tmp_path) as (_, port):
        alice = await RawPeer.greeted(port, "Alice", profile="alice-profile-secret-0001")
        bob = await RawPeer.greeted(port, "Bob", profile="bob-profile-secret-00001")
        table_id = (await alice.request({"type": "create", "players": 3, "seed": 5}))["table"]["id"]
        assert (await alice.request({"type": "join", "table": table_id, "seat": 0}))["type"] == "joined"
        assert (await bob.request({"type": "join", "table": table_id, "seat": 1}))["type"] == "joined"
        assert (await alice.request({"type": "fill", "table": table_id, "level": "rule"}))["type"] == "tables"
        assert (await alice.request({"type": "start", "table": table_id}))["type"] == "ok"
        assert (await bob.request({"type": "leave"}))["type"] == "left"
        watcher = await RawPeer.greeted(port, "Cleo")
        watching = await watcher.request({"type": "spectate", "table": table_id})
        assert (watching["bots"], watching["stand_ins"], watching["left"]) == ([1, 2], [], [1])
        await alice.close()
        back = await RawPeer.greeted(port, "Alice", profile="alice-profile-secret-0001")
        started = await back.received(lambda m: m.get("type") == "started")
        assert (started["seat"], started["bots"], started["left"]) == (0, [1, 2], [1])
