"""Rematches: at a finished table a player asks to play again; once every person there has answered (or the time
is up), those who accepted, the same bots and the spectators move to a new table, the winner first; it starts at once
if it is full and the host's limits on games under way allow it, else it waits in the lobby."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from netplay.connection import Connection
from netplay.lobby import LobbyTable, Seat
from netplay.private import new_code, revealed
from netplay.refused import Refused

log = logging.getLogger(__name__)
REMATCH_WAIT = 60.0  # seconds every person at a finished table has to accept a rematch


@dataclass
class Vote:
    """A rematch asked for at a finished table: who accepted, who declined (or went), who still owes an answer."""

    table: LobbyTable
    by: int
    ends: float
    accepted: set[int] = field(default_factory=set)
    declined: set[int] = field(default_factory=set)
    owed: set[int] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None

    def status(self, state: str = "open", following: str | None = None) -> dict[str, Any]:
        """The rematch message for the table: its state, the seconds left, who answered how."""
        left = max(0.0, round(self.ends - asyncio.get_running_loop().time(), 1))
        message: dict[str, Any] = {
            "type": "rematch",
            "table": self.table.id,
            "state": state,
            "by": self.by,
            "mode": self.table.rematch,
            "seconds": left if state == "open" else 0.0,
            "accepted": sorted(self.accepted),
            "declined": sorted(self.declined),
            "owed": sorted(self.owed),
        }
        if following is not None:
            message["next"] = following
        return message

    def tell(self, message: dict[str, Any]) -> None:
        """Send message to everyone at the finished table."""
        for conn in self.table.present():
            conn.send(message)


def successor(old: LobbyTable, table_id: str, accepted: set[int], code: str | None, by: int = 0) -> LobbyTable:
    """The new table of a rematch: the same game, options, clock, bots and privacy (code: a private table's new
    code); the people who accepted in their seats; the winner first in a card game; every other seat a bot or open,
    as the creator chose. It counts as started from the address of the seat that asked for it (by), else of another
    who accepted (never of a player who is not in it)."""
    assert old.table is not None
    options = dict(old.options)
    if "first_player" in old.table.config.to_dict():  # the card games; the wargame's sides stay as they were
        options["first_player"] = old.table.game.result(old.table.state)
    new = LobbyTable(
        table_id,
        old.game,
        old.players,
        options,
        old.timer,
        coach=old.coach,
        watchers=old.watchers,
        creator=old.creator,
        rematch=old.rematch,
    )
    new.code = code if old.code is not None else None
    askers = [old.seats[i].conn for i in sorted(accepted, key=lambda i: (i != by, i))]
    new.started_from = next((conn.origin for conn in askers if conn is not None), old.started_from)
    for index, seat in enumerate(old.seats):
        if seat.kind == "bot":
            new.seats[index] = Seat("bot", seat.name, seat.level)
        elif index in accepted and seat.conn is not None:
            new.seats[index] = Seat("person", seat.name, owner=seat.owner, conn=seat.conn, program=seat.program)
    if new.rematch == "bots":
        new.fill("rule")
    return new


class Rematches:
    """The rematch votes of the host's finished tables (tables: the host's, by id). table_id() gives a new table its
    id; open_table(new, start) registers it (in the lobby, and started if start): those are the host's part."""

    def __init__(
        self,
        tables: dict[str, LobbyTable],
        table_id: Callable[[], str],
        open_table: Callable[[LobbyTable, bool], None],
        wait: float = REMATCH_WAIT,
        may_start: Callable[[LobbyTable], bool] = lambda new: True,
    ) -> None:
        self.tables, self.table_id, self.open_table, self.wait = tables, table_id, open_table, wait
        self.may_start = may_start  # whether a full rematch table starts at once (the host's limits on games)
        self.votes: dict[str, Vote] = {}
        self.played: dict[str, str] = {}  # a finished table -> its rematch's table

    def answer(self, conn: Connection, lobby: LobbyTable, message: dict[str, Any]) -> dict[str, Any]:
        """conn's player accepts (asking for one if nobody has) or declines a rematch of lobby's game."""
        accept = message.get("accept", True)
        if not isinstance(accept, bool):
            raise Refused("bad_request", "accept must be true or false")
        if conn.seat is None or conn.table_id != lobby.id or lobby.seats[conn.seat].kind != "person":
            raise Refused("not_seated", "only a player of this game may answer a rematch; spectators follow")
        if lobby.table is None or not lobby.table.over():
            raise Refused("not_over", "a rematch is asked for once the game is over")
        if lobby.id in self.played:
            raise Refused("rematched", f"this game's rematch is table {self.played[lobby.id]}")
        vote = self.votes.get(lobby.id)
        if vote is None:
            if not accept:
                raise Refused("no_rematch", "nobody has asked for a rematch")
            vote = self._open(lobby, conn.seat)
        else:
            vote.owed.discard(conn.seat)
            (vote.accepted if accept else vote.declined).add(conn.seat)
            (vote.declined if accept else vote.accepted).discard(conn.seat)
        self._settle(vote)
        return {"type": "ok"}

    def gone(self, lobby: LobbyTable, seat: int) -> None:
        """seat's player left the finished table, or lost its connection: it declines."""
        vote = self.votes.get(lobby.id)
        if vote is not None and (seat in vote.owed or seat in vote.accepted):
            vote.owed.discard(seat)
            vote.accepted.discard(seat)
            vote.declined.add(seat)
            self._settle(vote)

    def close(self) -> None:
        """Stop every vote's clock (the host stops)."""
        for vote in self.votes.values():
            if vote.timer is not None:
                vote.timer.cancel()

    def _open(self, lobby: LobbyTable, by: int) -> Vote:
        loop = asyncio.get_running_loop()
        vote = Vote(lobby, by, loop.time() + self.wait, accepted={by})
        for index, seat in enumerate(lobby.seats):
            if seat.kind == "person" and index != by:
                (vote.owed if seat.conn is not None else vote.declined).add(index)
        vote.timer = loop.call_later(self.wait, self._expired, vote)
        self.votes[lobby.id] = vote
        log.info("table %s: seat %d asks for a rematch", lobby.id, by)
        return vote

    def _expired(self, vote: Vote) -> None:
        if self.votes.get(vote.table.id) is vote:
            vote.declined |= vote.owed
            vote.owed.clear()
            self._settle(vote)

    def _settle(self, vote: Vote) -> None:
        """Tell the table where the vote stands; once nobody owes an answer, close it and seat the rematch."""
        if vote.owed:
            vote.tell(vote.status())
            return
        del self.votes[vote.table.id]
        if vote.timer is not None:
            vote.timer.cancel()
        old = vote.table
        accepted = {i for i in vote.accepted if old.seats[i].conn is not None}
        if not accepted:
            vote.tell(vote.status("off"))
            log.info("table %s: no rematch", old.id)
            return
        new = successor(old, self.table_id(), accepted, new_code(self.tables.values()), vote.by)
        self.played = {done: after for done, after in self.played.items() if done in self.tables}
        self.played[old.id] = new.id
        full = all(seat.kind != "open" for seat in new.seats)
        state = "started" if full and self.may_start(new) else "waiting"  # (past the host's limits: started by hand)
        vote.tell(vote.status(state, new.id))
        log.info("table %s: rematch at table %s (%s)", old.id, new.id, state)
        self._move(old, new)
        self.open_table(new, state == "started")

    @staticmethod
    def _move(old: LobbyTable, new: LobbyTable) -> None:
        """The players who accepted and every spectator leave the finished table for the new one."""
        for index, seat in enumerate(new.seats):
            conn = seat.conn
            if conn is not None:
                old.seats[index].conn = None
                conn.table_id, conn.seat = new.id, index
                conn.send(
                    {
                        "type": "joined",
                        "table": new.id,
                        "game": new.game,
                        "seat": index,
                        "coach": new.coach,
                        "rematch": True,
                        **revealed(new),
                    }
                )
        for spectator in old.spectators:
            spectator.table_id, spectator.seat = new.id, None
            spectator.send({"type": "spectating", "table": new.id, "game": new.game, "rematch": True, **revealed(new)})
        new.spectators, old.spectators = old.spectators, []
