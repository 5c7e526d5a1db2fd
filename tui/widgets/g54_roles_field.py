"""G54's roles on the new-table dialog: how the five are drawn, or the host's own five picked on the role screen."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Label, Select, Static

from tui.screens.g54_roles import RoleChoice, TableRolesScreen
from tui.widgets.game_options import OptionsField

ROLE_SETS = [
    ("Suggested first game", "first"),
    ("Random five", "random"),
    ("Random five, advanced too", "advanced"),
    ("Your own five", "pick"),
]


class G54RolesField(OptionsField):
    """A select of how the roles are chosen, a button opening the role screen, and the picked five under them."""

    DEFAULT_CSS = "G54RolesField { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="new-roles-field")
        self.picked_roles: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        with Horizontal(classes="row", id="new-roles-row"):
            yield Label("Roles", classes="field")
            yield Select(ROLE_SETS, value="first", allow_blank=False, id="new-roles", compact=True)
            yield Button("Choose…", id="choose-roles", compact=True)
        yield Static(id="new-roles-picked", classes="dialog-help")

    def on_mount(self) -> None:
        self._show_picked()

    @on(Select.Changed, "#new-roles")
    def _roles_changed(self, event: Select.Changed) -> None:
        if event.value == "pick" and not self.picked_roles:
            self._choose_roles()
        self._show_picked()

    @on(Button.Pressed, "#choose-roles")
    def _choose_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._choose_roles()

    def _choose_roles(self) -> None:
        """Open the role screen at the way chosen so far."""
        mode = str(self.query_one("#new-roles", Select).value)
        self.app.push_screen(TableRolesScreen(mode, self.picked_roles), self._roles_chosen)

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
        picked.display = self.query_one("#new-roles", Select).value == "pick" and bool(self.picked_roles)
        picked.update(", ".join(self.picked_roles))

    def options(self) -> dict[str, Any]:
        """The selection, and the picked five with "pick"."""
        selection = str(self.query_one("#new-roles", Select).value)
        return (
            {"selection": selection, "roles": list(self.picked_roles)}
            if selection == "pick"
            else {"selection": selection}
        )
