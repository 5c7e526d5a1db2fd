"""Applying each kind of move to a (cloned) state: check it against the rules, then change the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core.game import IllegalMove
from core.wargame.board import OFF_MAP, STACKING_LIMIT, hex_name, map_labels, stack_at, stacking_count, terrain
from core.wargame.casualties import kill_leader, remove, switch_side
from core.wargame.combat import attack_error, bugout_hexes, current_column, declare, strengths
from core.wargame.encounters import enter, flee_hexes, flee_to
from core.wargame.events import Event
from core.wargame.flow import end_move_phase, must_move_out, next_phase, subversion_error, window
from core.wargame.movement import boarding_helicopter, can_leave_map, group_error, group_of, relocate, route
from core.wargame.moves import (
    Advance,
    Attack,
    AutoPlace,
    BugOut,
    ChooseLosses,
    Disband,
    Disembark,
    EndPhase,
    Flee,
    MoveUnits,
    Place,
    Retreat,
    Subvert,
    WargameMove,
)
from core.wargame.placement import auto_place, place_next, rule_hexes
from core.wargame.resolve import advance, advance_error, losses_owed, retreat, take_losses
from core.wargame.retreat import retreat_error
from core.wargame.state import WargameState
from core.wargame.units import FLED, SIDE_NAMES, describe


def play(state: WargameState, seat: int, move: WargameMove, events: list[Event]) -> None:
    """Apply move for seat to state (a clone); IllegalMove if the rules forbid it."""
    open_window = window(state)
    handler = HANDLERS.get((open_window, type(move)))
    if handler is None:
        raise IllegalMove(f"a {move.kind} move is not possible in the {open_window} window")
    _refuse(_label_error(move))
    handler(state, seat, move, events)


def _label_error(move: WargameMove) -> str:
    """Why a hex the move names is none of the map's ("" if each is one), spelt exactly as the map spells it: the
    rules compare labels as they are, so "a8" for A8 had put a unit where no rule could see it."""
    named = [getattr(move, name) for name in ("hex", "to") if hasattr(move, name)]
    named += [*getattr(move, "path", ()), *getattr(move, "targets", ()), *(to for _, to in getattr(move, "moves", ()))]
    wrong = [label for label in named if label not in map_labels() and label not in ("", OFF_MAP)]
    return f"{wrong[0]!r} is no hex of the map" if wrong else ""


def _refuse(reason: str) -> None:
    if reason:
        raise IllegalMove(reason)


def _place(state: WargameState, seat: int, move: Place, events: list[Event]) -> None:
    _refuse("" if move.hex in rule_hexes(state, state.queue[0]) else f"{move.hex} is not a legal hex for that unit")
    place_next(state, move.hex, events)


def _auto_place(state: WargameState, seat: int, move: AutoPlace, events: list[Event]) -> None:
    auto_place(state, events)


def _move(state: WargameState, seat: int, move: MoveUnits, events: list[Event]) -> None:
    _refuse(group_error(state, seat, move.units))
    group = group_of(state, move.units)
    start = group[0].hex
    who = f"Turn {state.turn}, {SIDE_NAMES[seat]}: {describe(group)}"
    if move.to == OFF_MAP:
        _refuse("" if can_leave_map(state, move.units) and not move.path else "these units cannot leave the map")
        for unit in group:
            state.moved.add(unit.uid)
            if unit.is_leader:
                if state.units[unit.uid].on_map:
                    kill_leader(state, state.units[unit.uid], "leaves the country", events, status=FLED)
            else:
                remove(state, state.units[unit.uid], "leaves the map", events, status=FLED)
        return
    path = route(state, move.units, move.to, move.path)
    _refuse("" if path else f"{move.to} is out of reach for these units")
    assert path is not None
    relocate(state, group, move.to, boarding_helicopter(group))
    state.moved.update(u.uid for u in group)
    events.append(Event("move", f"{who} move from {hex_name(start)} to {hex_name(move.to)}", seat, state.turn))
    enter(state, [state.units[u.uid] for u in group], path[1:], events)


def _disembark(state: WargameState, seat: int, move: Disembark, events: list[Event]) -> None:
    leader = state.units.get(move.leader)
    ok = leader is not None and leader.side == seat and leader.on_map and bool(leader.riding)
    _refuse("" if ok else "only a leader of yours in a helicopter can disembark")
    assert leader is not None
    _refuse("" if {leader.uid, leader.riding}.isdisjoint(state.moved) else "a leader disembarks before moving")
    _refuse("a leader cannot step out into a lake" if terrain(leader.hex) == "lake" else "")
    state.put(replace(leader, riding=""))
    events.append(Event("move", f"{leader.title} leaves his helicopter", seat, state.turn))


def _end_move(state: WargameState, seat: int, move: EndPhase, events: list[Event]) -> None:
    blocked = must_move_out(state, seat)
    _refuse(f"move units out of over-stacked {', '.join(blocked)} first" if blocked else "")
    end_move_phase(state, events)


def _end_attack(state: WargameState, seat: int, move: EndPhase, events: list[Event]) -> None:
    next_phase(state, events)


def _attack(state: WargameState, seat: int, move: Attack, events: list[Event]) -> None:
    _refuse(attack_error(state, seat, move))
    declare(state, seat, move, events)


def _bug_out(state: WargameState, seat: int, move: BugOut, events: list[Event]) -> None:
    combat = state.combat
    assert combat is not None
    _refuse("" if move.leader in combat.pending else "that leader has no bug-out decision to make")
    leader = state.units[move.leader]
    if move.to:
        _refuse("" if move.to in bugout_hexes(state, leader) else f"{leader.name} cannot bug out to {move.to}")
        where = hex_name(leader.hex)
        flee_to(state, leader, move.to, events)
        att, dfn = strengths(state, combat)  # who bugs out does not count in the defence
        text = f"Without him {where} defends with {dfn}: {att} to {dfn}, {current_column(state, combat, False)}"
        events.append(Event("flee", text, leader.side, state.turn))
    pending = tuple(uid for uid in combat.pending if uid != move.leader)
    state.combat = replace(combat, pending=pending)


def _losses(state: WargameState, seat: int, move: ChooseLosses, events: list[Event]) -> None:
    _, candidates, count = losses_owed(state)
    allowed = {u.uid for u in candidates}
    ok = (
        len(move.units) == min(count, len(allowed))
        and set(move.units) <= allowed
        and len(set(move.units)) == len(move.units)
    )
    _refuse("" if ok else f"choose {min(count, len(allowed))} of the units in this combat")
    take_losses(state, move.units, events)


def _retreat(state: WargameState, seat: int, move: Retreat, events: list[Event]) -> None:
    combat = state.combat
    assert combat is not None
    label = combat.pending[0]
    moves = dict(move.moves)
    _refuse("" if len(moves) == len(move.moves) else "name each retreating unit once")
    _refuse(retreat_error(state, label, moves))
    retreat(state, label, moves, events)
    state.combat = replace(combat, pending=combat.pending[1:])


def _advance(state: WargameState, seat: int, move: Advance, events: list[Event]) -> None:
    _refuse(advance_error(state, move.units))
    advance(state, move.units, events)


def _flee(state: WargameState, seat: int, move: Flee, events: list[Event]) -> None:
    _refuse("" if move.leader == state.flee[0] else f"{state.flee[0]} must flee first")
    leader = state.units[move.leader]
    _refuse("" if move.to in flee_hexes(state, leader) else f"{leader.name} cannot flee to {move.to}")
    state.flee.pop(0)
    flee_to(state, leader, move.to, events)


def _subvert(state: WargameState, seat: int, move: Subvert, events: list[Event]) -> None:
    if move.units:
        _refuse(subversion_error(state, move.units))
        before = {u.uid for u in state.on_map()}
        for uid in move.units:
            unit = state.units[uid]
            switch_side(state, unit, unit.hex, events)
        state.no_attack.difference_update({u.uid for u in state.on_map()} - before)  # they act normally
    else:
        events.append(Event("subvert", "The rebels subvert nobody", seat, state.turn))
    next_phase(state, events)


def _disband(state: WargameState, seat: int, move: Disband, events: list[Event]) -> None:
    label = state.disband[0]
    own = [u for u in stack_at(state, label) if u.side == seat and u.stacks]
    excess = stacking_count(own) - STACKING_LIMIT
    ok = len(set(move.units)) == len(move.units) == excess and set(move.units) <= {u.uid for u in own}
    _refuse("" if ok else f"choose {excess} units of {label} to give up")
    for uid in move.units:
        remove(state, state.units[uid], "is disbanded (over-stacked)", events)
    state.disband.pop(0)
    if not state.disband:
        next_phase(state, events)


HANDLERS: dict[tuple[str, type[WargameMove]], Callable[[WargameState, int, Any, list[Event]], None]] = {
    ("place", Place): _place,
    ("place", AutoPlace): _auto_place,
    ("move", MoveUnits): _move,
    ("move", Disembark): _disembark,
    ("move", EndPhase): _end_move,
    ("attack", Attack): _attack,
    ("attack", EndPhase): _end_attack,
    ("bugout", BugOut): _bug_out,
    ("attacker_losses", ChooseLosses): _losses,
    ("defender_losses", ChooseLosses): _losses,
    ("retreat", Retreat): _retreat,
    ("advance", Advance): _advance,
    ("flee", Flee): _flee,
    ("subvert", Subvert): _subvert,
    ("disband", Disband): _disband,
}
