"""The legal moves of a seat (movement and attacks: a representative set; apply accepts any legal one)."""

from __future__ import annotations

from itertools import combinations

from core.wargame.board import OFF_MAP, STACKING_LIMIT, adjacent, stack_at, stacking_count, stacks, terrain
from core.wargame.combat import attack_error, attackable, bugout_hexes, can_attack, surrounded
from core.wargame.crt import attack_odds
from core.wargame.encounters import flee_hexes
from core.wargame.flow import must_move_out, owed, subversion_targets, window
from core.wargame.movement import can_leave_map, reach_all
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
from core.wargame.placement import rule_hexes
from core.wargame.resolve import advancers, losses_owed
from core.wargame.retreat import retreat_choices
from core.wargame.state import WargameState
from core.wargame.units import CARRIERS, Unit


def legal_moves(state: WargameState, seat: int) -> tuple[WargameMove, ...]:
    """The moves seat may make now (empty unless it owes the open decision)."""
    if owed(state) != seat:
        return ()
    open_window = window(state)
    if open_window == "place":
        return (*(Place(label) for label in rule_hexes(state, state.queue[0])), AutoPlace())
    if open_window == "move":
        return movement_moves(state, seat)
    if open_window == "attack":
        return (*attack_moves(state, seat), EndPhase())
    if open_window == "subvert":
        return (*(Subvert(units) for units in subversion_targets(state)), Subvert())
    if open_window == "flee":
        leader = state.units[state.flee[0]]
        return tuple(Flee(leader.uid, label) for label in flee_hexes(state, leader))
    if open_window == "bugout":
        return bugout_moves(state)
    if open_window in ("attacker_losses", "defender_losses"):
        _, candidates, count = losses_owed(state)
        return tuple(ChooseLosses(units) for units in _distinct_choices(candidates, count, _riders(state)))
    if open_window == "retreat":
        return retreat_moves(state)
    if open_window == "advance":
        return advance_moves(state)
    if open_window == "disband":
        own = [u for u in stack_at(state, state.disband[0]) if u.side == seat and u.stacks]
        surplus = stacking_count(own) - STACKING_LIMIT
        return tuple(Disband(units) for units in _distinct_choices(own, surplus, _riders(state)))
    return ()


def _riders(state: WargameState) -> dict[str, list[str]]:
    """The kinds of the leaders riding each carrier, by its id."""
    riders: dict[str, list[str]] = {}
    for unit in state.on_map():
        if unit.riding:
            riders.setdefault(unit.riding, []).append(unit.kind)
    return riders


def _distinct_choices(units: list[Unit], count: int, riders: dict[str, list[str]]) -> list[tuple[str, ...]]:
    """Each way to pick count of units that differs in what is lost (same kind, hex and riders count once: a
    helicopter carrying a leader is not an empty one; riders as _riders gives them)."""
    seen, found = set(), []
    for combo in combinations(units, min(count, len(units))):
        signature = tuple(sorted((u.hex, u.kind, *sorted(riders.get(u.uid, ()))) for u in combo))
        if signature not in seen:
            seen.add(signature)
            found.append(tuple(sorted(u.uid for u in combo)))
    return found


def movement_moves(state: WargameState, seat: int) -> tuple[WargameMove, ...]:
    """Each unmoved unit alone to each hex it can reach, each hex's whole ground stack, carriers with the leaders
    beside them, leaving the map, leaders leaving their helicopters; and ending the phase when allowed."""
    moves: list[WargameMove] = []
    for units, found in reach_all(state, _movable_groups(state, seat)).items():
        moves.extend(MoveUnits(units, label) for label in found)
        if can_leave_map(state, units, found):
            moves.append(MoveUnits(units, OFF_MAP))
    for unit in state.on_map():
        fresh = {unit.uid, unit.riding}.isdisjoint(state.moved)
        if unit.side == seat and unit.riding and fresh and terrain(unit.hex) != "lake":
            moves.append(Disembark(unit.uid))
    if not must_move_out(state, seat):
        moves.append(EndPhase())
    return tuple(moves)


