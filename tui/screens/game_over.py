"""The end of a game: who won, every hand revealed (held and lost apart), the whole log, and what next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Footer, Static

from core.cards.phrases import coins_text
from tui.screens.log_view import LogScreen
from tui.widgets.flow import Piece, flow, joined, listed
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

    @property
    def hands(self) -> Sequence[tuple[str, ...] | None]: ...

    def lost_face_down(self, seat: int) -> tuple[str, ...]: ...


def hands_text(view: FinalView, width: int) -> Text:
    """Every player's coins and cards, the cards held apart from those lost (in words, not only in colour), the
    winner marked; a line each, wrapped under the cards when narrow."""
    names = max((len(seat.name) for seat in view.players), default=0)
    lines: list[Text] = []
    for seat in view.players:
        won = seat.seat == view.winner
        start = Text("★ " if won else "  ", style="bold yellow")
        start.append(seat.name.ljust(names), style="bold" if won else "")
        pieces: list[Piece] = [("  ", Text(coins_text(seat.coins) if seat.alive else "out", style="dim"))]
        held = view.hands[seat.seat] or ()
        if held:
            pieces += joined(listed(held, "bold green", "held: "), " ")
        lost = [*seat.revealed, *view.lost_face_down(seat.seat)]  # G54: lost face down too
        if lost:
            pieces += joined(listed(lost, "red strike", "lost: "), " ", first=" · " if held else "  ")
        lines += flow(pieces, width, indent=names + 4, start=start)
    return Text("\n").join(lines)


class Hands(Widget):
    """hands_text at the width the dialog gives it."""

    DEFAULT_CSS = "Hands { height: auto; }"

    def __init__(self, view: FinalView) -> None:
        super().__init__(id="hands")
        self.view = view

    def render(self) -> Text:
        return hands_text(self.view, self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(hands_text(self.view, width).split())


def winner_title(view: FinalView, left: frozenset[int]) -> str:
    """ "You win!", "Bo wins.", or for a seat whose player left (it counts for nobody's win): "Bo's seat wins, played
    by the computer since Bo left."."""
    winner = view.players[view.winner].name if view.winner is not None else ""
    if view.winner in left:
        if view.winner == view.viewer:
            return "Your seat wins, played by the computer since you left."
        return f"{winner}'s seat wins, played by the computer since {winner} left."
    return "You win!" if view.winner == view.viewer else f"{winner} wins."


class GameOverScreen(ModalScreen[str]):
    """Returns "again" (the winner starts; a rematch at a network table), "menu" (the menu, or the lobby) or "quit";
    l shows the whole log."""

    BINDINGS = [
        ("a", "choose('again')", "Play again"),
        ("m,escape", "back('Menu')", "Menu"),
        ("m,escape", "back('Lobby')", "Lobby"),  # the same key at a network table, named for where it leads
        ("q", "choose('quit')", "Quit"),
        ("l", "log", "Log"),
    ]

    def __init__(
        self,
        view: FinalView,
        record_note: str,
        log: Sequence[Text] = (),
        again: bool = True,
        back: str = "Menu",
        left: frozenset[int] = frozenset(),
    ) -> None:
        """again: whether playing again is offered (not to a spectator); back: where m leads (Menu, or Lobby); left:
        the seats whose players left the game (the computer played them to the end)."""
        super().__init__(classes="dialog")
        self.view, self.record_note, self.log_lines = view, record_note, log
        self.again, self.back, self.left = again, back, left

    def compose(self) -> ComposeResult:
        assert self.view.winner is not None
        title = winner_title(self.view, self.left)
        with Vertical(classes="dialog-box", id="game-over"):
            yield Static(Content(f"Game over — {title}"), classes="dialog-title")  # names as typed, never markup
            yield Hands(self.view)
            if self.record_note:
                yield Static(Content(self.record_note), classes="dialog-help")
            with Horizontal(classes="dialog-buttons"):
                if self.again:
                    yield Button("Play again (a)", id="again", variant="primary", compact=True)
                yield Button(f"{self.back} (m)", id="menu", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
                yield Button("Log (l)", id="show-log", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#again" if self.again else "#menu", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No playing again where it is not offered; m is named for where it leads."""
        if action == "back":
            return parameters == (self.back,)
        return self.again or parameters != ("again",)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        if event.button.id == "show-log":
            self.action_log()
        else:
            self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        """Close with choice."""
        self.dismiss(choice)

    def action_back(self, where: str) -> None:
        """Close with "menu": back to the menu, or to the lobby at a network table."""
        self.dismiss("menu")

    def action_log(self) -> None:
        """The whole log of the game, in a screen of its own."""
        self.app.push_screen(LogScreen(self.log_lines))
