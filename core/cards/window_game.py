"""What the card games share on the game interface: windows owed by seats, apply through a handler per window."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from core.cards.events import Event
from core.cards.moves import Move, is_one_of
from core.game import IllegalMove

Handler = Callable[[Any, int, Move, list[Event]], None]


class WindowGame(ABC):
    """A card game whose state has a window owed by seats (state.window, state.owed, state.version, state.winner,
    state.clone()). Subclasses give new, legal, handlers (one per window), settle (the automatic steps until a seat
    owes something) and make_view (which shows every hand when asked, for open_view)."""

    name: str

    handlers: Mapping[str, Handler]
    """One handler per window (a class attribute: apply looks it up for every move)."""

    settle: Callable[[Any, list[Event]], None]
    """Run the automatic steps after a move: settle(state, events), a function of the game's (a static method)."""

    make_view: Callable[..., Any]
    """What seat may know, with its legal moves (and every seat's hand, with every_hand): make_view(state, seat, legal,
    every_hand=False), a function of the game's (a static method, called for every decision)."""

    @abstractmethod
    def legal(self, state: Any, seat: int) -> tuple[Move, ...]:
        """Every move seat may make now."""

    def load_move(self, data: object) -> Move:
        """The move in plain data."""
        return Move.from_dict(data)

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats owing an answer in the open window, clockwise from the active seat (the state's own tuple)."""
        owed: tuple[int, ...] = state.owed
        return owed

    def apply(self, state: Any, seat: int, move: Move) -> tuple[Any, list[Event]]:
        """Play move for seat; the given state is never changed, even when the move is refused."""
        if state.window == "over":
            raise IllegalMove("the game is over")
        if seat not in state.owed:
            raise IllegalMove(f"seat {seat} owes no decision now (waiting for {list(state.owed)})")
        if move.cards and list(move.cards) != sorted(move.cards):
            move = replace(move, cards=tuple(sorted(move.cards)))
        if not is_one_of(move, self.legal(state, seat)):
            raise IllegalMove(f"{move.kind} is not a legal move for seat {seat} in the {state.window} window")
        s = state.clone()
        events: list[Event] = []
        self.handlers[s.window](s, seat, move, events)
        s.version += 1
        self.settle(s, events)
        return s, events

    def view(self, state: Any, seat: int | None) -> Any:
        """What seat may know; None is a spectator."""
        return self.make_view(state, seat, self.legal(state, seat) if seat is not None else ())

    def open_view(self, state: Any) -> Any:
        """The table as a replay shows it: a spectator's view with every seat's hand face up, as at the end."""
        return self.make_view(state, None, (), every_hand=True)

    def result(self, state: Any) -> int | None:
        """The winner, once only one player is left."""
        winner: int | None = state.winner
        return winner

    def opening_events(self, state: Any) -> list[Event]:
        """The first turn's announcement (every later turn the engine announces itself)."""
        if state.window != "action" or state.version:
            return []
        return [Event("turn", state.active, amount=state.turn)]

    def sees(self, event: Event, seat: int | None) -> bool:
        """Public events, and private ones addressed to seat."""
        return event.to is None or (seat is not None and seat in event.to)

    def same_window(self, before: Any, after: Any) -> bool:
        """A window owed by several seats stays the same window while the others still owe it."""
        owed = set(after.owed)
        return after.window == before.window and after.turn == before.turn and bool(owed) and owed < set(before.owed)

    def names(self, state: Any) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(player.name for player in state.players)
