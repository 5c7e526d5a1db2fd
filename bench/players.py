"""Network players for the host measurements: tables of two seats, both played from this process over real sockets,
each move timed from the moment it is sent to the moment the other seat sees it."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

from netplay.client import Client
from netplay.netbot import MOVE_BURST, MOVE_RATE
from netplay.netbot import Pace as Bucket

Updates = asyncio.Queue[dict[str, Any]]


@dataclass
class Pace:
    """How the players play: think seconds drawn uniformly from think; once told to go, warm seconds of play not
    counted, then span seconds whose moves are (counted_from and counted_until: time.time(), set at go)."""

    think: tuple[float, float]
    warm: float
    span: float
    seed: int = 0
    counted_from: float = 0.0
    counted_until: float = 0.0

    def begin(self, now: float) -> None:
        """Go at now (time.time())."""
        self.counted_from = now + self.warm
        self.counted_until = self.counted_from + self.span


@dataclass
class Tally:
    """What the players saw: latencies (seconds) of counted moves, games finished, moves the host refused."""

    latencies: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0


class Seat:
    """One player: a connection and the updates it has been sent."""

    def __init__(self) -> None:
        self.updates: Updates = asyncio.Queue()
        self.client = Client(on_message=self.updates.put_nowait)
        self.bucket = Bucket(MOVE_RATE, MOVE_BURST)  # a host disconnects a player past its flood limit

    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """The host's reply to message, sent when the flood limit allows."""
        await self.bucket.take()
        reply: dict[str, Any] = await self.client.request(message)
        return reply

    async def latest(self, timeout: float) -> dict[str, Any] | None:
        """The newest message waiting (updates only skip older updates), or None after timeout seconds of nothing."""
        try:
            message = await asyncio.wait_for(self.updates.get(), timeout)
        except TimeoutError:
            return None
        while message.get("type") == "update" and not self.updates.empty():
            message = self.updates.get_nowait()
        return message


class PlayedTable:
    """Two seats at one table, playing game after game until the counted span ends."""

    def __init__(self, host: str, port: int, pace: Pace, tally: Tally, index: int) -> None:
        self.host, self.port, self.pace, self.tally = host, port, pace, tally
        self.rng = random.Random(pace.seed * 100_003 + index)
        self.seats = [Seat(), Seat()]
        self.table = ""
        self.sent: dict[int, tuple[int, float]] = {}  # mover -> (version moved on, perf_counter when sent)

    async def connect(self) -> None:
        """Both players say hello and sit at a new table, not yet started."""
        for number, seat in enumerate(self.seats):
            await seat.client.connect(self.host, self.port, f"p{number}")
        await self._sit()

    async def _sit(self) -> None:
        first, second = self.seats
        self.table = (await first.request({"type": "create", "players": 2}))["table"]["id"]
        for seat in (first, second):
            await seat.request({"type": "join", "table": self.table})

    async def play(self) -> None:
        """Start, play to the end, sit at a fresh table; again, until the counted span is over."""
        while time.time() < self.pace.counted_until:
            await self.seats[0].request({"type": "start", "table": self.table})
            self.sent.clear()
            await asyncio.gather(*(self._play_seat(number) for number in range(2)))
            self.tally.games += 1
            for seat in self.seats:
                await seat.request({"type": "leave"})
            if time.time() < self.pace.counted_until:
                await self._sit()

    async def close(self) -> None:
        """Hang up both players."""
        for seat in self.seats:
            with contextlib.suppress(OSError, ConnectionError):
                await seat.client.close()

    async def _play_seat(self, number: int) -> None:
        seat, other = self.seats[number], 1 - number
        answered = None
        while time.time() < self.pace.counted_until:
            message = await seat.latest(0.5)
            if message is None:
                continue
            if message.get("type") == "error":
                self.tally.refused += 1
                answered = None
                continue
            if message.get("type") != "update" or message.get("table") != self.table:
                continue
            self._seen(other, message["version"])
            view = message["view"]
            if view["window"] == "over":
                return
            if not view["legal"] or message["window_opened"] == answered:
                continue
            await asyncio.sleep(self.rng.uniform(*self.pace.think))
            if not seat.updates.empty():
                continue  # the table moved on while we thought: look again
            await seat.bucket.take()
            answered = message["window_opened"]
            self.sent[number] = (message["version"], time.perf_counter())
            move = self.rng.choice(view["legal"])
            seat.client.send({"type": "move", "version": message["version"], "move": move})

    def _seen(self, mover: int, version: int) -> None:
        """The other seat of mover has been sent version: the end of mover's move, if it was waiting for one."""
        sent = self.sent.get(mover)
        if sent is not None and version > sent[0]:
            del self.sent[mover]
            if self.pace.counted_from <= time.time() <= self.pace.counted_until:
                self.tally.latencies.append(time.perf_counter() - sent[1])


async def play_tables(host: str, port: int, tables: int, pace: Pace, ready: Any, go: Any) -> Tally:
    """Seat players at tables on host:port, put the number seated on the queue ready, wait for the time to go from the
    queue go, then play until the counted span ends."""
    tally = Tally()
    played = [PlayedTable(host, port, pace, tally, index) for index in range(tables)]
    try:
        for table in played:
            await table.connect()
        ready.put(tables)
        pace.begin(await asyncio.to_thread(go.get))
        await asyncio.gather(*(table.play() for table in played))
    finally:
        for table in played:
            await table.close()
    return tally
