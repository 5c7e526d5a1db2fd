"""The wargame bot's move phase: one unit or stack at a time, the move that most improves its position."""

from __future__ import annotations

from random import Random

from core.wargame.board import OFF_MAP, STACKING_LIMIT, adjacent, overstacked, stacking_count, strategic_hexes
from core.wargame.bot_eval import APPROACH, Situation
from core.wargame.moves import EndPhase, MoveUnits, WargameMove
from core.wargame.units import Unit

WORTH_MOVING = 0.3
NEXT_ATTACK = 0.5  # the share of its next turn's attacks a move earns: the enemy moves in between
APPROACH_HEXES = 2  # per group, the hexes off the interesting ones kept: those nearest an objective


def choose_move(sit: Situation, rng: Random, scorer_type: type[MoveScorer] | None = None) -> WargameMove:
    """The best-scoring legal move (by scorer_type, MoveScorer by default), or ending the phase when no move is worth
    making (or the first move out of an over-stacked hex when the phase cannot end yet)."""
    legal = sit.view.legal
    can_end = EndPhase() in legal
    crowded = set(overstacked(sit.view, sit.side)) if not can_end else set()
    scorer = (scorer_type or MoveScorer)(sit)
    best: tuple[float, WargameMove] | None = None
    for move in _candidates(sit, legal, crowded):
        units = [sit.view.unit(uid) for uid in move.units]
        score = scorer.score(units, move.to) + rng.random() * 0.01
        if best is None or score > best[0]:
            best = (score, move)
    if best is not None and (best[0] > WORTH_MOVING or not can_end):
        return best[1]
    return EndPhase() if can_end else legal[0]


def _candidates(sit: Situation, legal: tuple[WargameMove, ...], crowded: set[str]) -> list[MoveUnits]:
    """The moves worth scoring: one group per kind mix and hex (same kinds score the same); per group only the
    hexes that matter (strategic, friendly, next to the enemy) and the few that close in most on an objective."""
    interesting = set(strategic_hexes())
    for label, here in sit.occupied.items():
        if any(u.side == sit.side for u in here):
            interesting.add(label)
        if any(u.side == sit.enemy and not u.is_leader for u in here):
            interesting.update(adjacent(label))
    destinations: dict[tuple[str, ...], list[MoveUnits]] = {}
    for move in legal:
        if isinstance(move, MoveUnits) and move.to != OFF_MAP:
            destinations.setdefault(move.units, []).append(move)
    by_group: dict[tuple[object, ...], list[MoveUnits]] = {}
    for uids, moves in destinations.items():
        units = [sit.view.unit(uid) for uid in uids]
        if crowded and units[0].hex not in crowded:
            continue
        if any(u.is_leader for u in units) and any(u.is_helicopter for u in units):
            continue  # leaders keep their feet on the ground
        if stacking_count(units) > STACKING_LIMIT:
            continue  # still over the limit where it stops: disbanded at the end of the move
        by_group.setdefault((units[0].hex, *sorted(u.kind for u in units)), moves)  # alike groups score alike
    chosen: list[MoveUnits] = []
    for moves in by_group.values():
        chosen.extend(m for m in moves if m.to in interesting)
        others = sorted((m for m in moves if m.to not in interesting), key=lambda m: sit.distance_to_objective(m.to))
        chosen.extend(others[:APPROACH_HEXES])
    return chosen


class MoveScorer:
    """Scores moving a group from its hex to another: the two hexes' values, the attacks it sets up or gives up this
    turn and next, and how much closer its combat units get to strategic hexes the side does not hold."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.strength = {
            label: sit.strength_next_to(label)
            for label, here in sit.occupied.items()
            if any(u.side == sit.enemy and not u.is_leader for u in here)
        }
        self._leave: dict[tuple[str, ...], float] = {}

    def score(self, group: list[Unit], to: str) -> float:
        """How much better the side stands after group moves to `to`."""
        sit = self.sit
        start = group[0].hex
        uids = tuple(u.uid for u in group)
        if uids not in self._leave:
            staying = [u for u in sit.own(start) if u.uid not in uids]
            self._leave[uids] = sit.local_value(start, staying) - sit.local_value(start, sit.own(start))
        there = sit.own(to)
        gain = self._leave[uids] + sit.local_value(to, there + group) - sit.local_value(to, there)
        gain += self._prospects(group, start, to, there)
        fighters = [u for u in group if not u.is_leader]
        gain += APPROACH * len(fighters) * (sit.distance_to_objective(start) - sit.distance_to_objective(to))
        gain += NEXT_ATTACK * sit.prospect(fighters, start, to)
        return gain

    def _prospects(self, group: list[Unit], start: str, to: str, there: list[Unit]) -> float:
        """The change in the attacks the side can make this turn from both hexes."""
        sit = self.sit
        fighters = [u for u in group if not u.is_leader and sit.can_attack(u)]
        leaders = sum(u.bonus for u in group if u.is_leader and u.uid not in sit.view.leaders_used)
        lending_at_start = bool(fighters) or any(not u.is_leader for u in sit.own(start) if u not in group)
        lending_there = bool(fighters) or any(not u.is_leader for u in there)
        leave = sum(u.strength for u in fighters) + (leaders if lending_at_start else 0)
        arrive = sum(u.strength for u in fighters) + (leaders if lending_there else 0)
        near_start, near_to = set(adjacent(start)), set(adjacent(to))
        change = 0.0
        for label in sorted(near_start | near_to):  # a fixed order: float sums do not depend on the hash seed
            before = self.strength.get(label)
            if before is None:
                continue
            after = before - (leave if label in near_start else 0) + (arrive if label in near_to else 0)
            change += _prospect(sit, label, after) - _prospect(sit, label, before)
        return change


def _prospect(sit: Situation, label: str, strength: float) -> float:
    return max(0.0, sit.attack_value(label, int(strength))) if strength > 0 else 0.0
