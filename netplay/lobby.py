"""The host's tables as the lobby sees them: seats (open, a person, a bot), options, summaries."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from netplay.connection import Connection
from netplay.table import Table

BOT_NAMES = ("Natasha", "Sacha", "Haig", "Mila", "Oleg", "Vera", "Igor", "Lena", "Yuri")


@dataclass
class Seat:
    """kind is "open", "person" or "bot"; a person's token reconnects it to the seat."""

    kind: str = "open"
    name: str = ""
    level: str = ""
    token: str = ""
    conn: Connection | None = None

    def to_header(self) -> dict[str, Any]:
        """What the journal keeps of the seat."""
        return {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token}

    def summary(self, index: int) -> dict[str, Any]:
        """What the lobby shows of the seat (never the token)."""
        data: dict[str, Any] = {"seat": index, "kind": self.kind, "name": self.name}
        if self.kind == "bot":
            data["level"] = self.level
        if self.kind == "person":
            data["connected"] = self.conn is not None
        return data

    def seat_person(self, conn: Connection) -> str:
        """Give the seat to conn; returns the new token."""
        self.kind, self.name, self.conn = "person", conn.name, conn
        self.token = secrets.token_urlsafe(16)
        return self.token


@dataclass
class LobbyTable:
    """A table before and during its game."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    timer: float | None = None
    seed: int | None = None
    seats: list[Seat] = field(default_factory=list)
    table: Table | None = None
    spectators: list[Connection] = field(default_factory=list)
    history: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat() for _ in range(self.players)]

    @property
    def started(self) -> bool:
        """True once the game has begun."""
        return self.table is not None

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table."""
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "timer": self.timer,
            "started": self.started,
            "over": self.table is not None and self.table.over(),
            "seats": [seat.summary(i) for i, seat in enumerate(self.seats)],
            "spectators": len(self.spectators),
        }

    def header(self) -> dict[str, Any]:
        """The journal's set-up line."""
        assert self.table is not None
        return {
            "id": self.id,
            "game": self.game,
            "config": self.table.config.to_dict(),
            "seed": self.table.seed,
            "timer": self.timer,
            "options": self.options,
            "seats": [seat.to_header() for seat in self.seats],
        }

    def seat_of(self, token: str) -> int | None:
        """The seat holding token."""
        return next((i for i, s in enumerate(self.seats) if s.kind == "person" and s.token == token), None)

    def fill(self, level: str) -> None:
        """Give every open seat to a bot of level."""
        used = {s.name for s in self.seats}
        names = (n for n in BOT_NAMES if n not in used)
        for seat in self.seats:
            if seat.kind == "open":
                seat.kind, seat.level, seat.name = "bot", level, next(names, f"Bot {len(used)}")
