"""Builders for TUI tests: apps with no delays and tables frozen in a chosen window."""

from __future__ import annotations

from collections.abc import Callable

from core.cards.engine import COUP, REFORMATION
from core.cards.moves import Move
from core.cards.state import CoupConfig, CoupState
from core.registry import get_game, make_bot
from core.sim import play_game
from netplay.table import LocalTable, Table
from tui.app import CoupApp
from tui.settings import Settings

NAMES = ("Player", "Natasha", "Sacha", "Haig")


def quick_settings() -> Settings:
    """No thinking delay, no records, seeds fixed."""
    return Settings(bot_delay=0, confirm=True, new_seed=lambda: 7, save_records=False)


def frozen_table(seed: int, script: list[tuple[int, Move]], players: int = 4, first: int = 0) -> LocalTable:
    """A table with no bots (nothing moves by itself) after the scripted moves."""
    config = CoupConfig(players=players, names=NAMES[:players], first_player=first)
    table = LocalTable(Table("coup", config, seed, bots={}, bot_delay=0, save_records=False))
    for seat, move in script:
        table.apply_move(seat, move)
    return table


def find_seed(first: int, condition: Callable[[CoupState], bool]) -> int:
    """The smallest seed whose deal satisfies condition."""
    for seed in range(1, 10_000):
        if condition(COUP.new(CoupConfig(players=4, names=NAMES, first_player=first), seed)):
            return seed
    raise AssertionError("no seed found")


def finished_table(seed: int = 3) -> LocalTable:
    """A 3-player table whose game is over (bots played every seat)."""
    config = CoupConfig(players=3, names=NAMES[:3], first_player=0)
    outcome = play_game(COUP, config, seed, [make_bot("coup", "rule", seed + s) for s in range(3)])
    table = LocalTable(Table("coup", config, seed, bots={}, bot_delay=0, save_records=False))
    for seat, data in outcome.record.moves:
        table.apply_move(seat, Move.from_dict(data))
    return table


def app_on(table: LocalTable | None = None) -> CoupApp:
    """The app on table (or on the menu)."""
    return CoupApp(settings=quick_settings(), table=table)


TEN = ("Player", "Natasha", "Sacha", "Haig", "Mila", "Oleg", "Vera", "Igor", "Lena", "Yuri")


def frozen_reformation(
    seed: int, script: list[tuple[int, Move]], players: int = 10, inquisitor: bool = True, seat: int = 0
) -> LocalTable:
    """A Reformation table (seat 0 starts) after the scripted moves, seen from seat."""
    config = REFORMATION.load_config(
        {"players": players, "names": list(TEN[:players]), "inquisitor": inquisitor, "first_player": 0}
    )
    table = LocalTable(Table("reformation", config, seed, bots={}, bot_delay=0, save_records=False), seat)
    for mover, move in script:
        table.apply_move(mover, move)
    return table


def bot_moves(table: LocalTable, count: int, seed: int = 1) -> LocalTable:
    """Let random bots make count moves at table (to reach a lived-in position)."""
    bots = [make_bot(table.game.name, "random", seed + s) for s in range(len(table.names))]
    for _ in range(count):
        mover = table.game.to_act(table.state)[0]
        table.apply_move(mover, bots[mover].choose(table.table.view(mover)))
    return table


def lived_in(game: str, players: int, seed: int, moves: int) -> LocalTable:
    """A Coup or Reformation table of players (seat 0 starts) after moves of random bots."""
    config = get_game(game).load_config({"players": players, "names": list(TEN[:players]), "first_player": 0})
    return bot_moves(LocalTable(Table(game, config, seed, bots={}, bot_delay=0, save_records=False)), moves, seed)


def played_out(game: str, players: int, seed: int) -> LocalTable:
    """A Coup or Reformation table whose game random bots played to the end."""
    local = lived_in(game, players, seed, 0)
    bots = [make_bot(game, "random", seed + seat) for seat in range(players)]
    while not local.table.over():
        mover = local.game.to_act(local.state)[0]
        local.apply_move(mover, bots[mover].choose(local.table.view(mover)))
    return local
