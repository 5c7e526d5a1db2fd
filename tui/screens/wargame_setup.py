"""The wargame's start screen (scenario, optional rules, turn limit, who plays each side) and the table it builds."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from core.wargame.config import DEFAULT_TURN_LIMIT, WargameConfig
from netplay.table import LocalTable, Table
from tui.levels import levels
from tui.screens.wargame import WargameScreen
from tui.screens.wargame_help import WargameHelpScreen
from tui.settings import Settings
from tui.widgets.text_field import TextField
from tui.widgets.tick_box import TickBox

YOU, SECOND, RULE_BOT = "you", "second", "rule"
PEOPLE = (YOU, SECOND)
PLAYERS = [("You", YOU), *levels("wargame"), ("Second player (same keyboard)", SECOND)]  # the computer: by level


def wargame_table(config: WargameConfig, seed: int, players: tuple[str, str], settings: Settings) -> LocalTable:
    """A local table for config: each side played by YOU, SECOND (a second person at this keyboard) or the computer
    at a level of the wargame's bots; the local seat is the first side a person plays (the government when nobody
    does: the screen only watches)."""
    bots = {seat: who for seat, who in enumerate(players) if who not in PEOPLE}
    # A wargame turn is dozens of small moves: the computer pauses a third as long on each as in the card games.
    table = Table("wargame", config, seed, bots, settings.bot_delay / 3, settings.save_records)
    people = [seat for seat, who in enumerate(players) if who in PEOPLE]
    return LocalTable(table, seat=people[0] if people else 0)


def remembered(saved: dict[str, Any]) -> tuple[WargameConfig, tuple[str, str]]:
    """The config and players last started (Settings.last_wargame, as read from a file); the defaults for what is
    missing or malformed (the rebels yours, the government the rule bot's). "computer", as a side was saved before
    the levels were offered, is the rule bot."""
    try:
        config = WargameConfig.from_dict(saved.get("config", {}))
    except (ValueError, TypeError):
        config = WargameConfig()
    kept = saved.get("players")
    known = [who for _, who in PLAYERS]
    if isinstance(kept, list) and len(kept) == 2:
        kept = [RULE_BOT if who == "computer" else who for who in kept]
        if all(who in known for who in kept):
            return config, (str(kept[0]), str(kept[1]))
    return config, (RULE_BOT, YOU)


class WargameSetupScreen(Screen[None]):
    """Choose the game, then play it on the map screen (which replaces this one)."""

    CSS_PATH = "../wargame.tcss"
    BINDINGS = [
        ("s", "start", "Start"),
        ("question_mark,f1", "help", "Help"),
        ("escape", "back", "Back"),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.config, self.players = remembered(settings.last_wargame)  # as the last game was started here
        self._scenario_shown = self.config.scenario

    def compose(self) -> ComposeResult:
        config = self.config
        with VerticalScroll(id="wg-setup", can_focus=False):  # Tab goes from field to field
            yield Static("C O U P  1 9 9 2", id="wg-title")
            yield Static("The wargame: government against rebels for the capital.", id="wg-tagline")
            with Horizontal(classes="wg-row"):
                yield Label("Scenario", classes="wg-field")
                options = [("Basic", "basic"), ("Advanced", "advanced")]
                yield Select(options, value=config.scenario, allow_blank=False, id="wg-scenario", compact=True)
            for seat, side in enumerate(("Government", "Rebels")):
                with Horizontal(classes="wg-row"):
                    yield Label(side, classes="wg-field")
                    who = self.players[seat]
                    yield Select(PLAYERS, value=who, allow_blank=False, id=f"wg-side-{seat}", compact=True)
            with Horizontal(classes="wg-row"):
                yield Label("Turn limit (0: none)", classes="wg-field")
                yield TextField(str(config.turn_limit), id="wg-turns", type="integer", compact=True)
            with Horizontal(classes="wg-row"):
                yield Label("Seed", classes="wg-field")
                yield TextField(placeholder="blank: random", id="wg-seed", type="integer", compact=True)
            for key, text, ticked in (
                ("salvage", "Salvage (lost vehicles, police may turn)", config.salvage),
                ("surrender", "Surrender calls", config.surrender),
                ("extra", "Extra reinforcements", config.extra_reinforcements),
            ):
                with Horizontal(classes="wg-row wg-checks"):
                    yield TickBox(text, ticked, id=f"wg-{key}", compact=True)
            with Horizontal(classes="wg-row", id="wg-buttons"):
                yield Button("Start (s)", id="wg-start", variant="primary", compact=True)
                yield Button("Back (Esc)", id="wg-back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#wg-start", Button).focus()

    @on(Select.Changed, "#wg-scenario")
    def _scenario_changed(self, event: Select.Changed) -> None:
        """The rulebook recommends salvage and surrender in the advanced scenario: tick them (they can be unticked)."""
        if event.value == self._scenario_shown:
            return
        self._scenario_shown = str(event.value)
        advanced = event.value == "advanced"
        boxes = [self.query_one(f"#wg-{key}", Checkbox) for key in ("salvage", "surrender")]
        if any(box.value != advanced for box in boxes):  # said, as two options changed under the player's eyes
            done = "ticked: the rulebook recommends them here" if advanced else "unticked, as the basic scenario plays"
            self.notify(f"Salvage and surrender calls {done} (Space changes either).", timeout=4)
        for box in boxes:
            box.value = advanced

    def choices(self) -> tuple[WargameConfig, int, tuple[str, str]]:
        """The config, seed and players chosen (ValueError on a bad turn limit)."""
        turns_text = self.query_one("#wg-turns", Input).value.strip()
        seed_text = self.query_one("#wg-seed", Input).value.strip()
        config = WargameConfig(
            scenario=str(self.query_one("#wg-scenario", Select).value),
            salvage=self.query_one("#wg-salvage", Checkbox).value,
            surrender=self.query_one("#wg-surrender", Checkbox).value,
            extra_reinforcements=self.query_one("#wg-extra", Checkbox).value,
            turn_limit=int(turns_text) if turns_text else DEFAULT_TURN_LIMIT,
        )
        players = (str(self.query_one("#wg-side-0", Select).value), str(self.query_one("#wg-side-1", Select).value))
        return config, int(seed_text) if seed_text else self.settings.new_seed(), players

    @on(Input.Submitted)
    def _entered(self) -> None:
        """Enter in a text field starts, as s does elsewhere (in a field, s is a letter)."""
        self.action_start()

    def action_start(self) -> None:
        """Build the table and open the map."""
        try:
            config, seed, players = self.choices()
        except ValueError as error:
            self.notify(str(error), title="Check the options", severity="error")
            return
        self.settings.last_wargame = {"config": config.to_dict(), "players": list(players)}
        self.settings.save()
        table = wargame_table(config, seed, players, self.settings)
        self.app.switch_screen(WargameScreen(table, self.settings))

    def action_help(self) -> None:
        """Keys and rules."""
        self.app.push_screen(WargameHelpScreen())

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "wg-start":
            self.action_start()
        elif event.button.id == "wg-back":
            self.action_back()
