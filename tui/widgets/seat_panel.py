"""Players at the table: a box each (up to 6 players), or one line each (7-10 players)."""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual.widgets import Static

SIDE_WIDTH = 10
"""Room on a seat's line for what the game says beside the purse (Reformation: the allegiance)."""


class Seat(Protocol):
    """What the seat widgets read of any card game's seat view."""

    @property
    def name(self) -> str: ...

    @property
    def coins(self) -> int: ...

    @property
    def influence(self) -> int: ...

    @property
    def revealed(self) -> tuple[str, ...]: ...

    @property
    def claims(self) -> tuple[str, ...]: ...

    @property
    def alive(self) -> bool: ...

    @property
    def hand(self) -> tuple[str, ...] | None: ...


def purse_and_cards(seat: Seat, show_hand: bool) -> Text:
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


class SeatPanel(Static):
    """A bordered box for one seat; classes mark the active seat, owed answers and the eliminated."""

    def show(self, seat: Seat, active: bool, owes: bool, thinking: bool, body: Text) -> None:
        """Redraw for seat, with body (the game's seat_text) inside the box."""
        marker = " …" if thinking else " ?" if owes else ""
        self.border_title = f"{seat.name}{marker}"
        self.border_subtitle = "out" if not seat.alive else ("turn" if active else "")
        self.set_class(active, "active")
        self.set_class(owes, "owes")
        self.set_class(not seat.alive, "out")
        self.update(body)


def seat_line(seat: Seat, active: bool, owes: bool, thinking: bool, side: Text) -> Text:
    """One player on one line, for crowded tables: marker, name, coins, cards, side (the game's word on the
    player), cards lost, claims."""
    marker = "▶" if active else "…" if thinking else "?" if owes else " "
    text = Text(f"{marker} ", style="bold")
    text.append(f"{seat.name[:12]:<12} ", style="dim" if not seat.alive else "bold")
    if not seat.alive:
        text.append("out  ", style="dim")
    else:
        text.append(f"{seat.coins:>2}c ", style="bold yellow")
        text.append(f"{'▮' * seat.influence:<2} ", style="bold cyan")
    side = side.copy()
    side.pad_right(SIDE_WIDTH - len(side.plain))
    text.append_text(side)
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
