"""Declaring attacks: who may attack which hexes, the odds, surrender calls, and leaders bugging out."""

from __future__ import annotations

from core.wargame.board import Board, adjacent, hex_name, is_fortified, on_board, stack_at, terrain
from core.wargame.crt import attack_odds, attack_strength, column, defence
from core.wargame.events import Event
from core.wargame.moves import Attack
from core.wargame.retreat import retreat_hexes
from core.wargame.state import Combat, WargameState
from core.wargame.units import GOVERNMENT, GUARDS, REBELS, SIDE_NAMES, Unit, describe


def can_attack(board: Board, unit: Unit) -> bool:
    """Whether unit may still attack this turn (combat units only, once a turn, not just captured)."""
    return unit.on_map and not unit.is_leader and unit.uid not in board.attacked and unit.uid not in board.no_attack


def attackable(board: Board, side: int, label: str) -> bool:
    """Whether side may attack hex label: it holds enemy combat units, one of them not yet attacked this turn."""
    enemies = [u for u in stack_at(board, label) if u.side != side and not u.is_leader]
    return any(u.uid not in board.defended for u in enemies)


def surrounded(board: Board, label: str) -> bool:
    """Whether no defender in label has a hex to retreat to."""
    return not any(retreat_hexes(board, u) for u in stack_at(board, label) if not u.is_leader)


def attack_error(board: Board, side: int, move: Attack) -> str:
    """Why move is not a legal attack for side now ("" if it is)."""
    if not move.attackers or not move.targets:
        return "an attack needs attackers and target hexes"
    if len(set(move.attackers)) != len(move.attackers) or len(set(move.targets)) != len(move.targets):
        return "name each attacker and target once"
    units = [board.find(uid) for uid in move.attackers]
    if any(u is None or u.side != side or not can_attack(board, u) for u in units):
        return "attackers must be your combat units on the board that have not attacked this turn"
    if any(not on_board(label) or not attackable(board, side, label) for label in move.targets):
        return "every target must be a hex of enemy units not yet attacked this turn"
    if any(label not in adjacent(u.hex) for u in units if u is not None for label in move.targets):
        return "every attacker must be next to every target hex"
    attack_hexes = {u.hex for u in units if u is not None}
    if len(set(move.leaders)) != len(move.leaders):
        return "name each leader once"
    for uid in move.leaders:
        leader = board.find(uid)
        if leader is None or leader.side != side or not leader.is_leader or not leader.on_map:
            return "only your leaders on the board lend their bonus"
        if leader.hex not in attack_hexes or uid in board.leaders_used:
            return f"{leader.name} must be stacked with an attacker and lend his bonus once a turn"
    odds = attack_odds(board, side, move.attackers, move.targets, move.leaders)
    if not odds.valid:
        return f"{odds.attack} against {odds.defence} is worse than 1-4"
    if move.surrender:
        if not board.config.surrender:
            return "the surrender rule is off"
        if len(move.targets) != 1:
            return "surrender may be called against one hex at a time"
        if odds.column != "3-1" and not surrounded(board, move.targets[0]):
            return "surrender may be called only at 3-1 or against a surrounded hex"
    return ""


def describe_attack(state: WargameState, side: int, move: Attack) -> str:
    """ "Turn 3, rebels: 2 irregulars attack G5 (Police Station) at 1-2 (4 to 6)"."""
    who = describe(state.units[uid] for uid in move.attackers)
    if move.leaders:
        who += f" led by {len(move.leaders)} leader{'s' if len(move.leaders) > 1 else ''}"
    where = ", ".join(hex_name(label) for label in move.targets)
    odds = attack_odds(state, side, move.attackers, move.targets, move.leaders)
    call = ", calling for surrender" if move.surrender else ""
    return (
        f"Turn {state.turn}, {SIDE_NAMES[side]}: {who} attack "
        f"{where} at {odds.column} ({odds.attack} to {odds.defence}){call}"
    )


def declare(state: WargameState, side: int, move: Attack, events: list[Event]) -> None:
    """Open the combat of a legal attack: the attackers, leaders and defenders are spent for the turn; rebel
    leaders on the ground in the attacked hexes then choose whether to bug out."""
    events.append(Event("attack", describe_attack(state, side, move), side, state.turn))
    state.attacked.update(move.attackers)
    state.leaders_used.update(move.leaders)
    defenders = [u for label in move.targets for u in stack_at(state, label) if u.side != side]
    state.defended.update(u.uid for u in defenders)
    bugging = tuple(u.uid for u in defenders if u.side == REBELS and u.is_leader and not u.riding)
    state.combat = Combat(side, move.attackers, move.targets, move.leaders, move.surrender, "bugout", bugging)


def bugout_hexes(board: Board, leader: Unit) -> list[str]:
    """Where a rebel leader may bug out to: an adjacent hex on the map, not a lake, free of government counters."""
    return [
        label
        for label in adjacent(leader.hex)
        if terrain(label) != "lake" and not any(u.side == GOVERNMENT for u in stack_at(board, label))
    ]


def surrender_modifier(board: Board, combat: Combat) -> int:
    """+1 defending Guards, +1 fortified, +1 a leader with the defenders, -1 a leader among the attackers."""
    label = combat.targets[0]
    here = [u for u in stack_at(board, label) if u.side != combat.side]
    modifier = int(any(u.kind == GUARDS for u in here)) + int(is_fortified(label))
    modifier += int(any(u.is_leader for u in here)) - int(bool(combat.leaders))
    return modifier


def current_column(board: Board, combat: Combat, infuriated: bool) -> str:
    """The column of the combat as the board stands (leaders who bugged out gone); an infuriated defence that
    drops below 1-4 fights at 1-4."""
    return column(*strengths(board, combat, infuriated)) or "1-4"


def strengths(board: Board, combat: Combat, infuriated: bool = False) -> tuple[int, int]:
    """The attack's and the defence's strengths as the board stands."""
    att = attack_strength(board, combat.attackers, combat.leaders)
    return att, defence(board, combat.side, combat.targets, infuriated)
