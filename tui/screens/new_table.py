"""Set up a new table on a host: the game, players, the game's own options, response timer, privacy."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Label, Select, Static

from tui.games import SCREENS, every_check, menu_choices, player_counts, tui_game
from tui.widgets.game_options import OptionsField, number, offer_player_counts

REMATCHES = [("a computer takes the seat", "bots"), ("wait for a new player", "wait")]  # a rematch's declined seats
TIMERS = [("No timer", 0), ("30 s per answer", 30), ("60 s per answer", 60), ("120 s per answer", 120)]


class NewTableDialog(ModalScreen[dict[str, Any] | None]):
    """Returns the create request's fields, or None (Esc)."""

    BINDINGS = [("escape", "cancel", "Cancel"), ("enter", "create", "Create")]

    def compose(self) -> ComposeResult:
        games = menu_choices()
        first = games[0][1]
        with Vertical(classes="dialog-box"):
            yield Static("New table", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="field")
                yield Select(games, value=first, allow_blank=False, id="new-game", compact=True)
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Select(player_counts(first), value=4, allow_blank=False, id="new-players", compact=True)
            for name, game in SCREENS.items():
                if game.table_options is not None:
                    field = game.table_options()
                    field.add_class(f"options-of-{name}")
                    yield field
            with Horizontal(classes="row"):
                yield Label("Response timer", classes="field")
                yield Select(TIMERS, value=0, allow_blank=False, id="new-timer", compact=True)
            with Horizontal(classes="row"):
                yield Label("Declined rematch", classes="field")
                yield Select(REMATCHES, value="bots", allow_blank=False, id="new-rematch", compact=True)
            for check in every_check():
                yield Checkbox(check.label, id=f"new-{check.slug}", compact=True)
            yield Checkbox("Private: not listed, joined by a code", id="new-private", compact=True)
            yield Checkbox("No spectators", id="new-no-watchers", compact=True)
            yield Static("When the timer runs out, a computer opponent answers for you.", classes="dialog-help")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create (Enter)", id="create", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_options()
        self.query_one("#create", Button).focus()

    @property
    def game(self) -> str:
        """The chosen game."""
        return str(self.query_one("#new-game", Select).value)

    @on(Select.Changed, "#new-game")
    def _game_changed(self) -> None:
        offer_player_counts(self.query_one("#new-players", Select), player_counts(self.game))
        self._show_options()

    def _show_options(self) -> None:
        """Only the chosen game's own options show."""
        for field in self.query(OptionsField):
            field.display = field.has_class(f"options-of-{self.game}")
        slugs = {check.slug for check in tui_game(self.game).checks}
        for check in every_check():
            self.query_one(f"#new-{check.slug}").display = check.slug in slugs

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        elif event.button.id == "cancel":
            self.dismiss(None)

    def action_create(self) -> None:
        """Close with the chosen set-up."""
        players = number(self.query_one("#new-players", Select))
        timer = number(self.query_one("#new-timer", Select))
        options: dict[str, Any] = {}
        for check in tui_game(self.game).checks:
            options[check.key] = check.applies(players) and self.query_one(f"#new-{check.slug}", Checkbox).value
        for field in self.query(OptionsField):
            if field.display:
                options.update(field.options())
        rematch = str(self.query_one("#new-rematch", Select).value)
        request: dict[str, Any] = {"game": self.game, "players": players, "options": options, "rematch": rematch}
        if timer:
            request["timer"] = timer
        if self.query_one("#new-private", Checkbox).value:
            request["private"] = True
        if self.query_one("#new-no-watchers", Checkbox).value:
            request["watchers"] = False
        self.dismiss(request)

    def action_cancel(self) -> None:
        """Close without a table."""
        self.dismiss(None)
