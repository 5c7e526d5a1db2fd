"""Placing counters: the set-up and reinforcement queues, the hexes each placement rule allows, and placing."""

from __future__ import annotations

from collections.abc import Callable

from core.rng import below
from core.wargame.board import (
    STACKING_LIMIT,
    START_NAMES,
    adjacent,
    all_hexes,
    controller,
    hex_name,
    is_city,
    is_fortified,
    named,
    stacking_count,
    stacks,
    terrain,
)
from core.wargame.events import Event
from core.wargame.state import Placement, WargameState
from core.wargame.units import (
    ARMY,
    GOVERNMENT,
    IRREGULAR,
    LEADER,
    MOB,
    POLICE,
    REBELS,
    SIDE_NAMES,
    TANK,
    Unit,
    kind_count,
)

RULES = {
    "start": "a government start hex",
    "city": "a city hex",
    "anywhere": "any hex",
    "empty": "a hex empty of any forces",
    "city_near_own": "a city hex on or next to one of your units",
    "city_near_leader": "a city hex on or next to one of your leaders",
    "fortified_held": "a fortified hex you hold",
    "near_armor": "a hex on or next to one of your army or tank units",
    "near_leader": "a hex on or next to one of your leaders",
}


def rule_hexes(state: WargameState, placement: Placement) -> list[str]:
    """Every hex where placement may go now: its rule, no lake, no enemy counter, and (but for the government's
    start stacks) the stacking limit."""
    occupied = stacks(state)
    side = placement.side
    own_old = {
        label for label, units in occupied.items() if any(u.side == side and u.uid not in state.fresh for u in units)
    }
    leaders = {u.hex for u in state.on_map() if u.side == side and u.is_leader}
    armor = {u.hex for u in state.on_map() if u.side == side and u.kind in (ARMY, TANK) and u.uid not in state.fresh}
    adds = placement.count if placement.kind != LEADER else 0
    found = []
    for label in all_hexes():
        here = occupied.get(label, [])
        if terrain(label) == "lake" or any(u.side != side for u in here):
            continue
        if placement.rule != "start" and stacking_count(u for u in here) + adds > STACKING_LIMIT:
            continue
        if _rule_allows(state, placement, label, here, own_old, leaders, armor):
            found.append(label)
    return found


def _rule_allows(
    state: WargameState,
    placement: Placement,
    label: str,
    here: list[Unit],
    own_old: set[str],
    leaders: set[str],
    armor: set[str],
) -> bool:
    near = {label, *adjacent(label)}
    rule = placement.rule
    checks: dict[str, Callable[[], bool]] = {
        "start": lambda: label in start_hexes(),
        "city": lambda: is_city(label),
        "anywhere": lambda: True,
        "empty": lambda: not here,
        "city_near_own": lambda: is_city(label) and bool(near & own_old),
        "city_near_leader": lambda: is_city(label) and bool(near & leaders),
        "fortified_held": lambda: is_fortified(label) and controller(state, label) == placement.side,
        "near_armor": lambda: bool(near & armor),
        "near_leader": lambda: bool(near & leaders),
    }
    return checks[rule]()


def start_hexes() -> tuple[str, ...]:
    """The seven hexes where the government's forces start."""
    return tuple(named(name) for name in START_NAMES)


def free_counter(state: WargameState, side: int, kind: str) -> str:
    """The lowest-numbered counter of side and kind in the pool, or "" if all are in use."""
    return next((u.uid for u in state.units.values() if u.side == side and u.kind == kind and u.status == "pool"), "")


def place_next(state: WargameState, label: str, events: list[Event]) -> None:
    """Put the head of the queue on label (already checked legal); counters missing from the pool are lost."""
    placement = state.queue.pop(0)
    placed = 0
    for _ in range(placement.count):
        uid = free_counter(state, placement.side, placement.kind)
        if uid:
            state.put(state.units[uid].placed(label))
            state.fresh.add(uid)
            placed += 1
    what = _describe(placement.kind, placed, placement.side)
    events.append(Event("place", f"{_who(state)} place {what} at {hex_name(label)}", placement.side, state.turn))
    if placed < placement.count:
        lost = _describe(placement.kind, placement.count - placed, placement.side)
        events.append(Event("lost", f"{lost} lost: no counter left", placement.side, state.turn))


def drop_unplaceable(state: WargameState, events: list[Event]) -> None:
    """Drop the head of the queue while it has no legal hex or no counter left (those reinforcements are lost)."""
    while state.queue:
        placement = state.queue[0]
        if not free_counter(state, placement.side, placement.kind):
            reason = "no counter left"
        elif not rule_hexes(state, placement):
            reason = f"no room on {RULES[placement.rule]}"
        else:
            return
        state.queue.pop(0)
        what = _describe(placement.kind, placement.count, placement.side)
        events.append(Event("lost", f"{_who(state)} lose {what}: {reason}", placement.side, state.turn))


def auto_place(state: WargameState, events: list[Event]) -> None:
    """Place the whole queue on legal hexes drawn from the game's RNG."""
    drop_unplaceable(state, events)
    while state.queue:
        options = rule_hexes(state, state.queue[0])
        state.rng, index = below(state.rng, len(options))
        place_next(state, options[index], events)
        drop_unplaceable(state, events)


def setup_queue(advanced: bool, side: int) -> list[Placement]:
    """What side places at set-up (the government's basic forces are put on their hexes by the game)."""
    if side == GOVERNMENT:
        return [Placement(GOVERNMENT, POLICE, "start")] * 6 + [Placement(GOVERNMENT, TANK, "start")] if advanced else []
    city = [Placement(REBELS, LEADER, "city")] * 3 + [Placement(REBELS, IRREGULAR, "city")] * 6
    city += [Placement(REBELS, MOB, "city")] * (18 if advanced else 9)
    anywhere = [Placement(REBELS, IRREGULAR, "anywhere")] * (9 if advanced else 6)
    return city + anywhere + ([Placement(REBELS, POLICE, "empty")] * 2 if advanced else [])


GOVERNMENT_START = {  # the basic (and advanced) government set-up, by hex name
    "Power Plant": (POLICE,),
    "Police Station": (POLICE,) * 4,
    "Army Base": (ARMY,) * 4 + (TANK,) * 2,
    "Capitol": (LEADER, "guards", POLICE),
    "University": (POLICE,) * 2,
    "Armory": (ARMY,) * 2 + (TANK,) * 3,
    "Airport": (POLICE, "helicopter", "helicopter"),
}


def place_government_start(state: WargameState) -> None:
    """Put the government's fixed set-up on the map."""
    for name, kinds in GOVERNMENT_START.items():
        for kind in kinds:
            state.put(state.units[free_counter(state, GOVERNMENT, kind)].placed(named(name)))


def _who(state: WargameState) -> str:
    return f"Turn {state.turn}, {SIDE_NAMES[state.side]}:" if state.turn else f"Set-up, {SIDE_NAMES[state.side]}:"


def _describe(kind: str, count: int, side: int) -> str:
    if kind == MOB and side == GOVERNMENT:
        return f"{count} loyalist mob{'s' if count != 1 else ''}"
    return kind_count(kind, count)
