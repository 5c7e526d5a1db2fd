"""Set up a new table on a host: players, variant, response timer."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static, Switch

from core.cards.state import MAX_PLAYERS, MIN_PLAYERS

TIMERS = [("No timer", 0), ("30 s per answer", 30), ("60 s per answer", 60), ("120 s per answer", 120)]


class NewTableDialog(ModalScreen[dict[str, Any] | None]):
    """Returns the create request's fields, or None (Esc)."""

    BINDINGS = [("escape", "cancel", "Cancel"), ("enter", "create", "Create")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static("New table", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                players = [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
                yield Select(players, value=4, allow_blank=False, id="new-players", compact=True)
            with Horizontal(classes="row"):
                yield Label("Response timer", classes="field")
                yield Select(TIMERS, value=0, allow_blank=False, id="new-timer", compact=True)
            with Horizontal(classes="row"):
                yield Label("2-player variant", classes="field")
                yield Switch(False, id="new-variant")
            yield Static("When the timer runs out, a computer opponent answers for you.", classes="dialog-help")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create (Enter)", id="create", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#create", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)

    def action_create(self) -> None:
        """Close with the chosen set-up."""
        players = int(self.query_one("#new-players", Select).value)  # type: ignore[arg-type]
        timer = int(self.query_one("#new-timer", Select).value)  # type: ignore[arg-type]
        variant = players == 2 and self.query_one("#new-variant", Switch).value
        request: dict[str, Any] = {"game": "coup", "players": players, "options": {"two_player_variant": variant}}
        if timer:
            request["timer"] = timer
        self.dismiss(request)

    def action_cancel(self) -> None:
        """Close without a table."""
        self.dismiss(None)
