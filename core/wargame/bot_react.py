"""The wargame bot's answers inside a combat and after moves: losses, retreats, advances, bug-outs, flights."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from random import Random

from core.wargame.board import stack_at
from core.wargame.bot_eval import Situation, hold_value, outcomes, unit_value
from core.wargame.casualties import leaders_lost_with
from core.wargame.combat import surrender_modifier, surrounded
from core.wargame.crt import attack_strength, column, defence
from core.wargame.moves import Advance, BugOut, ChooseLosses, Disband, Flee, Retreat, WargameMove
from core.wargame.units import Unit

BUG_OUT_RISK = 0.1  # a leader leaves a stack that dies on more than this share of the dice


def choose_losses(sit: Situation, rng: Random, extra: Callable[[tuple[str, ...]], float] | None = None) -> WargameMove:
    """The cheapest units to lose (ChooseLosses or Disband): weakest first, never the last unit guarding leaders
    or holding a strategic hex if another choice exists, never a helicopter carrying a leader (extra, if given,
    adds its own cost of losing each set of units)."""
    options = [m for m in sit.view.legal if isinstance(m, (ChooseLosses, Disband))]
    more = extra or (lambda uids: 0.0)
    return min(options, key=lambda m: loss_cost(sit, m.units) + more(m.units) + rng.random() * 0.01)


def loss_cost(sit: Situation, uids: tuple[str, ...]) -> float:
    """What losing uids costs the side: their values, leaders left alone or riding them, strategic hexes given up."""
    lost = [sit.view.unit(uid) for uid in uids]
    cost = sum(unit_value(u) for u in lost) + sum(unit_value(u) for u in leaders_lost_with(sit.view, uids))
    gone = set(uids)
    for label in sorted({u.hex for u in lost}):
        left = [u for u in stack_at(sit.view, label) if u.side == sit.side and not u.is_leader and u.uid not in gone]
        if not any(u.stacks for u in left):
            cost += hold_value(label)
    return cost


def join_value(sit: Situation, label: str, arriving: list[Unit]) -> float:
    """How much the side gains by arriving units ending in label."""
    there = [u for u in sit.own(label) if u not in arriving]
    return sit.local_value(label, there + arriving) - sit.local_value(label, there)


def choose_retreat(sit: Situation, rng: Random) -> WargameMove:
    """The allowed retreat whose destinations are best: toward friends and strategic hexes, away from threats."""
    options = [m for m in sit.view.legal if isinstance(m, Retreat)]

    def score(move: Retreat) -> float:
        by_hex: dict[str, list[Unit]] = defaultdict(list)
        for uid, label in move.moves:
            by_hex[label].append(sit.view.unit(uid))
        return sum(join_value(sit, label, units) for label, units in by_hex.items()) + rng.random() * 0.01

    return max(options, key=score)


def choose_advance(sit: Situation, rng: Random, extra: Callable[[Advance], float] | None = None) -> WargameMove:
    """Advance into the vacated hex when holding it is worth more than where the units stand now (extra, if given,
    adds its own worth of each advance)."""
    combat = sit.view.combat
    assert combat is not None
    label = combat.pending[0]
    best: tuple[float, WargameMove] = (0.0, Advance())
    for move in sit.view.legal:
        if not isinstance(move, Advance) or not move.units:
            continue
        units = [sit.view.unit(uid) for uid in move.units]
        gain = sit.local_value(label, units)
        for source in sorted({u.hex for u in units}):
            here = sit.own(source)
            gain += sit.local_value(source, [u for u in here if u not in units]) - sit.local_value(source, here)
        gain += 0.6 * sum(
            sit.distance_to_objective(u.hex) - sit.distance_to_objective(label) for u in units if not u.is_leader
        )
        gain += (extra(move) if extra is not None else 0.0) + rng.random() * 0.01
        if gain > best[0]:
            best = (gain, move)
    return best[1]


def choose_bug_out(sit: Situation, rng: Random) -> WargameMove:
    """A rebel leader stays to lead the defence unless his stack dies too often; then he leaves for the best
    free hex."""
    combat = sit.view.combat
    assert combat is not None
    leader = sit.view.unit(combat.pending[0])
    options = [m for m in sit.view.legal if isinstance(m, BugOut) and m.to]
    if not options or death_chance(sit, leader) <= BUG_OUT_RISK:
        return BugOut(leader.uid)
    return max(options, key=lambda m: join_value(sit, m.to, [leader]) + rng.random() * 0.01)


def death_chance(sit: Situation, leader: Unit) -> float:
    """The share of dice on which the attacked stack of leader is wiped out (or surrenders) if he stays."""
    combat = sit.view.combat
    assert combat is not None
    label = leader.hex
    fighters = [u for u in stack_at(sit.view, label) if not u.is_leader and u.side != combat.side]
    strength = attack_strength(sit.view, combat.attackers, combat.leaders)
    col = column(strength, defence(sit.view, combat.side, combat.targets)) or "1-4"
    trapped = surrounded(sit.view, label)
    dying = sum(1 for _a, lost, retreat in outcomes(col) if lost >= len(fighters) or (retreat and trapped)) / 6
    if combat.surrender:
        modifier = surrender_modifier(sit.view, combat)
        dying = max(dying, sum(1 for die in range(1, 7) if die + modifier <= 2) / 6)
    return dying


def choose_flight(sit: Situation, rng: Random) -> WargameMove:
    """A lone rebel leader flees to the hex where he is safest (with friends, away from government units)."""
    options = [m for m in sit.view.legal if isinstance(m, Flee)]
    leader = sit.view.unit(options[0].leader)
    return max(options, key=lambda m: join_value(sit, m.to, [leader]) + rng.random() * 0.01)
