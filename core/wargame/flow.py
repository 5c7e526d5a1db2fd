"""The turn sequence: phases, who owes the open decision, victory points, game end, automatic steps."""

from __future__ import annotations

from itertools import combinations

from core.wargame.board import controller, hex_name, overstacked, stack_at, strategic_hexes
from core.wargame.encounters import settle_flight
from core.wargame.events import Event
from core.wargame.movement import reach
from core.wargame.placement import drop_unplaceable, setup_queue
from core.wargame.reinforcements import reinforcement_queue
from core.wargame.resolve import losses_owed, progress
from core.wargame.state import WargameState
from core.wargame.units import GOVERNMENT, GUARDS, REBELS, SIDE_NAMES, WINS, Unit

WINNING_LEAD = 15
SUBVERSION_STRENGTH = 6
PHASE_NAMES = {
    "setup": "set-up",
    "reinforce": "reinforcements",
    "move": "move",
    "attack": "attack",
    "subvert": "subversion",
}


def window(state: WargameState) -> str:
    """The open decision: "over", "flee", a combat stage ("bugout", "attacker_losses", "defender_losses",
    "retreat", "advance"), "disband", "place" (set-up and reinforcements), "move", "attack" or "subvert"."""
    if state.winner is not None:
        return "over"
    if state.flee:
        return "flee"
    if state.combat is not None:
        return state.combat.stage
    if state.disband:
        return "disband"
    return "place" if state.phase in ("setup", "reinforce") else state.phase


def owed(state: WargameState) -> int | None:
    """The one seat that owes the open decision (None once the game is over)."""
    open_window = window(state)
    combat = state.combat
    if open_window == "over":
        return None
    if open_window in ("flee", "bugout"):
        return REBELS
    if open_window in ("attacker_losses", "defender_losses"):
        return losses_owed(state)[0]
    if open_window == "retreat" and combat is not None:
        return 1 - combat.side
    if open_window == "advance" and combat is not None:
        return combat.side
    return state.side


def begin(state: WargameState, phase: str, side: int, events: list[Event]) -> None:
    """Enter a phase: clear what it clears and roll what it rolls."""
    state.phase, state.side = phase, side
    when = f"Turn {state.turn}" if state.turn else "Set-up"
    events.append(Event("phase", f"{when}: {SIDE_NAMES[side]} {PHASE_NAMES[phase]}", side, state.turn))
    if phase == "setup":
        state.queue = setup_queue(state.config.advanced, side)
    elif phase == "reinforce":
        state.fresh.clear()
        state.queue = reinforcement_queue(state, side, events)
    elif phase == "move":
        state.moved.clear()
    elif phase == "attack":
        state.attacked.clear()
        state.leaders_used.clear()
        state.defended.clear()


def next_phase(state: WargameState, events: list[Event]) -> None:
    """Go on to the phase after the current one (counting victory points at the end of a turn)."""
    phase, side = state.phase, state.side
    if phase == "setup" and side == GOVERNMENT:
        begin(state, "setup", REBELS, events)
    elif phase == "setup":
        state.turn = 1
        begin(state, "reinforce", GOVERNMENT, events)
    elif phase == "reinforce":
        begin(state, "move", side, events)
    elif phase == "move":
        begin(state, "attack", side, events)
    elif phase == "attack" and side == GOVERNMENT:
        subversion = state.config.advanced and state.turn == 1
        begin(state, "subvert" if subversion else "reinforce", REBELS, events)
    elif phase == "subvert":
        begin(state, "reinforce", REBELS, events)
    else:
        end_turn(state, events)


