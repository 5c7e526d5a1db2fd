"""Set up a new table on a host: the game, players, its options (variant, Inquisitor, G54's roles), response timer."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Label, Select, Static

from tui.screens.g54_roles import RoleChoice, TableRolesScreen
from tui.widgets.game_options import GAMES, offer_player_counts, player_counts

ROLE_SETS = [
    ("Suggested first game", "first"),
    ("Random five", "random"),
    ("Random five, advanced too", "advanced"),
    ("Your own five", "pick"),
]
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
            with Horizontal(classes="row", id="new-roles-row"):
                yield Label("Roles", classes="field")
                yield Select(ROLE_SETS, value="first", allow_blank=False, id="new-roles", compact=True)
                yield Button("Choose…", id="choose-roles", compact=True)
            yield Static(id="new-roles-picked", classes="dialog-help")
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

    def __init__(self) -> None:
        super().__init__()
        self.picked_roles: tuple[str, ...] = ()

    def on_mount(self) -> None:
        self._show_options("coup")
        self.query_one("#create", Button).focus()

    @on(Select.Changed, "#new-game")
    def _game_changed(self, event: Select.Changed) -> None:
        offer_player_counts(self.query_one("#new-players", Select), str(event.value))
        self._show_options(str(event.value))

    def _show_options(self, game: str) -> None:
        """G54 picks its roles; the Inquisitor and the 2-player variant are Coup's and Reformation's."""
        self.query_one("#new-roles-row").display = game == "g54"
        self._show_picked()
        self.query_one("#new-inquisitor").display = game != "g54"
        self.query_one("#new-variant").display = game != "g54"

    @on(Select.Changed, "#new-roles")
    def _roles_changed(self, event: Select.Changed) -> None:
        if event.value == "pick" and not self.picked_roles:
            self._choose_roles()
        self._show_picked()

    def _choose_roles(self) -> None:
        """Open the role screen at the way chosen so far."""
        mode = str(self.query_one("#new-roles", Select).value)
        self.app.push_screen(TableRolesScreen(mode), self._roles_chosen)

    def _roles_chosen(self, choice: RoleChoice | None) -> None:
        select = self.query_one("#new-roles", Select)
        if choice is None:
            if select.value == "pick" and not self.picked_roles:
                select.value = "first"
            return
        mode, roles = choice
        if mode == "pick":
            self.picked_roles = roles
        select.value = mode
        self._show_picked()

    def _show_picked(self) -> None:
        """Name the host's own five under the select while they are the choice."""
        picked = self.query_one("#new-roles-picked", Static)
        shown = self.query_one("#new-roles-row").display and self.query_one("#new-roles", Select).value == "pick"
        picked.display = shown and bool(self.picked_roles)
        picked.update(", ".join(self.picked_roles))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        elif event.button.id == "choose-roles":
            self._choose_roles()
        else:
            self.dismiss(None)

    def action_create(self) -> None:
        """Close with the chosen set-up."""
        players = int(self.query_one("#new-players", Select).value)  # type: ignore[arg-type]
        timer = int(self.query_one("#new-timer", Select).value)  # type: ignore[arg-type]
        game = str(self.query_one("#new-game", Select).value)
        if game == "g54":
            selection = str(self.query_one("#new-roles", Select).value)
            options: dict[str, Any] = {"selection": selection}
            if selection == "pick":
                options["roles"] = list(self.picked_roles)
        else:
            variant = players == 2 and self.query_one("#new-variant", Checkbox).value
            options = {"two_player_variant": variant, "inquisitor": self.query_one("#new-inquisitor", Checkbox).value}
        request: dict[str, Any] = {"game": game, "players": players, "options": options}
        if timer:
            request["timer"] = timer
        self.dismiss(request)

    def action_cancel(self) -> None:
        """Close without a table."""
        self.dismiss(None)
