"""The one subversion after the government's first advanced turn: what it takes, the sound rebels' choice, and the
sound government's guard (the worst one open on the board, the garrison a hex keeps, the move that mends the worst)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from itertools import combinations
from random import Random

from core.wargame.board import OFF_MAP, is_fortified
from core.wargame.bot_eval import Situation, hold_value, unit_value
from core.wargame.bot_strike import scored_now
from core.wargame.crt import hex_defence
from core.wargame.legal import legal_moves
from core.wargame.moves import MoveUnits, Subvert, WargameMove
from core.wargame.units import GOVERNMENT, MAP, REBELS, Unit
from core.wargame.views import state_of

TURNED_HELICOPTER = 2.0  # a helicopter turned counts twice a unit's worth: it flies anywhere, carries the rebel
# leaders and keeps the government from scoring wherever it stands
DISLODGE = 8.0  # the defence of two police in a fortress: turned units defending with it cost the hex its worth
OPEN_FORTRESS = 2.0  # a fortified hex one subversion would empty costs twice its worth more
GARRISON_SLACK = 10.0  # how much more open to subversion a garrison may be than the least open one, to keep more units

ScoreFn = Callable[[list[Unit], str], float]  # a move scorer's worth of moving these units to a hex


def turned_worth(turned: list[Unit], label: str, alone: bool) -> float:
    """What a subversion turning these units in label takes from the government: each unit twice (lost to one side,
    won by the other; a helicopter twice more), and the hex's worth for as long as the turned units hold out there,
    twice if they hold it alone (alone), once if they share it, in proportion to their defence there (DISLODGE)."""
    units = 2 * sum(unit_value(u) * (TURNED_HELICOPTER if u.is_helicopter else 1.0) for u in turned)
    return units + (2 if alone else 1) * hold_value(label) * hex_defence(turned, label) / DISLODGE


def turned_whole(stack: list[Unit], turned: tuple[str, ...]) -> bool:
    """Whether turning the counters turned (ids) of the government's stack leaves it no other stacking unit there."""
    return not any(u.stacks and u.uid not in turned for u in stack)


def choose_sound_subversion(sit: Situation, rng: Random) -> WargameMove:
    """The rebels turn what takes most from the government (turned_worth), a strategic hex turned whole a point at
    once too."""
    options = [m for m in sit.view.legal if isinstance(m, Subvert) and m.units]
    if not options:
        return Subvert()

    def worth(move: Subvert) -> float:
        units = [sit.view.unit(uid) for uid in move.units]
        label = units[0].hex
        alone = turned_whole(sit.foes(label), move.units)
        return turned_worth(units, label, alone) + (scored_now(label, units) if alone else 0.0) + rng.random() * 0.01

    return max(options, key=worth)


