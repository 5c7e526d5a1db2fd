"""The screens of each registered game, in one map: what plays a table, replays a record, shows the rules, and
asks for the game's own options; no other module of the app names a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.screen import Screen

from core.game import GameSpec
from core.records import Record
from core.registry import GAMES
from tui.faces.coup import CoupFace
from tui.faces.g54 import G54Face
from tui.screens.g54_roles import G54RolesScreen, role_options
from tui.screens.g54_rules import g54_rules_text
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen, card_rules
from tui.screens.table import TableScreen
from tui.screens.wargame import WargameScreen
from tui.screens.wargame_help import WargameHelpScreen
from tui.screens.wargame_replay import WargameReplayScreen
from tui.screens.wargame_setup import WargameSetupScreen
from tui.settings import Settings
from tui.widgets.g54_roles_field import G54RolesField
from tui.widgets.game_options import Check, OptionsField
from tui.widgets.wargame_options_field import WargameOptionsField

COUP_CHECKS = (
    Check("inquisitor", "inquisitor", "Inquisitor instead of Ambassador"),
    Check("two_player_variant", "variant", "2-player variant: choose 1 card of 5", players=2),
)
CARD_PASSES = ("challenge", "block")
"""The windows of Coup and Reformation auto-pass may answer."""


@dataclass(frozen=True)
class TuiGame:
    """A game's screens. play opens a table (local or remote); replay shows a record; rules is the rules screen
    before a game; checks are the yes/no options the menu and the new-table dialog show for it; choose_options is
    a screen the menu opens before starting, given the options last started with (whatever the preferences file
    holds: checked by the screen), whose answer (None: cancelled) options_from turns into the game's options;
    table_options is the new-table dialog's field for what checks cannot say; setup replaces the menu's fields with
    the game's own start screen; auto_pass is the kinds of window (settings.AUTO_PASS) the game has that the pace
    may pass for the player, in the order the pace dialog numbers them (Coup's challenges and blocks, G54's offers to
    join in too; the wargame has none). Every game is offered by a host too."""

    spec: GameSpec
    play: Callable[[Any, Settings], Screen[None]]
    replay: Callable[[Record], Screen[None]]
    rules: Callable[[], Screen[None]]
    checks: tuple[Check, ...] = ()
    choose_options: Callable[[Any], Screen[Any]] | None = None
    options_from: Callable[[Any], dict[str, Any]] = dict
    table_options: Callable[[], OptionsField] | None = None
    setup: Callable[[Settings], Screen[None]] | None = None
    auto_pass: tuple[str, ...] = CARD_PASSES


SCREENS: dict[str, TuiGame] = {
    "coup": TuiGame(
        GAMES["coup"],
        lambda table, settings: TableScreen(table, settings, CoupFace()),
        lambda record: ReplayScreen(record, CoupFace()),
        RulesScreen,
        COUP_CHECKS,
    ),
    "reformation": TuiGame(
        GAMES["reformation"],
        lambda table, settings: TableScreen(table, settings, CoupFace()),
        lambda record: ReplayScreen(record, CoupFace()),
        lambda: RulesScreen(card_rules(reformation=True)),
        COUP_CHECKS,
    ),
    "g54": TuiGame(
        GAMES["g54"],
        lambda table, settings: TableScreen(table, settings, G54Face()),
        lambda record: ReplayScreen(record, G54Face()),
        lambda: RulesScreen(g54_rules_text(())),
        choose_options=G54RolesScreen.remembered,
        options_from=role_options,
        table_options=G54RolesField,
        auto_pass=(*CARD_PASSES, "join"),
    ),
    "wargame": TuiGame(
        GAMES["wargame"],
        WargameScreen,
        WargameReplayScreen,
        WargameHelpScreen,
        table_options=WargameOptionsField,
        setup=WargameSetupScreen,
        auto_pass=(),
    ),
}


def tui_game(name: str) -> TuiGame:
    """The screens of the game registered under name."""
    try:
        return SCREENS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(SCREENS)}") from None


def every_check() -> tuple[Check, ...]:
    """The yes/no options of every game, each once (the menu builds them all and shows the current game's)."""
    seen: dict[str, Check] = {}
    for game in SCREENS.values():
        for check in game.checks:
            seen.setdefault(check.slug, check)
    return tuple(seen.values())


def menu_choices() -> list[tuple[str, str]]:
    """The games as Select options."""
    return [(game.spec.title, name) for name, game in SCREENS.items()]


def player_counts(game: str) -> list[tuple[str, int]]:
    """The table sizes game allows, as Select options."""
    return [(str(n), n) for n in tui_game(game).spec.player_counts]
