"""The end of a game: who won, every hand revealed, and what next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui.widgets.seat_panel import Seat


class Player(Seat, Protocol):
    """A seat at the end of a card game, with its number."""

    @property
    def seat(self) -> int: ...


class FinalView(Protocol):
    """What the end of any card game shows: every player and the winner, as the viewer sees them."""

    @property
    def players(self) -> Sequence[Player]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def viewer(self) -> int | None: ...


def hands_text(view: FinalView) -> Text:
    """Every player's cards, face-down ones included, and coins."""
    text = Text()
    for seat in view.players:
        text.append(f"{seat.name:<12}", style="bold" if seat.seat == view.winner else "")
        for card in seat.hand or ():
            text.append(f" {card}", style="bold green")
        for card in seat.revealed:
            text.append(f" {card}", style="red strike")
        text.append(f"  {seat.coins} coins\n" if seat.alive else "  out\n", style="dim")
    return text


class GameOverScreen(ModalScreen[str]):
    """Returns "again" (the winner starts), "menu" or "quit"."""

    BINDINGS = [
        ("a", "choose('again')", "Play again"),
        ("m,escape", "choose('menu')", "Menu"),
        ("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, view: FinalView, record_note: str) -> None:
        super().__init__(classes="dialog")
        self.view, self.record_note = view, record_note

    def compose(self) -> ComposeResult:
        assert self.view.winner is not None
        winner = self.view.players[self.view.winner].name
        title = "You win!" if self.view.winner == self.view.viewer else f"{winner} wins."
        with Vertical(classes="dialog-box", id="game-over"):
            yield Static(f"Game over — {title}", classes="dialog-title")
            yield Static(hands_text(self.view), id="hands")
            yield Static(self.record_note, classes="dialog-help")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play again (a)", id="again", variant="primary", compact=True)
                yield Button("Menu (m)", id="menu", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        """Close with choice."""
        self.dismiss(choice)
