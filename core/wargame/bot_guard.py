"""The sound bot's guard of the Maximum Leader: where he may stand, and which moves keep him safe."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from core.wargame.board import OFF_MAP, adjacent, is_fortified
from core.wargame.bot_eval import Situation
from core.wargame.movement import group_of
from core.wargame.moves import Advance, MoveUnits, WargameMove
from core.wargame.units import GOVERNMENT, REBELS, Unit
from core.wargame.views import WargameView


def chief(view: WargameView) -> Unit | None:
    """The Maximum Leader, if he is on the map."""
    return next((u for u in view.on_map() if u.side == GOVERNMENT and u.is_leader), None)


def rebels_near(sit: Situation, label: str) -> bool:
    """Whether a rebel counter stands in or next to label."""
    return any(u.side == REBELS for n in (label, *adjacent(label)) for u in sit.occupied.get(n, ()))


def safe_for_chief(sit: Situation, label: str, guards: list[Unit]) -> bool:
    """Whether the Maximum Leader may end a move in label with guards (the government counters there with him):
    a fortified hex his combat units hold, or a hex no rebel stands next to."""
    held = any(u.stacks for u in guards)
    return (is_fortified(label) and held) or (held and not rebels_near(sit, label))


class LeaderGuard:
    """Which of the government's moves keep the Maximum Leader safe: he stays where he is safe (with combat units,
    in a fortified hex they hold or away from the rebels), moves only to get there, and is never left unsafe."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.leader = chief(sit.view) if sit.side == GOVERNMENT else None

    @cached_property
    def in_danger(self) -> bool:
        """Whether the Maximum Leader stands where he should not: alone, or next to rebels outside a fortress."""
        leader = self.leader
        if leader is None:
            return False
        return not safe_for_chief(self.sit, leader.hex, self.sit.own(leader.hex))

    def allows(self, move: WargameMove) -> bool:
        """Whether move keeps the Maximum Leader safe (every move is allowed to the rebels)."""
        leader = self.leader
        if leader is None or not isinstance(move, (MoveUnits, Advance)):
            return True
        sit = self.sit
        if isinstance(move, Advance):
            combat = sit.view.combat
            assert combat is not None
            return leader.uid not in move.units or is_fortified(combat.pending[0])
        taken = leader.uid in move.units or leader.riding in move.units
        if not taken and sit.view.unit(move.units[0]).hex != leader.hex:
            return True  # a move that neither takes him nor leaves his hex
        movers = group_of(sit.view, move.units)
        if leader in movers:
            if move.to == OFF_MAP:
                return False
            there = [u for u in sit.own(move.to) if u not in movers] + movers
            return self.in_danger and safe_for_chief(sit, move.to, there)
        if movers[0].hex != leader.hex:
            return True
        staying = [u for u in sit.own(leader.hex) if u not in movers]
        return self.in_danger or safe_for_chief(sit, leader.hex, staying)

    def filter(self, view: WargameView) -> WargameView:
        """view with only the legal moves this guard allows (all of them if it allows none)."""
        kept = tuple(m for m in view.legal if self.allows(m))
        return replace(view, legal=kept) if kept else view
