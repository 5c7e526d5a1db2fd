"""What happens when units enter a hex: the Maximum Leader's lamp post, and lone rebel leaders fleeing."""

from __future__ import annotations

from collections.abc import Iterable

from core.wargame.board import adjacent, hex_name, stack_at, terrain
from core.wargame.casualties import kill_leader
from core.wargame.events import Event
from core.wargame.state import WargameState
from core.wargame.units import GOVERNMENT, REBELS, Unit


def enter(state: WargameState, movers: list[Unit], path: Iterable[str], events: list[Event]) -> None:
    """movers passed through path (its last hex is where they stop): a rebel combat unit entering the hex of a lone
    Maximum Leader strings him up, and a government combat unit stopping in a hex of lone rebel leaders makes them
    flee (a leader alone does neither: the rulebook keeps "unit" and "leader" apart)."""
    path = list(path)
    side = movers[0].side
    moving = {u.uid for u in movers}
    if all(u.is_leader for u in movers):
        return
    if side == REBELS:
        for label in path:
            government = [u for u in stack_at(state, label) if u.uid not in moving and u.side == GOVERNMENT]
            if government and all(u.is_leader for u in government):
                for leader in government:
                    kill_leader(state, leader, f"is strung up from a lamp post at {hex_name(label)}", events)
    if side == GOVERNMENT and path:
        end = path[-1]
        rebels = [u for u in stack_at(state, end) if u.uid not in moving and u.side == REBELS]
        if rebels and all(u.is_leader for u in rebels):
            state.flee.extend(u.uid for u in rebels if u.uid not in state.flee)


def flee_hexes(state: WargameState, leader: Unit) -> list[str]:
    """Where a lone rebel leader may flee: an adjacent hex on the map, not a lake, without government counters."""
    return [
        label
        for label in adjacent(leader.hex)
        if terrain(label) != "lake" and not any(u.side != leader.side for u in stack_at(state, label))
    ]


def settle_flight(state: WargameState, events: list[Event]) -> None:
    """Resolve flights that leave no choice: a leader with nowhere to go is killed, one with one hex goes there;
    stops at the first leader with a choice (or when none is left)."""
    while state.flee:
        leader = state.units[state.flee[0]]
        if not leader.on_map or not _still_cornered(state, leader):
            state.flee.pop(0)
            continue
        options = flee_hexes(state, leader)
        if len(options) > 1:
            return
        state.flee.pop(0)
        if options:
            flee_to(state, leader, options[0], events)
        else:
            kill_leader(state, leader, f"is caught at {hex_name(leader.hex)}", events)


def _still_cornered(state: WargameState, leader: Unit) -> bool:
    return any(u.side != leader.side for u in stack_at(state, leader.hex))


def flee_to(state: WargameState, leader: Unit, label: str, events: list[Event]) -> None:
    """Move a fleeing (or bugging-out) leader one hex."""
    events.append(
        Event(
            "flee",
            f"{leader.title} flees {hex_name(leader.hex)} for {hex_name(label)}",
            leader.side,
            state.turn,
        )
    )
    state.put(leader.placed(label))
