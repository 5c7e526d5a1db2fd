"""What every card game's view shows alike: the state's seats, a hand only to whom may see it, and the table."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from core.cards.moves import Move
from core.cards.seats import CardState, Seat
from core.frozen import frozen_dataclass


def all_hands_shown(state: CardState[Any], every_hand: bool) -> bool:
    """Whether a view shows every seat's hand, not only the viewer's own: at the end of the game, or with every_hand."""
    return every_hand or state.window == "over"


SeatViewT = TypeVar("SeatViewT", bound=Seat)


@frozen_dataclass
class CardView(Generic[SeatViewT]):
    """A seat's whole picture of the table, and the moves it may make now: the state's own seats (which show no card
    but to whom may see it: see CardState.shown_seats). Each game adds its own fields, and names its seats' type again
    on players (the wire decodes a view by its fields' declared types)."""

    viewer: int | None
    players: tuple[SeatViewT, ...]
    deck_count: int
    active: int
    turn: int
    version: int
    window: str
    owed: tuple[int, ...]
    losing: int | None
    loss_reason: str
    drawn: tuple[str, ...]
    legal: tuple[Move, ...]
    winner: int | None

    def me(self) -> SeatViewT | None:
        """The viewer's own seat, if it has one."""
        return None if self.viewer is None else self.players[self.viewer]


ViewT = TypeVar("ViewT", bound=CardView[Any])


def card_view(
    cls: type[ViewT],
    state: CardState[Any],
    viewer: int | None,
    legal: tuple[Move, ...],
    players: tuple[Any, ...],
    drawn: tuple[str, ...],
    game_fields: tuple[Any, ...],
) -> ViewT:
    """A view of class cls: the fields every game's view starts with, in CardView's order, given the seat views and
    the drawn cards the viewer may see, then game_fields, the game's own in its class's order. Built by position, in
    one call (by name, a view would cost twice as much: the call binds every field by name; made for every decision)."""
    losing, reason = state.losses[0] if state.window == "lose" and state.losses else (None, "")
    return cls(  # every field but the game's own written out: one list of arguments to build, not two
        viewer,
        players,
        len(state.deck),
        state.active,
        state.turn,
        state.version,
        state.window,
        state.owed,
        losing,
        reason,
        drawn,
        legal,
        state.winner,
        *game_fields,
    )
