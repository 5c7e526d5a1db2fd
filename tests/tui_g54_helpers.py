"""Builders for the G54 screen tests: G54 tables frozen at a chosen position, with names and no bots."""

from __future__ import annotations

from core.cards.g54.config import G54Config
from core.cards.g54.state import G54State
from core.cards.moves import Move
from netplay.table import LocalTable, Table
from tests.tui_helpers import NAMES

SIX = (*NAMES, "Mila", "Oleg")


def named(state: G54State) -> G54State:
    """state with the players called Player, Natasha, Sacha, Haig, Mila, Oleg."""
    for seat, (player, name) in enumerate(zip(state.players, SIX, strict=False)):
        state.set_player(seat, player.but(name=name))
    return state


def frozen_g54(state: G54State, seat: int = 0, script: tuple[tuple[int, Move], ...] = ()) -> LocalTable:
    """A table (no bots: nothing moves by itself) at state, seen from seat, after the scripted moves."""
    table = Table("g54", state.config, 1, bots={}, bot_delay=0, save_records=False)
    table.state, table.window_opened = state, state.version
    local = LocalTable(table, seat)
    for mover, move in script:
        local.apply_move(mover, move)
    return local


def dealt_g54(
    seed: int, selection: str = "first", players: int = 4, script: tuple[tuple[int, Move], ...] = ()
) -> LocalTable:
    """A freshly dealt G54 table (seat 0 starts) after the scripted moves."""
    config = G54Config(players=players, names=SIX[:players], first_player=0, selection=selection)
    local = LocalTable(Table("g54", config, seed, bots={}, bot_delay=0, save_records=False))
    for mover, move in script:
        local.apply_move(mover, move)
    return local
