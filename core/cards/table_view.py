"""What every card game's view shows alike: the state's seats, a hand only to whom may see it, and the table."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from core.cards.moves import Move
from core.cards.seats import CardState, SeatT
from core.cards.state import MAX_REFORMATION_PLAYERS
from core.frozen import frozen_dataclass, packing_builder


def all_hands_shown(state: CardState[Any], every_hand: bool) -> bool:
    """Whether a view shows every seat's hand, not only the viewer's own: at the end of the game, or with every_hand."""
    return every_hand or state.window == "over"


def shown(
    cards: tuple[tuple[str, ...], ...], viewer: int | None, all_shown: bool
) -> tuple[tuple[str, ...] | None, ...]:
    """What a view shows of each seat's cards (its hand, say): viewer's own, every seat's with all_shown, and None for
    the others."""
    if all_shown:
        return cards
    if viewer is None:
        return UNSEEN[len(cards)]
    return UNSEEN[viewer] + (cards[viewer],) + UNSEEN[len(cards) - viewer - 1]


UNSEEN = tuple((None,) * seats for seats in range(MAX_REFORMATION_PLAYERS + 1))  # the largest card table
"""A None for each seat, by the table's size (made once: a view shows one for every hand it may not see)."""


@frozen_dataclass
class CardView(Generic[SeatT]):
    """A seat's whole picture of the table, and the moves it may make now: the state's own seats (which hold no card),
    and each seat's hand to whom may see it (the viewer's own; every seat's at the end of the game and in a replay),
    None for the others. Each game adds its own fields, and names its seats' type again on players (the wire decodes a
    view by its fields' declared types)."""

    viewer: int | None
    players: tuple[SeatT, ...]
    hands: tuple[tuple[str, ...] | None, ...]
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

    def own_hand(self) -> tuple[str, ...] | None:
        """The viewer's own hand (None for a spectator)."""
        return None if self.viewer is None else self.hands[self.viewer]

    def lost_face_down(self, seat: int) -> tuple[str, ...]:
        """The cards seat lost face down that this view may name (only G54 loses cards face down)."""
        return ()


ViewT = TypeVar("ViewT", bound=CardView[Any])


def view_builder(cls: type[ViewT]) -> Callable[..., ViewT]:
    """How card_view builds a view of class cls: CardView's fields one by one, then the game's own packed in one tuple
    (see core.frozen.packing_builder)."""
    return packing_builder(cls, len(dataclasses.fields(CardView)))


def card_view(
    build: Callable[..., ViewT],
    state: CardState[Any],
    viewer: int | None,
    legal: tuple[Move, ...],
    players: tuple[Any, ...],
    all_shown: bool,
    drawn: tuple[str, ...],
    game_fields: tuple[Any, ...],
) -> ViewT:
    """A view, by build (a view_builder): the fields every game's view starts with, in CardView's order, given the
    seats, whether every hand shows, and the drawn cards the viewer may see, then game_fields, the game's own in its
    class's order. Built by position, in one call, the game's own fields handed over as the one tuple they are (by name,
    a view would cost twice as much, and spread over the call some 2k instructions more; made for every decision)."""
    losing, reason = state.losses[0] if state.window == "lose" and state.losses else (None, "")
    return build(
        viewer,
        players,
        shown(state.hands, viewer, all_shown),
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
        game_fields,
    )