def end_turn(state: WargameState, events: list[Event]) -> None:
    """Score the strategic hexes, then end the game (a 15-point lead, or the turn limit) or start the next turn."""
    held = [controller(state, label) for label in strategic_hexes()]
    for side in (GOVERNMENT, REBELS):
        state.vp[side] += held.count(side)
    text = (
        f"Turn {state.turn} ends: government holds {held.count(GOVERNMENT)}, rebels {held.count(REBELS)} "
        f"strategic hexes; score {state.vp[GOVERNMENT]} to {state.vp[REBELS]}"
    )
    events.append(Event("vp", text, None, state.turn))
    if check_lead(state, events):
        return
    limit = state.config.turn_limit
    if limit and state.turn >= limit:
        winner = REBELS if state.vp[REBELS] > state.vp[GOVERNMENT] else GOVERNMENT
        state.winner = winner
        tie = " (a tie keeps the government in power)" if state.vp[0] == state.vp[1] else ""
        events.append(Event("over", f"The turn limit is reached: {WINS[winner]}{tie}", winner, state.turn))
        return
    state.turn += 1
    state.no_attack.clear()
    begin(state, "reinforce", GOVERNMENT, events)


def check_lead(state: WargameState, events: list[Event]) -> bool:
    """End the game if a side leads by 15 points or more."""
    if state.winner is not None:
        return True
    lead = state.vp[GOVERNMENT] - state.vp[REBELS]
    if abs(lead) < WINNING_LEAD:
        return False
    state.winner = GOVERNMENT if lead > 0 else REBELS
    events.append(Event("over", f"{WINS[state.winner].capitalize()} by {abs(lead)} points", state.winner, state.turn))
    return True


def subversion_targets(state: WargameState) -> list[tuple[str, ...]]:
    """Every choice the rebels have when subverting: any one government unit, or any two standing in the same hex,
    of combined strength 6 or less, whatever else stands there; never the Guards nor a unit in the Maximum Leader's
    hex, and only where the rebels have a free counter of each kind."""
    found = []
    by_hex: dict[str, list[Unit]] = {}
    for unit in state.on_map():
        if unit.side == GOVERNMENT:
            by_hex.setdefault(unit.hex, []).append(unit)
    for label in sorted(by_hex):
        here = by_hex[label]
        if any(u.is_leader for u in here):
            continue
        candidates = [u for u in here if u.kind != GUARDS]
        for size in (1, 2):
            for group in combinations(candidates, size):
                if sum(u.strength for u in group) <= SUBVERSION_STRENGTH and _counters_free(state, group):
                    found.append(tuple(sorted(u.uid for u in group)))
    return found


def subversion_error(state: WargameState, uids: tuple[str, ...]) -> str:
    """Why the rebels may not subvert uids ("" if they may)."""
    return "" if tuple(sorted(uids)) in subversion_targets(state) else "those units cannot be subverted"


def _counters_free(state: WargameState, group: tuple[Unit, ...]) -> bool:
    """Whether the rebels' pool holds a counter for each unit of group."""
    pool = [u.kind for u in state.units.values() if u.side == REBELS and u.status == "pool"]
    return all(pool.count(u.kind) >= sum(1 for v in group if v.kind == u.kind) for u in group)


def must_move_out(state: WargameState, side: int) -> list[str]:
    """side's over-stacked hexes from which an unmoved unit can still move away (the phase cannot end yet)."""
    return [
        label
        for label in overstacked(state, side)
        if any(
            u.stacks and u.uid not in state.moved and reach(state, (u.uid,))
            for u in stack_at(state, label)
            if u.side == side
        )
    ]


def settle(state: WargameState, events: list[Event]) -> None:
    """Take every automatic step until a decision is owed or the game is over."""
    _automatic_steps(state, events)
    check_lead(state, events)


def _automatic_steps(state: WargameState, events: list[Event]) -> None:
    while not check_lead(state, events):
        settle_flight(state, events)
        if state.flee:
            return
        if state.combat is not None:
            progress(state, events)
            if state.combat is not None and not state.flee:
                return
            continue
        if state.disband:
            return
        if state.phase in ("setup", "reinforce"):
            drop_unplaceable(state, events)
            if state.queue:
                return
        elif state.phase != "subvert" or subversion_targets(state):
            return
        next_phase(state, events)


def end_move_phase(state: WargameState, events: list[Event]) -> None:
    """The mover ends his move: over-stacked hexes he could not leave must give up units (disband window)."""
    state.disband = overstacked(state, state.side)
    for label in state.disband:
        events.append(
            Event(
                "stacking",
                f"{hex_name(label)} is over-stacked and cannot be left: units must go",
                state.side,
                state.turn,
            )
        )
    if not state.disband:
        next_phase(state, events)
