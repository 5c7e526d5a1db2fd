"""What strangers may open on the host: connections (in all, per address), silence away from a game, waiting tables,
games under way (in all, per address)."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass

from netplay.connection import Connection
from netplay.lobby import LobbyTable

RESERVED_DESCRIPTORS = 64  # for the listening sockets, journals, records, the SSH host key and the event loop
DESCRIPTORS_PER_CONNECTION = 3  # an SSH session holds three: its SSH socket, its client's socket and ours
WANTED_DESCRIPTORS = 1 << 20  # what the soft limit is raised to when the hard limit is unlimited


@dataclass
class HostLimits:
    """The host's limits on what strangers open (docs/protocol.md, section 15)."""

    idle_seconds: float = 600.0  # a welcomed connection at no game under way that sends nothing (pings count) is closed
    connections: int = 4096  # open at once, in all (and never past what the descriptor limit allows)
    per_address: int = 16  # open at once from one address
    unlimited: tuple[str, ...] = ("127.0.0.1", "::1", "::ffff:127.0.0.1")  # loopback, where SSH sessions come from
    tables_per_creator: int = 3  # unstarted tables one creator (creator_key) may have
    tables_per_address: int = 12  # unstarted tables created from one address (a keyless player reconnecting is a
    # new creator each time; where they are is not: the SSH door says its players' own addresses)
    waiting_tables: int = 500  # unstarted tables in all; past it a create expires the oldest empty one
    table_expiry: float = 900.0  # an unstarted table nobody sits at or watches is forgotten after this long
    table_quiet: float = 1800.0  # an unstarted table at which nothing happens for this long is closed, seated or not
    sweep_seconds: float = 30.0  # how often idle connections and old tables are looked for, and faults summed up
    live_games: int = 1000  # games under way in all (a game is kept while its players may come back)
    games_per_address: int = 8  # games under way started from one address (where a player is, the SSH door's too)
    starts_burst: int = 12  # games started from one address at once; then starts_per_minute (each game started and
    starts_per_minute: float = 2.0  # left at once wrote a lost game to a new identity's record: 95 a second)


def creator_key(conn: Connection) -> str:
    """Whose allowance of unstarted tables conn's creates use: its identity (an SSH key, a resume code, a profile; a
    connection without one is its own), so each SSH player has their own although all come from the door."""
    return conn.identity


def descriptor_cap(wanted: int) -> int:
    """Raise the soft limit on open files to the hard limit; wanted, or fewer so every connection fits under it."""
    if sys.platform == "win32":
        return wanted
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = WANTED_DESCRIPTORS if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # a system cap below the hard limit (macOS): keep the soft limit
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, (soft - RESERVED_DESCRIPTORS) // DESCRIPTORS_PER_CONNECTION))


class Doors:
    """Open connections, in all and by address, against the limits."""

    def __init__(self, limits: HostLimits) -> None:
        self.limits = limits
        self.cap = limits.connections
        self.open = 0
        self.by_address: Counter[str] = Counter()

    def fit_descriptors(self) -> None:
        """Keep the cap in all under the process's descriptor limit (raised as far as it goes)."""
        self.cap = descriptor_cap(self.limits.connections)

    def admit(self, address: str) -> tuple[str, str] | None:
        """Count a new connection from address in; or whom the refusal is for (address, or any address) and why."""
        if self.open >= self.cap:
            return "any address", f"the host is full ({self.cap} connections); try again later"
        if address not in self.limits.unlimited and self.by_address[address] >= self.limits.per_address:
            return address, f"too many connections from your address ({self.limits.per_address}); close one first"
        self.open += 1
        self.by_address[address] += 1
        return None

    def release(self, address: str) -> None:
        """Count an admitted connection out."""
        self.open -= 1
        self.by_address[address] -= 1
        if not self.by_address[address]:
            del self.by_address[address]


def idle(connections: set[Connection], tables: dict[str, LobbyTable], now: float, seconds: float) -> list[Connection]:
    """The welcomed connections at no game under way (at no table, or sitting at or watching one not started) that
    have sent nothing for seconds: a seat at a table that never starts keeps nobody's connection open."""
    return [
        c
        for c in connections
        if c.name and not c.closed and now - c.last_heard > seconds and not _playing(tables.get(c.table_id or ""))
    ]


def _playing(lobby: LobbyTable | None) -> bool:
    """Whether lobby is a table whose game has started."""
    return lobby is not None and lobby.started


def empty(lobby: LobbyTable) -> bool:
    """An unstarted table no person sits at and nobody watches."""
    return not lobby.started and not lobby.spectators and all(seat.kind != "person" for seat in lobby.seats)


