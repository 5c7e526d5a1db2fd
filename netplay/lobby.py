"""The host's tables as the lobby sees them: seats (open, a person, a bot), options, summaries."""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.registry import bot_levels
from netplay.connection import Connection
from netplay.names import look_alike, unique_name
from netplay.table import Table

NAME_ROOM = 16  # characters of a name
NOTICE_CODES = (  # the notices a table keeps
    *("timed_out", "handover_vote", "stand_in", "away", "back", "left"),  # about a seat
    *("watching", "stopped_watching"),  # about a spectator (no seat)
)
REMATCH_MODES = ("bots", "wait")  # who takes a seat whose player declines a rematch: a bot, or a new player
SAID_KEPT = 100  # the table's latest chat lines and notices, given again to whoever comes back or starts watching
BOT_NAMES = ("Natasha", "Sacha", "Haig", "Mila", "Oleg", "Vera", "Igor", "Lena", "Yuri")


def program_level(value: object) -> str:
    """The computer level a program says it plays at (in `coup bot`'s hello, and a seat in a journal), or "" for a
    person: anything that names no level of any game."""
    return value if isinstance(value, str) and value in bot_levels() else ""


@dataclass
class Seat:
    """kind is "open", "person" or "bot"; a person's seat belongs to the identity that took it (its owner). A
    person's seat handed to the computer (stand_in) is played by a rule bot until its owner takes it back. A person
    who left a game under way for good (left_by) still answers for the seat's result: it counts as their game."""

    kind: str = "open"
    name: str = ""
    level: str = ""
    owner: str = ""
    conn: Connection | None = None
    stand_in: bool = False
    left_by: str = ""
    program: str = ""  # a person's seat taken by a program (`coup bot`): the level it said it plays at

    @classmethod
    def from_header(cls, data: dict[str, Any]) -> Seat:
        """A seat as the journal kept it."""
        seat = cls(str(data["kind"]), str(data["name"]), str(data.get("level", "")), str(data.get("owner", "")))
        seat.stand_in = seat.kind == "person" and data.get("stand_in") is True
        seat.left_by = str(data.get("left_by", "")) if seat.kind == "bot" else ""
        seat.program = program_level(data.get("program")) if seat.kind == "person" else ""
        return seat

    def to_header(self) -> dict[str, Any]:
        """What the journal keeps of the seat."""
        data: dict[str, Any] = {"kind": self.kind, "name": self.name, "level": self.level, "owner": self.owner}
        if self.stand_in and self.kind == "person":
            data["stand_in"] = True
        if self.program and self.kind == "person":
            data["program"] = self.program
        if self.left_by:
            data["left_by"] = self.left_by
        return data

    def bot_level(self) -> str | None:
        """The level of the bot that plays this seat now (a bot's, or a person's stand-in), else None."""
        if self.kind == "bot":
            return self.level
        return "rule" if self.stand_in else None

    def summary(self, index: int) -> dict[str, Any]:
        """What the lobby shows of the seat (never its owner)."""
        data: dict[str, Any] = {"seat": index, "kind": self.kind, "name": self.name}
        if self.kind == "bot":
            data["level"] = self.level
        if self.kind == "person":
            data["connected"] = self.conn is not None
            if self.stand_in:
                data["stand_in"] = True
            if self.program:
                data["program"] = self.program
        return data

    def seat_person(self, conn: Connection, name: str) -> None:
        """Give the seat to conn's identity, under name."""
        self.kind, self.name, self.owner, self.conn = "person", name, conn.identity, conn
        self.program = conn.program

    def identity_for_stats(self) -> str:
        """Whose game this seat's result counts for: its owner, the person who left it, or the bot level playing it
        (from the first move to the last), a program's (`coup bot`) included: programs rank as computers, never
        among the people."""
        if self.left_by:
            return self.left_by
        if self.kind == "bot":
            return f"bot:{self.level}"
        return f"bot:{self.program}" if self.program else self.owner


