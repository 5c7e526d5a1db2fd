"""A Coup or Reformation player's parts: coins and cards, allegiance, cards lost, claims."""

from __future__ import annotations

from rich.text import Text

from core.cards.state import Player
from tui.widgets.seat_panel import SeatParts, seat_parts

FACTION_STYLE = {"Loyalist": "bold dodger_blue1", "Reformist": "bold dark_orange"}


def faction(seat: Player) -> Text:
    """The allegiance in words and colour (never colour alone), or nothing outside Reformation."""
    return Text(seat.allegiance, style=FACTION_STYLE.get(seat.allegiance, "")) if seat.allegiance else Text()


def coup_seat_parts(seat: Player, hand: tuple[str, ...] | None) -> SeatParts:
    """The seat's parts (its cards by name when hand is given), with the allegiance beside the cards while it plays."""
    side = (faction(seat),) if seat.allegiance and seat.alive else ()
    return seat_parts(seat, hand, side)
