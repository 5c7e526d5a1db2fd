"""A table played on a host, with the same face as LocalTable so the same screens serve it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from core.registry import get_game
from netplay.client import Client, HostError
from netplay.codec import events_from_plain, to_plain, view_from_plain

Listener = Callable[[list[Any]], None]


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
        self.record_path = None
        self.deadline: float | None = None
        self.window_opened = -1  # the version at which the open window opened (section 10 of docs/protocol.md)
        self.totals: dict[str, int] | None = None  # the player's record on the host, sent with the final view
        self._view: Any = None
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
            self.events.extend(events)
            self.thinking = message.get("thinking")
            self.window_opened = message.get("window_opened", self._view.version)
            remaining = message.get("deadline")
            self.deadline = None if remaining is None else asyncio.get_running_loop().time() + remaining
            self.error = None
            self.totals = message.get("record", self.totals)
            self._notify(events)
        elif message.get("type") == "error":
            self.tell(f"The host refused that: {message.get('message', '')}")
        elif message.get("type") == "closed":
            self.tell("The connection to the host was lost: reconnecting…")

    def tell(self, text: str) -> None:
        """Show the player text where the table shows trouble (until the next update)."""
        self.error = text
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
