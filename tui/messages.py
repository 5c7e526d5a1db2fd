"""What screens ask of the app: messages up, so no screen needs to know the app's class."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.screen import Screen


@dataclass
class StartGame(Message):
    """The menu's choices: seat 0 is the local player, the others bots of the given levels; options are the
    game's own config fields (Coup: two_player_variant, inquisitor; G54: selection, roles)."""

    game: str
    names: tuple[str, ...]
    levels: tuple[str, ...]
    seed: int
    first_player: int | None
    options: dict[str, Any]


@dataclass
class GameFinished(Message):
    """The table screen closed: choice is "again", "menu" or "quit"."""

    choice: str
    table: Any


@dataclass
class Back(Message):
    """A screen is done: back to the menu (built then if the app started elsewhere)."""

    screen: Screen[Any]


class OpenJoin(Message):
    """The player wants a network game: the join screen."""
