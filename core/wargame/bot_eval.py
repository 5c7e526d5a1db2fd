"""The wargame bot's picture of the board: unit values, threats, what holding a hex and attacking one are worth."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from core.wargame.board import adjacent, controller, hex_of, is_fortified, named, stacks, strategic_hexes
from core.wargame.combat import bugout_hexes, surrounded
from core.wargame.config import WargameConfig
from core.wargame.crt import column, crt, hex_defence, parse_result
from core.wargame.movement import reach
from core.wargame.state import WargameState
from core.wargame.units import (
    ARMY,
    GOVERNMENT,
    GUARDS,
    HELICOPTER,
    IRREGULAR,
    LEADER,
    MAP,
    MOB,
    POLICE,
    REBELS,
    TANK,
    Unit,
)
from core.wargame.views import WargameView
from hexgrid.coords import distance

UNIT_VALUE = {MOB: 2.0, POLICE: 4.0, IRREGULAR: 4.0, ARMY: 6.0, GUARDS: 7.0, HELICOPTER: 6.0, TANK: 8.0}
LEADER_VALUE = {GOVERNMENT: 60.0, 1: 14.0}  # the Maximum Leader is 5 VP and the government's soul; a rebel 2 VP
HOLD, FORTIFIED_HOLD, RADIO_HOLD = 10.0, 3.0, 4.0
ATTACK_CHANCE = 0.5  # the classic bot's share of what the enemy's strongest attack on a stack is expected to cost
APPROACH = 0.6  # per hex closer to a strategic hex the side does not hold
FAR = 10


def unit_value(unit: Unit) -> float:
    """What a counter is worth to its side."""
    return LEADER_VALUE[unit.side] if unit.is_leader else UNIT_VALUE[unit.kind]


@cache
def hex_distance(a: str, b: str) -> int:
    """Hexes between two labels."""
    return distance(hex_of(a), hex_of(b))


@cache
def strike_zone(label: str, kind: str) -> frozenset[str]:
    """The hexes a counter of kind standing in label could attack after one move over an empty map."""
    probe = Unit("probe", GOVERNMENT, kind, label, MAP)
    state = WargameState(WargameConfig(), 0, {probe.uid: probe}, phase="move")
    ends = {label, *reach(state, (probe.uid,))}
    return frozenset(n for end in ends for n in adjacent(end))


@cache
def radio_station() -> str:
    """The Radio Station's label (mobs come from holding it)."""
    return named("Radio Station")


@cache
def hold_value(label: str) -> float:
    """What controlling a strategic hex is worth (0 for other hexes)."""
    if label not in strategic_hexes():
        return 0.0
    return HOLD + (FORTIFIED_HOLD if is_fortified(label) else 0.0) + (RADIO_HOLD if label == radio_station() else 0.0)


@cache
def outcomes(col: str) -> tuple[tuple[int, int, bool], ...]:
    """(attacker losses, defender losses, retreat) for each die at col."""
    return tuple(parse_result(crt(col, die)) for die in range(1, 7))


