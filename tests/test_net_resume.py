"""Every hosted game comes back to its player: after a dropped connection and after the host restarts."""

from __future__ import annotations

import asyncio
import signal

import pytest

from core.registry import GAMES
from netplay.netbot import play_bot
from tests.net_helpers import (
    UNLIMITED,
    Message,
    RawPeer,
    eventually,
    free_port,
    play_raw,
    running_host,
    seated_table,
    within,
)
from tests.test_net_faults import start_host_process

TABLES = {  # game: (players, options)
    "coup": (3, {}),
    "reformation": (4, {"inquisitor": True}),
    "g54": (4, {"selection": "advanced"}),
}


async def owed_update(peer: RawPeer) -> Message:
    """The first update in which the game waits for the peer alone (so nothing moves while it is away)."""
    return await peer.update(lambda m: m["view"]["owed"] == [peer.seat] and m["view"]["winner"] is None, timeout=30)


def test_every_card_game_is_covered():
    assert {name for name in GAMES if name != "wargame"} <= set(TABLES)


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_a_dropped_player_gets_the_same_view_back_and_plays_on(tmp_path, game):
    players, options = TABLES[game]
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (_host, port):
        _table_id, (alice,) = await seated_table(port, players, 1, seed=5, options=options, game=game)
        before = await owed_update(alice)
        await alice.close()
        back = await RawPeer.open(port)
        assert (await back.hello("Alice", profile=alice.profile))["type"] == "welcome"
        assert (await back.expect_type("joined"))["game"] == game
        update = await back.update()
        assert update["view"] == before["view"] and update["version"] == before["version"]
        final = await play_raw(back, seed=2)
        assert final["view"]["winner"] is not None


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_a_restarted_host_gives_every_game_back_from_its_journal(tmp_path, game):
    players, options = TABLES[game]
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (_, port):
        table_id, (alice,) = await seated_table(port, players, 1, seed=7, options=options, game=game)
        before = await owed_update(alice)
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (_host, port):
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        joined = await back.expect_type("joined")
        assert joined["table"] == table_id and joined["resumed"] is True
        update = await back.update()
        assert update["view"] == before["view"]
        final = await within(play_raw(back, seed=3), 60)
        assert final["view"]["winner"] is not None


async def test_coup_bot_comes_back_by_itself_after_the_host_restarts(tmp_path):
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        alice = await RawPeer.greeted(port, "Alice")
        created = await alice.request({"type": "create", "players": 2, "seed": 9, "options": {"first_player": 0}})
        table_id = created["table"]["id"]
        await alice.request({"type": "join", "table": table_id, "seat": 0})
        alice.seat = 0
        bot = asyncio.create_task(
            play_bot("127.0.0.1", port, seed=4, table_id=table_id, credentials={"profile": "bot-profile-secret-001"})
        )
        await eventually(lambda: host.tables[table_id].seats[1].kind == "person")
        await alice.request({"type": "start", "table": table_id})
        await owed_update(alice)
    assert not bot.done()  # the host went away mid-game: the bot is trying again, not giving up
    async with running_host(tmp_path, grace=30, **UNLIMITED, port=port) as (host, _):
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        final = await within(play_raw(back, seed=3), 60)
        result = await within(bot, 30)
        assert result.winner == final["view"]["winner"] is not None
        assert host.tables[table_id].seats[1].kind == "person"  # never handed to a host-side bot


@pytest.mark.parametrize(("game", "players", "options"), [("g54", 4, {"selection": "random"}), ("wargame", 2, {})])
async def test_a_host_killed_mid_game_gives_the_table_back_from_its_journal(tmp_path, game, players, options):
    data, log = tmp_path / "host-data", tmp_path / "host.log"
    first_port, second_port = free_port(), free_port()
    first = await start_host_process(data, first_port, log)
    try:
        table_id, (alice,) = await seated_table(first_port, players, 1, seed=None, options=options, game=game)
        before = await owed_update(alice)
    finally:
        first.send_signal(signal.SIGKILL)
        await within(first.wait())
    second = await start_host_process(data, second_port, log)
    try:
        back = await RawPeer.greeted(second_port, "Alice", profile=alice.profile)
        assert (await back.expect_type("joined"))["table"] == table_id
        update = await back.update()
        assert update["view"] == before["view"] and update["game"] == game
    finally:
        second.send_signal(signal.SIGTERM)
        await within(second.wait())
    assert second.returncode == 0, log.read_text()
