"""Private and spectator-free tables over real sockets: listed to nobody, reached by code alone, wrong codes
throttled, watchers refused, and all of it kept across a host restart."""

from __future__ import annotations

from pathlib import Path

from netplay.identity import CODE_LENGTH, shown_code
from netplay.lobby import LobbyTable
from netplay.private import CROWDED, PER_ADDRESS, PER_IDENTITY, Codes
from tests.net_helpers import Message, RawPeer, running_host, seated_table


def listed(reply: Message) -> list[str]:
    """The table ids of a tables message."""
    assert reply["type"] == "tables", reply
    return [t["id"] for t in reply["tables"]]


async def create(peer: RawPeer, **fields: object) -> Message:
    created = await peer.request({"type": "create", "players": 3, **fields})
    assert created["type"] == "created", created
    return created


async def test_a_private_table_is_listed_to_nobody_but_those_at_it_and_joined_by_its_code(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        ana, bo, eve = [await RawPeer.greeted(port, name) for name in ("Ana", "Bo", "Eve")]
        public = (await create(eve))["table"]["id"]
        created = await create(ana, private=True)
        table_id, code = created["table"]["id"], created["code"]
        assert created["table"]["private"] is True and len(code) == CODE_LENGTH
        assert "code" not in created["table"]  # a summary never carries the code

        for query in ("", table_id, "coup"):
            assert table_id not in listed(await eve.request({"type": "list", "query": query}))
        assert public in listed(await eve.request({"type": "list"}))
        asked = [{"type": kind, "table": table_id} for kind in ("join", "spectate", "fill", "start")]
        asked.append({"type": "fill", "table": table_id, "level": "no such level"})  # the game's levels say nothing
        for request in asked:  # none of them tells a stranger the table is there (its id, its game, its state)
            refused = await eve.request(request)
            assert (refused["type"], refused["code"]) == ("error", "no_table"), request
            assert refused["message"] == f"no table {table_id!r}", request

        refused = await ana.request({"type": "join", "table": table_id})
        assert refused["code"] == "no_table"  # its creator too reaches it by its code
        joined = await ana.request({"type": "join", "code": code})
        assert (joined["type"], joined["code"]) == ("joined", code)
        assert listed(await ana.request({"type": "list"}))[0] == table_id  # pinned for those at it
        typed = shown_code(code).lower()  # as a friend types it: any case, with its dash
        joined = await bo.request({"type": "join", "code": typed})
        assert (joined["type"], joined["table"], joined["seat"], joined["code"]) == ("joined", table_id, 1, code)
        assert (await ana.request({"type": "fill", "table": table_id}))["type"] == "tables"  # by id, once at it
        watching = await eve.request({"type": "spectate", "code": code})
        assert (watching["type"], watching["table"]) == ("spectating", table_id)
        await eve.alive()
        broadcasts = [f for f in eve.frames if f.get("type") == "tables" and "re" not in f]
        assert broadcasts and all(table_id not in [t["id"] for t in b["tables"][1:]] for b in broadcasts)
        assert host.tables[table_id].seats[1].name == "Bo"


async def test_wrong_codes_are_throttled_per_identity_even_before_a_right_one(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        ana, mallory = await RawPeer.greeted(port, "Ana"), await RawPeer.greeted(port, "Mallory")
        code = (await create(ana, private=True))["code"]
        wrong = "".join("2" if ch != "2" else "3" for ch in code)
        for _ in range(PER_IDENTITY):
            refused = await mallory.request({"type": "join", "code": wrong})
            assert refused["code"] == "wrong_code" and "NAME+CODE" in refused["message"]  # a resume code goes there
        refused = await mallory.request({"type": "join", "code": code})
        assert refused["code"] == "slow_down"  # the right code, refused unread: guessing gets nowhere
        malformed = await ana.request({"type": "join", "code": "0O1I"})
        assert malformed["code"] == "bad_request"
        joined = await ana.request({"type": "join", "code": code})  # another identity is not slowed down
        assert joined["type"] == "joined"


async def test_a_spectator_free_table_refuses_watchers_with_a_clear_error(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        ana, eve = await RawPeer.greeted(port, "Ana"), await RawPeer.greeted(port, "Eve")
        created = await create(ana, watchers=False)
        assert created["table"]["watchers"] is False and "code" not in created
        refused = await eve.request({"type": "spectate", "table": created["table"]["id"]})
        assert (refused["type"], refused["code"]) == ("error", "no_watchers")
        assert "spectators" in refused["message"]
        bad = await ana.request({"type": "create", "players": 2, "private": "yes"})
        assert bad["code"] == "bad_request"


async def test_a_private_table_stays_private_after_a_host_restart(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, (ana,) = await seated_table(port, players=2, people=1, start=False)
        host.tables[table_id].code = "K7QM2XPA"  # as a create with private made it
        host.tables[table_id].watchers = False
        assert (await ana.request({"type": "start", "table": table_id}))["type"] == "ok"
    async with running_host(tmp_path, port=0) as (host, port):
        assert host.tables[table_id].code == "K7QM2XPA" and not host.tables[table_id].watchers
        eve = await RawPeer.greeted(port, "Eve")
        assert table_id not in listed(await eve.request({"type": "list"}))
        refused = await eve.request({"type": "spectate", "code": "k7qm-2xpa"})
        assert refused["code"] == "no_watchers"
        back = await RawPeer.greeted(port, "Alice", profile=ana.profile)
        assert back.frames[-1]["type"] == "welcome"
        resumed = await back.expect_type("joined")
        assert (resumed["table"], resumed["code"]) == (table_id, "K7QM2XPA")


def answer(codes: Codes, identity: str, address: str, typed: str, table: LobbyTable) -> str:
    """What Codes answers identity at address typing typed: "found" (table), or the error's code."""
    found = codes.find(identity, address, typed, [table])
    return found[0] if isinstance(found, tuple) else "found" if found is table else "another table"


def test_guessers_on_many_addresses_never_shut_out_a_player_who_has_not_been_guessing() -> None:
    table, codes = LobbyTable("t1", "coup", 3, {}, code="K7QM2XPA"), Codes()
    for address in range(30):  # 30 addresses, each up to its allowance: 300 wrong codes within the minute
        for guess in range(PER_ADDRESS):
            assert (
                answer(codes, f"guesser {address}.{guess}", f"203.0.113.{address}", "ZZZZ2222", table) == "wrong_code"
            )
    assert answer(codes, "ana", "198.51.100.7", "k7qm-2xpa", table) == "found"  # the right code, from someone new
    # meanwhile an address is allowed CROWDED wrong codes a minute, not PER_ADDRESS: however many guess, it slows down
    for guess in range(CROWDED):
        assert answer(codes, f"bo {guess}", "198.51.100.8", f"ZZZZ22{3 + guess}2", table) == "wrong_code"
    assert answer(codes, "bo again", "198.51.100.8", "K7QM2XPA", table) == "slow_down"
