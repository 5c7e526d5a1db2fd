"""A crowded lobby: the host spaces its listings out as listeners grow, so their cost a second stays bounded."""

from __future__ import annotations

import asyncio

from netplay.client import Client
from netplay.host import Host
from netplay.listing import BROADCAST_GAP, LISTINGS_PER_SECOND, listing_gap


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
        assert host._lobby_news.gap == listing_gap(150) == 1.5
    finally:
        for client in clients:
            await client.close()
        await host.stop()
