"""A table played on a host, with the same face as LocalTable so the same screens serve it."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.registry import get_game
from netplay.chat import ChatLog, Said, heard
from netplay.client import Client, HostError
from netplay.codec import events_from_plain, to_plain, view_from_plain
from netplay.table import CONNECTION, NOT_PLAYED

Listener = Callable[[list[Any]], None]


@dataclass(frozen=True)
class Note:
    """A line the host says about the table, not a game event (a seat handed to the computer, a player back): the
    table screens write it in their log, marked apart. With said, it is a chat line from before we came back, put
    in its place among the history's events (the screens write it as they write chat)."""

    text: str
    kind: str = "note"
    said: Said | None = None


OWN_WORDS = {  # a notice about the player's own seat, as the player reads it
    "away": "You were away (your connection was lost, or you quit); your seat waited for you.",
    "back": "You are back at your seat.",
    "stand_in": "The computer plays your seat for you until you take it back.",
    "timed_out": "Time ran out: the computer answers for you.",
}


def with_notes(events: list[Any], first: int, notes: list[tuple[int | None, Note]]) -> list[Any]:
    """events (a history's, from its index first on) with each note (said after `at` of the history's events) before
    the event it came ahead of: one said before first comes first, one with no known place (None) last."""
    placed = deque(sorted((at, order) for order, (at, _) in enumerate(notes) if at is not None))
    merged: list[Any] = []
    for index, event in enumerate(events, start=first):
        while placed and placed[0][0] <= index:
            merged.append(notes[placed.popleft()[1]][1])
        merged.append(event)
    merged.extend(notes[order][1] for _, order in placed)
    merged.extend(note for at, note in notes if at is None)
    return merged


