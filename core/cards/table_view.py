"""What every card game's view shows alike: each seat's public side, its hand only to whom may see it, and the table."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from core.cards.moves import Move
from core.cards.seats import CardState, Seat
from core.frozen import frozen_dataclass


@frozen_dataclass
class CardSeatView:
    """One player as everyone sees it; hand is set only for whom may see it (the viewer's own seat, and every seat
    at the end of the game and in a replay)."""

    seat: int
    name: str
    coins: int
    influence: int
    revealed: tuple[str, ...]
    claims: tuple[str, ...]
    alive: bool
    hand: tuple[str, ...] | None


SeatFields = tuple[int, str, int, int, tuple[str, ...], tuple[str, ...], bool, tuple[str, ...] | None]


def seat_fields(seat: int, player: Seat, hand_shown: bool) -> SeatFields:
    """The fields every game's seat view starts with, in CardSeatView's order, the hand only if shown: a game passes
    them by position, and its own fields after them by position too (views are made for every decision; a call that
    adds fields by name to a list passed by position costs twice as much)."""
    hidden = player.hidden
    return (
        seat,
        player.name,
        player.coins,
        len(hidden),
        player.revealed,
        player.claims,
        player.alive,
        hidden if hand_shown else None,
    )


def all_hands_shown(state: CardState[Any], every_hand: bool) -> bool:
    """Whether a view shows every seat's hand, not only the viewer's own: at the end of the game, or with every_hand."""
    return every_hand or state.window == "over"


SeatViewT = TypeVar("SeatViewT", bound=CardSeatView)


@frozen_dataclass
class CardView(Generic[SeatViewT]):
    """A seat's whole picture of the table, and the moves it may make now. Each game adds its own fields, and names
    its seat views' type again on players (the wire decodes a view by its fields' declared types)."""

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