class Situation:
    """The board from side's point of view, with cached threats and attack values for one decision. caution is the
    share of what the enemy's strongest attack on a stack is expected to cost that its value counts."""

    def __init__(self, view: WargameView, side: int, caution: float = ATTACK_CHANCE) -> None:
        self.view = view
        self.side = side
        self.caution = caution
        self.enemy = 1 - side
        self.occupied = stacks(self.view)
        self.desperate = self._desperate()
        self._threat: dict[tuple[int, str], float] = {}
        self._attack: dict[tuple[str, int, float, bool], float] = {}
        self._distance: dict[str, int] = {}
        self._trapped: dict[str, bool] = {}
        self._local: dict[tuple[object, ...], float] = {}
        self._sources = {s: self._threat_sources(s) for s in (0, 1)}
        self.objectives = [label for label in strategic_hexes() if controller(self.view, label) != side]
        self.targets = [label for label in self.objectives if controller(self.view, label) == self.enemy]

    def _desperate(self) -> bool:
        """Behind on points with few turns left: take long odds."""
        limit = self.view.config.turn_limit
        behind = self.view.vp[self.enemy] - self.view.vp[self.side]
        late = bool(limit) and self.view.turn >= limit - 3
        return behind >= 10 or (late and behind >= 0 and self.side == 1) or (late and behind > 0)

    def own(self, label: str) -> list[Unit]:
        """side's counters in label."""
        return [u for u in self.occupied.get(label, ()) if u.side == self.side]

    def foes(self, label: str, side: int | None = None) -> list[Unit]:
        """The counters in label of the enemy of side (default: of the bot's side)."""
        side = self.side if side is None else side
        return [u for u in self.occupied.get(label, ()) if u.side != side]

    def _threat_sources(self, side: int) -> list[tuple[frozenset[str], float]]:
        """(strike zone, strength) of side's counters that could attack next turn: units and stacked leaders."""
        found: list[tuple[frozenset[str], float]] = []
        for label, here in self.occupied.items():
            mine = [u for u in here if u.side == side]
            fighters = [u for u in mine if not u.is_leader]
            found.extend((strike_zone(label, u.kind), float(u.strength)) for u in fighters)
            if fighters:
                found.extend((strike_zone(label, LEADER), float(u.bonus)) for u in mine if u.is_leader)
        return found

    def threat(self, label: str, by: int | None = None) -> float:
        """The strength side `by` (default: the enemy) could bring against label on its next turn."""
        by = self.enemy if by is None else by
        key = (by, label)
        if key not in self._threat:
            self._threat[key] = sum(s for zone, s in self._sources[by] if label in zone)
        return self._threat[key]

    def prospect(self, units: list[Unit], start: str, to: str) -> float:
        """The change in what the side's next attacks on the enemy's strategic hexes are worth when units stand in
        `to` instead of `start` ("" for counters new to the map)."""
        change = 0.0
        for target in self.targets:
            lose = sum(u.strength for u in units if start and target in strike_zone(start, u.kind))
            gain = sum(u.strength for u in units if target in strike_zone(to, u.kind))
            if lose != gain:
                before = self.threat(target, self.side)
                change += self._best_attack(target, before - lose + gain) - self._best_attack(target, before)
        return change

    def _best_attack(self, target: str, strength: float) -> float:
        """The worth of attacking target with strength, if worth anything; at set-up the government's helicopters
        are left out (they will have flown by the rebels' first attack)."""
        if strength < 1:
            return 0.0
        return max(0.0, self.attack_value(target, int(strength), grounded=self.view.phase == "setup"))

    def local_value(self, label: str, units: list[Unit], side: int | None = None) -> float:
        """What side's counters `units` standing in label are worth: holding a strategic hex, less what the other
        side's threat there is expected to cost."""
        side = self.side if side is None else side
        key = (label, side, *sorted(u.uid for u in units))
        if key not in self._local:
            self._local[key] = self._local_value(label, units, side)
        return self._local[key]

    def _local_value(self, label: str, units: list[Unit], side: int) -> float:
        fighters = [u for u in units if not u.is_leader]
        leaders = [u for u in units if u.is_leader]
        if not fighters:
            return -self.lone_leader_risk(label, leaders, side) if leaders else 0.0
        hold = hold_value(label) if any(u.stacks for u in fighters) else 0.0
        threat = self.threat(label, 1 - side)
        col = column(int(threat), hex_defence(units, label)) if threat else ""
        if not col:
            return hold
        values = sorted(unit_value(u) for u in fighters)
        wiped = sum(values) + self.lost_with_stack(label, leaders, side) + hold
        cost = 0.0
        for _att, lost, retreat in outcomes(col):
            if lost >= len(values):
                cost += wiped
            else:
                cost += sum(values[:lost]) + (hold * 0.7 + 0.5 if retreat else 0.0)
        return hold - self.caution * cost / 6

    def lost_with_stack(self, label: str, leaders: list[Unit], side: int) -> float:
        """What side's leaders standing in label with combat units are worth when the stack is wiped out: all of
        them, as the classic bot counts (see SoundSituation)."""
        return sum(unit_value(u) for u in leaders)

    def lone_leader_risk(self, label: str, leaders: list[Unit], side: int) -> float:
        """Leaders alone: the Maximum Leader dies to any rebel who reaches him (a mob may be raised next to him
        anywhere in the city); rebel leaders are chased."""
        value = sum(unit_value(u) for u in leaders)
        if side == GOVERNMENT:
            return value * 0.9
        threat = self.threat(label, 1 - side)
        near = any(u.side != side and not u.is_leader for n in adjacent(label) for u in self.occupied.get(n, ()))
        return value * (0.5 if near else 0.25 if threat else 0.05)

    def strength_next_to(self, label: str, side: int | None = None) -> float:
        """side's attack strength next to label (units that may still attack this turn, and their leaders)."""
        side = self.side if side is None else side
        total = 0.0
        for n in adjacent(label):
            mine = [u for u in self.occupied.get(n, ()) if u.side == side]
            fighters = [u for u in mine if not u.is_leader and self.can_attack(u)]
            if fighters:
                total += sum(u.strength for u in fighters)
                total += sum(u.bonus for u in mine if u.is_leader and u.uid not in self.view.leaders_used)
        return total

    def can_attack(self, unit: Unit) -> bool:
        """Whether unit may still attack this turn."""
        return unit.uid not in self.view.attacked and unit.uid not in self.view.no_attack

    def attack_value(
        self, label: str, strength: int, loss_value: float = 3.0, defence_factor: int = 1, grounded: bool = False
    ) -> float:
        """Expected worth to the bot of attacking label with strength (its losses valued loss_value each): the
        defenders' expected losses, the hex freed, leaders killed; negative for bad odds; -inf if not allowed.
        grounded leaves the enemy's helicopters out (by next turn they will most likely have flown)."""
        key = (label, strength, loss_value * defence_factor, grounded)
        if key not in self._attack:
            self._attack[key] = self._attack_value(label, strength, loss_value, defence_factor, grounded)
        return self._attack[key]

    def _attack_value(self, label: str, strength: int, loss_value: float, defence_factor: int, grounded: bool) -> float:
        """attack_value, uncached."""
        here = [u for u in self.foes(label) if not (grounded and u.is_helicopter)]
        fighters = sorted((u for u in here if not u.is_leader), key=unit_value)
        if not fighters:
            return 0.0
        col = column(strength, hex_defence(here, label) * defence_factor)
        if not col:
            return float("-inf")
        values = [unit_value(u) for u in fighters]
        freed = hold_value(label) * (1.5 if self.desperate else 1.0) + 1.0
        wiped = sum(values) + sum(unit_value(u) for u in here if u.is_leader) + freed
        trapped = self.trapped(label)
        total = 0.0
        for lost_att, lost_def, retreat in outcomes(col):
            if lost_def >= len(values) or (retreat and trapped):
                total += wiped
            else:
                total += sum(values[:lost_def]) + (freed if retreat else 0.0) - lost_att * loss_value
        return total / 6

    def trapped(self, label: str) -> bool:
        """Whether the counters in label have nowhere to retreat to."""
        if label not in self._trapped:
            self._trapped[label] = surrounded(self.view, label)
        return self._trapped[label]

    def distance_to_objective(self, label: str) -> int:
        """Hexes from label to the nearest strategic hex side does not hold (capped)."""
        if label not in self._distance:
            self._distance[label] = min((hex_distance(label, o) for o in self.objectives), default=FAR)
        return self._distance[label]


class SoundSituation(Situation):
    """The board as the sound bot reads it: a rebel leader on the ground in an attacked hex bugs out before the
    combat when his stack is likely to die (bot_react.choose_bug_out), so a stack wiped out takes only the leaders
    who cannot: those riding a helicopter, or with no free hex next to theirs. Counted with the stack, the leaders
    made every threatened rebel stack look 14 points dearer each, and the rebels kept them out of the fights their
    bonus decides (docs/wargame-opponent.md, the sixteenth round)."""

    def lost_with_stack(self, label: str, leaders: list[Unit], side: int) -> float:
        """The leaders' worth, but for rebel leaders who can bug out of label."""
        if side != REBELS:
            return super().lost_with_stack(label, leaders, side)
        trapped = [u for u in leaders if u.riding or not bugout_hexes(self.view, replace(u, hex=label))]
        return sum(unit_value(u) for u in trapped)
