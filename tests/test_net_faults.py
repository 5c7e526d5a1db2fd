"""Faults over real sockets: drops and grace, a killed host resumed from its journal, bad frames, floods, stalls."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

from netplay.host import Host
from netplay.limits import HostLimits
from netplay.wire import HEADER, MAX_FRAME
from tests.net_helpers import (
    LOCALHOST,
    UNLIMITED,
    Message,
    RawPeer,
    eventually,
    frame,
    free_port,
    pack,
    play_raw,
    running_host,
    seated_table,
    within,
)

ROOT = Path(__file__).resolve().parent.parent


def move(version: int, kind: str, **fields: Any) -> Message:
    """A move message."""
    return {"type": "move", "version": version, "move": {"kind": kind, **fields}}


async def challenge_window(port: int, hello: Message | None = None) -> tuple[str, RawPeer, RawPeer, Message]:
    """A two-person table where Bob (seat 1) has claimed the Duke: Alice owes the challenge window.
    Returns the table, Alice, Bob, and the last update Alice saw. hello: more fields for their hellos."""
    options = {"first_player": 1}
    table_id, (alice, bob) = await seated_table(port, players=2, people=2, seed=8, options=options, hello=hello)
    turn = await bob.update(lambda m: m["view"]["owed"] == [1] and m["view"]["window"] == "action")
    bob.send(move(turn["version"], "tax"))
    await alice.update(lambda m: m["view"]["window"] == "challenge_action" and m["view"]["owed"] == [0])
    await alice.alive()  # every update sent so far has arrived
    last = [f for f in alice.frames if f.get("type") == "update"][-1]
    assert last["view"]["window"] == "challenge_action"
    return table_id, alice, bob, last


def events_seen(peer: RawPeer) -> list[Message]:
    """Every event in the updates peer was sent, in order."""
    return [event for f in peer.frames if f.get("type") == "update" for event in f["events"]]


# -- a player drops ----------------------------------------------------------------------------


async def test_a_player_dropped_in_a_challenge_window_resumes_by_its_profile(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        table_id, alice, bob, before = await challenge_window(port)
        history = events_seen(alice)
        await alice.close()
        lobby = host.tables[table_id]
        await eventually(lambda: lobby.seats[0].conn is None)

        back = await RawPeer.open(port)
        assert (await back.hello("Alice", profile=alice.profile))["type"] == "welcome"
        joined = await back.expect_type("joined")
        assert joined["resumed"] is True and joined["seat"] == 0 and joined["table"] == table_id
        assert (await back.expect_type("started"))["seat"] == 0
        update = await back.update()
        assert update["view"] == before["view"]
        assert update["version"] == before["version"]
        assert update["events"] == history
        assert any(e["kind"] == "declare" and e["what"] == "tax" and e["seat"] == 1 for e in update["events"])
        assert lobby.seats[0].kind == "person" and lobby.seats[0].conn is not None
        table = lobby.table
        assert table is not None and update["view"]["hands"][0] == list(table.state.hands[0])

        back.send(move(update["version"], "pass"))
        after = await bob.update(lambda m: m["version"] > before["version"])
        assert after["view"]["window"] != "challenge_action"
        finals = await within(asyncio.gather(play_raw(back, 1), play_raw(bob, 2)), 60)
        assert finals[0]["view"]["winner"] == finals[1]["view"]["winner"] is not None


async def test_the_same_name_from_another_identity_gets_nobodys_seat(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (host, port):
        table_id, alice, _, before = await challenge_window(port)
        await alice.close()
        await eventually(lambda: host.tables[table_id].seats[0].conn is None)
        mallory = await RawPeer.greeted(port, "Alice")  # her name, not her profile
        frames = await mallory.alive()
        assert not [f for f in frames if f.get("type") in ("joined", "started", "update")]
        assert (await mallory.request(move(before["version"], "pass")))["code"] == "not_seated"
        assert (await mallory.request({"type": "spectate", "table": table_id}))["type"] == "spectating"
        watched = await mallory.update()
        assert watched["seat"] is None and all(hand is None for hand in watched["view"]["hands"])
        assert host.tables[table_id].seats[0].conn is None


async def test_a_second_connection_of_the_same_identity_takes_the_seat_back(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (host, port):
        table_id, alice, _, before = await challenge_window(port)
        other = await RawPeer.open(port)
        assert (await other.hello("Alice phone", profile=alice.profile))["type"] == "welcome"
        assert (await other.expect_type("joined"))["resumed"] is True
        replaced = await alice.expect_type("error")
        assert replaced["code"] == "replaced"
        reply = await alice.request(move(before["version"], "pass"))
        assert reply["code"] == "not_seated"
        assert host.tables[table_id].seats[0].conn is not None
        assert host.tables[table_id].table.state.version == before["version"]  # type: ignore[union-attr]


async def test_a_rule_bot_takes_the_seat_after_the_grace_period_and_the_game_goes_on(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=0.2, **UNLIMITED) as (host, port):
        table_id, alice, bob, before = await challenge_window(port)
        loop = asyncio.get_running_loop()
        dropped_at = loop.time()
        await alice.close()
        lobby = host.tables[table_id]
        after = await bob.update(lambda m: m["version"] > before["version"], timeout=5)
        assert loop.time() - dropped_at >= 0.2
        assert lobby.seats[0].kind == "bot" and lobby.seats[0].owner == ""
        assert lobby.table is not None and 0 in lobby.table.bots
        assert lobby.table.record.moves[before["version"]][0] == 0
        assert after["view"]["window"] != "challenge_action" or after["view"]["owed"] != [0]

        late = await RawPeer.open(port)
        assert (await late.hello("Alice", profile=alice.profile))["type"] == "welcome"
        frames = await late.alive()  # nothing to resume: the seat is the bot's now, and the lobby stays open
        assert not [f for f in frames if f.get("type") == "joined"]
        final = await play_raw(bob, seed=4)
        assert final["view"]["winner"] in (0, 1)
        assert lobby.table.over()


async def test_leaving_a_started_game_hands_the_seat_to_a_bot_at_once(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (host, port):
        table_id, alice, bob, before = await challenge_window(port)
        assert (await alice.request({"type": "leave"}))["type"] == "left"
        await bob.update(lambda m: m["version"] > before["version"], timeout=5)
        assert host.tables[table_id].seats[0].kind == "bot"
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        assert not [f for f in await back.alive() if f.get("type") == "joined"]


async def test_names_are_unique_at_a_table(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        first, second = await RawPeer.greeted(port, "Ana"), await RawPeer.greeted(port, "ana")
        table_id = (await first.request({"type": "create", "players": 3}))["table"]["id"]
        await first.request({"type": "join", "table": table_id})
        await second.request({"type": "join", "table": table_id})
        await first.request({"type": "fill", "table": table_id})
        names = [seat.name for seat in host.tables[table_id].seats]
        assert len({name.casefold() for name in names}) == 3 and names[:2] == ["Ana", "ana 2"]


# -- the host stops or dies ----------------------------------------------------------------------


async def test_a_stopped_host_starts_no_grace_timer_that_could_rewrite_the_journal(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=0.2) as (host, port):
        table_id, _, _, _ = await challenge_window(port)
    journal = tmp_path / "tables" / f"{table_id}.jsonl"
    header = journal.read_text().splitlines()[0]
    await asyncio.sleep(0.4)  # longer than the grace period
    assert journal.read_text().splitlines()[0] == header
    assert [seat["kind"] for seat in json.loads(header)["seats"]] == ["person", "person"]
    assert host.tables[table_id].seats[0].kind == "person"


async def test_a_restarted_host_in_the_same_process_resumes_the_table_from_its_journal(tmp_path: Path) -> None:
    async with running_host(tmp_path, grace=30) as (_, port):
        table_id, alice, bob, before = await challenge_window(port)
    async with running_host(tmp_path, grace=30, **UNLIMITED) as (host, port):
        assert host.tables[table_id].started
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        update = await back.update()
        assert update["view"] == before["view"]
        bob_back = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        await bob_back.update()
        finals = await within(asyncio.gather(play_raw(back, 5), play_raw(bob_back, 6)), 60)
        assert finals[0]["view"]["winner"] == finals[1]["view"]["winner"] is not None
        await eventually(lambda: not (tmp_path / "tables" / f"{table_id}.jsonl").exists())


async def start_host_process(data: Path, port: int, log: Path) -> asyncio.subprocess.Process:
    """`coup host` on 127.0.0.1:port with its journal in data, once it accepts connections."""
    command = [sys.executable, "-m", "tui", "host", "--bind", LOCALHOST, "--port", str(port), "--no-lan"]
    command += ["--no-ssh", "--data", str(data), "--bot-delay", "0", "--grace", "60"]
    process = await asyncio.create_subprocess_exec(
        *command, cwd=ROOT, stdout=asyncio.subprocess.DEVNULL, stderr=log.open("a"), env={**os.environ}
    )

    async def listening() -> bool:
        try:
            _, writer = await asyncio.open_connection(LOCALHOST, port)
        except OSError:
            return False
        writer.close()
        return True

    loop = asyncio.get_running_loop()
    end = loop.time() + 30
    while not await listening():
        assert process.returncode is None, log.read_text()
        assert loop.time() < end, "the host did not start listening"
        await asyncio.sleep(0.05)
    return process


async def play_safely_until_her_second_turn(alice: RawPeer) -> Message:
    """Alice (seat 0, first to act at a table of four) passes whenever she may and takes income otherwise,
    until her second turn (turn 5), when she alone owes a decision; the last update she was sent then.
    Before turn 5 no one has the 3 coins to assassinate her, so she is still in."""
    decided = -1
    while True:
        update = await alice.update(lambda m, decided=decided: m["view"]["owed"] == [0] and m["version"] != decided)
        if update["view"]["turn"] >= 5:
            break
        kinds = [move["kind"] for move in update["view"]["legal"]]
        choice = "pass" if "pass" in kinds else "income"
        assert choice in kinds, kinds
        alice.send(move(update["version"], choice))
        decided = update["version"]
    await alice.alive()  # every update sent so far has arrived, and the table waits for her
    return [f for f in alice.frames if f.get("type") == "update"][-1]


async def test_a_host_killed_mid_game_resumes_the_table_from_its_journal(tmp_path: Path) -> None:
    data, log = tmp_path / "host-data", tmp_path / "host.log"
    first_port, second_port = free_port(), free_port()
    first = await start_host_process(data, first_port, log)
    try:
        table_id, (alice,) = await seated_table(first_port, players=4, people=1, seed=None, options={"first_player": 0})
        before = await play_safely_until_her_second_turn(alice)
        assert before["view"]["winner"] is None and before["view"]["owed"] == [0]
        assert (data / "tables" / f"{table_id}.jsonl").exists()
    finally:
        first.send_signal(signal.SIGKILL)
        await within(first.wait())
    assert first.returncode == -signal.SIGKILL

    second = await start_host_process(data, second_port, log)
    try:
        back = await RawPeer.open(second_port)
        assert (await back.hello("Alice", profile=alice.profile))["type"] == "welcome"
        joined = await back.expect_type("joined")
        assert joined["resumed"] is True and joined["seat"] == 0 and joined["table"] == table_id
        update = await back.update()
        assert update["version"] == before["version"]
        mine, theirs = update["view"], before["view"]
        assert [p["coins"] for p in mine["players"]] == [p["coins"] for p in theirs["players"]]
        assert mine["hands"][0] == theirs["hands"][0] and mine["hands"][0]
        assert update["view"] == before["view"]
        final = await play_raw(back, seed=3)
        assert final["view"]["winner"] is not None
    finally:
        second.send_signal(signal.SIGTERM)
        try:
            await within(second.wait())
        finally:
            if second.returncode is None:
                second.kill()
    assert second.returncode == 0, log.read_text()
    assert not (data / "tables" / f"{table_id}.jsonl").exists()


# -- bad frames ----------------------------------------------------------------------------------


async def test_an_oversized_frame_gets_an_error_and_a_disconnect(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        for length in (MAX_FRAME + 1, 2**32 - 1):
            before_hello = await RawPeer.open(port)
            before_hello.send_bytes(HEADER.pack(length) + b"\x80" * 64)
            assert (await before_hello.expect_type("error"))["code"] == "too_large"
            assert await before_hello.closed_by_host()

            peer = await RawPeer.greeted(port)
            peer.send_bytes(HEADER.pack(length) + b"\x80" * 64)
            assert (await peer.expect_type("error"))["code"] == "too_large"
            assert await peer.closed_by_host()
        await eventually(lambda: not host.connections)
        await (await RawPeer.greeted(port)).alive()


async def test_a_frame_cut_short_by_a_closed_connection_is_forgotten(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        for data in (b"\x00\x00", HEADER.pack(100) + pack({"type": "hello"})[:5]):
            for greet in (False, True):
                peer = await RawPeer.greeted(port) if greet else await RawPeer.open(port)
                peer.send_bytes(data)
                peer.writer.write_eof()
                assert await peer.closed_by_host()
        await eventually(lambda: not host.connections)
        await (await RawPeer.greeted(port)).alive()


async def test_malformed_payloads_get_an_error_and_the_connection_survives(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.greeted(port)
        for payload in (
            b"\xc1",
            b"",
            pack([1, 2, 3]),
            pack({"kind": "ping"}),
            pack({"type": 5}),
            pack("ping"),
            pack({1: "int keys"}),
            b"\x81\xa4type",
            pack({"type": "ping"}) + b"\x00",
        ):
            peer.send_bytes(frame(payload))
            before_pong = await peer.alive()
            assert [f["code"] for f in before_pong] == ["malformed"], payload


async def test_a_flood_of_messages_gets_an_error_and_a_disconnect(tmp_path: Path) -> None:
    async with running_host(tmp_path, rate=30, burst=60) as (host, port):
        peer = await RawPeer.greeted(port)
        peer.send_bytes(b"".join(frame(pack({"type": "ping", "id": i})) for i in range(500)))
        assert await peer.closed_by_host()
        replies = [f for f in peer.frames if f.get("type") != "welcome"]
        assert replies[-1]["code"] == "flood"
        assert 55 <= sum(1 for f in replies if f["type"] == "pong") < 200  # the burst, and a little refill
        await eventually(lambda: not host.connections)
        calm = await RawPeer.greeted(port)
        for _ in range(20):
            await calm.alive()


async def test_a_peer_that_never_reads_is_dropped_once_its_buffer_is_full(tmp_path: Path) -> None:
    many = HostLimits(tables_per_creator=40)
    async with running_host(tmp_path, rate=1e6, burst=1e6, max_buffer=32 * 1024, limits=many) as (host, port):
        maker = await RawPeer.greeted(port, "Maker")
        for _ in range(40):
            await maker.request({"type": "create", "players": 6})
        listing = await maker.request({"type": "list"})
        assert len(pack(listing)) > 4000
        sleeper = await RawPeer.open(port, rcvbuf=4096)
        assert (await sleeper.hello("Sleeper"))["type"] == "welcome"
        assert len(host.connections) == 2
        requests = b"".join(frame(pack({"type": "list", "id": i})) for i in range(4000))
        try:
            sleeper.send_bytes(requests)
            await within(sleeper.writer.drain())
        except ConnectionError:
            pass
        await eventually(lambda: len(host.connections) == 1)
        assert all(conn.name == "Maker" for conn in host.connections)
        await maker.alive()
        await (await RawPeer.greeted(port)).alive()


async def test_a_host_with_no_journal_still_serves_games(tmp_path: Path) -> None:
    host = Host(data_dir=None, bot_delay=0, chosen_seeds=True)
    port = await within(host.start(LOCALHOST, 0))
    try:
        _, peers = await seated_table(port, players=3, people=1, seed=12)
        final = await play_raw(peers[0], seed=1)
        assert final["view"]["winner"] is not None
        assert not (tmp_path / "tables").exists()
    finally:
        await within(host.stop())


async def test_only_the_creator_fills_and_starts_a_table_while_seated_there(tmp_path: Path) -> None:
    """A stranger who sat at someone's table could fill it with computers and start it while its creator waited."""
    async with running_host(tmp_path) as (host, port):
        table_id, (bo, dee) = await seated_table(port, players=4, people=2, start=False)
        assert host.tables[table_id].summary()["creator_seat"] == 0
        for kind in ("fill", "start"):
            refused = await dee.request({"type": kind, "table": table_id})
            assert (refused["type"], refused["code"]) == ("error", "not_creator"), refused
            assert "Alice created this table" in refused["message"]
        assert not host.tables[table_id].started
        assert (await bo.request({"type": "leave"}))["type"] == "left"  # the creator goes: the others run it
        assert "creator_seat" not in host.tables[table_id].summary()
        assert (await dee.request({"type": "fill", "table": table_id}))["type"] == "tables"  # Alice's seat too
        assert (await dee.request({"type": "start", "table": table_id}))["type"] == "ok"


