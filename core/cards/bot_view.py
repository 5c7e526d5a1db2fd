"""What a card-game bot reads of its own seat in the view it is shown."""

from __future__ import annotations

from core.cards.state import Player
from core.cards.views import CoupView


def my_seat(view: CoupView) -> int:
    """The seat the bot plays (a bot is always shown a seat's view, never a spectator's)."""
    if view.viewer is None:
        raise ValueError("a bot decides from a seat's view, not a spectator's")
    return view.viewer


def hand(view: CoupView) -> tuple[str, ...]:
    """The viewer's own face-down cards."""
    return view.hands[my_seat(view)] or ()


def me(view: CoupView) -> Player:
    """The viewer's seat."""
    return view.players[my_seat(view)]
