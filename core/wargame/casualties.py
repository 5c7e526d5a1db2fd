"""Losing counters: destroyed units, dead and fled leaders (and their victory points), salvage and side changes."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from core.wargame.board import STACKING_LIMIT, Board, hex_name, stack_at, stacking_count, terrain
from core.wargame.events import Event
from core.wargame.placement import free_counter
from core.wargame.reinforcements import roll
from core.wargame.state import WargameState
from core.wargame.units import DEAD, FLED, GOVERNMENT, HELICOPTER, POLICE, SIDE_NAMES, TANK, Unit

SALVAGE_ON = {TANK: 3, POLICE: 2, HELICOPTER: 1}  # salvaged on this roll or less
MAXIMUM_LEADER_VP, REBEL_LEADER_VP = 5, 2


def award(state: WargameState, side: int, points: int, why: str, events: list[Event]) -> None:
    """Give side victory points."""
    state.vp[side] += points
    scores = "scores" if side == GOVERNMENT else "score"  # the government scores, the rebels score
    events.append(Event("vp", f"{SIDE_NAMES[side].capitalize()} {scores} {points}: {why}", side, state.turn))


def kill_leader(state: WargameState, leader: Unit, how: str, events: list[Event], status: str = DEAD) -> None:
    """A leader dies (or flees the map, which counts as death): 5 points to the rebels for the Maximum Leader, 2 to
    the government for a rebel leader."""
    state.put(leader.removed(status))
    events.append(Event("leader", f"{leader.title} {how}", leader.side, state.turn))
    award(state, 1 - leader.side, leader_points(leader), f"{leader.name} is gone", events)


def remove(state: WargameState, unit: Unit, how: str, events: list[Event], status: str = DEAD) -> None:
    """Take a combat unit off the board (its counter goes back to the pool); leaders riding it share its fate."""
    label = unit.hex
    state.put(unit.removed(status))
    events.append(Event("loss", f"{unit.title} at {hex_name(label)} {how}", unit.side, state.turn))
    for rider in [u for u in state.on_map() if u.riding == unit.uid]:
        if status == DEAD:
            kill_leader(state, rider, "dies in the helicopter", events)
        else:
            kill_leader(state, rider, "leaves the country", events, status=FLED)


def switch_side(state: WargameState, unit: Unit, label: str, events: list[Event]) -> bool:
    """Replace unit by an equivalent counter of the other side at label (it cannot attack this turn); False, with
    nothing changed, if the other side has no such counter free."""
    uid = free_counter(state, 1 - unit.side, unit.kind)
    if not uid:
        return False
    origin = unit.hex
    state.put(unit.removed(DEAD))
    new = state.units[uid].placed(label)
    state.put(new)
    state.no_attack.add(uid)
    where = hex_name(label) if label == origin else f"{hex_name(origin)}, now at {hex_name(label)}"
    events.append(Event("capture", f"{unit.title} at {where} changes sides", new.side, state.turn))
    return True


def landing(state: WargameState, unit: Unit, hexes: Sequence[str], going: Collection[str] = ()) -> str:
    """Where a counter captured by the other side goes: the first of hexes it may stand in: no ground unit in a
    lake, no enemy combat unit there (counters in going are leaving with it), and room under the stacking limit;
    "" if none (it is destroyed)."""
    side = 1 - unit.side

    def fits(label: str) -> bool:
        here = [u for u in stack_at(state, label) if u.uid != unit.uid and u.uid not in going]
        if any(u.side != side and not u.is_leader for u in here):
            return False
        if unit.stacks and stacking_count(u for u in here if u.side == side) >= STACKING_LIMIT:
            return False
        return unit.kind == HELICOPTER or terrain(label) != "lake"

    return next((label for label in hexes if fits(label)), "")


def salvaged(
    state: WargameState, unit: Unit, hexes: Sequence[str], events: list[Event], going: Collection[str] = ()
) -> bool:
    """Roll to salvage a destroyed tank (1-3), police unit (1-2) or helicopter (1) for the other side, joining the
    capturing stack of hexes it may stand in (see landing: going are the counters destroyed with it); True if it
    changed sides."""
    label = landing(state, unit, hexes, going)
    if unit.kind not in SALVAGE_ON or not label or not free_counter(state, 1 - unit.side, unit.kind):
        return False
    die = roll(state)
    events.append(Event("salvage", f"Salvage roll for {unit.name}: {die}", 1 - unit.side, state.turn))
    return die <= SALVAGE_ON[unit.kind] and _switch_with_riders(state, unit, label, events)


def _switch_with_riders(state: WargameState, unit: Unit, label: str, events: list[Event]) -> bool:
    riders = [u for u in state.on_map() if u.riding == unit.uid]
    for rider in riders:
        kill_leader(state, rider, "is captured with his helicopter", events)
    return switch_side(state, unit, label, events)


def destroy(state: WargameState, uids: Iterable[str], captors: Sequence[str], events: list[Event]) -> None:
    """Destroy units, then kill the leaders left without combat units in the hexes that lost units. With the salvage
    rule a salvaged unit is replaced by the other side's counter where it stood if nothing of its old side is left
    there, else in the first of the capturing side's hexes captors with room for it."""
    uids = list(uids)
    hexes = {state.units[uid].hex for uid in uids}
    eliminate(state, uids, captors, events, "is destroyed")
    bury_orphans(state, hexes, events)


def eliminate(state: WargameState, uids: list[str], captors: Sequence[str], events: list[Event], how: str) -> None:
    """Take destroyed combat units off the board, each rolling for salvage when the optional rule is on."""
    for uid in uids:
        unit = state.units[uid]
        stays = [u for u in stack_at(state, unit.hex) if u.side == unit.side and not u.is_leader and u.uid not in uids]
        places = list(captors) if stays else [unit.hex, *captors]
        if not (state.config.salvage and salvaged(state, unit, places, events, uids)):
            remove(state, unit, how, events)


def bury_orphans(state: WargameState, hexes: Iterable[str], events: list[Event]) -> None:
    """Leaders on the ground die once no combat unit of theirs is left in their hex."""
    for label in sorted(hexes):
        here = [u for u in state.on_map() if u.hex == label]
        for leader in [u for u in here if u.is_leader and not u.riding]:
            if not any(not u.is_leader and u.side == leader.side for u in here):
                kill_leader(state, leader, f"is killed at {hex_name(label)}", events)


def leaders_lost_with(board: Board, uids: Collection[str]) -> list[Unit]:
    """The leaders who die if the counters uids are lost: those on the ground left with no combat unit of their side
    in their hex (as bury_orphans finds them), and those riding a lost counter."""
    gone = set(uids)
    lost = [u for u in board.on_map() if u.uid in gone]
    dying = [u for u in board.on_map() if u.riding in gone]
    for label in sorted({u.hex for u in lost}):
        here = stack_at(board, label)
        for side in sorted({u.side for u in lost if u.hex == label}):
            if not any(u.side == side and not u.is_leader and u.uid not in gone for u in here):
                dying.extend(u for u in here if u.side == side and u.is_leader and not u.riding)
    return dying


def leader_points(leader: Unit) -> int:
    """The victory points the other side scores when leader dies."""
    return MAXIMUM_LEADER_VP if leader.side == GOVERNMENT else REBEL_LEADER_VP
