"""Bad input over real sockets never crashes the host nor changes a game: garbage, mutated frames, bad moves."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from core.cards.engine import COUP
from core.cards.rules import ACTIONS, CHARACTERS
from netplay.host import NAME_LIMIT, Host
from netplay.limits import HostLimits
from netplay.listing import LIST_LIMIT
from netplay.lobby import BOT_NAMES, LobbyTable
from netplay.wire import MAX_FRAME, PROTOCOL_VERSION
from tests.net_helpers import (
    UNLIMITED,
    Message,
    RawPeer,
    frame,
    pack,
    running_host,
    seated_table,
    unpack,
    within,
)

MOVE_KINDS = (*ACTIONS, "challenge", "pass", "block", "prove", "concede", "reveal", "keep", "choose")
REQUEST_TYPES = ("hello", "list", "create", "join", "spectate", "leave", "fill", "start", "move", "stats", "ping")
REQUEST_TYPES += ("leaderboard",)
# Codes the host may answer bad input with; "internal" (an unexpected exception) is never one of them.
REFUSALS = {
    "malformed",
    "too_large",
    "unknown_type",
    "bad_request",
    "illegal",
    "stale",
    "not_seated",
    "no_table",
    "no_seat",
    "seated",
    "started",
    "taken",
    "full",
    "not_full",
    "not_creator",
    "hello_first",
    "version",
    "too_many",
    "busy",
}
REPLIES = {"welcome", "pong", "tables", "created", "joined", "spectating", "left", "ok", "started", "update", "stats"}
REPLIES |= {"leaderboard"}


def fuzz_settings(examples: int) -> Any:
    """Modest, reproducible hypothesis runs that share one host per test."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**64 - 1),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10,
)
seat_numbers = st.one_of(st.integers(-2, 7), st.booleans(), st.none(), st.text(max_size=3), st.floats(-1, 7))
cards = st.one_of(st.sampled_from(CHARACTERS), st.text(max_size=10), st.integers(-1, 5), st.none())
moves = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.one_of(
                st.sampled_from(MOVE_KINDS), st.text(max_size=10), st.integers(-(2**63), 2**64 - 1), st.none()
            )
        },
        optional={
            "target": seat_numbers,
            "card": cards,
            "cards": st.one_of(st.lists(cards, max_size=3), values),
            "extra": values,
        },
    ),
    values,
)
versions = st.one_of(st.integers(-2, 3), st.integers(-(2**63), 2**64 - 1), scalars)
requests = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(REQUEST_TYPES), st.text(max_size=10))},
    optional={
        "table": st.one_of(st.sampled_from(["t1", "t2", "t3", "t99", ""]), values),
        "players": st.one_of(st.integers(0, 8), values),
        "seat": seat_numbers,
        "level": st.one_of(st.sampled_from(["rule", "random", "genius"]), values),
        "game": st.one_of(st.just("coup"), values),
        "options": st.one_of(
            st.dictionaries(st.sampled_from(["two_player_variant", "first_player", "names", "x"]), values, max_size=3),
            values,
        ),
        "timer": st.one_of(st.floats(0, 4000), values),
        "seed": values,
        "version": versions,
        "move": moves,
        "profile": st.one_of(st.text(max_size=30), values),
        "password": st.one_of(st.text(max_size=30), values),
        "door": st.one_of(st.text(max_size=30), values),
        "identity": st.one_of(st.text(max_size=30), values),
        "page": st.one_of(st.integers(-2, 5), values),
        "query": st.one_of(st.text(max_size=50), values),
        "name": values,
        "id": values,
    },
)


@dataclasses.dataclass
class Arena:
    """A host with one started two-person game that waits for Alice (seat 0), and a lobby table."""

    host: Host
    port: int
    table_id: str
    waiting_id: str
    alice: RawPeer
    bob: RawPeer
    stranger: RawPeer
    failures: list[logging.LogRecord]

    def snapshot(self) -> tuple[Any, ...]:
        """Everything about the game that bad input must leave as it was."""
        table = self.host.tables[self.table_id].table
        assert table is not None
        return (
            id(table.state),
            dataclasses.asdict(table.state),
            list(table.record.moves),
            table.window_opened,
            [(s.kind, s.owner, s.conn is not None) for s in self.host.tables[self.table_id].seats],
        )

    async def still_serves(self) -> None:
        """A fresh client is welcomed and answered, and nothing went wrong inside the host."""
        fresh = await RawPeer.greeted(self.port, "Fresh")
        await fresh.alive()
        await fresh.close()
        assert not self.failures, [r.getMessage() for r in self.failures]

    async def hung_up_on(self, peer: RawPeer, data: bytes) -> None:
        """Send data then end the stream: the host closes the connection, answers only with known
        errors, and no game changes."""
        before = self.snapshot()
        peer.send_bytes(data)
        peer.writer.write_eof()
        assert await peer.closed_by_host(5)
        check_answers(peer.frames)
        await peer.close()
        assert self.snapshot() == before
        await self.still_serves()


