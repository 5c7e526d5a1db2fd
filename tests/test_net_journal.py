"""Damaged journals over real sockets: the host always starts, never rolls a game back silently nor resumes a copy."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path
from typing import Any

import pytest

from netplay.identity import profile_identity
from tests.net_helpers import Message, RawPeer, play_raw, running_host, seated_table

ALICE = "alice-profile-secret-0001"

SETUP: Message = {
    "id": "t1",
    "game": "coup",
    "config": {"players": 2, "names": ["Alice", "Bob"], "first_player": 0},
    "seed": 5,
    "timer": None,
    "options": {"first_player": 0},
    "seats": [
        {"kind": "person", "name": "Alice", "level": "", "owner": profile_identity(ALICE)},
        {"kind": "bot", "name": "Natasha", "level": "rule", "owner": ""},
    ],
}


def journal_of(folder: Path, table_id: str) -> Path:
    """Where the host keeps table_id's journal."""
    return folder / "tables" / f"{table_id}.jsonl"


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The warnings logged so far."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def incomes(port: int, count: int) -> tuple[str, RawPeer, RawPeer]:
    """A two-person table (Alice first) where the players take income count times in turn: count moves, each a
    line of the journal. The table, Alice and Bob."""
    table_id, (alice, bob) = await seated_table(port, players=2, people=2, seed=8, options={"first_player": 0})
    for version in range(count):
        peer = (alice, bob)[version % 2]
        await peer.update(lambda m, v=version, p=peer: m["version"] == v and m["view"]["owed"] == [p.seat])
        peer.send({"type": "move", "version": version, "move": {"kind": "income"}})
    await alice.update(lambda m: m["version"] == count)
    return table_id, alice, bob


@pytest.mark.parametrize(
    "setup",
    [
        "not json at all",
        "",
        json.dumps([1, 2, 3]),
        json.dumps(
            {**SETUP, "seats": [*SETUP["seats"], {"kind": "bot", "name": "Sacha", "level": "rule", "owner": ""}]}
        ),
        json.dumps({**SETUP, "game": "chess"}),
        json.dumps({**SETUP, "seed": "five"}),
        json.dumps({**SETUP, "seats": "Alice and Bob"}),
        json.dumps({**SETUP, "config": {"players": "two"}}),
        json.dumps({**SETUP, "seats": [SETUP["seats"][0], {**SETUP["seats"][1], "level": "genius"}]}),
        json.dumps({**SETUP, "seats": [{**SETUP["seats"][0], "owner": 5}, SETUP["seats"][1]]}),
        json.dumps({**SETUP, "id": "t7"}),
    ],
    ids=[
        "not-json",
        "empty",
        "not-a-map",
        "more-seats-than-players",
        "unknown-game",
        "seed-text",
        "seats-text",
        "players-text",
        "unknown-bot-level",
        "owner-not-text",
        "another-tables-set-up",
    ],
)
async def test_a_journal_that_cannot_start_its_table_is_set_aside_and_the_host_starts(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, setup: str
) -> None:
    """More seats than players once stopped the host at start (an IndexError); every such journal is set aside."""
    caplog.set_level(logging.WARNING)
    (tmp_path / "tables").mkdir()
    journal_of(tmp_path, "t1").write_text(setup + "\n" + json.dumps([0, {"kind": "income"}]) + "\n")
    journal_of(tmp_path, "t2").write_text(json.dumps({**SETUP, "id": "t2"}) + "\n")  # a good one beside it
    async with running_host(tmp_path) as (host, port):
        assert list(host.tables) == ["t2"]
        listing = await (await RawPeer.greeted(port)).request({"type": "list"})
        assert [t["id"] for t in listing["tables"]] == ["t2"]
        back = await RawPeer.greeted(port, "Alice", profile=ALICE)
        assert (await back.expect_type("joined"))["table"] == "t2"
    assert not journal_of(tmp_path, "t1").exists()
    aside = tmp_path / "tables" / "t1.jsonl.bad"
    assert aside.read_text().startswith(setup)
    assert [w for w in warnings(caplog) if "t1.jsonl" in w and "t1.jsonl.bad" in w], warnings(caplog)


async def test_a_file_that_is_not_a_tables_journal_is_set_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "notes.jsonl").write_text(json.dumps(SETUP) + "\n")
    (tmp_path / "tables" / "t3.jsonl").mkdir()
    async with running_host(tmp_path) as (host, port):
        assert not host.tables
        await (await RawPeer.greeted(port)).alive()
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == ["notes.jsonl.bad", "t3.jsonl.bad"]
    assert len([w for w in warnings(caplog) if "set aside" in w]) == 2


