"""A crowded lobby: the host spaces its listings out as listeners grow, so their cost a second stays bounded."""

from __future__ import annotations

import asyncio

from netplay.client import Client
from netplay.host import Host
from netplay.listing import BROADCAST_GAP, LISTINGS_PER_SECOND, listing_gap, spread


def test_the_gap_grows_with_the_listeners_past_a_floor() -> None:
    assert listing_gap(0) == listing_gap(10) == BROADCAST_GAP
    assert listing_gap(int(LISTINGS_PER_SECOND * 2)) == 2.0


async def test_a_host_with_many_listeners_sends_fewer_listings_a_second(tmp_path) -> None:
    host = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await host.start("127.0.0.1", 0)
    clients = []
    try:
        for number in range(150):
            client = Client()
            await client.connect("127.0.0.1", port, f"p{number}")
            clients.append(client)
        await clients[0].request({"type": "create", "players": 2})
        await asyncio.sleep(BROADCAST_GAP * 2)
        assert host._lobby_news.gap == listing_gap(150) == 150 / LISTINGS_PER_SECOND
    finally:
        for client in clients:
            await client.close()
        await host.stop()


def test_a_crowd_is_told_in_batches_over_a_moment_the_first_at_once() -> None:
    batches = spread(list(range(12)), rate=50.0, step=0.1)
    assert [delay for delay, _ in batches] == [0.0, 0.1, 0.2]
    assert [item for _, batch in batches for item in batch] == list(range(12))
    assert spread([1, 2], rate=50.0, step=0.1) == [(0.0, [1, 2])]


async def test_every_listener_of_a_crowded_lobby_hears_a_new_table(tmp_path) -> None:
    host = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await host.start("127.0.0.1", 0)
    heard: list[set[str]] = [set() for _ in range(60)]
    clients = []
    try:
        for number in range(60):
            client = Client(on_message=lambda m, n=number: heard[n].update(t["id"] for t in m.get("tables", [])))
            await client.connect("127.0.0.1", port, f"p{number}")
            clients.append(client)
        table = (await clients[0].request({"type": "create", "players": 2}))["table"]["id"]
        for _ in range(100):
            if all(table in ids for ids in heard[1:]):
                break
            await asyncio.sleep(0.05)
        assert all(table in ids for ids in heard[1:])
    finally:
        for client in clients:
            await client.close()
        await host.stop()
