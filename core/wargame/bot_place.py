"""The wargame bot's placements (set-up, reinforcements, mobs) and its choice of units to subvert."""

from __future__ import annotations

from random import Random

from core.wargame.board import adjacent, controller, is_city, strategic_hexes
from core.wargame.bot_eval import APPROACH, Situation, hold_value, unit_value
from core.wargame.moves import AutoPlace, Place, Subvert, WargameMove
from core.wargame.units import LEADER, MAP, REBELS, Unit


def choose_place(sit: Situation, rng: Random) -> WargameMove:
    """The legal hex where the queue's head adds most: holding or guarding strategic hexes, shielding threatened
    stacks and leaders, setting up attacks, close to the strategic hexes still to take."""
    placement = sit.view.queue[0]
    options = [m for m in sit.view.legal if isinstance(m, Place)]
    if not options:
        return AutoPlace()
    if placement.kind == LEADER:
        return max(options, key=lambda m: _leader_spot(sit, m.hex) + rng.random() * 0.01)
    return max(options, key=lambda m: _unit_spot(sit, placement.kind, placement.count, m.hex) + rng.random() * 0.01)


def _leader_spot(sit: Situation, label: str) -> float:
    """Rebel leaders set up in city hexes their units can hold (strategic ones first, the Radio Station best), apart
    from each other, away from government troops."""
    enemies_near = sum(1 for n in (label, *adjacent(label)) for u in sit.foes(n) if not u.is_leader)
    leaders_here = sum(1 for u in sit.own(label) if u.is_leader)
    free_strategic = label in strategic_hexes() and controller(sit.state, label) is None
    return (
        (hold_value(label) if free_strategic else 0.0)
        - 20.0 * enemies_near
        - sit.threat(label) / 4
        - 8.0 * leaders_here
        - APPROACH * sit.distance_to_objective(label)
    )


def _unit_spot(sit: Situation, kind: str, count: int, label: str) -> float:
    new = [Unit(f"new-{i}", sit.side, kind, label, MAP) for i in range(count)]
    here = sit.own(label)
    gain = sit.local_value(label, here + new) - sit.local_value(label, here)
    strength = sum(u.strength for u in new)
    for target in adjacent(label):
        if any(u.side == sit.enemy and not u.is_leader for u in sit.occupied.get(target, ())):
            before = sit.strength_next_to(target)
            gain += max(0.0, sit.attack_value(target, int(before + strength))) - max(
                0.0, sit.attack_value(target, int(before)) if before else 0.0
            )
    gain -= APPROACH * count * sit.distance_to_objective(label)
    if sit.side == REBELS and not is_city(label):
        gain -= 1.0  # city hexes are where the rebels' support is
    return gain


def choose_subversion(sit: Situation, rng: Random) -> WargameMove:
    """Subvert the most valuable stack (a strategic hex it holds counts double), else nobody."""
    options = [m for m in sit.view.legal if isinstance(m, Subvert) and m.units]
    if not options:
        return Subvert()

    def worth(move: Subvert) -> float:
        units = [sit.state.units[uid] for uid in move.units]
        return 2 * sum(unit_value(u) for u in units) + 2 * hold_value(units[0].hex) + rng.random() * 0.01

    return max(options, key=worth)
