"""Seeded random-bot wargames: they end, keep stacking and the counter pool, and replay exactly."""

from __future__ import annotations

from collections import Counter

import pytest

from core.bots.random_bot import RandomBot
from core.records import replay, replay_states
from core.sim import derive_seeds, play_game
from core.wargame.board import on_board, overstacked
from core.wargame.config import load_config
from core.wargame.engine import WARGAME
from core.wargame.flow import window
from core.wargame.state import WargameState
from core.wargame.units import MAP, POOL, STATUSES

CONFIGS = [
    {"scenario": "basic", "turn_limit": 2},
    {"scenario": "advanced", "turn_limit": 2, "extra_reinforcements": True},
    {"scenario": "basic", "turn_limit": 2, "salvage": True, "surrender": True, "extra_reinforcements": True},
]


def check_counters(state: WargameState) -> None:
    """Every counter of the pool exists once, with a consistent status and position."""
    kinds = Counter((u.side, u.kind) for u in state.units.values())
    assert kinds == Counter({(side, kind): n for side, counts in POOL.items() for kind, n in counts.items()})
    for unit in state.units.values():
        assert unit.status in STATUSES
        assert (unit.status == MAP) == bool(unit.hex) and (not unit.hex or on_board(unit.hex))
        assert unit.is_leader or unit.status in ("map", "pool")
        if unit.riding:
            helicopter = state.units[unit.riding]
            assert helicopter.is_helicopter and helicopter.hex == unit.hex and helicopter.side == unit.side


def check_no_mixed_hexes(state: WargameState) -> None:
    """No hex holds combat units of both sides; rebel leaders share a hex with government counters only while
    they owe a flight."""
    sides: dict[str, set[int]] = {}
    for unit in state.on_map():
        if not unit.is_leader:
            sides.setdefault(unit.hex, set()).add(unit.side)
    assert all(len(s) == 1 for s in sides.values())
    for unit in state.on_map():
        if unit.is_leader and unit.side == 1 and 0 in sides.get(unit.hex, set()):
            assert unit.uid in state.flee


@pytest.mark.parametrize("options", CONFIGS, ids=["basic", "advanced+extra", "basic+all-options"])
def test_random_games_end_and_keep_the_rules(options: dict) -> None:
    config = load_config(options)
    for seed in derive_seeds(len(str(options)), 1):
        outcome = play_game(WARGAME, config, seed, [RandomBot(seed + 1), RandomBot(seed + 2)])
        assert outcome.winner in (0, 1) and outcome.state.turn <= config.turn_limit
        previous = None
        for state, _, _ in replay_states(outcome.record):
            check_counters(state)
            check_no_mixed_hexes(state)
            assert len(WARGAME.to_act(state)) == (0 if state.winner is not None else 1)
            if previous is not None and window(previous) == "move" and state.phase != "move":
                assert not overstacked(state, previous.side) or state.disband
            if previous is not None and window(previous) == "disband" and not state.disband:
                assert not overstacked(state, previous.side)
            previous = state
        final = replay(outcome.record)
        assert final.units == outcome.state.units and final.vp == outcome.state.vp and final.rng == outcome.state.rng


def test_every_legal_move_applies() -> None:
    state = WARGAME.new(load_config({"scenario": "advanced", "turn_limit": 2}), 11)
    bot = RandomBot(4)
    for _ in range(150):
        if state.winner is not None:
            break
        seat = WARGAME.to_act(state)[0]
        moves = WARGAME.legal(state, seat)
        assert moves
        for move in moves[:: max(1, len(moves) // 8)]:
            WARGAME.apply(state, seat, move)
            assert WARGAME.load_move(move.to_dict()) == move
        state, _ = WARGAME.apply(state, seat, bot.choose(WARGAME.view(state, seat)))
