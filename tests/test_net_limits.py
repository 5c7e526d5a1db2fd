"""What strangers may open, over real sockets: connections, silence, waiting tables, the lobby's pages and
broadcasts, and the log lines their faults write."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import pytest

from netplay import client as client_module
from netplay.chat import ADDRESS_BURST
from netplay.client import Client
from netplay.connection import ERROR_TEXT_LIMIT, Connection, where_from
from netplay.limits import Doors, HostLimits
from netplay.listing import LIST_LIMIT
from netplay.wire import HEADER
from tests.net_helpers import (
    LOCALHOST,
    UNLIMITED,
    Message,
    RawPeer,
    eventually,
    frame,
    pack,
    running_host,
    seated_table,
    unpack,
    within,
)

QUICK = {"idle_seconds": 0.4, "sweep_seconds": 0.05}


def ids(listing: Message) -> list[str]:
    """The table ids of a tables message."""
    return [table["id"] for table in listing["tables"]]


async def create(peer: RawPeer, **fields: object) -> Message:
    """Create a table; the reply (created, or an error)."""
    return await peer.request({"type": "create", "game": "coup", "players": 3, **fields})


# -- silence ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("peer", "counted_as"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),  # one subscriber's prefix: its 2**64 addresses count as one
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("fe80::1%eth0", "fe80::/64"),
        ("::1", "::1"),  # loopback, exempt from the limits, stays as the limits name it
        ("::ffff:127.0.0.1", "127.0.0.1"),
    ],
)
def test_limits_count_an_ipv6_peer_by_its_64_network(peer: str, counted_as: str) -> None:
    assert where_from(peer) == counted_as


class PeerAt:
    """What a Connection asks of its writer, from an IPv6 peer."""

    def __init__(self, address: str) -> None:
        self.address = address

    def get_extra_info(self, name: str) -> object:
        return (self.address, 40000, 0, 0) if name == "peername" else None


async def test_connections_from_one_ipv6_prefix_share_its_address_limit() -> None:
    doors = Doors(HostLimits(per_address=2))
    peers = [Connection(asyncio.StreamReader(), PeerAt(f"2001:db8::{n:x}")) for n in range(1, 4)]  # type: ignore[arg-type]
    assert [doors.admit(conn.address) is None for conn in peers] == [True, True, False]
    other = Connection(asyncio.StreamReader(), PeerAt("2001:db8:0:1::1"))  # type: ignore[arg-type]
    assert doors.admit(other.address) is None


async def test_a_connection_silent_away_from_a_game_is_closed_but_pings_and_a_game_keep_one_open(
    tmp_path: Path,
) -> None:
    async with running_host(tmp_path, limits=HostLimits(**QUICK)) as (host, port):
        silent, chatty, waiting = [await RawPeer.greeted(port, name) for name in ("Silent", "Chatty", "Waiting")]
        table_id = (await create(waiting))["table"]["id"]
        assert (await waiting.request({"type": "join", "table": table_id}))["type"] == "joined"
        _, (playing,) = await seated_table(port, 2, 1, seed=None)
        for _ in range(10):
            await chatty.alive()
            await asyncio.sleep(0.1)
        for peer in (silent, waiting):  # a seat at a table that never starts keeps nobody's connection open
            assert await peer.closed_by_host(3)
            assert [f["code"] for f in peer.frames if f.get("type") == "error"] == ["idle"]
        await eventually(lambda: host.tables[table_id].seats[0].kind == "open")  # its seat is free again
        await chatty.alive()
        await playing.alive()
        await eventually(lambda: len(host.connections) == 2)


async def test_the_client_keeps_a_quiet_lobby_connection_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "KEEPALIVE", 0.1)
    async with running_host(tmp_path, limits=HostLimits(**QUICK)) as (_, port):
        client = Client()
        await within(client.connect(LOCALHOST, port, "Quiet"))
        await asyncio.sleep(1)
        assert (await client.request({"type": "list"}))["type"] == "tables"
        await client.close()


# -- connections -----------------------------------------------------------------------------------


@pytest.mark.parametrize("limits", [HostLimits(per_address=3, unlimited=()), HostLimits(connections=3)])
async def test_past_the_cap_a_connection_is_refused_busy_with_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, limits: HostLimits
) -> None:
    caplog.set_level(logging.INFO, logger="netplay")
    async with running_host(tmp_path, limits=limits) as (host, port):
        admitted = [await RawPeer.greeted(port, f"p{i}") for i in range(3)]
        for _ in range(40):
            refused = await RawPeer.open(port)
            error = await refused.recv()
            assert error is not None and error["type"] == "error" and error["code"] == "busy", error
            assert await refused.closed_by_host()
        refusals = [r.getMessage() for r in caplog.records if "refusing" in r.getMessage()]
        assert len(refusals) == 1, refusals
        await admitted[0].close()
        await eventually(lambda: host.doors.open == 2)
        await (await RawPeer.greeted(port, "later")).alive()
        for peer in admitted[1:]:
            await peer.alive()
    summaries = [r.getMessage() for r in caplog.records if "more refused connections" in r.getMessage()]
    assert summaries and summaries[0].startswith("39 more refused connections from "), summaries


@pytest.mark.skipif(sys.platform == "win32", reason="no RLIMIT_NOFILE")
async def test_the_host_raises_its_descriptor_limit_and_caps_connections_under_it(tmp_path: Path) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard < 1024:
        pytest.skip("needs a finite hard limit on open files of at least 1024")
    resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))
    try:
        async with running_host(tmp_path, limits=HostLimits(connections=10**9)) as (host, port):
            assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == hard
            assert 0 < host.doors.cap <= (hard - 64) // 3  # room for an SSH session's three descriptors each
            await (await RawPeer.greeted(port)).alive()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# -- tables ----------------------------------------------------------------------------------------


async def test_one_connection_may_have_three_tables_waiting_to_start(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        ann = await RawPeer.greeted(port, "Ann")
        made = [(await create(ann, players=2))["table"]["id"] for _ in range(3)]
        refused = await create(ann)
        assert refused["type"] == "error" and refused["code"] == "too_many", refused
        assert (await create(await RawPeer.greeted(port, "Ben")))["type"] == "created"
        await ann.request({"type": "join", "table": made[0]})
        await ann.request({"type": "fill", "table": made[0]})
        assert (await ann.request({"type": "start", "table": made[0]}))["type"] == "ok"
        assert (await create(ann))["type"] == "created"  # a started table no longer counts


async def test_a_keyless_player_coming_back_as_a_new_connection_gets_no_new_allowance_of_waiting_tables(
    tmp_path: Path,
) -> None:
    """Each keyless connection is a new creator with 3 tables of its own; where it connects from is not new."""
    limits = HostLimits(unlimited=(), tables_per_address=5)
    async with running_host(tmp_path, limits=limits) as (_, port):
        made = 0
        for attempt in range(3):
            peer = await RawPeer.greeted(port, f"Ann{attempt}")
            for _ in range(3):
                reply = await create(peer, players=2)
                if reply["type"] != "created":
                    assert reply["code"] == "too_many" and "from your address" in reply["message"], reply
                    break
                made += 1
            await peer.close()
        assert made == 5


async def test_past_the_cap_of_waiting_tables_a_create_expires_the_oldest_empty_one(tmp_path: Path) -> None:
    async with running_host(tmp_path, limits=HostLimits(waiting_tables=3, tables_per_creator=10)) as (host, port):
        maker, ann, bea, cat = [await RawPeer.greeted(port, name) for name in ("Maker", "Ann", "Bea", "Cat")]
        t1, t2, t3 = [(await create(maker))["table"]["id"] for _ in range(3)]
        await ann.request({"type": "join", "table": t2})
        t4 = (await create(maker))["table"]["id"]
        assert sorted(host.tables) == sorted([t2, t3, t4])
        await bea.request({"type": "spectate", "table": t3})
        await cat.request({"type": "join", "table": t4})
        refused = await create(maker)
        assert refused["type"] == "error" and refused["code"] == "busy", refused
        assert t1 not in ids(await maker.request({"type": "list"}))


async def test_an_unstarted_table_nobody_sits_at_or_watches_expires(tmp_path: Path) -> None:
    async with running_host(tmp_path, limits=HostLimits(table_expiry=0.3, sweep_seconds=0.05)) as (host, port):
        maker, ann, bea = [await RawPeer.greeted(port, name) for name in ("Maker", "Ann", "Bea")]
        empty, sat, watched = [(await create(maker))["table"]["id"] for _ in range(3)]
        await ann.request({"type": "join", "table": sat})
        await bea.request({"type": "spectate", "table": watched})
        await maker.expect(lambda m: m.get("type") == "tables" and empty not in ids(m), timeout=3)
        assert sorted(host.tables) == sorted([sat, watched])


async def test_a_waiting_table_where_nothing_happens_is_closed_and_whoever_is_at_it_told(tmp_path: Path) -> None:
    async with running_host(tmp_path, limits=HostLimits(table_quiet=0.5, sweep_seconds=0.05)) as (host, port):
        ann, bea, cy = [await RawPeer.greeted(port, name) for name in ("Ann", "Bea", "Cy")]
        quiet, lively = [(await create(peer))["table"]["id"] for peer in (ann, bea)]
        assert (await ann.request({"type": "join", "table": quiet}))["type"] == "joined"
        assert (await cy.request({"type": "spectate", "table": quiet}))["type"] == "spectating"
        assert (await bea.request({"type": "join", "table": lively}))["type"] == "joined"
        for _ in range(5):  # (pings do not count: something must happen at the table)
            await ann.alive()
            assert (await bea.request({"type": "chat", "to": "table", "text": "anyone?"}))["type"] == "ok"
            await asyncio.sleep(0.25)
        for peer in (ann, cy):
            told = await peer.received(lambda m: m.get("type") == "error" and m.get("code") == "expired", timeout=3)
            assert f"table {quiet} never started" in told["message"]
        assert quiet not in host.tables and lively in host.tables
        assert (await ann.request({"type": "join", "table": lively}))["type"] == "joined"  # at no table: free to go on


# -- the lobby's listing -----------------------------------------------------------------------------


async def test_a_table_is_always_findable_by_its_players_however_many_junk_tables_there_are(tmp_path: Path) -> None:
    async with running_host(tmp_path, limits=HostLimits(tables_per_creator=200), **UNLIMITED) as (_, port):
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
    creates, listeners = 1500, 400
    limits = HostLimits(tables_per_creator=creates, waiting_tables=creates)
    async with running_host(tmp_path, limits=limits, **UNLIMITED) as (host, port):
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


# -- the log -----------------------------------------------------------------------------------------


async def test_a_flood_of_faults_writes_a_few_log_lines(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Each malformed frame, refused request or bad first frame once wrote a log line: ten thousand bytes of attack
    wrote a hundred thousand of log. The first of each kind from an address is logged, the rest counted."""
    caplog.set_level(logging.DEBUG)
    attack = 0
    async with running_host(tmp_path, **UNLIMITED) as (_, port):
        peer = await RawPeer.greeted(port, "mallory")
        for payload in (b"\xc1", pack({"type": "nonsense"}), pack({"type": "join", "table": "t404"})):
            for _ in range(10):
                data = frame(payload) * 1000
                peer.send_bytes(data)
                attack += len(data)
                await peer.alive()
        for _ in range(100):
            once = await RawPeer.open(port)
            once.send_bytes(frame(b"\xc1"))
            attack += len(frame(b"\xc1"))
            assert await once.closed_by_host()
        await peer.alive()
    lines = [record.getMessage() for record in caplog.records if record.name.startswith("netplay")]
    written = sum(len(line) + 1 for line in lines)
    assert len(lines) <= 10 and written * 100 < attack, (written, attack, lines)
    assert any(line.startswith("9999 more malformed frames from 127.0.0.1") for line in lines), lines
    assert any(line.startswith("9999 more no_table refusals from 127.0.0.1") for line in lines), lines
    assert any(line.startswith("99 more bad first frames from 127.0.0.1") for line in lines), lines


