"""Resolving an attack step by step: bug-outs, surrender, the CRT roll, losses, retreats, advances."""

from __future__ import annotations

from dataclasses import replace

from core.wargame.board import STACKING_LIMIT, hex_name, stack_at, stacking_count, terrain
from core.wargame.casualties import destroy, eliminate, kill_leader, remove, salvaged, switch_side
from core.wargame.combat import current_column, surrender_modifier
from core.wargame.crt import MEANINGS, crt, parse_result
from core.wargame.encounters import enter
from core.wargame.events import Event
from core.wargame.reinforcements import roll
from core.wargame.retreat import retreat_choices, retreating
from core.wargame.state import Combat, WargameState
from core.wargame.units import GOVERNMENT, HELICOPTER, POLICE, SIDE_NAMES, TANK, Unit, describe

SURRENDER_SALVAGED = (TANK, HELICOPTER, POLICE)


def progress(state: WargameState, events: list[Event]) -> None:
    """Run the combat in progress until it needs a decision or is over."""
    while (combat := state.combat) is not None:
        if combat.stage == "bugout":
            if combat.pending:
                return
            roll_attack(state, combat, events)
        elif combat.stage in ("attacker_losses", "defender_losses"):
            _side, candidates, count = losses_owed(state)
            if len(candidates) > count:
                return
            take_losses(state, tuple(u.uid for u in candidates), events)
        elif combat.stage == "retreat":
            if not _auto_retreat(state, combat, events):
                return
        elif combat.stage == "advance":
            pending = tuple(label for label in combat.pending if advancers(state, label))
            state.combat = replace(combat, pending=pending)
            if pending:
                return
            state.combat = None


def defenders(state: WargameState, combat: Combat) -> list[Unit]:
    """The defending counters still in the target hexes."""
    return [u for label in combat.targets for u in stack_at(state, label) if u.side != combat.side]


def roll_attack(state: WargameState, combat: Combat, events: list[Event]) -> None:
    """Roll for surrender if called, then the CRT, and set up what the result requires."""
    infuriated = False
    if combat.surrender:
        die = roll(state)
        total = die + surrender_modifier(state, combat)
        outcome = "" if total <= 2 or total >= 6 else ": they fight on"  # (the lines after it say the others)
        text = f"Surrender roll {die}, modified {total}{outcome}"
        events.append(Event("surrender", text, 1 - combat.side, state.turn))
        if total <= 2:
            _surrender(state, combat, salvage_rolls=total == 2, events=events)
            state.last_result = "surrender"
            _to_advance(state, combat)
            return
        infuriated = total >= 6
        if infuriated:
            events.append(
                Event("surrender", "The defenders are infuriated: double defence", 1 - combat.side, state.turn)
            )
    col = current_column(state, combat, infuriated)
    die = roll(state)
    result = crt(col, die)
    state.last_result = result
    where = ", ".join(hex_name(label) for label in combat.targets)
    text = f"Turn {state.turn}, {SIDE_NAMES[combat.side]} attack {where} at {col} (die {die}): {result}, "
    text += MEANINGS[result]
    events.append(Event("combat", text, combat.side, state.turn))
    attacker_losses, defender_losses, retreat = parse_result(result)
    combat = replace(combat, odds=col, die=die, result=result, retreat=retreat)
    if attacker_losses:
        state.combat = replace(combat, stage="attacker_losses", losses=attacker_losses)
    elif defender_losses:
        state.combat = replace(combat, stage="defender_losses", losses=defender_losses)
    elif retreat:
        _to_retreat(state, combat)
    else:
        state.combat = None


def _surrender(state: WargameState, combat: Combat, salvage_rolls: bool, events: list[Event]) -> None:
    """The defenders give up: government troops change sides where there is a counter for them (the rest are
    destroyed); rebel tanks, helicopters and police change sides, the rest are destroyed; leaders are killed. With
    salvage_rolls every defender is destroyed but its vehicles may be salvaged."""
    label = combat.targets[0]
    side = 1 - combat.side
    who = ("The government's troops", "The rebels")[side]
    events.append(Event("surrender", f"{who} at {hex_name(label)} surrender", side, state.turn))
    for leader in [u for u in defenders(state, combat) if u.is_leader]:
        kill_leader(state, leader, f"is captured at {hex_name(label)}", events)
    surrendering = [u.uid for u in defenders(state, combat)]
    for unit in defenders(state, combat):
        if salvage_rolls:
            if not salvaged(state, unit, [label], events, surrendering):
                remove(state, unit, "is destroyed", events)
            continue
        turns = side == GOVERNMENT or unit.kind in SURRENDER_SALVAGED
        if not (turns and switch_side(state, unit, label, events)):
            remove(state, unit, "is disbanded", events)


def losses_owed(state: WargameState) -> tuple[int, list[Unit], int]:
    """(side, the units it may choose from, how many it loses) in a losses stage."""
    combat = state.combat
    assert combat is not None
    if combat.stage == "attacker_losses":
        units = [state.units[uid] for uid in combat.attackers]
        return combat.side, [u for u in units if u.on_map and u.side == combat.side], combat.losses
    return 1 - combat.side, [u for u in defenders(state, combat) if not u.is_leader], combat.losses