@pytest.mark.parametrize("damage", ["}garbage{", json.dumps([1, {"kind": "coup", "target": 0}]), json.dumps([0])])
async def test_a_damaged_line_resumes_the_table_at_its_last_good_move_and_its_players_are_told(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    """A garbage line (or an illegal move) in the middle once made the host resume at the move before it, silently,
    and go on writing after the lines it had skipped."""
    async with running_host(tmp_path) as (_, port):
        table_id, alice, bob = await incomes(port, 6)
    path = journal_of(tmp_path, table_id)
    lines = path.read_text().splitlines()
    assert len(lines) == 7
    lines[4] = damage  # the fourth move
    path.write_text("\n".join(lines) + "\n")

    caplog.set_level(logging.WARNING)
    async with running_host(tmp_path, grace=30) as (host, port):
        assert host.tables[table_id].table.state.version == 3
        assert path.read_text().splitlines() == lines[:4]
        aside = tmp_path / "tables" / f"{table_id}.jsonl.bad"
        assert aside.read_text().splitlines() == lines and aside.stat().st_mode & 0o777 == 0o600  # private too
        assert [w for w in warnings(caplog) if f"{table_id}.jsonl" in w and "after move 3 of 6" in w], warnings(caplog)

        back = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        update = await back.update()
        assert update["version"] == 3 and update["view"]["owed"] == [1]
        notice = await back.expect_type("notice")
        assert notice["code"] == "rolled_back" and notice["table"] == table_id
        assert "3 of this game's moves" in notice["message"] and "from move 3" in notice["message"]
        back.send({"type": "move", "version": 3, "move": {"kind": "income"}})
        await back.update(lambda m: m["version"] == 4)
        await back.close()

        again = await RawPeer.greeted(port, "Bob", profile=bob.profile)
        await again.update(lambda m: m["version"] == 4)
        assert not [f for f in await again.alive() if f.get("code") == "rolled_back"]  # told once
        alice_back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        await alice_back.update(lambda m: m["version"] == 4)
        told = await alice_back.expect(lambda m: m.get("type") == "notice" and not m.get("past"))
        assert told["code"] == "rolled_back"
    assert [json.loads(line) for line in path.read_text().splitlines()[1:]] == [
        [s % 2, {"kind": "income"}] for s in range(4)
    ]


async def test_a_line_cut_short_at_the_end_is_a_rollback_the_players_hear_of(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        table_id, alice, _ = await incomes(port, 2)
    path = journal_of(tmp_path, table_id)
    path.write_text(path.read_text() + '[0, {"kind": "inc')
    async with running_host(tmp_path, grace=30) as (host, port):
        assert host.tables[table_id].table.state.version == 2
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        await back.update(lambda m: m["version"] == 2)
        assert "the last 1 of" in (await back.expect_type("notice"))["message"]
    assert len(path.read_text().splitlines()) == 3


async def test_an_intact_journal_resumes_without_a_notice(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        _, alice, _ = await incomes(port, 2)
    async with running_host(tmp_path, grace=30) as (_, port):
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        await back.update(lambda m: m["version"] == 2)
        assert not [f for f in await back.alive() if f.get("type") == "notice"]
    assert not list((tmp_path / "tables").glob("*.bad*"))


async def test_a_copied_journal_is_set_aside_so_two_tables_never_share_a_seat(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_host(tmp_path) as (_, port):
        table_id, alice, _ = await incomes(port, 2)
    original = journal_of(tmp_path, table_id)
    for copy in ("t90", "t100"):
        shutil.copyfile(original, journal_of(tmp_path, copy))
    caplog.set_level(logging.WARNING)
    async with running_host(tmp_path, grace=30) as (host, port):
        assert [t for t in host.tables if host.tables[t].started] == [table_id]
        back = await RawPeer.greeted(port, "Alice", profile=alice.profile)
        assert (await back.expect_type("joined"))["table"] == table_id
    assert original.exists()
    for copy in ("t90", "t100"):
        assert not journal_of(tmp_path, copy).exists()
        assert (tmp_path / "tables" / f"{copy}.jsonl.bad").exists()
        assert [w for w in warnings(caplog) if f"{copy}.jsonl" in w and "a copy?" in w], warnings(caplog)


async def test_a_set_aside_journal_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    for round_ in range(3):
        journal_of(tmp_path, "t1").write_text(f"broken {round_}\n")
        async with running_host(tmp_path):
            pass
    kept: dict[str, Any] = {p.name: p.read_text() for p in (tmp_path / "tables").glob("t1.jsonl.bad*")}
    assert kept == {"t1.jsonl.bad": "broken 0\n", "t1.jsonl.bad2": "broken 1\n", "t1.jsonl.bad3": "broken 2\n"}


async def test_every_file_the_host_writes_is_private(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.greeted(port, "Ana", profile="ana-profile-secret-00001")
        created = await peer.request({"type": "create", "game": "coup", "players": 2, "options": {}, "seed": 4})
        await peer.request({"type": "join", "table": created["table"]["id"]})
        await peer.request({"type": "fill", "table": created["table"]["id"]})
        assert (await peer.request({"type": "start", "table": created["table"]["id"]}))["type"] == "ok"
        await play_raw(peer, 4)
    written = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert any(path.name == "next-table-number" for path in written)
    assert any(path.parent.name == "records" for path in written)  # the game's record, every hidden card
    assert {path.name: path.stat().st_mode & 0o777 for path in written} == {path.name: 0o600 for path in written}
    folders = [path for path in tmp_path.rglob("*") if path.is_dir()]
    assert {path.name: path.stat().st_mode & 0o777 for path in folders} == {path.name: 0o700 for path in folders}
