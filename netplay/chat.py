"""Chat: what people say in the lobby and at tables, cleaned so nobody can paint another's terminal, limited in
length and in rate per identity, and who hears it (spectators' words reach spectators only)."""

from __future__ import annotations

import re
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from netplay.connection import Connection
from netplay.lobby import NAME_ROOM, NOTICE_CODES, LobbyTable

TEXT_LIMIT = 200  # characters of a chat line, once cleaned
RAW_LIMIT = 2000  # characters a chat request may carry before cleaning (more is refused)
MARKS_LIMIT = 3  # combining marks in a row: more only stack up into a smear over the neighbouring lines
BURST, PER_SECOND = 5, 0.5  # chat lines an identity may say at once, and again each second after that
ADDRESS_BURST, ADDRESS_PER_SECOND = 20, 2.0  # and all the identities of one address together (a new one is free)
KEPT = 100  # lines a client keeps of a chat
SCOPES = ("lobby", "table", "spectators")
NOTICE_LIMIT = 300  # characters of a notice's message
NUMBER_LIMIT = 2**53  # the numbers a kept line may carry (n): far more than any table says, well inside msgpack's
RUN = re.compile(r"[0-9a-f]{8}")  # a numbering's run, as LobbyTable makes it

# Escape sequences whole, with what they carry: CSI (ESC [ or 8-bit CSI), strings (OSC, DCS, SOS, PM, APC) up to
# their terminator or the end, and the other ESC sequences (ESC c resets a terminal, ESC ( B picks a charset).
ESCAPE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f]).*?(?:\x07|\x1b\\|\x9c|\Z)"
    r"|\x1b[ -/]*[0-~]?",
    re.DOTALL,
)
SPACES = re.compile(r"\s+")
HIDDEN = ("Cc", "Cf", "Cs")  # controls, format characters (bidi overrides and isolates, zero widths), surrogates
MARKS = ("Mn", "Me")


def clean_text(text: str, limit: int = TEXT_LIMIT) -> str:
    """text as one line that shows exactly what it says: escape sequences (with their payloads), control and format
    characters (C0, C1, bidi overrides, zero widths) removed, line breaks and runs of spaces as one space, at most
    MARKS_LIMIT combining marks in a row, cut to limit characters. Markup ("[red]") is left as it is: a client shows
    a chat line as plain text, never as markup."""
    kept: list[str] = []
    marks = 0
    for ch in SPACES.sub(" ", ESCAPE.sub("", text)):
        category = unicodedata.category(ch)
        if category in HIDDEN:
            continue
        marks = marks + 1 if category in MARKS else 0
        if marks <= MARKS_LIMIT:
            kept.append(ch)
    return SPACES.sub(" ", "".join(kept)).strip()[:limit].rstrip()


def kept_line(line: Any, table: LobbyTable) -> dict[str, Any] | None:
    """A line a journal kept of what was said at table, rebuilt from its checked fields as the host first made it
    (a chat line at the table or among its spectators, or one of the host's notices), or None: a damaged file gives
    nothing that could break the table (numbers past what msgpack carries, lines past a frame, foreign fields)."""
    if not isinstance(line, dict):
        return None
    n, run, seat, kind = line.get("n"), line.get("run"), line.get("seat"), line.get("type")
    if type(n) is not int or not 0 <= n < NUMBER_LIMIT or not isinstance(run, str) or not RUN.fullmatch(run):
        return None
    if seat is not None and (type(seat) is not int or not 0 <= seat < table.players):
        return None
    where = {"table": table.id, "seat": seat, "n": n, "run": run}
    name, text, code, message = line.get("name"), line.get("text"), line.get("code"), line.get("message")
    if (
        kind == "chat"
        and line.get("scope") in ("table", "spectators")
        and isinstance(name, str)
        and isinstance(text, str)
    ):
        return {
            "type": "chat",
            "scope": line["scope"],
            "name": clean_text(name, NAME_ROOM),
            "text": clean_text(text),
            **where,
        }
    if kind == "notice" and code in NOTICE_CODES and isinstance(message, str):
        counts = {key: line[key] for key in ("votes", "needed") if type(line.get(key)) is int and 0 <= line[key] < 99}
        return {"type": "notice", "code": code, "message": clean_text(message, NOTICE_LIMIT), **where, **counts}
    return None


