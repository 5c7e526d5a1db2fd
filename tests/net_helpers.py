"""Helpers for the network tests: a host on 127.0.0.1, raw frames, recording peers and seated tables."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import msgpack

from core.registry import make_bot
from netplay.codec import to_plain, view_from_plain
from netplay.host import Host
from netplay.wire import HEADER, PROTOCOL_VERSION
from tests.waiting import Waiting

Message = dict[str, Any]
LOCALHOST = "127.0.0.1"
TIMEOUT = 10.0
WAITING = Waiting(TIMEOUT)
within, eventually = WAITING.within, WAITING.eventually
READ_LIMIT = 16 * 1024 * 1024  # a raw peer reads any frame the host sends, however long
# Raw bot peers answer the moment they owe, unordered, often twice in a window: at the speed of a host
# whose own bots wait for nothing, that is far above the flood limit meant for people.
UNLIMITED: dict[str, Any] = {"rate": 1e6, "burst": 1e6}


@contextlib.asynccontextmanager
async def running_host(data_dir: Path | None, port: int = 0, **options: Any) -> AsyncIterator[tuple[Host, int]]:
    """A Host on 127.0.0.1 at port (0: a free one; bots answer at once unless bot_delay is given); stopped on exit."""
    options.setdefault("bot_delay", 0)
    options.setdefault(
        "chosen_seeds", True
    )  # tests replay seeded games; test_host_deals_its_own_seeds checks the default
    host = Host(data_dir=data_dir, **options)
    port = await within(host.start(LOCALHOST, port))
    try:
        yield host, port
    finally:
        await within(host.stop())


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind((LOCALHOST, 0))
        return int(sock.getsockname()[1])


def pack(message: Any) -> bytes:
    """The msgpack payload of message (any value, not only a valid message)."""
    return msgpack.packb(message, use_bin_type=True)


def frame(payload: bytes) -> bytes:
    """payload behind a correct 4-byte big-endian length."""
    return HEADER.pack(len(payload)) + payload


def unpack(payload: bytes) -> Any:
    """Decode a payload the host sent (as strictly as the host decodes ours)."""
    return msgpack.unpackb(payload, raw=False, strict_map_key=True)


def scan(value: Any) -> tuple[set[Any], list[tuple[tuple[Any, ...], Any]], list[list[Any]]]:
    """Every map key inside value, the (path, value) of every seat's cards a view shows (each non-null entry of its
    "hands", and of G54's "asides"), and every list."""
    keys: set[Any] = set()
    hands: list[tuple[tuple[Any, ...], Any]] = []
    lists: list[list[Any]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            keys.update(item)
            for key, inner in item.items():
                if key in ("hands", "asides") and isinstance(inner, list):
                    hands.extend(((*path, key, seat), cards) for seat, cards in enumerate(inner) if cards is not None)
                if isinstance(inner, (dict, list)):
                    stack.append(((*path, key), inner))
        else:
            lists.append(item)
            for index, inner in enumerate(item):
                if isinstance(inner, (dict, list)):
                    stack.append(((*path, index), inner))
    return keys, hands, lists


class RawPeer:
    """A bare TCP connection to the host that sends any bytes and keeps every frame it is sent."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.frames: list[Any] = []
        self.profile = secrets.token_urlsafe(24)  # who this peer is to the host: its seats come back to it
        self.seat: int | None = None
        self._ids = itertools.count(1)

    @classmethod
    async def open(cls, port: int, rcvbuf: int | None = None) -> RawPeer:
        """Connect to the host at port (with a small receive buffer if rcvbuf is given)."""
        if rcvbuf is None:
            reader, writer = await within(asyncio.open_connection(LOCALHOST, port, limit=READ_LIMIT))
            return cls(reader, writer)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        await within(asyncio.get_running_loop().sock_connect(sock, (LOCALHOST, port)))
        reader, writer = await within(asyncio.open_connection(sock=sock, limit=READ_LIMIT))
        return cls(reader, writer)

    @classmethod
    async def greeted(cls, port: int, name: str = "raw", **hello: Any) -> RawPeer:
        """A connection that has said hello and been welcomed."""
        peer = await cls.open(port)
        welcome = await peer.hello(name, **hello)
        assert welcome["type"] == "welcome", welcome
        return peer

    def send_bytes(self, data: bytes) -> None:
        """Write data as it is."""
        self.writer.write(data)

    def send(self, message: Any) -> None:
        """Write one correctly framed message (any msgpack value)."""
        self.send_bytes(frame(pack(message)))

    def next_id(self) -> int:
        """A fresh request id."""
        return next(self._ids) + 1_000_000

    async def recv(self, timeout: float = TIMEOUT) -> Any | None:
        """The next frame the host sends, decoded; None once the host has closed the connection."""
        try:
            (length,) = HEADER.unpack(await within(self.reader.readexactly(HEADER.size), timeout))
            message = unpack(await within(self.reader.readexactly(length), timeout))
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        self.frames.append(message)
        return message

    async def expect(self, predicate: Callable[[Message], bool], timeout: float = TIMEOUT) -> Message:
        """Read until a frame satisfies predicate; AssertionError if the host closes first."""

        async def find() -> Message:
            while True:
                message = await self.recv(timeout)
                assert message is not None, "the host closed the connection"
                if predicate(message):
                    return message

        return await within(find(), timeout)

    async def received(self, predicate: Callable[[Message], bool], timeout: float = TIMEOUT) -> Message:
        """The first frame already received, or else the next one, that satisfies predicate (what a request causes
        may come before its reply)."""
        found = next((f for f in self.frames if isinstance(f, dict) and predicate(f)), None)
        return found if found is not None else await self.expect(predicate, timeout)

    async def expect_type(self, kind: str, timeout: float = TIMEOUT) -> Message:
        """The next frame of type kind."""
        return await self.expect(lambda m: m.get("type") == kind, timeout)

    async def update(self, predicate: Callable[[Message], bool] = lambda m: True, timeout: float = TIMEOUT) -> Message:
        """The next update that satisfies predicate."""
        return await self.expect(lambda m: m.get("type") == "update" and predicate(m), timeout)

    async def request(self, message: Message, timeout: float = TIMEOUT) -> Message:
        """Send message with a fresh id and return the host's reply to it (an error reply included)."""
        ref = self.next_id()
        self.send({**message, "id": ref})
        return await self.expect(lambda m: m.get("re") == ref, timeout)

    async def hello(self, name: str = "raw", **extra: Any) -> Message:
        """Say hello with this peer's profile (or extra's); the host's answer (welcome or error)."""
        if isinstance(extra.get("profile"), str):
            self.profile = extra["profile"]
        self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name, "profile": self.profile, **extra})
        return await self.expect(lambda m: m.get("type") in ("welcome", "error"))

    async def alive(self, timeout: float = TIMEOUT) -> list[Message]:
        """Ping and wait for the pong; the frames that came before it (AssertionError if dropped)."""
        ref = self.next_id()
        start = len(self.frames)
        self.send({"type": "ping", "id": ref})
        pong = await self.expect(lambda m: m.get("re") == ref, timeout)
        assert pong["type"] == "pong", pong
        return self.frames[start:-1]

    async def closed_by_host(self, timeout: float = TIMEOUT) -> bool:
        """Read (and keep) frames until the host closes the connection: True, or False after timeout."""
        try:
            while await self.recv(timeout) is not None:
                pass
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Close our end."""
        self.writer.close()
        with contextlib.suppress(OSError, TimeoutError):
            await within(self.writer.wait_closed(), 2)


async def seated_table(
    port: int,
    players: int,
    people: int,
    seed: int | None = 1,
    options: Message | None = None,
    names: tuple[str, ...] = ("Alice", "Bob", "Cleo", "Dan", "Eve", "Finn"),
    start: bool = True,
    hello: Message | None = None,
    game: str = "coup",
    extra: Message | None = None,
) -> tuple[str, list[RawPeer]]:
    """Create a table (seed None: the host deals it), seat `people` raw peers at seats 0.. (each by its own
    profile), give the other seats to rule bots, and start it from seat 0. hello: more fields for every hello;
    extra: more fields for the create."""
    peers = [await RawPeer.greeted(port, names[i], **(hello or {})) for i in range(people)]
    create: Message = {"type": "create", "game": game, "players": players, "options": options or {}, **(extra or {})}
    if seed is not None:
        create["seed"] = seed
    created = await peers[0].request(create)
    assert created["type"] == "created", created
    table_id = str(created["table"]["id"])
    where = {"code": created["code"]} if created.get("code") else {"table": table_id}  # a private table by its code
    for index, peer in enumerate(peers):
        joined = await peer.request({"type": "join", **where, "seat": index})
        assert joined["type"] == "joined", joined
        peer.seat = joined["seat"]
    if people < players:
        filled = await peers[0].request({"type": "fill", "table": table_id, "level": "rule"})
        assert filled["type"] == "tables", filled
    if start:
        started = await peers[0].request({"type": "start", "table": table_id})
        assert started["type"] == "ok", started
    return table_id, peers


async def play_raw(peer: RawPeer, seed: int, level: str | None = "rule", timeout: float = 60) -> Message:
    """Play the peer's seat from its latest update on, until an update shows a winner; that update.
    level names the bot that chooses; None picks any legal move at random (cheaper: no view decoding)."""
    bot: Any = None
    pick = random.Random(seed)
    received = [f for f in peer.frames if isinstance(f, dict) and f.get("type") == "update"][-1:]

    async def play() -> Message:
        nonlocal bot
        decided: int | None = None
        while True:
            message = received.pop() if received else await peer.recv(timeout)
            assert message is not None, "the host closed the connection mid-game"
            if message.get("type") != "update":
                continue
            plain = message["view"]
            if plain["winner"] is not None:
                return message
            if not plain["legal"] or plain["version"] == decided:
                continue
            decided = plain["version"]
            if bot is None and level is not None:
                bot = make_bot(message["game"], level, seed)
            if bot is None:
                move = pick.choice(plain["legal"])
            else:
                move = to_plain(bot.choose(view_from_plain(message["game"], plain)))
            peer.send({"type": "move", "version": decided, "move": move})

    return await within(play(), timeout)


def children(pid: int) -> list[int]:
    """The processes pid started (Linux)."""
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