async def started_and_walked_away(port: int, name: str) -> Message:
    """A stranger (a new identity) creates a table, fills it with computers, starts it and hangs up: the reply to
    the start."""
    stranger = await RawPeer.greeted(port, name)
    table_id = (await create(stranger))["table"]["id"]
    await stranger.request({"type": "join", "table": table_id})
    await stranger.request({"type": "fill", "table": table_id})
    started = await stranger.request({"type": "start", "table": table_id})
    await stranger.close()
    return started


@pytest.mark.parametrize(
    ("limits", "code"),
    [(HostLimits(unlimited=(), games_per_address=3), "too_many"), (HostLimits(live_games=3), "busy")],
)
async def test_games_under_way_are_capped_per_address_and_in_all(tmp_path: Path, limits: HostLimits, code: str):
    async with running_host(tmp_path, limits=limits) as (host, port):
        starts = [await started_and_walked_away(port, f"Stranger {number}") for number in range(4)]
        assert [reply["type"] for reply in starts] == ["ok"] * 3 + ["error"]
        assert starts[-1]["code"] == code, starts[-1]
        assert sum(lobby.table is not None for lobby in host.tables.values()) == 3  # kept for their players' grace
        assert all(not lobby.table.over() for lobby in host.tables.values() if lobby.table is not None)


