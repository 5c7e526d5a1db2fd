"""The sound bot's own choices: moves that keep the Maximum Leader safe and the strategic hexes guarded against
subversion, advances that never drag him out, and the advanced set-up spread over the start stacks."""

from __future__ import annotations

from random import Random

from core.wargame.board import STACKING_LIMIT, is_fortified, stacking_count
from core.wargame.bot_eval import HOLD, Situation, hold_value
from core.wargame.bot_guard import LeaderGuard, SubversionGuard, chief
from core.wargame.bot_move import MoveScorer, choose_move
from core.wargame.bot_place import choose_place
from core.wargame.bot_react import choose_advance
from core.wargame.moves import MoveUnits, Place, WargameMove
from core.wargame.units import GOVERNMENT, MAP, Unit

FILL, OVERFLOW, CHIEF_STACK = 6.0, 4.0, 2.0  # set-up: a start stack short of three units, one over it, the
# Maximum Leader's own stack


class SoundScorer(MoveScorer):
    """MoveScorer, and what a move changes in the subversion the rebels could make after the first turn."""

    def __init__(self, sit: Situation) -> None:
        super().__init__(sit)
        self.subversion = SubversionGuard(sit)

    def score(self, group: list[Unit], to: str) -> float:
        """MoveScorer's score, less the subversion the move opens (plus what it closes)."""
        gain = super().score(group, to)
        if self.subversion.active:
            sit, start = self.sit, group[0].hex
            here, there = sit.own(start), sit.own(to)
            cost = self.subversion.cost
            gain += cost(start, here) - cost(start, [u for u in here if u not in group])
            gain += cost(to, there) - cost(to, there + group)
        return gain


def choose_sound_move(sit: Situation, rng: Random) -> WargameMove:
    """The government first takes a Maximum Leader in danger to safety; then the best move the leader guard
    allows (the rebels: the best move)."""
    guard = LeaderGuard(sit)
    safe = Situation(guard.filter(sit.view), sit.side)
    if guard.in_danger and guard.leader is not None:
        rescue = [m for m in safe.view.legal if isinstance(m, MoveUnits) and guard.leader.uid in _movers(sit, m)]
        if rescue:
            scorer = SoundScorer(safe)
            return max(rescue, key=lambda m: _rescue_score(safe, scorer, m) + rng.random() * 0.01)
    return choose_move(safe, rng, SoundScorer)


def _movers(sit: Situation, move: MoveUnits) -> set[str]:
    return {u.uid for u in sit.view.on_map() if u.uid in move.units or u.riding in move.units}


def _rescue_score(sit: Situation, scorer: SoundScorer, move: MoveUnits) -> float:
    """A fortified hex first, then the move's ordinary score."""
    group = [sit.view.unit(uid) for uid in move.units]
    return (100.0 if is_fortified(move.to) else 0.0) + scorer.score(group, move.to)


def choose_sound_advance(sit: Situation, rng: Random) -> WargameMove:
    """The best advance that does not take the Maximum Leader out of safety."""
    return choose_advance(Situation(LeaderGuard(sit).filter(sit.view), sit.side), rng)


def choose_sound_place(sit: Situation, rng: Random) -> WargameMove:
    """The government's extra advanced set-up fills the start stacks short of three units (strategic worth and
    the subversion it closes first), the Maximum Leader's stack after; everything else as before."""
    view = sit.view
    options = [m for m in view.legal if isinstance(m, Place)]
    if not (view.phase == "setup" and view.side == GOVERNMENT and options):
        return choose_place(sit, rng)
    head = view.queue[0]
    batch = sum(p.count for p in view.queue if p.kind == head.kind)
    worth = StackWorth(sit)

    def score(label: str) -> float:
        here = sit.own(label)
        band = max(1, min(batch, STACKING_LIMIT - stacking_count(here)))
        new = [Unit(f"new-{i}", GOVERNMENT, head.kind, label, MAP) for i in range(band)]
        return (worth(label, here + new) - worth(label, here)) / band + rng.random() * 0.01

    return max(options, key=lambda m: score(m.hex))


class StackWorth:
    """What a government start stack is worth at set-up: each unit up to three holding its strategic hex, less
    the units over three (they must move out) and what subversion could take; the Maximum Leader's stack counts
    its strength too."""

    def __init__(self, sit: Situation) -> None:
        self.subversion = SubversionGuard(sit)
        self.leader = chief(sit.view)

    def __call__(self, label: str, units: list[Unit]) -> float:
        count = stacking_count(units)
        worth = FILL * hold_value(label) / HOLD * min(count, STACKING_LIMIT)
        worth -= OVERFLOW * max(0, count - STACKING_LIMIT) + self.subversion.cost(label, units)
        if self.leader is not None and self.leader.hex == label:
            worth += CHIEF_STACK * sum(u.strength for u in units)
        return worth
