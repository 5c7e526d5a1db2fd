"""Retreats after combat: where each counter of a defeated hex may go, and which choices the rules allow."""

from __future__ import annotations

from itertools import product
from typing import Any

from core.wargame.board import (
    STACKING_LIMIT,
    Board,
    adjacent,
    enemy_units,
    has_side,
    next_to_enemy,
    stacking_count,
    stacks,
    terrain,
)
from core.wargame.state import WargameState
from core.wargame.units import Unit

MAX_ASSIGNMENTS = 4096


def retreat_hexes(board: Board, unit: Unit, occupied: dict[str, list[Unit]] | None = None) -> list[str]:
    """The adjacent hexes unit may retreat to: free of enemy units (a lone leader blocks nothing), on the map;
    ground units not into a lake nor across a river hexside, bridge or not (the road's exception is for movement
    only); helicopters ignore terrain."""
    occupied = stacks(board) if occupied is None else occupied
    found = []
    for label in adjacent(unit.hex):
        if enemy_units(occupied.get(label, ()), unit.side):
            continue
        ground = not unit.is_helicopter and not unit.riding
        if ground and (terrain(label) == "lake" or has_side("river", unit.hex, label)):
            continue
        found.append(label)
    return found


def retreating(state: WargameState, label: str) -> tuple[list[Unit], list[Unit]]:
    """(combat units, leaders on the ground) of the defending side that must retreat from label; leaders riding a
    helicopter go with it."""
    here = [u for u in state.on_map() if u.hex == label]
    return [u for u in here if not u.is_leader], [u for u in here if u.is_leader and not u.riding]


def _key(state: WargameState, assignment: dict[str, str], occupied: dict[str, list[Unit]]) -> tuple[int, int, int]:
    """How an assignment of combat units ranks: (over-stacks, units next to an enemy, split): smaller is better."""
    units = [state.units[uid] for uid in assignment]
    side = units[0].side
    over = 0
    for label in set(assignment.values()):
        arriving = [u for u in units if assignment[u.uid] == label]
        there = [u for u in occupied.get(label, ()) if u.side == side]
        over += int(stacking_count(there) + stacking_count(arriving) > STACKING_LIMIT)
    exposed = sum(1 for u in units if next_to_enemy(occupied, assignment[u.uid], side))
    return over, exposed, int(len(set(assignment.values())) > 1)


def _options(state: WargameState, label: str) -> dict[str, list[str]]:
    fighters, _ = retreating(state, label)
    occupied = stacks(state)
    options = {u.uid: retreat_hexes(state, u, occupied) for u in fighters}
    return {uid: hexes for uid, hexes in options.items() if hexes}


def _ranked(state: WargameState, options: dict[str, list[str]]) -> list[tuple[tuple[int, int, int], dict[str, str]]]:
    occupied = stacks(state)
    ranked = []
    for choice in product(*options.values()):
        assignment = dict(zip(options, choice, strict=True))
        ranked.append((_key(state, assignment, occupied), assignment))
    return ranked


def _too_many(options: dict[str, list[str]]) -> bool:
    combos = 1
    for hexes in options.values():
        combos *= len(hexes)
    return combos > MAX_ASSIGNMENTS


def best_assignments(state: WargameState, label: str) -> list[dict[str, str]]:
    """Every assignment of the retreating combat units of label to hexes that the rules allow: no over-stacking if
    it can be avoided, then as few units next to enemies as possible, then all together if possible. Units with
    nowhere to go are left out (they are eliminated). An empty list if none can move; a single representative
    if there are too many combinations to rank (then any assignment to retreat hexes is allowed)."""
    options = _options(state, label)
    if not options:
        return []
    if _too_many(options):
        return [{uid: hexes[0] for uid, hexes in options.items()}]
    ranked = _ranked(state, options)
    best = min(key for key, _ in ranked)
    return [assignment for key, assignment in ranked if key == best]


def retreat_error(state: WargameState, label: str, moves: dict[str, str]) -> str:
    """Why moves (counter id -> hex) is not a retreat the rules allow from label ("" if it is): each combat unit
    with somewhere to go goes to one of its hexes, the best that can be had (no over-stacking, then as few units
    next to the enemy, then not split), and each leader with his units where he can."""
    fighters, leaders = retreating(state, label)
    unknown = set(moves) - {u.uid for u in (*fighters, *leaders)}
    if unknown:
        return f"{', '.join(sorted(unknown))} do not retreat from {label}"
    options = _options(state, label)
    assignment = {uid: to for uid, to in moves.items() if uid in options}
    for unit in fighters:
        if unit.uid in options and unit.uid not in assignment:
            return f"choose where {unit.name} goes"
        if unit.uid not in options and unit.uid in moves:
            return f"{unit.name} has nowhere to go"
        if unit.uid in assignment and assignment[unit.uid] not in options[unit.uid]:
            return f"{unit.name} cannot retreat to {assignment[unit.uid]}"
    if options and not _too_many(options):
        best = min(key for key, _ in _ranked(state, options))
        if _key(state, assignment, stacks(state)) != best:
            return "the rules want a retreat that over-stacks less, then ends next to fewer enemies, then splits less"
    for leader in leaders:
        hexes = leader_hexes(state, leader, assignment)
        if not hexes and leader.uid in moves:
            return f"{leader.name} has nowhere to go"
        if hexes and moves.get(leader.uid) not in hexes:
            return f"{leader.name} goes to {' or '.join(hexes)}, with his units where he can"
    return ""


def leader_hexes(state: WargameState, leader: Unit, assignment: dict[str, str]) -> list[str]:
    """Where a leader on the ground may retreat: with one of the retreating units he can follow, else any hex a
    ground unit could retreat to."""
    own = retreat_hexes(state, leader)
    following = [label for label in own if label in set(assignment.values())]
    return following or own


def retreat_choices(state: WargameState, label: str) -> list[dict[str, str]]:
    """Every whole retreat of label the rules allow: each allowed assignment of its combat units, with each leader
    on the ground going to any hex open to him (following one of his units where he can)."""
    _, leaders = retreating(state, label)
    found = []
    for assignment in best_assignments(state, label) or [{}]:
        options: list[Any] = [leader_hexes(state, leader, assignment) or [""] for leader in leaders]
        for picks in product(*options):
            moves = dict(assignment)
            moves.update({leader.uid: to for leader, to in zip(leaders, picks, strict=True) if to})
            found.append(moves)
    return found