async def test_a_rematch_counts_against_the_address_that_started_the_game_and_waits_past_its_limit(tmp_path: Path):
    async with running_host(tmp_path, limits=HostLimits(unlimited=(), games_per_address=1)) as (host, port):
        table_id, (ana,) = await seated_table(port, players=2, people=1, seed=3)
        assert host.tables[table_id].started_from == "127.0.0.1"
        await ana.request({"type": "handover", "seat": 0})
        await ana.update(lambda m: m["view"]["winner"] is not None, timeout=60)
        other = await seated_table(port, players=2, people=1, seed=4, names=("Bea",), start=False)
        assert (await other[1][0].request({"type": "start", "table": other[0]}))["type"] == "ok"  # the one game
        assert (await ana.request({"type": "rematch", "accept": True}))["type"] == "ok"
        done = await ana.received(lambda m: m.get("type") == "rematch" and m.get("state") in ("started", "waiting"))
        assert done["state"] == "waiting"  # full, but a second game under way from the address: started by hand
        new = host.tables[done["next"]]
        assert new.table is None and new.started_from == "127.0.0.1"
        refused = await ana.request({"type": "start", "table": new.id})
        assert refused.get("code") == "too_many", refused


async def test_a_game_of_stand_ins_nobody_comes_back_to_is_given_up_after_the_grace(tmp_path: Path):
    async with running_host(tmp_path, grace=0.3) as (host, port):
        table_id, (ana,) = await seated_table(port, players=3, people=1)
        assert (await ana.request({"type": "handover", "seat": 0}))["done"]
        await ana.close()  # parked: the computer plays her seat, for nobody
        await eventually(lambda: table_id not in host.tables, timeout=5)  # abandoned once her grace is over


