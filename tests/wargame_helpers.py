"""Helpers for the wargame tests: empty boards, counters put where a test needs them, dice forced."""

from __future__ import annotations

from typing import Any

from core.rng import below
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.events import Event
from core.wargame.moves import WargameMove
from core.wargame.placement import free_counter
from core.wargame.state import WargameState
from core.wargame.units import all_counters

GOV, REB = 0, 1


def board(phase: str = "move", side: int = GOV, turn: int = 2, **options: Any) -> WargameState:
    """An empty map in the given phase of turn (every counter in the pool)."""
    config = WargameConfig(**options)
    return WargameState(config, 0, all_counters(), turn=turn, phase=phase, side=side)


def put(state: WargameState, side: int, kind: str, label: str, riding: str = "") -> str:
    """Put a free counter of side and kind at label (a leader may ride a helicopter); its id."""
    uid = free_counter(state, side, kind)
    assert uid, f"no {kind} counter left for side {side}"
    unit = state.units[uid].placed(label)
    state.units[uid] = unit if not riding else type(unit)(**{**unit.__dict__, "riding": riding})
    return uid


def dice(state: WargameState, *values: int) -> None:
    """Make the next dice of state roll values (searching for an RNG state that does)."""
    for candidate in range(1, 1_000_000):
        rng, ok = candidate, True
        for value in values:
            rng, drawn = below(rng, 6)
            if drawn + 1 != value:
                ok = False
                break
        if ok:
            state.rng = candidate
            return
    raise AssertionError(f"no RNG state rolls {values}")


def play(state: WargameState, seat: int, move: WargameMove) -> tuple[WargameState, list[Event]]:
    """Apply move through the engine."""
    return WARGAME.apply(state, seat, move)


def legal(state: WargameState, seat: int) -> tuple[WargameMove, ...]:
    """The engine's legal moves."""
    return WARGAME.legal(state, seat)


def where(state: WargameState, uid: str) -> str:
    """The hex of a counter ("" off the map)."""
    return state.units[uid].hex


def status(state: WargameState, uid: str) -> str:
    """A counter's status."""
    return state.units[uid].status


def texts(events: list[Event]) -> str:
    """The events' texts, one per line."""
    return "\n".join(e.text for e in events)
