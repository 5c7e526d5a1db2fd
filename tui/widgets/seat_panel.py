"""Players at the table: a box each (up to 6 players), or one line each (7-10 players)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from core.cards.g54.views import G54SeatView
from core.cards.views import SeatView

FACTION_STYLE = {"Loyalist": "bold dodger_blue1", "Reformist": "bold dark_orange"}


def faction(seat: SeatView) -> Text:
    """The allegiance in words and colour (never colour alone), or nothing outside Reformation."""
    return Text(seat.allegiance, style=FACTION_STYLE.get(seat.allegiance, "")) if seat.allegiance else Text()


def purse_and_cards(seat: Any, show_hand: bool) -> Text:
    """A box's first line: the coins, then the cards by name (show_hand) or face down (▮)."""
    text = Text()
    text.append(f"{seat.coins} coin{'s' if seat.coins != 1 else ''}", style="bold yellow")
    if show_hand and seat.hand is not None:
        for card in seat.hand:
            text.append("  ")
            text.append(card, style="bold")
    elif seat.alive:
        text.append("  " + "▮" * seat.influence, style="bold cyan")
    return text


def seat_text(seat: SeatView, show_hand: bool) -> Text:
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


class SeatPanel(Static):
    """A bordered box for one seat; classes mark the active seat, owed answers and the eliminated."""

    def show(self, seat: SeatView | G54SeatView, active: bool, owes: bool, thinking: bool, body: Text) -> None:
        """Redraw for seat, with body (the game's seat_text) inside the box."""
        marker = " …" if thinking else " ?" if owes else ""
        self.border_title = f"{seat.name}{marker}"
        self.border_subtitle = "out" if not seat.alive else ("turn" if active else "")
        self.set_class(active, "active")
        self.set_class(owes, "owes")
        self.set_class(not seat.alive, "out")
        self.update(body)


def seat_line(seat: SeatView, active: bool, owes: bool, thinking: bool) -> Text:
    """One player on one line, for crowded tables: marker, name, coins, cards, allegiance, claims."""
    marker = "▶" if active else "…" if thinking else "?" if owes else " "
    text = Text(f"{marker} ", style="bold")
    text.append(f"{seat.name[:12]:<12} ", style="dim" if not seat.alive else "bold")
    if not seat.alive:
        text.append("out  ", style="dim")
    else:
        text.append(f"{seat.coins:>2}c ", style="bold yellow")
        text.append(f"{'▮' * seat.influence:<2} ", style="bold cyan")
    allegiance = faction(seat) if seat.alive else Text()
    allegiance.pad_right(10 - len(allegiance.plain))
    text.append_text(allegiance)
    for card in seat.revealed:
        text.append(f"✗{card} ", style="red strike")
    if seat.claims and seat.alive:
        text.append("says " + ", ".join(seat.claims), style="italic dim")
    return text


class SeatList(Static):
    """Every opponent on a line of its own (7-10 players, or a small terminal)."""

    def show(self, lines: list[Text]) -> None:
        """Redraw with one line per opponent."""
        self.update(Text("\n").join(lines))
