"""The wargame bot's placements (set-up, reinforcements, mobs) and its choice of units to subvert."""

from __future__ import annotations

from random import Random

from core.wargame.board import STACKING_LIMIT, adjacent, is_city, stacking_count
from core.wargame.bot_eval import APPROACH, Situation, hold_value, unit_value
from core.wargame.moves import AutoPlace, Place, Subvert, WargameMove
from core.wargame.units import IRREGULAR, LEADER, MAP, MOB, REBELS, Unit

SETUP_PROSPECT, PLACE_PROSPECT = 0.6, 1.0  # the share of their next attack's worth that placed counters earn: at
# set-up the government moves first; reinforcements attack this very turn
LEADERS_APART = 8.0  # what a second leader in a hex costs: leaders mostly head bands of their own, but two may
# hold the Radio Station, where each one's point of defence keeps the government's first attack off (30 lost it)


def choose_place(sit: Situation, rng: Random) -> WargameMove:
    """The legal hex where the queue's head adds most: holding or guarding strategic hexes, shielding threatened
    stacks and leaders, setting up attacks, close to the strategic hexes still to take."""
    placement = sit.view.queue[0]
    options = [m for m in sit.view.legal if isinstance(m, Place)]
    if not options:
        return AutoPlace()
    if placement.kind == LEADER:
        return max(options, key=lambda m: _leader_spot(sit, m.hex) + rng.random() * 0.01)
    batch = _batch(sit)
    return max(options, key=lambda m: _band_spot(sit, placement.kind, batch, m.hex) + rng.random() * 0.01)


def _batch(sit: Situation) -> int:
    """How many counters of the head's kind the queue places in a row (under the same rule)."""
    head = sit.view.queue[0]
    count = 0
    for placement in sit.view.queue:
        if (placement.kind, placement.rule) != (head.kind, head.rule):
            break
        count += placement.count
    return count


def _band_spot(sit: Situation, kind: str, batch: int, label: str) -> float:
    """What each counter adds to label if as many of the batch as fit there go together (a lone counter seldom
    holds a hex that a full stack would)."""
    band = max(1, min(batch, STACKING_LIMIT - stacking_count(sit.own(label))))
    return _unit_spot(sit, kind, band, label) / band


def _leader_spot(sit: Situation, label: str) -> float:
    """Rebel leaders set up where a band of irregulars with them would do most: hold a free strategic hex, strike
    the government's, weather its first blow; apart from each other (LEADERS_APART)."""
    leader = Unit("new-leader", sit.side, LEADER, label, MAP)
    band = [Unit(f"new-{i}", sit.side, kind, label, MAP) for i, kind in enumerate(_leader_band(sit))]
    here = sit.own(label)
    leaders_here = sum(1 for u in here if u.is_leader)
    return (
        sit.local_value(label, [*here, *band, leader])
        + _prospect_weight(sit) * sit.prospect(band, "", label)
        - LEADERS_APART * leaders_here
    )


def _leader_band(sit: Situation) -> list[str]:
    """The kinds of the band the leader being set up will head: the irregulars still to come that the leaders
    already placed do not claim, then mobs."""
    irregulars = sum(p.count for p in sit.view.queue if p.kind == IRREGULAR and p.rule == "city")
    placed = sum(1 for u in sit.view.on_map() if u.side == sit.side and u.is_leader)
    claimed = min(STACKING_LIMIT, max(0, irregulars - STACKING_LIMIT * placed))
    return [IRREGULAR] * claimed + [MOB] * (STACKING_LIMIT - claimed)


def _prospect_weight(sit: Situation) -> float:
    """How much of their next attack's worth placed counters earn."""
    return SETUP_PROSPECT if sit.view.phase == "setup" else PLACE_PROSPECT


def _unit_spot(sit: Situation, kind: str, count: int, label: str) -> float:
    """What count new counters of kind add in label: the hex's value, attacks set up now and next turn, less the
    way still to go to the strategic hexes."""
    new = [Unit(f"new-{i}", sit.side, kind, label, MAP) for i in range(count)]
    here = sit.own(label)
    gain = sit.local_value(label, here + new) - sit.local_value(label, here)
    gain += _prospect_weight(sit) * sit.prospect(new, "", label)
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
        units = [sit.view.unit(uid) for uid in move.units]
        return 2 * sum(unit_value(u) for u in units) + 2 * hold_value(units[0].hex) + rng.random() * 0.01

    return max(options, key=worth)
