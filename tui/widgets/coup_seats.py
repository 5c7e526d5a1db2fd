"""A Coup or Reformation player's box and line: coins and cards, allegiance, cards lost, claims."""

from __future__ import annotations

from rich.text import Text

from core.cards.views import SeatView
from tui.widgets.seat_panel import purse_and_cards, seat_line

FACTION_STYLE = {"Loyalist": "bold dodger_blue1", "Reformist": "bold dark_orange"}


def faction(seat: SeatView) -> Text:
    """The allegiance in words and colour (never colour alone), or nothing outside Reformation."""
    return Text(seat.allegiance, style=FACTION_STYLE.get(seat.allegiance, "")) if seat.allegiance else Text()


def coup_seat_text(seat: SeatView, show_hand: bool) -> Text:
    """The box's lines: coins and cards, allegiance, revealed cards, claims."""
    text = purse_and_cards(seat, show_hand)
    if seat.allegiance and seat.alive:
        text.append("\n")
        text.append_text(faction(seat))
    for card in seat.revealed:
        text.append("\n✗ ", style="red")
        text.append(card, style="red strike")
    if seat.claims and seat.alive:
        text.append("\nsays ", style="dim")
        text.append(", ".join(seat.claims), style="italic")
    return text


def coup_seat_line(seat: SeatView, active: bool, owes: bool, thinking: bool) -> Text:
    """The player on one line, for crowded tables, with the allegiance beside the purse while alive."""
    return seat_line(seat, active, owes, thinking, faction(seat) if seat.alive else Text())
