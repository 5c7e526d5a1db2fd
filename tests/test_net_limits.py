"""What strangers may open, over real sockets: the lobby's pages and broadcasts."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netplay.listing import LIST_LIMIT
from netplay.wire import HEADER
from tests.net_helpers import (
    UNLIMITED,
    Message,
    RawPeer,
    frame,
    pack,
    running_host,
    unpack,
    within,
)


def ids(listing: Message) -> list[str]:
    """The table ids of a tables message."""
    return [table["id"] for table in listing["tables"]]


async def create(peer: RawPeer, **fields: object) -> Message:
    """Create a table; the reply (created, or an error)."""
    return await peer.request({"type": "create", "game": "coup", "players": 3, **fields})


# -- the lobby's listing -----------------------------------------------------------------------------


async def test_a_table_is_always_findable_by_its_players_however_many_junk_tables_there_are(tmp_path: Path) -> None:
    async with running_host(tmp_path, **UNLIMITED) as (_, port):
        ana, junk, bea, stranger = [await RawPeer.greeted(port, name) for name in ("Ana", "Junk", "Bea", "Who")]
        friends = (await create(ana))["table"]["id"]
        await ana.request({"type": "join", "table": friends})
        made = [(await create(junk))["table"]["id"] for _ in range(120)]
        g54 = (await create(junk, game="g54"))["table"]["id"]

        first = await stranger.request({"type": "list"})
        assert ids(first)[0] == friends  # a table someone sits at comes before the empty ones
        assert (first["page"], first["pages"], first["total"], len(first["tables"])) == (0, 3, 122, LIST_LIMIT)
        pages = [ids(await stranger.request({"type": "list", "page": page})) for page in range(3)]
        assert sorted(table for page in pages for table in page) == sorted([friends, *made, g54])
        assert (await stranger.request({"type": "list", "page": 3}))["tables"] == []

        assert ids(await stranger.request({"type": "list", "query": "ANA"})) == [friends]
        assert ids(await stranger.request({"type": "list", "query": "g54"})) == [g54]
        assert ids(await stranger.request({"type": "list", "query": made[4]})) == [made[4]]
        assert ids(await stranger.request({"type": "list", "query": "nobody"})) == []

        await bea.request({"type": "spectate", "table": made[4]})  # an old, empty table, far down the list
        assert made[4] not in pages[0]
        assert made[4] in ids(await bea.request({"type": "list"}))
        assert made[4] in ids(await bea.request({"type": "list", "query": "nobody"}))
        await create(junk)
        await bea.expect(lambda m: m.get("type") == "tables" and "re" not in m and made[4] in ids(m))

        for bad in ({"page": -1}, {"page": "1"}, {"page": True}, {"query": 5}, {"query": "x" * 41}):
            reply = await stranger.request({"type": "list", **bad})
            assert reply["type"] == "error" and reply["code"] == "bad_request", (bad, reply)


async def test_many_creates_cost_each_listener_a_few_listings_not_one_per_create(tmp_path: Path) -> None:
    """Every create once sent the whole listing to every listener: 1,000 listeners and 3,000 creates made gigabytes.
    Lobby broadcasts are coalesced: each listener is sent less than one byte per byte of the creates."""
    creates, listeners = 3000, 1000
    async with running_host(tmp_path, **UNLIMITED) as (host, port):
        lobby = [await RawPeer.greeted(port, f"l{i}") for i in range(listeners)]
        maker = await RawPeer.greeted(port, "Maker")
        last = f"t{creates}"

        async def listen(peer: RawPeer) -> int:
            received = 0
            while True:
                (length,) = HEADER.unpack(await peer.reader.readexactly(HEADER.size))
                message = unpack(await peer.reader.readexactly(length))
                received += HEADER.size + length
                if message.get("type") == "tables" and last in ids(message):
                    return received

        listening = asyncio.gather(*(listen(peer) for peer in lobby))
        requests = b"".join(frame(pack({"type": "create", "players": 6, "id": i})) for i in range(creates))
        maker.send_bytes(requests)
        assert (await maker.expect(lambda m: m.get("re") == creates - 1, timeout=60))["type"] == "created"
        received = await within(listening, 60)
        assert len(host.connections) == listeners + 1
        assert max(received) < len(requests), (max(received), len(requests))