def chat_request(message: dict[str, Any], at_table: bool, playing: bool) -> tuple[str, str]:
    """(where to, the cleaned text) of a chat request from a connection at a table or not, at a started one or not;
    ValueError saying what is wrong with it."""
    to, text = message.get("to", "table" if at_table else "lobby"), message.get("text")
    if to not in ("lobby", "table"):
        raise ValueError('"to" is "lobby" or "table"')
    if to == "table" and not at_table:
        raise ValueError("you are at no table: say it to the lobby")
    if to == "lobby" and playing:
        raise ValueError("you are at a started table: the lobby does not hear you there")
    if not isinstance(text, str) or len(text) > RAW_LIMIT:
        raise ValueError(f"text is a string of at most {RAW_LIMIT} characters (the first {TEXT_LIMIT} are said)")
    cleaned = clean_text(text)
    if not cleaned:
        raise ValueError("say something: the text is empty once cleaned")
    return to, cleaned


def hearers(
    conn: Connection, to: str, lobby: LobbyTable | None, everyone: Iterable[Connection], tables: dict[str, LobbyTable]
) -> tuple[dict[str, Any], list[Connection]]:
    """The chat message conn's words make (without the text) and who hears it: the lobby (everyone said hello and
    at no started table), or a table's players and spectators (a player's words), or its spectators alone (a
    spectator's words, so nobody watching can help a player)."""
    if to == "lobby" or lobby is None:

        def in_lobby(peer: Connection) -> bool:
            at = tables.get(peer.table_id or "")
            return bool(peer.name) and (at is None or not at.started)

        return {"type": "chat", "scope": "lobby", "name": conn.name}, [p for p in everyone if in_lobby(p)]
    watchers = list(lobby.spectators)
    if conn.seat is None:
        said: dict[str, Any] = {
            "type": "chat",
            "scope": "spectators",
            "table": lobby.id,
            "name": conn.name,
            "seat": None,
        }
        return said, watchers
    players = [seat.conn for seat in lobby.seats if seat.conn is not None]
    said = {"type": "chat", "scope": "table", "table": lobby.id, "name": lobby.seats[conn.seat].name, "seat": conn.seat}
    return said, [*players, *watchers]


class ChatRate:
    """A token bucket per identity (or address): BURST lines at once, then PER_SECOND; one whose bucket is full again
    is forgotten when the buckets pile up, so strangers cost no lasting memory."""

    def __init__(self, burst: float = BURST, per_second: float = PER_SECOND, tidy_from: int = 1024) -> None:
        self.burst, self.per_second, self.tidy_from = burst, per_second, tidy_from
        self._buckets: dict[str, tuple[float, float]] = {}  # identity -> (lines allowed, when counted)

    def allow(self, identity: str, now: float | None = None) -> bool:
        """Take one line from identity's allowance; False when it is spent."""
        now = time.monotonic() if now is None else now
        if len(self._buckets) >= self.tidy_from:
            full = self.burst / self.per_second
            self._buckets = {who: kept for who, kept in self._buckets.items() if now - kept[1] < full}
        allowance, then = self._buckets.get(identity, (self.burst, now))
        allowance = min(self.burst, allowance + (now - then) * self.per_second)
        if allowance < 1:
            self._buckets[identity] = (allowance, now)
            return False
        self._buckets[identity] = (allowance - 1, now)
        return True


@dataclass(frozen=True)
class Said:
    """A chat line as a client shows it: scope (lobby, table or spectators), who said it (their seat at a table),
    and what (each cleaned again: a client trusts no host's text)."""

    scope: str
    name: str
    text: str
    seat: int | None = None
    table: str | None = None


def heard(message: dict[str, Any]) -> Said | None:
    """The line in a host's chat message, or None if it is not one."""
    scope, name, text, seat = message.get("scope"), message.get("name"), message.get("text"), message.get("seat")
    if scope not in SCOPES or not isinstance(name, str) or not isinstance(text, str):
        return None
    table = message.get("table")
    return Said(
        str(scope),
        clean_text(name, 40) or "?",
        clean_text(text),
        seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
        table if isinstance(table, str) else None,
    )


class ChatLog:
    """The lines heard at one place (a table, the lobby), the latest KEPT, and who listens for more."""

    def __init__(self) -> None:
        self.lines: deque[Said] = deque(maxlen=KEPT)
        self._listeners: list[Callable[[Said], None]] = []

    def add(self, said: Said) -> None:
        """Keep a line and tell the listeners."""
        self.lines.append(said)
        for listener in list(self._listeners):
            listener(said)

    def subscribe(self, listener: Callable[[Said], None]) -> Callable[[], None]:
        """Call listener with every new line; returns an unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None
