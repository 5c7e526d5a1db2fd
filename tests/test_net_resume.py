"""Every hosted game comes back to its player: after a dropped connection and after the host restarts."""

from __future__ import annotations

import pytest

from core.registry import GAMES
from tests.net_helpers import UNLIMITED, Message, RawPeer, play_raw, running_host, seated_table, within

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
