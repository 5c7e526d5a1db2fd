"""Movement: step costs over the map's terrain, rivers and roads, where a group of units can go, and moving it."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from core.wargame.board import (
    STACKING_LIMIT,
    Board,
    adjacent,
    game_map,
    hex_of,
    is_edge,
    label_of,
    stacking_count,
    stacks,
)
from core.wargame.state import WargameState
from core.wargame.units import Unit
from hexgrid.coords import Hex, neighbors
from hexgrid.paths import ALL, AllowanceCost, Steps, cheapest_path, reachable

ROAD_COST = 0.5


Step = tuple[Hex, float | AllowanceCost]


@cache
def _ground_steps() -> dict[Hex, tuple[Step, ...]]:
    """What a ground unit pays to step from each hex to each neighbour, ignoring other units, computed once for the
    map: half along a road (a road crosses a river only by a bridge), the whole allowance to cross a river or enter a
    forest; lakes and the map's edge are left out (impassable)."""
    hex_map = game_map()
    steps: dict[Hex, tuple[Step, ...]] = {}
    for a in hex_map.hexes():
        found: list[Step] = []
        for b in neighbors(a):
            if not hex_map.contains(b) or hex_map.terrain[b] == "lake":
                continue
            river = hex_map.has_side("river", a, b) and not hex_map.has_side("bridge", a, b)
            if hex_map.has_side("road", a, b) and not river:
                found.append((b, ROAD_COST))
            elif river or hex_map.terrain[b] == "forest":
                found.append((b, ALL))
            else:
                found.append((b, 1.0))
        steps[a] = tuple(found)
    return steps


@cache
def _air_steps() -> dict[Hex, tuple[Step, ...]]:
    """A helicopter's steps: one point to any neighbour on the map."""
    hex_map = game_map()
    return {a: tuple((b, 1.0) for b in neighbors(a) if hex_map.contains(b)) for a in hex_map.hexes()}


def group_error(board: Board, side: int, uids: tuple[str, ...]) -> str:
    """Why uids cannot move together now ("" if they can): own counters on the board, in one hex, not yet moved,
    not riding a helicopter; helicopters move only with helicopters and the leaders boarding them."""
    if not uids or len(set(uids)) != len(uids):
        return "name each moving unit once"
    units = [board.find(uid) for uid in uids]
    if any(u is None or u.side != side or not u.on_map for u in units):
        return "only your own units on the board can move"
    present = [u for u in units if u is not None]
    if len({u.hex for u in present}) != 1:
        return "units moving together must start in one hex"
    if any(u.uid in board.moved for u in present):
        return "each unit moves once per phase"
    if any(u.riding for u in present):
        return "a leader in a helicopter moves with it (or disembarks first)"
    fighters = [u for u in present if not u.is_leader]
    if any(u.is_helicopter for u in fighters) and not all(u.is_helicopter for u in fighters):
        return "helicopters and ground units move separately"
    return ""


def group_of(board: Board, uids: tuple[str, ...]) -> list[Unit]:
    """The moving counters: the named ones and the leaders riding the named helicopters."""
    named = [board.unit(uid) for uid in uids]
    helicopters = {u.uid for u in named if u.is_helicopter}
    if not helicopters:
        return named
    riders = [u for u in board.on_map() if u.riding in helicopters and u.uid not in uids]
    return named + riders


def is_air(units: list[Unit]) -> bool:
    """Whether the group flies (its combat units are helicopters)."""
    return any(u.is_helicopter for u in units)


def allowance(units: list[Unit]) -> int:
    """The group's movement: the slowest combat unit's (leaders ride along), or a leader's own."""
    fighters = [u for u in units if not u.is_leader]
    return min(u.allowance for u in fighters or units)


def _rules(
    board: Board, units: list[Unit], occupied: dict[str, list[Unit]] | None = None
) -> tuple[Steps, Callable[[Hex], bool]]:
    """The steps and stop test for units moving now, given where the other counters stand (occupied: the board's
    stacks, when the caller has them)."""
    side = units[0].side
    air = is_air(units)
    moving = {u.uid for u in units}
    size = stacking_count(units)
    blocked: set[Hex] = set()
    no_stop: set[Hex] = set()
    for label, here in (stacks(board) if occupied is None else occupied).items():
        enemies = [u for u in here if u.side != side]
        enemy_fighters = [u for u in enemies if not u.is_leader]
        if any(u.is_helicopter == air for u in enemy_fighters):
            blocked.add(hex_of(label))
        if enemy_fighters or (
            size and stacking_count(u for u in here if u.uid not in moving and u.side == side) + size > STACKING_LIMIT
        ):
            no_stop.add(hex_of(label))
    table = _air_steps() if air else _ground_steps()

    def steps(here: Hex) -> tuple[Step, ...] | list[Step]:
        found = table[here]
        return [step for step in found if step[0] not in blocked] if blocked else found

    too_big = size > STACKING_LIMIT  # an over-stacked hex leaving as a whole would be over-stacked wherever it went

    def can_stop(h: Hex) -> bool:
        return not too_big and h not in no_stop

    return steps, can_stop


