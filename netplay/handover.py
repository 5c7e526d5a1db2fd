"""Idle players: an away or idle person's seat handed to the computer at once (by its owner, the table's creator,
or a majority of the other players present), and given back the moment its owner returns."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from netplay.connection import Connection
from netplay.lobby import NOTICE_CODES, LobbyTable
from netplay.refused import Refused
from netplay.table import Table, now

log = logging.getLogger(__name__)
IDLE_SEAT = 60.0  # seconds an owed answer waits before its seat counts as idle
STAND_IN = "rule"  # the computer opponent that plays a handed-over seat


def seat_idle(table: Table, seat: int, idle_after: float) -> bool:
    """Whether seat lets the game wait: it owes an answer in a window open idle_after seconds, or the clock answered
    for it since it last answered itself."""
    if seat in table.clocked:
        return True
    return seat in table.game.to_act(table.state) and now() - table.window_since >= idle_after


def notice(
    lobby: LobbyTable, code: str, seat: int | None, message: str, but: Connection | None = None, **extra: Any
) -> None:
    """Tell everyone at the table (players and spectators) but `but` what happened to seat (None: to a spectator),
    and log it."""
    if code not in NOTICE_CODES:  # a journal gives back only these (netplay.chat.kept_line)
        raise ValueError(f"no notice {code!r}")
    log.info("table %s: %s", lobby.id, message)
    told = {"type": "notice", "code": code, "table": lobby.id, "seat": seat, "message": message, **extra}
    said = lobby.keep_said(told)
    for conn in lobby.present():
        if conn is not but:
            conn.send(said)


def timed_out(lobby: LobbyTable, seat: int) -> None:
    """The table's clock ran out on seat: everyone there reads it before the computer's answer for them."""
    notice(lobby, "timed_out", seat, f"Time ran out: the computer answers for {lobby.seats[seat].name}.")


class Handovers:
    """Hands seats to the computer and back; changed(lobby, seat) is the host's part (journal, grace, lobby)."""

    def __init__(self, changed: Callable[[LobbyTable, int], None], idle_after: float = IDLE_SEAT) -> None:
        self.changed, self.idle_after = changed, idle_after

    def ask(self, conn: Connection, lobby: LobbyTable, message: dict[str, Any]) -> dict[str, Any]:
        """conn asks for the seat in message to be played by the computer: done at once when conn owns it or
        created the table, else counted as conn's identity's vote. The reply says how far it got."""
        table = lobby.table
        if conn.seat is None or conn.table_id != lobby.id:
            raise Refused("not_seated", "only a player at this table may hand a seat to the computer")
        if table is None or table.over():
            raise Refused("not_playing", "a seat is handed to the computer only while its game is played")
        target = message.get("seat")
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(lobby.seats):
            raise Refused("bad_request", "seat must be a seat number of this table")
        seat = lobby.seats[target]
        if seat.kind != "person":
            raise Refused("bad_request", f"seat {target} is not a person's")
        if seat.stand_in:
            raise Refused("stand_in", f"the computer already plays {seat.name}'s seat")
        owner = conn.seat == target
        if not owner and lobby.seats[conn.seat].program:
            raise Refused("not_voter", "a program has no say in handing another's seat to the computer")
        if not owner and seat.conn is not None and not seat_idle(table, target, self.idle_after):
            raise Refused(
                "not_idle",
                f"{seat.name} is playing: a seat is handed over when its player is away, "
                f"or has let an answer wait {self.idle_after:g} s",
            )
        reply: dict[str, Any] = {"type": "handover", "table": lobby.id, "seat": target, "done": True}
        if owner or conn.identity == lobby.creator:
            self.hand_over(lobby, target)
            return reply
        voters = {lobby.seats[i].owner for i in self.electorate(lobby, target)}
        votes = lobby.handover_votes.setdefault(target, set())
        votes.add(conn.identity)  # one identity, one vote, however often or from however many connections
        counted, needed = len(votes & voters), len(voters) // 2 + 1
        if counted >= needed:
            self.hand_over(lobby, target)
            return reply
        asker = lobby.seats[conn.seat].name
        text = f"{asker} asks to give {seat.name}'s seat to the computer ({counted} of {needed} votes)."
        notice(lobby, "handover_vote", target, text, votes=counted, needed=needed)
        return {**reply, "done": False, "votes": counted, "needed": needed}

    @staticmethod
    def electorate(lobby: LobbyTable, target: int) -> list[int]:
        """The seats that vote on handing target over: the other people at the table, connected and playing (not the
        programs, as `coup bot`, which never vote)."""
        return [
            i
            for i, s in enumerate(lobby.seats)
            if i != target and s.kind == "person" and s.conn is not None and not s.stand_in and not s.program
        ]

    def hand_over(self, lobby: LobbyTable, index: int) -> None:
        """Let the rule bot play the seat until its owner takes it back."""
        assert lobby.table is not None
        seat = lobby.seats[index]
        seat.stand_in = True
        lobby.handover_votes.pop(index, None)
        lobby.table.set_bot(index, STAND_IN)
        self.changed(lobby, index)
        notice(lobby, "stand_in", index, f"{seat.name}'s seat is played by the computer.")

    def take_back(self, conn: Connection, lobby: LobbyTable) -> dict[str, Any]:
        """conn's player takes their seat back from the computer (the take_back request)."""
        if conn.seat is None or conn.table_id != lobby.id:
            raise Refused("not_seated", "you have no seat at this table to take back: you are watching it")
        if not lobby.seats[conn.seat].stand_in:
            raise Refused("not_stand_in", "the computer is not playing your seat")
        self.returned(lobby, conn.seat)
        return {"type": "ok"}

    @staticmethod
    def away(lobby: LobbyTable, index: int, grace: float, quit_on_purpose: bool = False) -> None:
        """The seat's player lost their connection mid-game, or quit (said bye): the others hear that the seat waits
        for them."""
        seat = lobby.seats[index]
        kept = "the computer goes on playing their seat" if seat.stand_in else f"their seat is kept for {grace:g} s"
        notice(lobby, "away", index, f"{seat.name} {'quit' if quit_on_purpose else 'lost connection'}; {kept}.")

    def returned(self, lobby: LobbyTable, index: int, away: bool = False) -> None:
        """The seat's owner is back (a hello, a move, the take_back request): the bot stops, the votes are void;
        everyone hears it if the computer played the seat, and the others if its player was away (had lost their
        connection)."""
        lobby.handover_votes.pop(index, None)
        seat = lobby.seats[index]
        if not seat.stand_in:
            if away:
                notice(lobby, "back", index, f"{seat.name} is back.", but=seat.conn)
            return
        seat.stand_in = False
        if lobby.table is not None:
            lobby.table.set_bot(index, None)
        self.changed(lobby, index)
        notice(lobby, "back", index, f"{seat.name} is back.")