async def test_an_away_players_seat_handed_over_by_the_others_is_given_up_once_everyone_has_gone(tmp_path: Path):
    async with running_host(tmp_path, grace=1.0) as (host, port):
        table_id, (ana, bo, cy) = await seated_table(port, players=3, people=3)
        await bo.close()
        await eventually(lambda: host.tables[table_id].seats[1].conn is None)
        for voter in (ana, cy):  # the others vote Bo's seat to the computer while he is away
            await voter.request({"type": "handover", "seat": 1})
        await eventually(lambda: host.tables[table_id].seats[1].stand_in)
        await ana.close()
        await cy.close()
        await eventually(lambda: table_id not in host.tables, timeout=5)  # nobody left: given up, not parked


async def test_a_rematch_counts_against_the_address_of_who_asked_for_it(tmp_path: Path):
    async with running_host(tmp_path, limits=HostLimits(unlimited=())) as (host, port):
        table_id, (ana, bo) = await seated_table(port, players=2, people=2, seed=3)
        host.tables[table_id].started_from = "192.0.2.9"  # (as if Ana, who started it, were elsewhere)
        for peer in (ana, bo):
            await peer.request({"type": "handover", "seat": peer.seat})
        await bo.update(lambda m: m["view"]["winner"] is not None, timeout=60)
        await ana.request({"type": "leave"})  # Ana goes; Bo asks for a rematch with the computer in her seat
        assert (await bo.request({"type": "rematch", "accept": True}))["type"] == "ok"
        done = await bo.received(lambda m: m.get("type") == "rematch" and m.get("state") == "started")
        assert host.tables[done["next"]].started_from == "127.0.0.1"  # Bo's, never that of a player not in it


async def test_an_error_reply_never_quotes_more_than_a_few_hundred_characters(tmp_path: Path):
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.greeted(port, "Mal")
        for create in (
            {"type": "create", "players": 2, "game": "\x01" * 16_000},
            {"type": "create", "players": 2, "options": {f"k{n}": n for n in range(3000)}},
        ):
            reply = await peer.request(create)
            assert reply["type"] == "error" and len(reply["message"]) <= ERROR_TEXT_LIMIT, len(reply["message"])


async def test_many_identities_from_one_address_cannot_flood_a_table_with_notices(tmp_path: Path):
    async with running_host(tmp_path, limits=HostLimits(unlimited=()), grace=30) as (host, port):
        table_id, peers = await seated_table(port, players=6, people=6)
        for _ in range(6):  # five of them hand their seats over and take them back, together
            for peer in peers[1:]:
                await peer.request({"type": "handover", "seat": peer.seat})
                await peer.request({"type": "take_back"})
        notices = [m for m in host.tables[table_id].said if m["type"] == "notice"]
        assert len(notices) <= ADDRESS_BURST + 5, len(notices)  # the address's allowance, not five identities'