def take_losses(state: WargameState, uids: tuple[str, ...], events: list[Event]) -> None:
    """Remove the chosen losses and move the combat on."""
    combat = state.combat
    assert combat is not None
    attacking = combat.stage == "attacker_losses"
    captors = [label for label in combat.targets if stack_at(state, label)] if attacking else _attacker_hexes(state)
    destroy(state, uids, captors, events)
    if attacking:
        state.combat = None
    elif combat.retreat:
        _to_retreat(state, combat)
    else:
        _to_advance(state, combat)


def _attacker_hexes(state: WargameState) -> list[str]:
    """The hexes the attackers of the combat in progress stand in (where units they capture may join them)."""
    combat = state.combat
    assert combat is not None
    return list(dict.fromkeys(state.units[uid].hex for uid in combat.attackers if state.units[uid].on_map))


def _to_retreat(state: WargameState, combat: Combat) -> None:
    pending = tuple(label for label in combat.targets if any(u.side != combat.side for u in stack_at(state, label)))
    state.combat = replace(combat, stage="retreat", pending=pending)


def _to_advance(state: WargameState, combat: Combat) -> None:
    vacated = tuple(label for label in combat.targets if not stack_at(state, label))
    state.combat = replace(combat, stage="advance", pending=vacated)


def _auto_retreat(state: WargameState, combat: Combat, events: list[Event]) -> bool:
    """Retreat hexes whose retreat leaves no choice; False when the next one needs a decision."""
    while combat.pending:
        label = combat.pending[0]
        fighters, leaders = retreating(state, label)
        if not fighters and not leaders:
            combat = replace(combat, pending=combat.pending[1:])
            continue
        choices = retreat_choices(state, label)
        if len(choices) > 1:
            state.combat = combat
            return False
        moves = choices[0]
        retreat(state, label, moves, events)
        combat = replace(combat, pending=combat.pending[1:])
    _to_advance(state, combat)
    return True


def retreat(state: WargameState, label: str, moves: dict[str, str], events: list[Event]) -> None:
    """Move the retreating counters of label as given; those left out have nowhere to go and are eliminated."""
    fighters, leaders = retreating(state, label)
    trapped = [u.uid for u in fighters if u.uid not in moves]
    eliminate(state, trapped, _attacker_hexes(state), events, "is surrounded and eliminated")
    for leader in leaders:
        if leader.uid not in moves:
            kill_leader(state, state.units[leader.uid], f"is surrounded at {hex_name(label)}", events)
    for uid, to in sorted(moves.items()):
        unit = state.units[uid]
        if not unit.on_map:
            continue
        riders = [u for u in state.on_map() if u.riding == uid]
        for mover in [unit, *riders]:
            state.put(replace(mover, hex=to))
        events.append(
            Event(
                "retreat",
                f"{unit.title} retreats from {hex_name(label)} to {hex_name(to)}",
                unit.side,
                state.turn,
            )
        )
        enter(state, [unit, *riders], [to], events)


def advancers(state: WargameState, label: str) -> list[Unit]:
    """The attackers (and leaders who lent their bonus) that may advance into vacated label: still on the board,
    not already advanced into another target, ground units not into a lake."""
    combat = state.combat
    assert combat is not None
    if stack_at(state, label):
        return []
    found = []
    for uid in (*combat.attackers, *combat.leaders):
        unit = state.units[uid]
        if not unit.on_map or unit.side != combat.side or unit.hex in combat.targets or unit.riding:
            continue
        if terrain(label) == "lake" and not unit.is_helicopter:
            continue
        found.append(unit)
    return found if any(not u.is_leader for u in found) else []


def advance_error(state: WargameState, uids: tuple[str, ...]) -> str:
    """Why advancing uids into the next vacated hex is not allowed ("" if it is)."""
    combat = state.combat
    assert combat is not None and combat.pending
    allowed = {u.uid for u in advancers(state, combat.pending[0])}
    if len(set(uids)) != len(uids) or not set(uids) <= allowed:
        return "only attackers of this combat that are still able may advance"
    units = [state.units[uid] for uid in uids]
    if uids and all(u.is_leader for u in units):
        return "leaders advance only with combat units"
    if stacking_count(units) > STACKING_LIMIT:
        return "no more than three units may advance"
    return ""


def advance(state: WargameState, uids: tuple[str, ...], events: list[Event]) -> None:
    """Move uids (checked) into the next vacated hex and go on to the following one."""
    combat = state.combat
    assert combat is not None
    label = combat.pending[0]
    units = [state.units[uid] for uid in uids]
    movers = [*units, *(u for u in state.on_map() if u.riding in uids)]
    for unit in movers:
        state.put(replace(unit, hex=label))
    if units:
        events.append(
            Event(
                "advance",
                f"{describe(units)} advance{'s' if len(units) == 1 else ''} into {hex_name(label)}",
                combat.side,
                state.turn,
            )
        )
        enter(state, movers, [label], events)
    state.combat = replace(combat, pending=combat.pending[1:])
