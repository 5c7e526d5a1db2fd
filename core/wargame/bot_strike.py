"""The sound bot's strikes: concentrated attacks planned in the move phase (per enemy stack, the cheapest set of
units that can reach the hexes next to it for the best odds worth having), the weakly held strategic hexes the rebels
head for, and the points they score at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.wargame.board import STACKING_LIMIT, adjacent, stacking_count, strategic_hexes
from core.wargame.bot_eval import Situation, unit_value
from core.wargame.bot_hold import kept, strike_bonus
from core.wargame.crt import COLUMNS, column, hex_defence
from core.wargame.moves import MoveUnits
from core.wargame.units import Unit

WORTH_STRIKING = 1.0  # the least a plan must be expected to earn, over what its moves cost
BEST_ODDS = 3.0  # no more strength than 3-1 needs
SOFT_DEFENCE = 8  # a strategic hex held no stronger than this is one to head for
LONGEST_PLANNED = "1-1"  # longer odds are taken by units already in place, never planned
VP_NOW = 7.0  # a strategic hex the rebels hold when their turn ends is a victory point scored at once


@dataclass(frozen=True)
class Strike:
    """A plan: the target hex, its worth (the attack's expected value less its moves' cost) and the moves still to
    make, cheapest unit first."""

    target: str
    worth: float
    moves: tuple[MoveUnits, ...]


def choose_strike(sit: Situation, longest: Callable[[Situation, str], str]) -> MoveUnits | None:
    """The next move of the most valuable strike at odds no longer than longest allows (and never below 1-1), or
    None when no strike still needs a move (or none is worth it)."""
    routes = strike_routes(sit)
    best: Strike | None = None
    for target in sorted(sit.occupied):
        if not _enemy_force(sit, target):
            continue
        odds = COLUMNS[max(COLUMNS.index(longest(sit, target)), COLUMNS.index(LONGEST_PLANNED))]
        plan = plan_strike(sit, target, routes, odds)
        if plan is not None and plan.moves and (best is None or plan.worth > best.worth):
            best = plan
    return best.moves[0] if best is not None else None


def strike_routes(sit: Situation) -> dict[str, list[MoveUnits]]:
    """Per combat unit of the side that may still move and attack, its legal moves on its own; units next to an
    enemy stack they can already attack at 1-1 or better have their own fight and stay."""
    engaged = {n for label in sorted(sit.occupied) if _ready(sit, label) for n in adjacent(label)}
    routes: dict[str, list[MoveUnits]] = {}
    for move in sit.view.legal:
        if isinstance(move, MoveUnits) and len(move.units) == 1:
            unit = sit.view.unit(move.units[0])
            if not unit.is_leader and sit.can_attack(unit) and unit.hex not in engaged:
                routes.setdefault(unit.uid, []).append(move)
    return routes


def plan_strike(sit: Situation, target: str, routes: dict[str, list[MoveUnits]], longest: str) -> Strike | None:
    """The best strike on target: the units already next to it, and of the units that can get there (least
    missed where they stand first), as many as the best odds worth having need; None if no odds reach longest."""
    defence = hex_defence(sit.foes(target), target)
    around = set(adjacent(target))
    room = {n: STACKING_LIMIT - stacking_count(sit.own(n)) for n in sorted(around) if not sit.foes(n)}
    ready = sit.strength_next_to(target)
    options: list[tuple[float, Unit, list[MoveUnits]]] = []
    for uid in sorted(routes):
        unit = sit.view.unit(uid)
        if unit.hex in around:
            continue
        ends = [m for m in routes[uid] if m.to in room]
        if ends:
            options.append((_leave_cost(sit, unit) / max(unit.strength, 1), unit, ends))
    options.sort(key=lambda o: (o[0], -o[1].strength, o[1].uid))
    best: Strike | None = None
    strength, cost, moves, bonus = ready, 0.0, [], strike_bonus(sit, target)
    if column(int(ready), defence) and COLUMNS.index(column(int(ready), defence)) >= COLUMNS.index(longest):
        best = Strike(target, sit.attack_value(target, int(ready)) + bonus, ())
    for per_point, unit, ends in options:
        if defence and strength >= BEST_ODDS * defence:
            break
        free = [m for m in ends if room[m.to] > 0]
        if not free:
            continue
        move = min(free, key=lambda m: (sit.threat(m.to), m.to))
        room[move.to] -= 1
        strength += unit.strength
        cost += per_point * unit.strength
        moves.append(move)
        col = column(int(strength), defence)
        if not col or COLUMNS.index(col) < COLUMNS.index(longest):
            continue
        worth = sit.attack_value(target, int(strength), loss_value=unit_value(unit)) + bonus - cost
        if worth > WORTH_STRIKING and (best is None or worth > best.worth):
            best = Strike(target, worth, tuple(moves))
    return best


def _leave_cost(sit: Situation, unit: Unit) -> float:
    """What the side's stack where unit stands loses when it leaves (its hold of a strategic hex, its defence)."""
    here = sit.own(unit.hex)
    left = [u for u in here if u != unit]
    lost = sit.local_value(unit.hex, here) - sit.local_value(unit.hex, left)
    return max(0.0, lost + kept(sit, unit.hex, here) - kept(sit, unit.hex, left))


def _enemy_force(sit: Situation, label: str) -> bool:
    """Whether enemy combat units stand in label."""
    return any(not u.is_leader for u in sit.foes(label))


def aim_at_soft(sit: Situation) -> Situation:
    """sit, its units heading for the strategic hexes the enemy holds weakly or not at all (all of them if it holds
    each one strongly): a fortress full of tanks is no place to march to."""
    soft = [label for label in sit.objectives if hex_defence(sit.foes(label), label) <= SOFT_DEFENCE]
    sit.objectives = soft or sit.objectives
    return sit


def scored_now(label: str, units: list[Unit]) -> float:
    """What the rebels' units standing in label when their turn ends score at once: a victory point if it is a
    strategic hex they hold (the points are counted right after the rebels' attacks)."""
    return VP_NOW if label in strategic_hexes() and any(u.stacks for u in units) else 0.0


def _ready(sit: Situation, label: str) -> bool:
    """Whether the side's units next to label can already attack the enemy stack there at 1-1 or better."""
    if not _enemy_force(sit, label):
        return False
    col = column(int(sit.strength_next_to(label)), hex_defence(sit.foes(label), label))
    return bool(col) and COLUMNS.index(col) >= COLUMNS.index(LONGEST_PLANNED)
