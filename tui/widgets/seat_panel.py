"""One player's box at the table: coins, face-down cards, revealed cards and public claims."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core.cards.views import SeatView


def seat_text(seat: SeatView, show_hand: bool) -> Text:
    """The box's lines: coins and cards, revealed cards, claims."""
    text = Text()
    text.append(f"{seat.coins} coin{'s' if seat.coins != 1 else ''}", style="bold yellow")
    if show_hand and seat.hand is not None:
        for card in seat.hand:
            text.append("  ")
            text.append(card, style="bold")
    elif seat.alive:
        text.append("  " + "▮" * seat.influence, style="bold cyan")
    for card in seat.revealed:
        text.append("\n✗ ", style="red")
        text.append(card, style="red strike")
    if seat.claims and seat.alive:
        text.append("\nsays ", style="dim")
        text.append(", ".join(seat.claims), style="italic")
    return text


class SeatPanel(Static):
    """A bordered box for one seat; classes mark the active seat, owed answers and the eliminated."""

    def show(self, seat: SeatView, active: bool, owes: bool, thinking: bool, show_hand: bool = False) -> None:
        """Redraw for seat."""
        marker = " …" if thinking else " ?" if owes else ""
        self.border_title = f"{seat.name}{marker}"
        self.border_subtitle = "out" if not seat.alive else ("turn" if active else "")
        self.set_class(active, "active")
        self.set_class(owes, "owes")
        self.set_class(not seat.alive, "out")
        self.update(seat_text(seat, show_hand))