class SubversionGuard:
    """What the rebels' subversion after the government's first turn (advanced scenario) could take (turned_worth:
    two armies turned in a fortress are out of the government's reach for turns, two police are not). The rebels make
    one subversion, so what the board offers them is its worst one. Asks the engine's own legal moves of a board
    holding only that hex's counters, so it follows the subversion rule whatever its wording."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.active = sit.view.config.advanced and sit.side == GOVERNMENT and sit.view.turn <= 1
        self._cost: dict[tuple[object, ...], tuple[float, bool]] = {}

    def cost(self, label: str, units: list[Unit]) -> float:
        """The worth of the best subversion the rebels could make in label if units stood there (0 when none)."""
        return self._judged(label, units)[0] if self.active else 0.0

    def turns_whole(self, label: str, units: list[Unit]) -> bool:
        """Whether some subversion would leave label, if units stood there, without a government stacking unit."""
        return self.active and self._judged(label, units)[1]

    def _judged(self, label: str, units: list[Unit]) -> tuple[float, bool]:
        key = (label, *sorted((u.kind, u.is_leader) for u in units))
        if key not in self._cost:
            self._cost[key] = self._worst(label, units)
        return self._cost[key]

    def _worst(self, label: str, units: list[Unit]) -> tuple[float, bool]:
        view = self.sit.view
        state = state_of(view)
        state.units = {uid: u for uid, u in state.units.items() if u.status != MAP}
        for unit in units:
            state.units[unit.uid] = replace(unit, hex=label, status=MAP)
        state.phase, state.side, state.combat, state.flee, state.disband = "subvert", REBELS, None, [], []
        worst, whole = 0.0, False
        for move in legal_moves(state, REBELS):
            if isinstance(move, Subvert) and move.units:
                turned = [u for u in units if u.uid in move.units]
                alone = turned_whole(units, move.units)
                value = turned_worth(turned, label, alone)
                worst, whole = max(worst, value), whole or (alone and any(u.stacks for u in turned))
        return worst, whole

    @cached_property
    def _board(self) -> list[tuple[float, str]]:
        """Each hex the government stands in with the worst subversion its garrison leaves open, the worst first (then
        by label)."""
        kept = ((self.kept_cost(label, self.sit.own(label), self._moved), label) for label in self._held)
        return sorted(kept, key=lambda e: (-e[0], e[1]))

    @cached_property
    def _held(self) -> list[str]:
        """The hexes the government stands in, in order."""
        return sorted({u.hex for u in self.sit.view.on_map() if u.side == GOVERNMENT})

    def opened(self, stacks: dict[str, list[Unit]]) -> float:
        """How much worse the board's worst subversion gets when the government's stacks in these hexes are replaced
        (negative when it gets better; 0 when the guard is not active), each hex counted by the garrison it can keep
        (its spare counters leave before the phase ends: mending_move)."""
        if not self.active:
            return 0.0
        before = self._board[0][0] if self._board else 0.0
        rest = next((cost for cost, label in self._board if label not in stacks), 0.0)
        after = (self.kept_cost(label, units, self._moved | _arriving(label, units)) for label, units in stacks.items())
        return max(rest, *after) - before

    @cached_property
    def _moved(self) -> set[str]:
        return set(self.sit.view.moved)

    def kept_cost(self, label: str, units: list[Unit], staying: set[str]) -> float:
        """The worst subversion left open in label once the units there its garrison does not need have left (those
        in staying cannot leave: they have moved)."""
        return self.garrison(label, units, staying)[0] if units else 0.0

    def open_cost(self, label: str, units: list[Unit]) -> float:
        """cost, and a fortified hex's worth twice more (OPEN_FORTRESS) if one subversion would empty it: a fortress is
        never left for the rebels to turn whole."""
        fortress = OPEN_FORTRESS * hold_value(label) if is_fortified(label) and self.turns_whole(label, units) else 0.0
        return self.cost(label, units) + fortress

    def garrison(self, label: str, units: list[Unit], staying: set[str]) -> tuple[float, list[Unit]]:
        """The counters a hex keeps against subversion, and what the rebels could then take there: among the sets of
        one to three stacking units (with any helicopters, and every counter in staying) no more open (open_cost) than
        the least open of them by GARRISON_SLACK, the largest, then the least open. The whole stack when no such set
        exists."""
        fighters = [u for u in units if not u.is_leader]
        fixed = [u for u in fighters if u.uid in staying]
        free = [u for u in fighters if u.uid not in staying]
        least = 1 if any(u.stacks for u in fighters) else 0
        options = [
            (self.open_cost(label, kept), sum(u.stacks for u in kept), kept)
            for size in range(len(free) + 1)
            for kept in (fixed + list(chosen) for chosen in combinations(free, size))
            if least <= sum(u.stacks for u in kept) <= 3
        ]
        if not options:
            return self.open_cost(label, units), units
        floor = min(cost for cost, _, _ in options)
        cost, _, kept = min(
            (option for option in options if option[0] <= floor + GARRISON_SLACK),
            key=lambda option: (-option[1], option[0], sorted(u.uid for u in option[2])),
        )
        return cost, kept

    def mending_move(self, score: ScoreFn) -> MoveUnits | None:
        """Before the government's first advanced move phase ends: a legal move (of this guard's situation) taking
        counters its garrison does not need out of the most open hex that its garrison would close more, to where they
        open less than there (the best by score); None when no such hex is left or its spare counters cannot move."""
        if not self.active:
            return None
        stacks = ((self.open_cost(label, self.sit.own(label)), label) for label in self._held)
        for worst, label in sorted(stacks, key=lambda e: (-e[0], e[1])):
            kept_cost, kept = self.garrison(label, self.sit.own(label), self._moved)
            if kept_cost < worst - 1:
                return self._spare_move(score, label, worst, {u.uid for u in kept})
        return None

    def _spare_move(self, score: ScoreFn, label: str, worst: float, keep: set[str]) -> MoveUnits | None:
        """The best-scored legal move of spare counters (not kept) out of label, to where they open less than worst."""
        best: tuple[tuple[float, float], MoveUnits] | None = None
        for move in self.sit.view.legal:
            if not isinstance(move, MoveUnits) or move.to == OFF_MAP:
                continue
            movers = [self.sit.view.unit(uid) for uid in move.units]
            if any(u.hex != label or u.uid in keep or u.is_leader for u in movers):
                continue
            after = self.open_cost(move.to, self.sit.own(move.to) + movers)
            if after < worst:
                key = (after, -score(movers, move.to))
                if best is None or key < best[0]:
                    best = (key, move)
        return best[1] if best else None


def _arriving(label: str, units: list[Unit]) -> set[str]:
    """The counters of a stack that are moving into label (they will have moved, so they stay)."""
    return {u.uid for u in units if u.hex != label}
