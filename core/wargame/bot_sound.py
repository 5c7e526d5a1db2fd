"""The sound bot's own choices: moves that keep the Maximum Leader safe and the strategic hexes guarded against
subversion, advances that never drag him out, and the advanced set-up spread over the start stacks."""

from __future__ import annotations

from random import Random

from core.wargame.board import STACKING_LIMIT, is_fortified, stacking_count
from core.wargame.bot_attack import WORTH_ATTACKING, choose_attack, longest_odds
from core.wargame.bot_clear import choose_clearing, keep_shared
from core.wargame.bot_eval import HOLD, Situation, SoundSituation, hold_value, radio_station, unit_value
from core.wargame.bot_guard import LeaderGuard, chief
from core.wargame.bot_hold import kept
from core.wargame.bot_move import MoveScorer, choose_move
from core.wargame.bot_place import choose_place
from core.wargame.bot_react import choose_advance, choose_losses
from core.wargame.bot_strike import aim_at_soft, choose_strike, scored_now
from core.wargame.bot_subversion import SubversionGuard
from core.wargame.crt import COLUMNS, hex_defence
from core.wargame.moves import Advance, EndPhase, MoveUnits, Place, WargameMove
from core.wargame.units import GOVERNMENT, MAP, REBELS, Unit
from core.wargame.views import WargameView

FILL, OVERFLOW, CHIEF_STACK = 6.0, 4.0, 2.0  # set-up: a start stack short of three units, one over it, the
# Maximum Leader's own stack
RESCUE_FORTRESS, RESCUE_DEFENCE = 100.0, 5.0  # a Maximum Leader in danger: a fortified hex, each point of defence
CHIEF_DEFENCE, ENOUGH_DEFENCE = 1.5, 24  # each point of defence of the Maximum Leader's stack, up to where no
# rebel force is likely to reach 1-1
LONGEST = "1-2"  # the longest odds the sound bot ever takes
RADIO_DEFENCE, RADIO_ENOUGH = 2.0, 9  # the rebels' each point of defence of the Radio Station (their mobs come from
# it), up to where the government seldom reaches 2-1
GOVERNMENT_WORTH = 2.0  # what an attack must be expected to bring the government (unless desperate) for it to be
# made, its units being few and seldom replaced (the classic bot's WORTH_ATTACKING, 0.5, the rebels' too); measured,
# not derived: docs/wargame-opponent.md, the seventeenth round
GOVERNMENT_CAUTION, SALVAGED_CAUTION, REBEL_CAUTION = 2.0, 0.75, 1.0  # the share of the enemy's strongest attack on a
# stack counted against it (the classic bot's 0.5): see sound_caution


class SoundScorer(MoveScorer):
    """MoveScorer, and what a move changes in the subversion the rebels could make after the first turn, in the
    points each side counts (the rebels' at once, the government's holds through the rebels' attacks) and in the
    guards of the Radio Station and the Maximum Leader."""

    def __init__(self, sit: Situation) -> None:
        super().__init__(sit)
        self.subversion = SubversionGuard(sit)
        self.chief = chief(sit.view) if sit.side == GOVERNMENT else None

    def score(self, group: list[Unit], to: str) -> float:
        """MoveScorer's score, less what the move opens of the board's worst subversion (plus what it closes)."""
        gain = super().score(group, to)
        if self.subversion.active:
            sit, start = self.sit, group[0].hex
            left = [u for u in sit.own(start) if u not in group]
            gain -= self.subversion.opened({start: left, to: sit.own(to) + group})
        if self.sit.side == REBELS:
            sit, start = self.sit, group[0].hex
            here, there = sit.own(start), sit.own(to)
            gain += scored_now(to, there + group) - scored_now(to, there)
            gain += scored_now(start, [u for u in here if u not in group]) - scored_now(start, here)
            radio = radio_station()
            if radio in (start, to):
                after = [u for u in here if u not in group] if start == radio else there + group
                gain += RADIO_DEFENCE * (_radio_guard(after) - _radio_guard(sit.own(radio)))
        if self.sit.side == GOVERNMENT:
            sit, start = self.sit, group[0].hex
            here, there = sit.own(start), sit.own(to)
            gain += kept(sit, start, [u for u in here if u not in group]) - kept(sit, start, here)
            gain += kept(sit, to, there + group) - kept(sit, to, there)
        leader = self.chief
        if leader is not None and leader not in group and leader.hex in (group[0].hex, to):
            stack = self.sit.own(leader.hex)
            after = [u for u in stack if u not in group] if leader.hex == group[0].hex else stack + group
            gain += CHIEF_DEFENCE * (_guarded(after, leader.hex) - _guarded(stack, leader.hex))
        return gain


def sound_caution(view: WargameView, side: int) -> float:
    """How much of what the enemy's strongest attack on a stack is expected to cost the sound bot counts against it
    (the classic bot: half): the rebels all of it; the government twice all of it, its units being few and seldom
    replaced, or three quarters of it when salvage may bring some back. Measured, not derived:
    docs/wargame-opponent.md, the fifth and seventh rounds."""
    if side == REBELS:
        return REBEL_CAUTION
    return SALVAGED_CAUTION if view.config.salvage else GOVERNMENT_CAUTION


def _radio_guard(stack: list[Unit]) -> int:
    """The defence of the rebels' stack in the Radio Station, as far as more of it still helps."""
    return min(hex_defence(stack, radio_station()), RADIO_ENOUGH)


def _guarded(stack: list[Unit], label: str) -> int:
    """The defence of the Maximum Leader's stack, as far as more of it still helps."""
    return min(hex_defence(stack, label), ENOUGH_DEFENCE)