class Openings:
    """The unstarted tables by who created them, from where and when, against the limits per creator, per address
    and in all. A table that started or went is forgotten lazily (when a count reaches its cap, and at each sweep), so
    a create costs little. Each also has the time something last happened at it (stirred)."""

    def __init__(self, limits: HostLimits) -> None:
        self.limits = limits
        self._made: dict[str, tuple[str, str, float]] = {}  # table id -> (creator, address, when), oldest first
        self._stirred: dict[str, float] = {}  # table id -> when a seat was last taken or left, or chat said there
        self._by: dict[str, list[str]] = {}  # creator -> its tables
        self._from: dict[str, list[str]] = {}  # address -> the tables created from it

    def made(self, table_id: str, creator: str, address: str, now: float) -> None:
        """Count a new table against creator and the address it was created from."""
        self._made[table_id] = (creator, address, now)
        self._stirred[table_id] = now
        self._by.setdefault(creator, []).append(table_id)
        self._from.setdefault(address, []).append(table_id)

    def tidy(self, tables: dict[str, LobbyTable]) -> None:
        """Forget the tables that have started or gone."""
        self._made = {t: made for t, made in self._made.items() if t in tables and not tables[t].started}
        self._stirred = {t: self._stirred[t] for t in self._made}
        self._by, self._from = {}, {}
        for table_id, (creator, address, _) in self._made.items():
            self._by.setdefault(creator, []).append(table_id)
            self._from.setdefault(address, []).append(table_id)

    def full(self, tables: dict[str, LobbyTable]) -> bool:
        """Whether the unstarted tables are at the cap in all."""
        if len(self._made) >= self.limits.waiting_tables:
            self.tidy(tables)
        return len(self._made) >= self.limits.waiting_tables

    def oldest_empty(self, tables: dict[str, LobbyTable]) -> str | None:
        """The oldest unstarted table nobody sits at or watches (after a tidy)."""
        return next((t for t in self._made if empty(tables[t])), None)

    def refusal(self, creator: str, address: str, tables: dict[str, LobbyTable]) -> tuple[str, str] | None:
        """(code, message) if creator, at address, may not create another table now."""
        allowance = self.limits.tables_per_creator
        if _at_least(self._by.get(creator, []), allowance, tables):
            return "too_many", f"you have {allowance} tables waiting to start: start one, or wait for them to expire"
        allowance = self.limits.tables_per_address
        if address not in self.limits.unlimited and _at_least(self._from.get(address, []), allowance, tables):
            return (
                "too_many",
                f"{allowance} tables created from your address are waiting to start: start one, or wait for them "
                "to expire",
            )
        if self.full(tables) and self.oldest_empty(tables) is None:
            return "busy", "the host has as many waiting tables as it can hold; try again later"
        return None

    def room(self, tables: dict[str, LobbyTable]) -> str | None:
        """The table to expire so one more fits, when the unstarted tables are at the cap in all."""
        return self.oldest_empty(tables) if self.full(tables) else None

    def stirred(self, table_id: str, now: float) -> None:
        """Something happened at the unstarted table table_id (a seat taken or left, computers added, chat)."""
        if table_id in self._stirred:
            self._stirred[table_id] = now

    def expired(self, tables: dict[str, LobbyTable], now: float) -> list[str]:
        """The unstarted tables to close: the empty ones older than the expiry, and those quiet for table_quiet
        (else a seat taken by one who never starts would hold a waiting table, and its share of the host's, for
        ever)."""
        self.tidy(tables)
        expiry, quiet = self.limits.table_expiry, self.limits.table_quiet
        return [
            t
            for t, (_, _, made) in self._made.items()
            if (now - made > expiry and empty(tables[t])) or now - self._stirred[t] > quiet
        ]


def _at_least(table_ids: list[str], allowance: int, tables: dict[str, LobbyTable]) -> bool:
    """Whether allowance of table_ids are still waiting to start (those started or gone are dropped from it first)."""
    if len(table_ids) >= allowance:
        table_ids[:] = [t for t in table_ids if t in tables and not tables[t].started]
    return len(table_ids) >= allowance


def start_refusal(limits: HostLimits, tables: dict[str, LobbyTable], origin: str) -> tuple[str, str] | None:
    """(code, message) if a player at origin may not start another game now: the games under way are at the cap in
    all, or those started from origin are (a keyless connection is a new identity each time, so only its address
    bounds what one stranger starts and walks away from)."""
    live = [lobby for lobby in tables.values() if lobby.table is not None and not lobby.table.over()]
    if len(live) >= limits.live_games:
        return "busy", "the host has as many games under way as it can hold; try again later"
    if origin in limits.unlimited:
        return None
    if sum(lobby.started_from == origin for lobby in live) >= limits.games_per_address:
        return (
            "too_many",
            f"{limits.games_per_address} games started from your address are under way: wait for one to end",
        )
    return None