class RemoteTable:
    """Holds the latest view the host sent for our seat; submit sends moves with their version."""

    remote = True

    def __init__(
        self, client: Client, table_id: str, seat: int | None, game: str, label: str = "", coach: bool = False
    ) -> None:
        self.client, self.table_id, self.seat, self.game_name = client, table_id, seat, game
        self.coach = coach  # the coach is off at a network table unless its host's table allows it
        self.game = get_game(game)
        self.label = label or f"table {table_id}"
        self.events: list[Any] = []
        self.thinking: int | None = None
        self.error: str | None = None
        self.error_title = NOT_PLAYED  # what kind of trouble error is (CONNECTION: the host is being reached again)
        self.record_path = None
        self.deadline: float | None = None
        self.window_opened = -1  # the version at which the open window opened (section 10 of docs/protocol.md)
        self.window_since = 0.0  # when we heard it open, by this machine's clock
        self.totals: dict[str, int] | None = None  # the player's record on the host, sent with the final view
        self.chat = ChatLog()  # what is said at the table (and, to a spectator, among spectators)
        self.rematch: dict[str, Any] | None = None  # the latest word on a rematch of this game (docs/protocol.md)
        self.rematch_ends: float | None = None  # when its answers are due, by this machine's clock
        self.stand_in = False  # the computer plays our seat for now
        self.away: set[int] = set()  # seats whose player lost their connection (the host's notices), until back
        self.stand_ins: set[int] = set()  # seats the computer plays for their player (the host's notices), until back
        self.left: set[int] = set()  # seats whose player left the game for good (the host's notices)
        self.bot_seats: frozenset[int] = frozenset()  # computer opponents' seats (a bot's seat stays a bot's)
        self._view: Any = None
        self._heard = 0  # how many of the game's events the host has sent us (notes aside)
        self._said = 0  # how many of the table's chat lines and notices we have heard (the host numbers them)
        self._said_run: Any = None  # in which of the host's numberings (a restarted host numbers afresh)
        self._past_notes: list[tuple[int | None, Note]] = []  # past notices, each with where it falls in the history
        self._listeners: list[Listener] = []

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat (the engine reads them from our view)."""
        return self.game.names(self._view) if self._view is not None else ()

    def played_here(self) -> frozenset[int]:
        """The seats played at this keyboard: ours (none for a spectator; hot-seat is for local tables only)."""
        return frozenset() if self.seat is None else frozenset({self.seat})

    def view(self) -> Any:
        """The latest view of our seat."""
        return self._view

    def has_view(self) -> bool:
        """True once the host has sent the first update."""
        return self._view is not None

    def handle(self, message: dict[str, Any]) -> None:
        """Take an update (or an error about our moves) from the host."""
        if message.get("type") == "update" and message.get("table") == self.table_id:
            self._view = view_from_plain(self.game_name, message["view"])
            events = events_from_plain(self.game_name, message.get("events", []))
            if message.get("history"):  # the whole history, once more after a reconnect: only what is new
                first, self._heard = self._heard, len(events)
                events = with_notes(events[first:], first, self._past_notes)
                self._past_notes = []
            else:
                self._heard += len(events)
            self.events.extend(events)
            self.thinking = message.get("thinking")
            opened = message.get("window_opened", self._view.version)
            if opened != self.window_opened:
                self.window_since = asyncio.get_running_loop().time()
            self.window_opened = opened
            remaining = message.get("deadline")
            self.deadline = None if remaining is None else asyncio.get_running_loop().time() + remaining
            self.error = None
            self.totals = message.get("record", self.totals)
            self._notify(events)
        elif message.get("type") == "chat" and message.get("table") == self.table_id:
            said = heard(message)
            if said is not None and self._new_said(message):
                at = message.get("at") if message.get("past") else None
                if type(at) is int and at >= 0:  # said before we came: in its place among the history that follows
                    self._past_notes.append((at, Note(f"{said.name}: {said.text}", "chat", said)))
                else:
                    self.chat.add(said)
        elif message.get("type") == "notice" and message.get("past") and message.get("table") == self.table_id:
            if self._new_said(message):  # news from before we came: in the log, but the seats are as the host says
                at = message.get("at")  # shown in its place among the events of the history that follows
                where = at if type(at) is int and at >= 0 else None
                self._past_notes.append((where, self._note_of(message)))
        elif message.get("type") in ("rematch", "notice") and message.get("table") == self.table_id:
            if self._new_said(message):
                self._hear(message)
        elif message.get("type") == "error":
            self.tell(f"The host refused that: {message.get('message', '')}")
        elif message.get("type") == "closed":
            self.tell("The connection to the host was lost: reconnecting…", CONNECTION)

    def _hear(self, message: dict[str, Any]) -> None:
        """The host's word on a rematch, or its notice about a seat (in the log)."""
        if message["type"] == "rematch":
            self.rematch = message
            self.rematch_ends = asyncio.get_running_loop().time() + float(message.get("seconds", 0))
            self._notify([])
            return
        code, seat = message.get("code"), message.get("seat")
        if seat == self.seat and self.seat is not None and code in ("stand_in", "back"):
            self.stand_in = code == "stand_in"
        if code == "away" and isinstance(seat, int):
            self.away.add(seat)
        elif code in ("back", "stand_in", "left"):  # back, or the computer plays the seat: nobody waits for its player
            self.away.discard(seat)
        if code == "left" and isinstance(seat, int):  # for good: a computer opponent's seat now
            self.left.add(seat)
            self.bot_seats = self.bot_seats | {seat}
        if code == "stand_in" and isinstance(seat, int):
            self.stand_ins.add(seat)
        elif code == "back":
            self.stand_ins.discard(seat)
        self._add_note(message)

    def _add_note(self, message: dict[str, Any]) -> None:
        """The host's notice, in the log."""
        note = self._note_of(message)
        self.events.append(note)
        self._notify([note])

    def _note_of(self, message: dict[str, Any]) -> Note:
        """The log's line for a notice: the host's words, or ours to the player it is about ("You lost your
        connection…", not "Ana lost connection…")."""
        own = (
            OWN_WORDS.get(str(message.get("code")))
            if self.seat is not None and message.get("seat") == self.seat
            else None
        )
        return Note(own or str(message.get("message", "")))

    def note_after_history(self, text: str) -> None:
        """A line of ours for the log, after the history the host sends next (as it does when a player comes back)."""
        self._past_notes.append((None, Note(text)))

    def _new_said(self, message: dict[str, Any]) -> bool:
        """Whether a chat line or notice at the table is news: the host numbers them, and gives them all again to a
        player who comes back; a host that restarts numbers afresh (a message without a number is always news)."""
        number, run = message.get("n"), message.get("run")
        if not isinstance(number, int) or isinstance(number, bool):
            return True
        if run != self._said_run:
            self._said_run, self._said = run, 0
        if number < self._said:
            return False
        self._said = number + 1
        return True

    def seats_played_by_computer(self, message: dict[str, Any]) -> None:
        """Take the host's word (its started or spectating message) on the seats of computer opponents, those handed
        over and those whose players left."""
        self.bot_seats = frozenset(_seats(message.get("bots", [])))
        self.stand_ins = set(_seats(message.get("stand_ins", [])))
        self.left = set(_seats(message.get("left", [])))

    def idle_in(self, now: float) -> float:
        """Seconds until a seat owing the open window's answer counts as idle on the host (0: it does now), by our
        clock (a window opened before we came is counted from when we heard of it)."""
        idle_after = self.client.welcome.get("idle_seat", 0)
        waited = now - self.window_since
        return max(0.0, float(idle_after) - waited) if isinstance(idle_after, (int, float)) else 0.0

    def rematch_owed(self) -> bool:
        """Whether a rematch is asked for and waits for our answer."""
        state = self.rematch
        return state is not None and state.get("state") == "open" and self.seat in state.get("owed", ())

    def answer_rematch(self, accept: bool) -> None:
        """Ask for a rematch or accept one (True), or decline it."""
        self._send({"type": "rematch", "accept": accept})

    def hand_over(self, seat: int) -> None:
        """Ask for seat to be played by the computer (ours at once; another's if away or idle, by our vote)."""
        self._send({"type": "handover", "seat": seat})

    def take_back(self) -> None:
        """Take our seat back from the computer."""
        self._send({"type": "take_back"})

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self.client.send(message)
        except ConnectionError as error:
            self.tell(str(error))

    def tell(self, text: str, title: str = NOT_PLAYED) -> None:
        """Show the player text where the table shows trouble (until the next update), under title."""
        self.error, self.error_title = text, title
        self._notify([])

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call listener with new events after every update; returns an unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def start(self) -> None:
        """Nothing to start: the host drives the game."""

    def submit(self, move: Any) -> None:
        """Send move, made on the current view, to the host; a refusal comes back as an error."""
        try:
            self.client.send({"type": "move", "version": self._view.version, "move": to_plain(move)})
        except (ConnectionError, HostError) as error:
            self.tell(str(error))

    def say(self, text: str) -> None:
        """Say text at the table (a spectator: to the spectators); a refusal comes back as an error."""
        try:
            self.client.send({"type": "chat", "to": "table", "text": text})
        except ConnectionError as error:
            self.tell(str(error))

    def winner(self) -> int | None:
        """The winner once the game is over."""
        return None if self._view is None else self._view.winner

    def close(self) -> None:
        """Leave the table (the connection stays for the lobby)."""
        with contextlib.suppress(ConnectionError):
            self.client.send({"type": "leave"})

    def _notify(self, events: list[Any]) -> None:
        for listener in list(self._listeners):
            listener(events)


def _seats(listed: object) -> list[int]:
    """The seat numbers in a list from the host (nothing, if it is not one)."""
    return [seat for seat in listed if isinstance(seat, int)] if isinstance(listed, list) else []