def reach(board: Board, uids: tuple[str, ...]) -> dict[str, float]:
    """Every hex the group uids can end its move in this phase (not its own hex) and the cost to get there; empty
    when the group cannot move."""
    if not uids or group_error(board, board.unit(uids[0]).side, uids):
        return {}
    return _reach(board, group_of(board, uids))


def movement_signature(units: list[Unit]) -> tuple[object, ...]:
    """What reach depends on besides the board: groups with equal signatures reach the same hexes."""
    return (
        units[0].hex,
        units[0].side,
        is_air(units),
        allowance(units),
        all(u.is_leader for u in units),
        stacking_count(units),
    )


def reach_all(board: Board, groups: list[tuple[str, ...]]) -> dict[tuple[str, ...], dict[str, float]]:
    """reach for many movable groups at once, computing each distinct movement signature once."""
    done: dict[tuple[object, ...], dict[str, float]] = {}
    found = {}
    occupied = stacks(board)
    for uids in groups:
        units = group_of(board, uids)
        signature = movement_signature(units)
        if signature not in done:
            done[signature] = _reach(board, units, occupied)
        found[uids] = done[signature]
    return found


def _reach(board: Board, units: list[Unit], occupied: dict[str, list[Unit]] | None = None) -> dict[str, float]:
    steps, can_stop = _rules(board, units, occupied)
    start = hex_of(units[0].hex)
    found = reachable(start, allowance(units), steps, can_stop=can_stop)
    return {label_of(h): cost for h, cost in found.items() if h != start}


def can_leave_map(board: Board, uids: tuple[str, ...], found: dict[str, float] | None = None) -> bool:
    """Whether the group can move off the map: from an edge hex, with a movement point left after reaching it."""
    if not uids or group_error(board, board.unit(uids[0]).side, uids):
        return False
    units = group_of(board, uids)
    if is_edge(units[0].hex):
        return True
    found = reach(board, uids) if found is None else found
    budget = allowance(units)
    return any(is_edge(label) and cost <= budget - 1 for label, cost in found.items())


def route(board: Board, uids: tuple[str, ...], to: str, path: tuple[str, ...] = ()) -> list[str] | None:
    """The hexes the group passes through to `to` (start and end included): path if it is a legal route, else the
    cheapest; None if `to` is out of reach."""
    units = group_of(board, uids)
    steps, can_stop = _rules(board, units)
    budget = allowance(units)
    start = hex_of(units[0].hex)
    if path:
        return list(path) if _path_ok(path, start, to, budget, steps, can_stop) else None
    try:
        goal = hex_of(to)
    except ValueError:
        return None
    if goal == start or not can_stop(goal):
        return None
    found = cheapest_path(start, goal, budget, steps, can_stop=can_stop)
    return None if found is None else [h.label for h in found]


def _path_ok(
    path: tuple[str, ...], start: Hex, to: str, budget: float, steps: Steps, can_stop: Callable[[Hex], bool]
) -> bool:
    if len(path) < 2 or path[0] != start.label or path[-1] != to:
        return False
    spent = 0.0
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        if b not in adjacent(a):
            return False
        cost = dict(steps(hex_of(a))).get(hex_of(b))
        if cost is None:
            return False
        if isinstance(cost, AllowanceCost):
            if i != 0 or len(path) != 2:
                return False
            cost = budget
        spent += cost
    return spent <= budget and can_stop(hex_of(to))


def relocate(state: WargameState, units: list[Unit], to: str, boarding: str = "") -> None:
    """Put units in hex to; leaders listed with a helicopter (boarding) ride it from now on, riders stay in."""
    for unit in units:
        riding = unit.riding or (boarding if unit.is_leader else "")
        state.put(replace(unit, hex=to, riding=riding))


def boarding_helicopter(units: list[Unit]) -> str:
    """The helicopter leaders moving with this group board (the first one), or ""."""
    return next((u.uid for u in units if u.is_helicopter), "")