def choose_sound_move(sit: Situation, rng: Random) -> WargameMove:
    """The rebels string up a lone Maximum Leader they can reach (with their cheapest unit); the government first
    takes a Maximum Leader in danger to safety. Either side then clears a strategic hex it shares with the enemy,
    or keeps its units there (bot_clear). Then the best move the leader guard allows; before the government's first
    advanced move phase ends, the moves that mend the worst subversion it leaves open (bot_subversion)."""
    lynch = _lynching(sit)
    if lynch:
        return min(lynch, key=lambda m: (sum(unit_value(sit.view.unit(uid)) for uid in m.units), m.units))
    guard = LeaderGuard(sit)
    safe = SoundSituation(guard.filter(sit.view), sit.side, sit.caution)
    if guard.in_danger and guard.leader is not None:
        rescue = [m for m in safe.view.legal if isinstance(m, MoveUnits) and guard.leader.uid in _movers(sit, m)]
        if rescue:
            scorer = SoundScorer(safe)
            return max(rescue, key=lambda m: _rescue_score(safe, scorer, m) + rng.random() * 0.01)
    clearing = choose_clearing(safe, sound_odds)
    if clearing is not None:
        return clearing
    safe = SoundSituation(keep_shared(safe), sit.side, sit.caution)
    if sit.side == REBELS:
        aim_at_soft(safe)
    if not SubversionGuard(safe).active:  # the government's first advanced turn keeps its stacks whole
        strike = choose_strike(safe, sound_odds)
        if strike is not None:
            return strike
    choice = choose_move(safe, rng, SoundScorer)
    if isinstance(choice, EndPhase):
        scorer = SoundScorer(safe)  # its guard's costs serve the scores as well as the mending
        return scorer.subversion.mending_move(scorer.score) or choice
    return choice


def _lynching(sit: Situation) -> list[MoveUnits]:
    """The rebels' legal moves ending in the hex of a Maximum Leader who stands there without combat units."""
    leader = chief(sit.view) if sit.side == REBELS else None
    if leader is None or any(not u.is_leader for u in sit.occupied.get(leader.hex, ())):
        return []
    return [m for m in sit.view.legal if isinstance(m, MoveUnits) and m.to == leader.hex]


def _movers(sit: Situation, move: MoveUnits) -> set[str]:
    return {u.uid for u in sit.view.on_map() if u.uid in move.units or u.riding in move.units}


def _rescue_score(sit: Situation, scorer: SoundScorer, move: MoveUnits) -> float:
    """A fortified hex first, the strongest stack next, then the move's ordinary score."""
    group = [sit.view.unit(uid) for uid in move.units]
    stack = [u for u in sit.own(move.to) if u not in group] + group
    fortress = RESCUE_FORTRESS if is_fortified(move.to) else 0.0
    return fortress + RESCUE_DEFENCE * hex_defence(stack, move.to) + scorer.score(group, move.to)


def sound_odds(sit: Situation, target: str) -> str:
    """The longest odds the side takes against target: the rebels, whose losses are cheap mobs, go one column
    longer than the classic bot (1-2 against a strategic hex or a leader, 1-1 elsewhere), never beyond 1-2."""
    col = COLUMNS.index(longest_odds(sit, target))
    if sit.side == REBELS:
        col = max(col - 1, COLUMNS.index(LONGEST))
    return COLUMNS[col]


def choose_sound_attack(sit: Situation, rng: Random) -> WargameMove:
    """The best attack worth making at the sound bot's odds: for the government, worth more than GOVERNMENT_WORTH."""
    return choose_attack(sit, sound_odds, GOVERNMENT_WORTH if sit.side == GOVERNMENT else WORTH_ATTACKING)


def choose_sound_advance(sit: Situation, rng: Random) -> WargameMove:
    """The best advance that does not take the Maximum Leader out of safety: for the rebels, counting the points it
    scores at once; for the government, what it keeps at the count and the subversion it opens."""
    safe = SoundSituation(LeaderGuard(sit).filter(sit.view), sit.side, sit.caution)
    guard = SubversionGuard(safe)
    combat = sit.view.combat
    assert combat is not None
    into = combat.pending[0]
    if sit.side == REBELS:
        return choose_advance(safe, rng, lambda move: _scored_after(safe, into, move))

    def opened(move: Advance) -> float:
        units = [sit.view.unit(uid) for uid in move.units if not sit.view.unit(uid).is_leader]
        change = kept(safe, into, units) - guard.cost(into, units)
        for source in sorted({u.hex for u in units}):
            here = safe.own(source)
            left = [u for u in here if u not in units]
            change += guard.cost(source, here) - guard.cost(source, left) + kept(safe, source, left)
            change -= kept(safe, source, here)
        return change

    return choose_advance(safe, rng, opened)


def choose_sound_losses(sit: Situation, rng: Random) -> WargameMove:
    """The cheapest units to lose, counting on the government's first advanced turn the subversion the losses open
    (a garrison that attacked must not be left small enough to be turned)."""
    guard = SubversionGuard(sit)
    if not guard.active:
        return choose_losses(sit, rng)

    def opened(uids: tuple[str, ...]) -> float:
        change = 0.0
        for label in sorted({sit.view.unit(uid).hex for uid in uids}):
            here = sit.own(label)
            change += guard.cost(label, [u for u in here if u.uid not in uids]) - guard.cost(label, here)
        return change

    return choose_losses(sit, rng, opened)


def _scored_after(sit: Situation, into: str, move: Advance) -> float:
    """The change in the points the rebels score at once when move's units advance into `into`."""
    units = [sit.view.unit(uid) for uid in move.units]
    change = scored_now(into, units)
    for source in sorted({u.hex for u in units}):
        here = sit.own(source)
        change += scored_now(source, [u for u in here if u not in units]) - scored_now(source, here)
    return change


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