@dataclass
class LobbyTable:
    """A table before and during its game."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    timer: float | None = None
    seed: int | None = None
    coach: bool = False  # whether its players may ask the coach (tui/screens/coach.py), each from its own view
    seats: list[Seat] = field(default_factory=list)
    table: Table | None = None
    spectators: list[Connection] = field(default_factory=list)
    history: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)  # each seat's latest events
    heard: dict[int | None, int] = field(default_factory=dict)  # how many events each seat has been sent in all
    code: str | None = None  # a private table's code (netplay/private.py): listed to nobody, reached by the code
    watchers: bool = True  # whether spectators may watch
    creator: str = ""  # the identity that created the table: it may hand an away or idle seat to the computer
    started_from: str = ""  # the address of the player who started its game (netplay.limits.start_refusal)
    rematch: str = REMATCH_MODES[0]  # who takes the seat of a player who declines a rematch
    creator_sits: float = 0.0  # until when (time.monotonic) its creator, not seated yet, alone may fill or start it
    handover_votes: dict[int, set[str]] = field(default_factory=dict)  # seat -> who asked to give it to a bot
    said: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=SAID_KEPT))  # chat lines and notices
    said_count: int = 0  # how many have been said here: the next one's number
    said_run: str = field(default_factory=lambda: secrets.token_hex(4))  # new when a restarted host numbers afresh
    on_said: Callable[[dict[str, Any]], None] | None = field(default=None, repr=False, compare=False)  # journals each
    said_at: dict[int, dict[int | None, int]] = field(default_factory=dict)  # n -> how many events each seat had then

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
            "coach": self.coach,
            "started": self.started,
            "over": self.table is not None and self.table.over(),
            "seats": [seat.summary(i) for i, seat in enumerate(self.seats)],
            "spectators": len(self.spectators),
            "winner": self.winner_name(),
            **({} if (runner := self.seat_of(self.creator)) is None else {"creator_seat": runner}),
            **({"private": True} if self.code is not None else {}),
            **({} if self.watchers else {"watchers": False}),
        }

    def started_message(self, index: int) -> dict[str, Any]:
        """What tells the player at seat index that its game has started (or is resumed): also which seats the
        computer plays, its opponents' and the other players' seats handed to it (a player who comes back takes
        their own back)."""
        return {"type": "started", "table": self.id, "seat": index, **self.computer_seats(index)}

    def computer_seats(self, index: int | None) -> dict[str, list[int]]:
        """The seats the computer plays, for the player at seat index (None: a spectator): computer opponents'
        (bots), those handed to it by players who will take them back (stand_ins, never index's own) and those
        whose players left the game for good (left, among the bots)."""
        return {
            "bots": [i for i, seat in enumerate(self.seats) if seat.kind == "bot"],
            "stand_ins": [i for i, seat in enumerate(self.seats) if seat.stand_in and i != index],
            "left": [i for i, seat in enumerate(self.seats) if seat.kind == "bot" and seat.left_by],
        }

    def winner_name(self) -> str | None:
        """The winner's name once the game is over (a computer's with its level)."""
        if self.table is None:
            return None
        winner = self.table.game.result(self.table.state)
        if winner is None:
            return None
        seat = self.seats[winner]  # a computer is named with its level, as in the seats
        if seat.kind == "bot" and seat.left_by:  # a seat its player left: the win is nobody's (Bo's record lost it)
            return f"{seat.name}'s seat ({seat.level})"
        return f"{seat.name} ({seat.level})" if seat.kind == "bot" else seat.name

    def header(self) -> dict[str, Any]:
        """The journal's set-up line."""
        assert self.table is not None
        return {
            "id": self.id,
            "game": self.game,
            "config": self.table.config.to_dict(),
            "seed": self.table.seed,
            "timer": self.timer,
            "coach": self.coach,
            "options": self.options,
            "seats": [seat.to_header() for seat in self.seats],
            "code": self.code,
            "watchers": self.watchers,
            "creator": self.creator,
            "rematch": self.rematch,
            "started_from": self.started_from,
        }

    def refusal_to_run(self, identity: str, now: float) -> str | None:
        """Why identity may not fill or start this table at time now (None when it may): its creator does that
        while seated there, and until creator_sits if they have not sat down yet (the lobby hears of a new table
        before its creator does: nobody may take it over in that moment); else any player seated there may."""
        if identity == self.creator:
            return None
        runner = self.seat_of(self.creator)
        if runner is not None:
            return f"{self.seats[runner].name} created this table: they add the computers and start it"
        if now < self.creator_sits:
            return "this table's creator has not sat down yet: they add the computers and start it"
        return None

    def keep_said(self, message: dict[str, Any]) -> dict[str, Any]:
        """message (a chat line or a notice heard at this table) numbered, and kept for whoever comes later."""
        numbered = {**message, "n": self.said_count, "run": self.said_run}
        self.said_at[self.said_count] = dict(self.heard)  # where it falls among each seat's events
        if len(self.said_at) > SAID_KEPT:
            del self.said_at[next(iter(self.said_at))]
        self.said_count += 1
        self.said.append(numbered)
        if self.on_said is not None:
            self.on_said(numbered)
        return numbered

    def said_again(self, kept: list[dict[str, Any]]) -> None:
        """Take back what a journal kept of what was said here (a restarted host; each line checked and rebuilt,
        netplay.chat.kept_line), the numbering going on after the last of them in the same run (so a client that
        heard them hears them once)."""
        self.said.extend(kept)
        if kept:
            self.said_count, self.said_run = kept[-1]["n"] + 1, kept[-1]["run"]

    def said_before(self, seat: int | None) -> list[dict[str, Any]]:
        """What was said and noted here so far, as seat (None: a spectator) may hear it (the spectators' own chat
        reaches spectators only), each marked as past and with where it falls in the seat's history as the host keeps
        it: at, the number of its events before it (None when not known: said before the host restarted)."""
        sent = len(self.history.get(seat, []))
        dropped = self.heard.get(seat, sent) - sent  # events older than the history kept
        said = []
        for line in self.said:
            if seat is None or line.get("scope") != "spectators":
                then = self.said_at.get(line["n"])  # (a seat not heard of then had been sent nothing yet)
                at = None if then is None else max(0, then.get(seat, 0) - dropped)
                said.append({**line, "past": True, "at": at})
        return said

    def present(self) -> list[Connection]:
        """The connections at this table: its connected players', then its spectators."""
        return [seat.conn for seat in self.seats if seat.conn is not None] + self.spectators

    def seat_of(self, identity: str) -> int | None:
        """The person seat identity holds here."""
        if not identity:
            return None
        return next((i for i, s in enumerate(self.seats) if s.kind == "person" and s.owner == identity), None)

    def unique_name(self, name: str) -> str:
        """name, or 'name 2', 'name 3'…: no two seats at a table have names that read alike (netplay.names)."""
        taken = {look_alike(s.name) for s in self.seats if s.kind != "open"}
        return unique_name(name, lambda candidate: look_alike(candidate) in taken, NAME_ROOM)

    def fill(self, level: str) -> None:
        """Give every open seat to a bot of level."""
        used = {look_alike(s.name) for s in self.seats if s.kind != "open"}
        names = (n for n in BOT_NAMES if look_alike(n) not in used)
        for seat in self.seats:
            if seat.kind == "open":
                name = self.unique_name(next(names, "Bot"))
                seat.kind, seat.level, seat.name = "bot", level, name
