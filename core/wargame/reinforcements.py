"""Reinforcements: scheduled police and army, Radio Station mobs, Extra Reinforcements tables."""

from __future__ import annotations

from core.rng import below
from core.wargame.board import controller, named, stack_at
from core.wargame.events import Event
from core.wargame.state import Placement, WargameState
from core.wargame.units import ARMY, GOVERNMENT, IRREGULAR, MOB, POLICE, REBELS, SIDE_NAMES, counted

RADIO_STATION = "Radio Station"

EXTRA_TABLES: dict[int, dict[int, tuple[Placement, ...]]] = {
    GOVERNMENT: {
        1: (Placement(GOVERNMENT, MOB, "city"),),
        2: (Placement(GOVERNMENT, MOB, "city_near_own"),),
        3: (Placement(GOVERNMENT, MOB, "city_near_own", 2),),
        4: (Placement(GOVERNMENT, POLICE, "fortified_held"),),
        5: (Placement(GOVERNMENT, POLICE, "city_near_own"),),
        6: (Placement(GOVERNMENT, ARMY, "near_armor"),),
    },
    REBELS: {
        1: (Placement(REBELS, MOB, "city"),),
        2: (Placement(REBELS, MOB, "city_near_leader", 2),),
        3: (Placement(REBELS, MOB, "city", 2),),
        4: (Placement(REBELS, IRREGULAR, "city"),),
        5: (Placement(REBELS, IRREGULAR, "anywhere"),),
        6: (Placement(REBELS, POLICE, "city"),),
        7: (Placement(REBELS, ARMY, "near_leader"),),
    },
}


def roll(state: WargameState) -> int:
    """One die from the game's RNG (also remembered as the last die)."""
    state.rng, value = below(state.rng, 6)
    state.last_die = value + 1
    return value + 1


def scheduled(advanced: bool, side: int, turn: int) -> list[Placement]:
    """The police and army a side gets on turn (not counting mobs)."""
    if not advanced:
        count = (1 if side == GOVERNMENT else 2) if turn <= 3 else 0
        return [Placement(side, POLICE, "city")] * count
    if side == GOVERNMENT:
        if 2 <= turn <= 4:
            return [Placement(side, ARMY, "anywhere"), Placement(side, POLICE, "city")]
        return [Placement(side, POLICE, "city")] if turn in (5, 6) else []
    if turn <= 4:
        return [Placement(side, POLICE, "city")] * 2
    return [Placement(side, ARMY, "city")] if turn in (5, 6) else []


def holds_radio_station(state: WargameState, side: int) -> bool:
    """Whether side controls the Radio Station."""
    return controller(state, named(RADIO_STATION)) == side


def mobs(state: WargameState, side: int, events: list[Event]) -> list[Placement]:
    """Roll for side's mobs: rebels get a die (+1 with a leader in it) holding the Radio Station, else 1 (on 1-4) or
    2 (on 5-6); the government gets a die -2 (the Maximum Leader in it) or -4, only holding the Radio Station."""
    radio = named(RADIO_STATION)
    leader_there = any(u.is_leader and u.side == side for u in stack_at(state, radio))
    held = holds_radio_station(state, side)
    who = f"Turn {state.turn}, {SIDE_NAMES[side]}:"
    if side == REBELS:
        die = roll(state)
        if held:
            count = die + (1 if leader_there else 0)
            how = f"holding the Radio Station, die {die}{' +1 for the leader there' if leader_there else ''}"
        else:
            count = 1 if die <= 4 else 2
            how = f"without the Radio Station, die {die}"
        events.append(Event("mobs", f"{who} {how}: {count} mob{'s' if count != 1 else ''}", side, state.turn))
        return [Placement(REBELS, MOB, "city")] + [Placement(REBELS, MOB, "city_near_own")] * (count - 1)
    if not held:
        return []
    die = roll(state)
    minus = 2 if leader_there else 4
    count = max(0, die - minus)
    text = f"{who} holding the Radio Station, die {die} -{minus}: {count} loyalist mob{'s' if count != 1 else ''}"
    events.append(Event("mobs", text, side, state.turn))
    return [Placement(GOVERNMENT, MOB, "city_near_own")] * count


def extra(state: WargameState, side: int, events: list[Event]) -> list[Placement]:
    """The optional Extra Reinforcements: one die, +1 holding the Radio Station; the government's 7 rolls twice
    more without the bonus, the rebels' 7 is an army unit next to a leader."""
    die = roll(state)
    bonus = 1 if holds_radio_station(state, side) else 0
    total = die + bonus
    who = f"Turn {state.turn}, {SIDE_NAMES[side]}:"
    events.append(
        Event("extra", f"{who} extra reinforcements die {die}{' +1' if bonus else ''} = {total}", side, state.turn)
    )
    if side == GOVERNMENT and total == 7:
        rolls = [roll(state), roll(state)]
        events.append(Event("extra", f"{who} rolls twice more: {rolls[0]} and {rolls[1]}", side, state.turn))
        brought = [p for r in rolls for p in EXTRA_TABLES[side][r]]
    else:
        brought = list(EXTRA_TABLES[side][total])
    events.append(Event("extra", f"{who} extra reinforcements: {placements_text(brought)}", side, state.turn))
    return brought


def placements_text(placements: list[Placement]) -> str:
    """ "1 army and 2 police" ("nothing" for none): what placements bring, kind by kind."""
    return counted((placement.kind, placement.count) for placement in placements) or "nothing"


def reinforcement_queue(state: WargameState, side: int, events: list[Event]) -> list[Placement]:
    """Everything side gets at the start of its reinforcement phase."""
    queue = scheduled(state.config.advanced, side, state.turn)
    if queue:
        who = f"Turn {state.turn}, {SIDE_NAMES[side]}:"
        events.append(Event("due", f"{who} reinforcements due this turn: {placements_text(queue)}", side, state.turn))
    queue += mobs(state, side, events)
    if state.config.extra_reinforcements:
        queue += extra(state, side, events)
    return queue
