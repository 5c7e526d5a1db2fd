"""A greedy one-ply wargame bot, the yardstick between random and the rule bots: each decision takes the legal move
whose immediate result is best (strategic hexes held, units closer to the next, the expected CRT result)."""

from __future__ import annotations

from random import Random

from core.wargame.board import OFF_MAP, controller, stacks, strategic_hexes
from core.wargame.bot_eval import hex_distance, outcomes, unit_value
from core.wargame.crt import attack_odds
from core.wargame.moves import Advance, Attack, ChooseLosses, Disband, EndPhase, MoveUnits, Place, WargameMove
from core.wargame.views import WargameView

HELD, STEP = 10.0, 1.0  # a strategic hex held; each hex nearer the nearest one not held


class GreedyBot:
    """Takes the best-looking move one step ahead: empty strategic hexes first, then the hex nearest one it does not
    hold; attacks whose expected losses favour it; loses its cheapest units; advances when it may."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)

    def choose(self, view: WargameView) -> WargameMove:
        """One of view.legal."""
        side = view.viewer if view.viewer is not None else view.owed[0]
        occupied = stacks(view)
        wanted = tuple(h for h in strategic_hexes() if controller(view, h) != side)
        free = {h for h in wanted if all(u.side == side for u in occupied.get(h, ()))}
        spots: dict[str, float] = {}
        scored = []
        for i, move in enumerate(view.legal):
            if isinstance(move, (Place, MoveUnits)):
                label = move.hex if isinstance(move, Place) else move.to
                if label not in spots:
                    spots[label] = -99.0 if label == OFF_MAP else _spot(label, wanted, free)
                score = spots[label]
            else:
                score = self._score(view, move)
            scored.append((score + self.rng.random() * 0.01, i))
        return view.legal[max(scored)[1]]

    def _score(self, view: WargameView, move: WargameMove) -> float:
        if isinstance(move, Attack):
            return _attack(view, move)
        if isinstance(move, (ChooseLosses, Disband)):
            return -sum(unit_value(view.unit(uid)) for uid in move.units)
        if isinstance(move, Advance):
            return float(len(move.units))
        return 0.0 if isinstance(move, EndPhase) else self.rng.random()


def _spot(label: str, wanted: tuple[str, ...], free: set[str]) -> float:
    """A strategic hex the side does not hold and no enemy stands in is worth taking; elsewhere, nearer the nearest
    strategic hex it does not hold is better."""
    if label in free:
        return HELD
    return -STEP * min((hex_distance(label, h) for h in wanted), default=0) + STEP / 2


def _attack(view: WargameView, move: Attack) -> float:
    """The expected defender losses less the attacker's, by unit count, at the attack's odds."""
    odds = attack_odds(view, view.side, move.attackers, move.targets, move.leaders)
    if not odds.valid:
        return -99.0
    lost_att = lost_def = 0.0
    for att, dfn, retreat in outcomes(odds.column):
        lost_att += att
        lost_def += min(dfn, 3) + (0.5 if retreat else 0.0)
    return (lost_def - lost_att) / 6 - 0.2
