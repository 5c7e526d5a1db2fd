"""Set up a new table on a host: the game, players, your side, the game's own options, timer, privacy, coach."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Label, Select, Static

from core.cards.expert import SEARCHES
from tui.games import SCREENS, every_check, menu_choices, player_counts, tui_game
from tui.widgets.game_options import DEFAULT_PLAYERS, OptionsField, chosen_size, number, offer_player_counts
from tui.widgets.tick_box import TickBox

REMATCHES = [("a computer takes the seat", "bots"), ("wait for a new player", "wait")]  # a rematch's declined seats
TIMERS = [("No timer", 0), ("30 s per answer", 30), ("60 s per answer", 60), ("120 s per answer", 120)]


class NewTableDialog(ModalScreen[dict[str, Any] | None]):
    """Returns the create request's fields, or None (Esc); with a game of sides, also the seat to join (seat)."""

    BINDINGS = [
        ("c", "create", "Create"),
        ("escape", "cancel", "Cancel"),
        Binding("tab", "app.focus_next", "Next field"),
        Binding("shift+tab", "app.focus_previous", "Previous field", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="dialog")
        self.size_wanted = DEFAULT_PLAYERS  # the table size to come back to after a game of one size

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
                yield Select(
                    player_counts(first), value=DEFAULT_PLAYERS, allow_blank=False, id="new-players", compact=True
                )
            for name, game in SCREENS.items():
                if game.spec.sides:  # a game of fixed sides (the wargame's): the creator chooses the one to play
                    with Horizontal(classes=f"row sides sides-of-{name}"):
                        yield Label("Your side", classes="field")
                        sides = [(side.capitalize(), seat) for seat, side in enumerate(game.spec.sides)]
                        yield Select(sides, value=0, allow_blank=False, id=f"new-side-{name}", compact=True)
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
                yield TickBox(check.label, id=f"new-{check.slug}", compact=True)
            yield TickBox("Private: not listed, joined by a code", id="new-private", compact=True)
            yield TickBox("No spectators", id="new-no-watchers", compact=True)
            yield TickBox("Players may ask the coach (h)", id="new-coach", compact=True)
            yield Static(
                "When the timer runs out, a computer opponent answers for you.", id="timer-help", classes="dialog-help"
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create (c)", id="create", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_options()
        self.query_one("#new-game", Select).focus()  # Enter opens the list; only c (or the button) creates

    @property
    def game(self) -> str:
        """The chosen game."""
        return str(self.query_one("#new-game", Select).value)

    @property
    def players(self) -> int:
        """The chosen table size."""
        return number(self.query_one("#new-players", Select))

    @on(Select.Changed, "#new-game")
    def _game_changed(self) -> None:
        """Offer the new game's sizes and its own options, each unticked (another game's tick means nothing here)."""
        offer_player_counts(self.query_one("#new-players", Select), player_counts(self.game), self.size_wanted)
        for check in every_check():
            self.query_one(f"#new-{check.slug}", Checkbox).value = False
        self._show_options()

    @on(Select.Changed, "#new-players")
    @on(Select.Changed, "#new-timer")
    def _size_or_timer_changed(self) -> None:
        self.size_wanted = chosen_size(
            self.query_one("#new-players", Select), player_counts(self.game), self.size_wanted
        )
        self._show_options()

    def _show_options(self) -> None:
        """Only the chosen game's own options show, and of its checks those that mean something at this size; the
        timer's note only with a timer."""
        for field in self.query(OptionsField):
            field.display = field.has_class(f"options-of-{self.game}")
        for row in self.query(".sides"):
            row.display = row.has_class(f"sides-of-{self.game}")
        mine = {check.slug for check in tui_game(self.game).checks if check.applies(self.players)}
        for check in every_check():
            self.query_one(f"#new-{check.slug}").display = check.slug in mine
        self.query_one("#new-coach").display = self.game in SEARCHES
        self.query_one("#timer-help").display = number(self.query_one("#new-timer", Select)) > 0

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        elif event.button.id == "cancel":
            self.dismiss(None)

    def action_create(self) -> None:
        """Close with the chosen set-up."""
        players = self.players
        timer = number(self.query_one("#new-timer", Select))
        options: dict[str, Any] = {}
        for check in tui_game(self.game).checks:
            options[check.key] = check.applies(players) and self.query_one(f"#new-{check.slug}", Checkbox).value
        for field in self.query(OptionsField):
            if field.display:
                options.update(field.options())
        rematch = str(self.query_one("#new-rematch", Select).value)
        request: dict[str, Any] = {"game": self.game, "players": players, "options": options, "rematch": rematch}
        if tui_game(self.game).spec.sides:  # the seat the creator then joins (the host's create knows no seat)
            request["seat"] = number(self.query_one(f"#new-side-{self.game}", Select))
        if self.game in SEARCHES and self.query_one("#new-coach", Checkbox).value:
            request["coach"] = True
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
