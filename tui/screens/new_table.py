"""Set up a new table on a host: players, variant, response timer."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Label, Select, Static

from tui.widgets.game_options import GAMES, offer_player_counts, player_counts

TIMERS = [("No timer", 0), ("30 s per answer", 30), ("60 s per answer", 60), ("120 s per answer", 120)]


class NewTableDialog(ModalScreen[dict[str, Any] | None]):
    """Returns the create request's fields, or None (Esc)."""

    BINDINGS = [("escape", "cancel", "Cancel"), ("enter", "create", "Create")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static("New table", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="field")
                yield Select(GAMES, value="coup", allow_blank=False, id="new-game", compact=True)
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                counts = player_counts("coup")
                yield Select(counts, value=4, allow_blank=False, id="new-players", compact=True)
            with Horizontal(classes="row"):
                yield Label("Response timer", classes="field")
                yield Select(TIMERS, value=0, allow_blank=False, id="new-timer", compact=True)
            yield Checkbox("Inquisitor instead of Ambassador", id="new-inquisitor", compact=True)
            yield Checkbox("2-player variant (choose from sets of five)", id="new-variant", compact=True)
            yield Static("When the timer runs out, a computer opponent answers for you.", classes="dialog-help")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create (Enter)", id="create", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#create", Button).focus()

    @on(Select.Changed, "#new-game")
    def _game_changed(self, event: Select.Changed) -> None:
        offer_player_counts(self.query_one("#new-players", Select), str(event.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)

    def action_create(self) -> None:
        """Close with the chosen set-up."""
        players = int(self.query_one("#new-players", Select).value)  # type: ignore[arg-type]
        timer = int(self.query_one("#new-timer", Select).value)  # type: ignore[arg-type]
        variant = players == 2 and self.query_one("#new-variant", Checkbox).value
        options = {"two_player_variant": variant, "inquisitor": self.query_one("#new-inquisitor", Checkbox).value}
        game = str(self.query_one("#new-game", Select).value)
        request: dict[str, Any] = {"game": game, "players": players, "options": options}
        if timer:
            request["timer"] = timer
        self.dismiss(request)

    def action_cancel(self) -> None:
        """Close without a table."""
        self.dismiss(None)
