"""The main menu: which game, how many players, who the computer opponents are, seed, start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from core.registry import game_spec
from netplay.lobby import BOT_NAMES
from tui.games import every_check, menu_choices, player_counts, tui_game
from tui.levels import levels
from tui.messages import OpenJoin, StartGame
from tui.screens.pace import PaceDialog, pace_summary
from tui.settings import NAME_LENGTH, Settings
from tui.widgets.game_options import DEFAULT_PLAYERS, chosen_size, nearest_size, number, offer_player_counts
from tui.widgets.text_field import TextField
from tui.widgets.tick_box import TickBox


def listed(value: Any) -> list[Any]:
    """value if it is a list, else an empty one (a preferences file may hold anything)."""
    return value if isinstance(value, list) else []


@dataclass(frozen=True)
class MenuChoices:
    """What the menu shows chosen: the game, the table size, each opponent's level, the ticked options' slugs."""

    game: str
    players: int
    levels: tuple[str, ...]
    ticked: frozenset[str]
    wanted: int = DEFAULT_PLAYERS  # the size the player chose last where there was a choice (kept over the wargame's)

    @classmethod
    def read(cls, saved: dict[str, Any]) -> MenuChoices:
        """The choices saved (Settings.last_menu, as read from a file), each where the menu still offers it; the
        defaults for the rest."""
        games = [value for _, value in menu_choices()]
        game = next((name for name in games if name == saved.get("game")), games[0])
        every = {size for name in games for _, size in player_counts(name)}
        wanted = saved.get("players")
        wanted = wanted if type(wanted) is int and wanted in every else DEFAULT_PLAYERS
        players = nearest_size(player_counts(game), wanted)
        offered = {level for name in games for _, level in levels(name)}  # (one game's are kept through another's)
        kept = listed(saved.get("levels"))
        chosen = tuple(
            kept[i] if i < len(kept) and isinstance(kept[i], str) and kept[i] in offered else "rule"
            for i in range(len(BOT_NAMES))
        )
        slugs = [check.slug for check in tui_game(game).checks]
        ticks = listed(saved.get("ticked"))
        return cls(game, players, chosen, frozenset(slug for slug in ticks if slug in slugs), wanted)

    def saved(self) -> dict[str, Any]:
        """Plain data for the preferences file (the size kept is the one wanted, not a one-size game's)."""
        return {"game": self.game, "players": self.wanted, "levels": list(self.levels), "ticked": sorted(self.ticked)}


class MenuScreen(Screen[None]):
    """Posts StartGame to the app when the player starts."""

    BINDINGS = [
        ("s", "start", "Start"),
        ("g", "next_game", "Game"),
        ("j", "join", "Network"),
        ("question_mark,f1", "rules", "Rules"),
        ("q", "app.quit", "Quit"),
        Binding("tab", "app.focus_next", "Next field"),
        Binding("shift+tab", "app.focus_previous", "Previous field", show=False),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.chosen = MenuChoices.read(settings.last_menu)  # as the last game was started from the menu
        self.size_wanted = self.chosen.wanted  # the table size to come back to after a game of one size (the wargame's)
        self._game_shown = self.chosen.game
        self.levels_wanted = list(self.chosen.levels)  # each opponent's level as chosen, though a game lacks it

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="menu", can_focus=False):  # Tab goes from field to field
            yield Static("C O U P", id="title")
            yield Static(game_spec(self.chosen.game).tagline, id="tagline")
            with Horizontal(classes="row"):
                yield Label("Game", classes="field")
                chosen = self.chosen
                yield Select(menu_choices(), value=chosen.game, allow_blank=False, id="game", compact=True)
            with Horizontal(classes="row", id="name-row"):
                yield Label("Your name", classes="field")
                name = self.settings.player_name
                fixed = self.settings.name_fixed
                yield TextField(name, id="name", max_length=NAME_LENGTH, compact=True, disabled=fixed)
            with Horizontal(classes="row", id="players-row"):
                yield Label("Players", classes="field")
                yield Select(
                    player_counts(chosen.game), value=chosen.players, allow_blank=False, id="players", compact=True
                )
            for index, name in enumerate(BOT_NAMES):
                with Horizontal(classes="row opponent", id=f"opponent-row-{index + 1}"):
                    yield Label(name, classes="field")
                    level = self._offered(chosen.game, chosen.levels[index])
                    yield Select(
                        levels(chosen.game),
                        value=level,
                        allow_blank=False,
                        id=f"level-{index + 1}",
                        classes="level",
                        compact=True,
                    )
            with Horizontal(classes="row", id="seed-row"):
                yield Label("Seed", classes="field")
                yield TextField(placeholder="blank: random", id="seed", type="integer", compact=True)
            for check in every_check():
                with Horizontal(classes="row checks", id=f"{check.slug}-row"):
                    yield TickBox(check.label, check.slug in chosen.ticked, id=check.slug, compact=True)
            with Horizontal(classes="row checks", id="confirm-row"):
                yield TickBox("Confirm risky moves", self.settings.confirm, id="confirm", compact=True)
            with Horizontal(classes="row", id="pace-row"):
                yield Label("Pace", classes="field")
                yield Button(pace_summary(self.settings, tui_game(chosen.game).auto_pass), id="pace", compact=True)
            with Horizontal(classes="row", id="menu-buttons"):
                yield Button("Start game (s)", id="start", variant="primary", compact=True)
                yield Button("Network game (j)", id="join", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_rows(self.players)

    def on_screen_resume(self) -> None:
        """Shown (first, or back from a game): focus on Start, where g and s work (in a field they are letters: a game
        started with Enter in the seed left it there); the confirmation and the pace as a game left them (k, o, + and
        - there)."""
        self.query_one("#start", Button).focus()
        self.query_one("#confirm", Checkbox).value = self.settings.confirm
        self._show_pace()

    def _show_pace(self) -> None:
        """The pace button says the pace and auto-passes set, as wide as it takes (a label alone keeps its width)."""
        button = self.query_one("#pace", Button)
        button.label = pace_summary(self.settings, tui_game(self.game).auto_pass)
        button.refresh(layout=True)

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        self.size_wanted = chosen_size(self.query_one("#players", Select), player_counts(self.game), self.size_wanted)
        self._show_rows(self.players)

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        """Offer the new game's sizes and its own options, each as last ticked in any game that offers it (the
        Inquisitor ticked for Coup stays ticked for Reformation: an option is the player's, not one game's)."""
        if self.game == self._game_shown:
            return
        self._game_shown = self.game
        self.query_one("#tagline", Static).update(game_spec(self.game).tagline)
        offer_player_counts(self.query_one("#players", Select), player_counts(self.game), self.size_wanted)
        for index in range(1, len(BOT_NAMES) + 1):
            level = self.query_one(f"#level-{index}", Select)
            level.set_options(levels(self.game))
            level.value = self._offered(self.game, self.levels_wanted[index - 1])
        self._show_rows(self.players)
        self._show_pace()

    @on(Select.Changed, ".level")
    def _level_changed(self, event: Select.Changed) -> None:
        """An opponent's level chosen; the rule bot shown in place of a level this game lacks (the expert, in the
        wargame) is not a choice, and the level chosen comes back in a game that has it."""
        index = int(str(event.select.id).removeprefix("level-")) - 1
        value = str(event.value)
        if value != "rule" or self.levels_wanted[index] in game_spec(self.game).bots:
            self.levels_wanted[index] = value

    @staticmethod
    def _offered(game: str, level: str) -> str:
        """level, if game offers it; else the rule bot."""
        return level if level in game_spec(game).bots else "rule"

    @property
    def players(self) -> int:
        """The chosen table size."""
        return number(self.query_one("#players", Select))

    @property
    def game(self) -> str:
        """The chosen game."""
        return str(self.query_one("#game", Select).value)

    def _show_rows(self, players: int) -> None:
        game = tui_game(self.game)
        fields = game.setup is None  # a game with its own start screen asks everything there
        for index in range(1, len(BOT_NAMES) + 1):
            self.query_one(f"#opponent-row-{index}").display = fields and index < players
        for row in ("name", "players", "seed", "confirm"):
            self.query_one(f"#{row}-row").display = fields
        mine = {check.slug for check in game.checks if check.applies(players)}
        for check in every_check():
            self.query_one(f"#{check.slug}-row").display = check.slug in mine

    def action_next_game(self) -> None:
        """Choose the next game of the list (the Game field by keyboard, without opening it)."""
        games = [value for _, value in menu_choices()]
        self.query_one("#game", Select).value = games[(games.index(self.game) + 1) % len(games)]

    @on(Input.Submitted)
    def _entered(self) -> None:
        """Enter in a text field starts, as s does elsewhere (in a field, s is a letter)."""
        self.action_start()

    def action_start(self) -> None:
        """Start a game with the chosen options (a game may first ask its own, as G54 asks which roles are in play,
        or have its own start screen, as the wargame)."""
        game = tui_game(self.game)
        self._remember()
        if game.setup is not None:
            self.settings.save()
            self.app.push_screen(game.setup(self.settings))
            return
        if game.choose_options is not None:
            self.app.push_screen(game.choose_options(self.settings.last_options.get(self.game)), self._options_chosen)
            return
        players = self.players
        self._start({c.key: c.applies(players) and self.query_one(f"#{c.slug}", Checkbox).value for c in game.checks})

    def _remember(self) -> None:
        """Keep the menu's choices for the next run (saved as the game starts, with the name)."""
        chosen_levels = tuple(self.levels_wanted)
        ticked = self._ticked(self.game)
        wanted = self.players if len(player_counts(self.game)) > 1 else self.size_wanted
        self.settings.last_menu = MenuChoices(self.game, self.players, chosen_levels, ticked, wanted).saved()

    def _ticked(self, game: str) -> frozenset[str]:
        """The slugs of game's options ticked now."""
        return frozenset(c.slug for c in tui_game(game).checks if self.query_one(f"#{c.slug}", Checkbox).value)

    def _options_chosen(self, choice: Any) -> None:
        if choice is not None:
            options = tui_game(self.game).options_from(choice)
            self.settings.last_options = {**self.settings.last_options, self.game: options}
            self._start(options)

    def _start(self, options: dict[str, Any]) -> None:
        """Post StartGame with the menu's players and seed and the game's own options."""
        players = self.players
        name = self.query_one("#name", Input).value.strip() or "Player"
        seed_text = self.query_one("#seed", Input).value.strip()
        levels = [str(self.query_one(f"#level-{i}", Select).value) for i in range(1, players)]
        self.settings.player_name = name
        self.settings.confirm = self.query_one("#confirm", Checkbox).value
        self.settings.save()
        seed = int(seed_text) if seed_text else self.settings.new_seed()
        self.app.post_message(
            StartGame(
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
        elif event.button.id == "pace":
            self.app.push_screen(PaceDialog(self.settings, kinds=tui_game(self.game).auto_pass), self._paced)

    def _paced(self, _: None) -> None:
        self._show_pace()

    def action_join(self) -> None:
        """Find a host to play on."""
        self.post_message(OpenJoin())

    def action_rules(self) -> None:
        """Show the rules of the chosen game."""
        self.app.push_screen(tui_game(self.game).rules())
