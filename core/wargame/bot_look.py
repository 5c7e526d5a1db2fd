"""The sound bot's look ahead in the attack phase: each attack worth weighing is played out on a copy of the board
for every roll of the die, the decisions it opens made by the sound bot for both sides, and the boards it leads to
valued by what each side has, holds and scores (by the game's result where the count that follows ends it); the
attack with the best expected board is made, or none."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from core.rng import below
from core.wargame.board import controller, strategic_hexes
from core.wargame.bot_attack import plan_attack
from core.wargame.bot_eval import Situation, SoundSituation, hold_value, unit_value
from core.wargame.combat import attackable
from core.wargame.crt import COLUMNS, attack_odds
from core.wargame.engine import WARGAME
from core.wargame.flow import WINNING_LEAD, owed
from core.wargame.moves import Attack, EndPhase, WargameMove
from core.wargame.state import WargameState
from core.wargame.units import GOVERNMENT, REBELS, Unit
from core.wargame.views import WargameView, make_view, state_of

Reaction = Callable[[WargameView], WargameMove]  # the move a seat makes in a view (the sound bot's)

WEIGHED = 5  # the attacks played out per decision: the planner's best by its own estimate
LONGEST = "1-2"  # no attack at longer odds is weighed
VP_VALUE = 6.0  # a victory point, in the units of the bot's values (a strategic hex held is 10 to 17)
WIN = 10_000.0  # a board on which the game is won
WORTH = 0.5  # how much better than attacking no more an attack's expected board must be
DIE = 6
RACE_MARGIN = 4  # how near a lead that wins at once the count must come for the rebels to play their attacks out
BOARD_CAUTION = 0.5  # the share of what the enemy's next attacks are expected to take counted against a played-out
# board: the classic bot's, not the move phase's (bot_sound.sound_caution); measured, docs/wargame-opponent.md, the
# seventh round


@cache
def rigged(die: int) -> int:
    """A state of the game's generator whose first die is die (the rolls after it fall as they may)."""
    seed = 0
    while below(seed, DIE)[1] != die - 1:
        seed += 1
    return seed


def choose_looked_attack(sit: Situation, react: Reaction) -> WargameMove:
    """The attack whose boards after every roll of the die are best on average, or ending the phase when none beats
    the board as it stands."""
    base = board_value(state_of(sit.view), sit.side)
    best: tuple[float, WargameMove] = (base + WORTH, EndPhase())
    longest = COLUMNS[0] if count_decides(sit.view, sit.side) else LONGEST
    for move in weighed_attacks(sit, longest):
        value = expected_value(sit, move, react)
        if value > best[0]:
            best = (value, move)
    return best[1]


def weighed_attacks(sit: Situation, longest: str = LONGEST) -> list[Attack]:
    """The attacks worth playing out: per target, the planner's attack (the fewest units reaching the best odds,
    surrender called when the planner finds it pays), at odds no longer than longest; the WEIGHED best by the
    planner's estimate."""
    planned: list[tuple[float, Attack]] = []
    for target in sorted(sit.occupied):
        if not attackable(sit.view, sit.side, target) or sit.own(target):
            continue
        found = plan_attack(sit, target)
        if found is None:
            continue
        value, move = found
        odds = attack_odds(sit.view, sit.side, move.attackers, move.targets, move.leaders)
        if odds.column and COLUMNS.index(odds.column) >= COLUMNS.index(longest):
            planned.append((value, move))
    planned.sort(key=lambda pair: -pair[0])
    return [move for _, move in planned[:WEIGHED]]


def expected_value(sit: Situation, move: Attack, react: Reaction) -> float:
    """The average value of the boards move leads to, one for each first die."""
    total = 0.0
    for die in range(1, DIE + 1):
        state = state_of(sit.view)
        state.rng = rigged(die)
        state, _ = WARGAME.apply(state, sit.side, move)
        total += board_value(fought_out(state, react), sit.side)
    return total / DIE


def fought_out(state: WargameState, react: Reaction) -> WargameState:
    """The board once the combat in progress is over, its decisions made by react."""
    while state.combat is not None and state.winner is None:
        seat = owed(state)
        assert seat is not None
        state, _ = WARGAME.apply(state, seat, react(WARGAME.view(state, seat)))
    return state


def board_value(state: WargameState, side: int) -> float:
    """What the board is worth to side after its attack: its counters, and what its stacks hold less BOARD_CAUTION times
    what the enemy's next attacks on them are expected to take (Situation.local_value), against the enemy's
    counters and what they hold (the enemy moves next); the victory points; a won or lost game outweighs everything.
    For the rebels the strategic hexes count at once (the count follows their attacks)."""
    if state.winner is not None:
        return WIN if state.winner == side else -WIN
    sit = SoundSituation(make_view(state, side, ()), side, BOARD_CAUTION)
    total = 0.0
    for label, here in sorted(sit.occupied.items()):
        own = [u for u in here if u.side == side]
        if own:
            total += sum(unit_value(u) for u in own) + sit.local_value(label, own)
        foes = [u for u in here if u.side != side]
        if foes:
            total -= sum(unit_value(u) for u in foes) + held_value(label, foes)
    lead = state.vp[side] - state.vp[1 - side]
    if side == REBELS:
        lead = counted_lead(state)
        if lead >= WINNING_LEAD:
            return WIN
        if lead <= -WINNING_LEAD or last_turn(state):
            return (WIN if lead > 0 else -WIN) + VP_VALUE * lead  # the count ends the game: a tie is the government's
    return total + VP_VALUE * lead


def counted_lead(board: WargameState | WargameView) -> int:
    """The rebels' lead once the strategic hexes are counted as they stand (the count follows the rebels' attacks)."""
    held = [controller(board, label) for label in strategic_hexes()]
    return board.vp[REBELS] - board.vp[GOVERNMENT] + held.count(REBELS) - held.count(GOVERNMENT)


def last_turn(board: WargameState | WargameView) -> bool:
    """Whether the count at this turn's end is the last (the turn limit)."""
    limit = board.config.turn_limit
    return bool(limit) and board.turn >= limit


def count_decides(view: WargameView, side: int) -> bool:
    """Whether the count after the rebels' attacks about to be made can end the game: the last turn, or a lead within
    RACE_MARGIN points of the one that wins at once, either way. Then every attack is played out, at any odds, and
    the boards valued by the game's result (board_value)."""
    if side != REBELS:
        return False
    return last_turn(view) or abs(counted_lead(view)) > WINNING_LEAD - RACE_MARGIN


def held_value(label: str, units: list[Unit]) -> float:
    """What units hold in label: a strategic hex's worth when a ground combat unit stands there."""
    return hold_value(label) if any(u.stacks for u in units) else 0.0