async def test_nobody_takes_over_a_new_table_before_its_creator_sits_down(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ana, mal = await RawPeer.greeted(port, "Ana"), await RawPeer.greeted(port, "Mal")
        created = await ana.request({"type": "create", "players": 3})
        table_id = created["table"]["id"]  # Mal's lobby hears of it as soon as Ana does: Mal sits first
        assert (await mal.request({"type": "join", "table": table_id}))["type"] == "joined"
        for kind in ("fill", "start"):
            refused = await mal.request({"type": kind, "table": table_id})
            assert (refused["type"], refused.get("code")) == ("error", "not_creator"), refused
            assert "has not sat down yet" in refused["message"]
        assert (await ana.request({"type": "join", "table": table_id}))["type"] == "joined"
        assert (await ana.request({"type": "leave"}))["type"] == "left"  # sat, then left: the others run it
        assert (await mal.request({"type": "fill", "table": table_id}))["type"] == "tables"
        unsat = (await ana.request({"type": "create", "players": 2}))["table"]["id"]
        assert (await mal.request({"type": "leave"}))["type"] == "left"
        assert (await mal.request({"type": "join", "table": unsat}))["type"] == "joined"
        assert (await mal.request({"type": "fill", "table": unsat}))["type"] == "error"
        host.tables[unsat].creator_sits = 0.0  # a minute on: a creator who never sat down holds it no more
        assert (await mal.request({"type": "fill", "table": unsat}))["type"] == "tables"