def _movable_groups(state: WargameState, seat: int) -> list[tuple[str, ...]]:
    groups: list[tuple[str, ...]] = []
    for _, here in sorted(stacks(state).items()):
        free = [u for u in here if u.side == seat and u.uid not in state.moved and not u.riding]
        groups.extend((u.uid,) for u in free)
        leaders = tuple(u.uid for u in free if u.is_leader)
        ground = tuple(sorted(u.uid for u in free if not u.is_helicopter))
        if len(ground) > 1 and any(not state.units[uid].is_leader for uid in ground):
            groups.append(ground)
        if leaders:
            groups.extend(tuple(sorted((u.uid, *leaders))) for u in free if u.kind in CARRIERS)
    return list(dict.fromkeys(groups))


def attack_moves(state: WargameState, seat: int) -> list[Attack]:
    """Per attackable hex: all eligible adjacent attackers with their unused leaders, and each adjacent stack alone;
    with a call to surrender where the rule allows it."""
    occupied = stacks(state)
    moves: list[Attack] = []
    targets = sorted(label for label in occupied if attackable(state, seat, label))
    for target in targets:
        near = [label for label in adjacent(target) if label in occupied]
        groups = []
        by_hex = [[u for u in occupied[label] if u.side == seat and can_attack(state, u)] for label in near]
        by_hex = [g for g in by_hex if g]
        if len(by_hex) > 1:
            groups.append([u for g in by_hex for u in g])
        groups.extend(by_hex)
        for group in groups:
            attackers = tuple(sorted(u.uid for u in group))
            hexes = {u.hex for u in group}
            leaders = tuple(
                sorted(
                    u.uid
                    for label in hexes
                    for u in occupied[label]
                    if u.side == seat and u.is_leader and u.uid not in state.leaders_used
                )
            )
            move = Attack(attackers, (target,), leaders)
            if attack_error(state, seat, move):
                continue
            moves.append(move)
            odds = attack_odds(state, seat, attackers, (target,), leaders)
            if state.config.surrender and (odds.column == "3-1" or surrounded(state, target)):
                moves.append(Attack(attackers, (target,), leaders, surrender=True))
    return moves


def bugout_moves(state: WargameState) -> tuple[BugOut, ...]:
    """The first rebel leader still to decide: stay, or bug out to each free adjacent hex."""
    combat = state.combat
    assert combat is not None
    leader = state.units[combat.pending[0]]
    return (BugOut(leader.uid), *(BugOut(leader.uid, label) for label in bugout_hexes(state, leader)))


def retreat_moves(state: WargameState) -> tuple[Retreat, ...]:
    """Each allowed retreat of the next hex, each leader to each hex open to him."""
    combat = state.combat
    assert combat is not None
    return tuple(Retreat(tuple(sorted(moves.items()))) for moves in retreat_choices(state, combat.pending[0]))


def advance_moves(state: WargameState) -> tuple[Advance, ...]:
    """Staying, and each group of up to three eligible combat units with each group of the eligible leaders (units
    alike from one hex count once)."""
    combat = state.combat
    assert combat is not None
    units = advancers(state, combat.pending[0])
    fighters = [u for u in units if not u.is_leader]
    leaders = [u for u in units if u.is_leader]
    riders = _riders(state)
    moves = [Advance()]
    for size in range(1, len(fighters) + 1):
        for group in _distinct_choices(fighters, size, riders):
            if stacking_count(state.units[uid] for uid in group) > STACKING_LIMIT:
                continue
            for count in range(len(leaders) + 1):
                for led in _distinct_choices(leaders, count, riders):
                    moves.append(Advance(tuple(sorted((*group, *led)))))
    return tuple(dict.fromkeys(moves))
