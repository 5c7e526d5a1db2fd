"""The main menu: which game, how many players, who the computer opponents are, seed, start."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from core.bots import bot_names
from netplay.lobby import BOT_NAMES
from tui.screens.g54_roles import G54RolesScreen, RoleChoice
from tui.screens.g54_rules import g54_rules_text
from tui.screens.rules import RulesScreen
from tui.screens.wargame_help import WargameHelpScreen
from tui.screens.wargame_setup import WargameSetupScreen
from tui.settings import Settings
from tui.widgets.game_options import LOCAL_GAMES, offer_player_counts, player_counts

LEVELS = {"rule": "Computer (rule bot)", "random": "Computer (random)"}


class MenuScreen(Screen[None]):
    """Posts StartGame to the app when the player starts."""

    BINDINGS = [
        ("s", "start", "Start"),
        ("g", "next_game", "Game"),
        ("j", "join", "Network game"),
        ("question_mark,f1", "rules", "Rules"),
        ("q", "quit", "Quit"),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="menu"):
            yield Static("C O U P", id="title")
            yield Static("Bluff, challenge and coup your way to power.", id="tagline")
            with Horizontal(classes="row"):
                yield Label("Game", classes="field")
                yield Select(LOCAL_GAMES, value="coup", allow_blank=False, id="game", compact=True)
            with Horizontal(classes="row", id="name-row"):
                yield Label("Your name", classes="field")
                yield Input(self.settings.player_name, id="name", max_length=16, compact=True)
            with Horizontal(classes="row", id="players-row"):
                yield Label("Players", classes="field")
                yield Select(player_counts("coup"), value=4, allow_blank=False, id="players", compact=True)
            for index, name in enumerate(BOT_NAMES):
                with Horizontal(classes="row opponent", id=f"opponent-row-{index + 1}"):
                    yield Label(name, classes="field")
                    levels = [(LEVELS.get(b, b), b) for b in bot_names()]
                    yield Select(levels, value="rule", allow_blank=False, id=f"level-{index + 1}", compact=True)
            with Horizontal(classes="row", id="seed-row"):
                yield Label("Seed", classes="field")
                yield Input(placeholder="blank: random", id="seed", type="integer", compact=True)
            with Horizontal(classes="row checks", id="inquisitor-row"):
                yield Checkbox("Inquisitor instead of Ambassador", id="inquisitor", compact=True)
            with Horizontal(classes="row checks", id="variant-row"):
                yield Checkbox("2-player variant (choose from sets of five)", id="variant", compact=True)
            with Horizontal(classes="row checks", id="confirm-row"):
                yield Checkbox("Confirm risky moves", self.settings.confirm, id="confirm", compact=True)
            with Horizontal(classes="row", id="menu-buttons"):
                yield Button("Start game (s)", id="start", variant="primary", compact=True)
                yield Button("Network game (j)", id="join", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_rows(4)
        self.query_one("#start", Button).focus()

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        self._show_rows(int(event.value))  # type: ignore[arg-type]

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        offer_player_counts(self.query_one("#players", Select), str(event.value))
        self._show_rows(int(self.query_one("#players", Select).value))  # type: ignore[arg-type]

    @property
    def game(self) -> str:
        """The chosen game."""
        return str(self.query_one("#game", Select).value)

    def _show_rows(self, players: int) -> None:
        cards = self.game != "wargame"  # the wargame's own options are on its start screen
        for index in range(1, len(BOT_NAMES) + 1):
            self.query_one(f"#opponent-row-{index}").display = cards and index < players
        coup_family = self.game in ("coup", "reformation")  # G54 has neither the Inquisitor nor the 2-player variant
        for row in ("name", "players", "seed", "confirm"):
            self.query_one(f"#{row}-row").display = cards
        self.query_one("#inquisitor-row").display = coup_family
        self.query_one("#variant-row").display = players == 2 and coup_family

    def action_next_game(self) -> None:
        """Choose the next game of the list (the Game field by keyboard, without opening it)."""
        games = [value for _, value in LOCAL_GAMES]
        self.query_one("#game", Select).value = games[(games.index(self.game) + 1) % len(games)]

    def action_start(self) -> None:
        """Start a game with the chosen options (G54 first asks which roles are in play)."""
        if self.game == "g54":
            self.app.push_screen(G54RolesScreen(), self._roles_chosen)
            return
        if self.game == "wargame":
            self.app.push_screen(WargameSetupScreen(self.settings))
            return
        variant = int(self.query_one("#players", Select).value) == 2 and self.query_one("#variant", Checkbox).value
        self._start({"two_player_variant": variant, "inquisitor": self.query_one("#inquisitor", Checkbox).value})

    def _roles_chosen(self, choice: RoleChoice | None) -> None:
        if choice is not None:
            selection, roles = choice
            self._start({"selection": selection, "roles": list(roles)})

    def _start(self, options: dict[str, Any]) -> None:
        """Post StartGame with the menu's players and seed and the game's own options."""
        players = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        name = self.query_one("#name", Input).value.strip() or "Player"
        seed_text = self.query_one("#seed", Input).value.strip()
        levels = [str(self.query_one(f"#level-{i}", Select).value) for i in range(1, players)]
        self.settings.player_name = name
        self.settings.confirm = self.query_one("#confirm", Checkbox).value
        seed = int(seed_text) if seed_text else self.settings.new_seed()
        self.app.post_message(
            self.app.StartGame(  # type: ignore[attr-defined]
                game=self.game,
                names=(name, *BOT_NAMES[: players - 1]),
                levels=tuple(levels),
                seed=seed,
                first_player=None,
                options=options,
            )
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "join":
            self.action_join()

    def action_join(self) -> None:
        """Find a host to play on."""
        self.app.open_join()  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        """Show the rules of the chosen game."""
        if self.game == "wargame":
            self.app.push_screen(WargameHelpScreen())
            return
        self.app.push_screen(RulesScreen(g54_rules_text(()) if self.game == "g54" else ""))
