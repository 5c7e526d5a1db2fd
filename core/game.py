"""The one small interface every game implements, and the registry of games."""

from __future__ import annotations

from typing import Any, Protocol


class IllegalMove(ValueError):
    """A move that is not legal for that seat now; the state it was applied to is unchanged."""


class Game(Protocol):
    """What host, bots, records, replays and screens need from a game."""

    name: str

    def load_config(self, data: Any) -> Any:
        """The config in plain data (a record's or the wire's); ValueError if malformed."""

    def load_move(self, data: Any) -> Any:
        """The move in plain data; ValueError if malformed."""

    def new(self, config: Any, seed: int) -> Any:
        """A fresh state for config, every later random draw coming from seed."""

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats that owe a decision now, clockwise from the active seat."""

    def legal(self, state: Any, seat: int) -> tuple[Any, ...]:
        """Every move seat may make now (empty when it owes nothing)."""

    def apply(self, state: Any, seat: int, move: Any) -> tuple[Any, list[Any]]:
        """The new state and the events of seat playing move; raises IllegalMove."""

    def view(self, state: Any, seat: int | None) -> Any:
        """What seat (None: a spectator) may know, nothing more."""

    def result(self, state: Any) -> int | None:
        """The winning seat, or None while the game goes on."""


def get_game(name: str) -> Game:
    """The game registered under name."""
    from core.cards.engine import COUP, REFORMATION
    from core.cards.g54.engine import G54
    from core.wargame.engine import WARGAME

    games: dict[str, Game] = {COUP.name: COUP, REFORMATION.name: REFORMATION, G54.name: G54, WARGAME.name: WARGAME}
    try:
        return games[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(sorted(games))}") from None