class FailureLog(logging.Handler):
    """Keeps every error the host or the event loop logs."""

    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
async def arena(tmp_path: Path) -> AsyncIterator[Arena]:
    failures: list[logging.LogRecord] = []
    handler = FailureLog(failures)
    loggers = [logging.getLogger(name) for name in ("netplay", "asyncio")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        async with running_host(tmp_path, grace=600, **UNLIMITED) as (host, port):
            table_id, (alice, bob) = await seated_table(port, 2, 2, seed=21, options={"first_player": 0})
            await alice.update(lambda m: m["view"]["owed"] == [0])
            await bob.update()
            stranger = await RawPeer.greeted(port, "Stranger")
            waiting_id = (await stranger.request({"type": "create", "players": 3}))["table"]["id"]
            yield Arena(host, port, table_id, waiting_id, alice, bob, stranger, failures)
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def check_answers(frames: list[Any]) -> None:
    """Every frame is a known reply, and every error a deliberate refusal."""
    for sent in frames:
        assert isinstance(sent, dict) and sent.get("type") in REPLIES | {"error"}, sent
        if sent["type"] == "error":
            assert sent["code"] in REFUSALS, sent


def expected_refusal(arena: Arena, seat: int, version: Any, move: Any) -> str | None:
    """The code the host must refuse this move with; None if the move is legal (it would be played)."""
    table = arena.host.tables[arena.table_id].table
    assert table is not None
    if not isinstance(version, int) or isinstance(version, bool):
        return "bad_request"
    try:
        parsed = COUP.load_move(move)
    except ValueError:
        return "bad_request"
    if not table.window_opened <= version <= table.state.version:
        return "stale"
    if parsed not in COUP.legal(table.state, seat):
        return "illegal"
    return None


# -- garbage -----------------------------------------------------------------------------------


@fuzz_settings(60)
@given(garbage=st.binary(max_size=300), greet=st.booleans())
async def test_garbage_bytes_get_refused_or_dropped_and_change_nothing(
    arena: Arena, garbage: bytes, greet: bool
) -> None:
    peer = await RawPeer.greeted(arena.port) if greet else await RawPeer.open(arena.port)
    await arena.hung_up_on(peer, garbage)


@fuzz_settings(80)
@given(payload=st.binary(max_size=200))
async def test_a_framed_garbage_payload_gets_an_error_and_the_connection_survives(arena: Arena, payload: bytes) -> None:
    before = arena.snapshot()
    arena.stranger.send_bytes(frame(payload))
    answers = await arena.stranger.alive(5)
    check_answers(answers)
    try:
        message = unpack(payload)
    except Exception:
        message = None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        assert [a["code"] for a in answers if a["type"] == "error"] == ["malformed"]
    assert arena.snapshot() == before
    assert not arena.failures


@fuzz_settings(150)
@given(message=requests)
async def test_any_request_from_a_stranger_is_answered_and_changes_no_game(arena: Arena, message: Message) -> None:
    before = arena.snapshot()
    arena.stranger.send(message)
    answers = await arena.stranger.alive(5)
    check_answers(answers)
    assert arena.snapshot() == before
    assert not arena.failures


# -- bad moves -------------------------------------------------------------------------------------


@fuzz_settings(200)
@given(seat=st.sampled_from([0, 1]), version=versions, move=moves)
async def test_a_bad_move_from_a_seated_player_is_refused_with_its_code(
    arena: Arena, seat: int, version: Any, move: Any
) -> None:
    code = expected_refusal(arena, seat, version, move)
    assume(code is not None)  # a legal move would rightly be played
    peer = arena.alice if seat == 0 else arena.bob
    before = arena.snapshot()
    reply = await peer.request({"type": "move", "version": version, "move": move}, timeout=5)
    assert reply["type"] == "error" and reply["code"] == code, (reply, code)
    await peer.alive(5)
    assert arena.snapshot() == before
    assert not arena.failures


async def test_out_of_turn_stale_and_illegal_moves_get_their_codes(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (host, port):
        table_id, (ann, ben, cal) = await seated_table(port, 3, 3, seed=4, options={"first_player": 0})
        table = host.tables[table_id].table
        assert table is not None

        async def code(peer: RawPeer, version: Any, move: Message) -> str:
            reply = await peer.request({"type": "move", "version": version, "move": move})
            return str(reply.get("code", reply["type"]))

        assert await code(ben, 0, {"kind": "income"}) == "illegal"  # not Ben's turn
        assert await code(ann, 0, {"kind": "coup", "target": 1}) == "illegal"  # 2 coins
        assert await code(ann, 0, {"kind": "steal", "target": 0}) == "illegal"  # herself
        assert await code(ann, 0, {"kind": "steal", "target": 9}) == "illegal"
        assert await code(ann, 1, {"kind": "income"}) == "stale"  # a version from the future
        assert await code(ann, -1, {"kind": "income"}) == "stale"
        assert await code(ann, True, {"kind": "income"}) == "bad_request"
        assert await code(ann, "0", {"kind": "income"}) == "bad_request"
        assert await code(ann, 0, {"kind": "income", "coins": 9}) == "bad_request"
        assert await code(ann, 0, {"kind": "steal", "target": True}) == "bad_request"
        assert await code(ann, 0, "income") == "bad_request"
        assert table.state.version == 0 and not table.record.moves

        ann.send({"type": "move", "version": 0, "move": {"kind": "tax"}})  # the challenge window opens at 1
        await cal.update(lambda m: m["view"]["window"] == "challenge_action")
        ben.send({"type": "move", "version": 1, "move": {"kind": "pass"}})
        await cal.update(lambda m: m["version"] == 2)
        cal.send({"type": "move", "version": 1, "move": {"kind": "pass"}})  # older, but the window is the same
        await ann.update(lambda m: m["view"]["window"] == "action" and m["view"]["active"] == 1)
        assert [seat for seat, _ in table.record.moves] == [0, 1, 2]
        assert await code(ann, 0, {"kind": "pass"}) == "stale"
        assert await code(ben, 1, {"kind": "income"}) == "stale"
        assert await code(ann, 3, {"kind": "income"}) == "illegal"
        assert len(table.record.moves) == 3
        for peer in (ann, ben, cal):
            await peer.alive()


# -- mutated frames ---------------------------------------------------------------------------------


VALID_FRAMES = [
    frame(pack(message))
    for message in (
        {"type": "hello", "version": PROTOCOL_VERSION, "name": "Mutant", "profile": "p" * 22},
        {"type": "list", "id": 7},
        {"type": "create", "game": "coup", "players": 4, "options": {"two_player_variant": False}, "id": 8},
        {"type": "join", "table": "t2", "seat": 1, "id": 9},
        {"type": "fill", "table": "t2", "level": "rule", "id": 10},
        {"type": "move", "version": 0, "move": {"kind": "steal", "target": 1}, "id": 11},
        {"type": "stats", "id": 12},
        {"type": "leaderboard", "game": "coup", "sort": "wins", "page": 0, "id": 13},
    )
]
flips = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=4)


def mutate(data: bytes, changes: list[tuple[int, int]], cut: int | None) -> bytes:
    """data with some bytes replaced and perhaps cut short."""
    out = bytearray(data)
    for position, value in changes:
        out[position % len(out)] = value
    return bytes(out[:cut] if cut is not None else out)


@fuzz_settings(80)
@given(
    chosen=st.integers(0, len(VALID_FRAMES) - 1),
    changes=flips,
    cut=st.one_of(st.none(), st.integers(0, 80)),
    greet=st.booleans(),
)
async def test_a_mutated_frame_never_hurts_the_host(
    arena: Arena, chosen: int, changes: list[tuple[int, int]], cut: int | None, greet: bool
) -> None:
    peer = await RawPeer.greeted(arena.port, "Mutant") if greet else await RawPeer.open(arena.port)
    await arena.hung_up_on(peer, mutate(VALID_FRAMES[chosen], changes, cut))


@fuzz_settings(120)
@given(seat=st.sampled_from([0, 1]), chosen=st.sampled_from([1, 5, 6]), changes=flips)
async def test_a_mutated_payload_from_a_seated_player_is_refused_and_changes_nothing(
    arena: Arena, seat: int, chosen: int, changes: list[tuple[int, int]]
) -> None:
    payload = mutate(VALID_FRAMES[chosen][4:], changes, None)
    try:
        message = unpack(payload)
    except Exception:
        message = None
    if isinstance(message, dict) and message.get("type") == "move":
        assume(expected_refusal(arena, seat, message.get("version"), message.get("move")) is not None)
    assume(not (isinstance(message, dict) and message.get("type") == "leave"))
    peer = arena.alice if seat == 0 else arena.bob
    before = arena.snapshot()
    peer.send_bytes(frame(payload))
    check_answers(await peer.alive(5))
    assert arena.snapshot() == before
    assert not arena.failures


# -- requests that could have broken the lobby for everyone ---------------------------------------


@fuzz_settings(40)
@given(
    options=st.dictionaries(
        st.sampled_from(["two_player_variant", "first_player", "names", "players"]),
        st.one_of(values, st.lists(st.binary(max_size=4), min_size=2, max_size=2)),
        max_size=3,
    )
)
@example(options={"first_player": 1.5})
@example(options={"first_player": 1.0})
@example(options={"two_player_variant": b"yes"})
@example(options={"names": [b"\x00", b"\x01"]})
@example(options={"players": 3})
async def test_a_created_table_is_either_refused_or_can_start(arena: Arena, options: Message) -> None:
    peer = await RawPeer.greeted(arena.port, "Maker")
    created = await peer.request({"type": "create", "players": 2, "options": options})
    if created["type"] == "error":
        assert created["code"] == "bad_request"
    else:
        table_id = created["table"]["id"]
        await peer.request({"type": "join", "table": table_id, "seat": 0})
        await peer.request({"type": "fill", "table": table_id})
        started = await peer.request({"type": "start", "table": table_id})
        assert started["type"] == "ok", started
        update = await peer.update()
        assert update["table"] == table_id
        assert (arena.host.tables[table_id].table is not None) and (arena.host.journal is not None)
        assert arena.host.journal.path(table_id).exists()
        await peer.request({"type": "leave"})
    await peer.close()
    assert not arena.failures


async def test_a_huge_option_cannot_make_the_lobby_listing_too_big_to_send(tmp_path: Path) -> None:
    async with running_host(tmp_path) as (_, port):
        maker = await RawPeer.greeted(port, "Maker")
        for _ in range(3):
            reply = await maker.request({"type": "create", "players": 2, "options": {"names": ["x" * 30000] * 2}})
            assert reply["type"] == "error" and reply["code"] == "bad_request"
        listing = await (await RawPeer.greeted(port, "Other")).request({"type": "list"})
        assert listing["type"] == "tables"


async def test_the_lobby_listing_fits_in_a_frame_however_many_tables_there_are(tmp_path: Path) -> None:
    async with running_host(tmp_path, limits=HostLimits(tables_per_creator=LIST_LIMIT + 30), **UNLIMITED) as (
        host,
        port,
    ):
        maker = await RawPeer.greeted(port, "Maker")
        for _ in range(LIST_LIMIT + 30):
            await within(maker.request({"type": "create", "players": 6}))
        listing = await (await RawPeer.greeted(port, "Other")).request({"type": "list"})
        assert listing["type"] == "tables" and len(listing["tables"]) == LIST_LIMIT
        assert listing["tables"][0]["id"] == list(host.tables)[-1]  # the newest tables are listed first

    # the largest summary a table can have, times the listing's length, still fits in one frame
    widest = "\U0001d518" * NAME_LIMIT
    lobby = LobbyTable("t999999999", "coup", 6, {"two_player_variant": False, "first_player": 5}, 3600.0, 2**63)
    for index, seat in enumerate(lobby.seats):
        seat.kind, seat.name, seat.level = ("person", widest, "") if index % 2 else ("bot", BOT_NAMES[0], "random")
    listing = {"type": "tables", "tables": [lobby.summary()] * LIST_LIMIT, "re": 2**64 - 1}
    assert len(pack(listing)) < MAX_FRAME


async def test_a_peer_cannot_forge_or_colour_a_log_line(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A message type carrying a newline and an escape sequence once wrote a forged 'admin resumed seat 0' line and
    raw escapes to the operator's terminal: every peer-supplied value is escaped and cut short in the log."""
    forged = "x\n2026-01-01 INFO netplay.host: admin resumed seat 0 of t1\x1b[2J" + "A" * 5000
    caplog.set_level(logging.INFO, logger="netplay.host")
    async with running_host(tmp_path) as (_, port):
        peer = await RawPeer.greeted(port, "mallory")
        reply = await peer.request({"type": forged[:64]})
        assert reply["type"] == "error" and reply["code"] == "unknown_type"
        peer.send({"type": forged})  # past a type's 64 characters: malformed, answered without re
        reply = await peer.expect(lambda m: m.get("type") == "error")
        assert reply["code"] == "malformed"
        reply = await peer.request({"type": "create", "game": forged, "players": 2})
        assert reply["type"] == "error"
        for ref in (b"bytes", [1], "x" * 65, 1.5, True):  # an id comes back as re: an integer or a short string
            peer.send({"type": "ping", "id": ref})
            reply = await peer.expect(lambda m: m.get("type") in ("error", "pong"))
            assert (reply["type"], reply.get("code"), "re" in reply) == ("error", "malformed", False), ref
    lines = [record.getMessage() for record in caplog.records]
    assert lines and all("\n" not in line and "\x1b" not in line for line in lines)
    assert all(len(line) < 600 for line in lines), max(lines, key=len)[:200]
