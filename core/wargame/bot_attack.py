"""The wargame bot's attacks: per target hex, the fewest adjacent units (and leaders) that reach the best odds,
attacked when the expected result is worth it; surrender called when it pays."""

from __future__ import annotations

from collections.abc import Callable

from core.wargame.board import adjacent, is_fortified, strategic_hexes
from core.wargame.bot_eval import Situation, hold_value, unit_value
from core.wargame.combat import attack_error, attackable, surrounded
from core.wargame.crt import COLUMNS, attack_odds, column, hex_defence
from core.wargame.moves import Attack, EndPhase, WargameMove
from core.wargame.units import GUARDS, Unit

WORTH_ATTACKING, DESPERATE_THRESHOLD = 0.5, -1.5
ODDS_TAKEN, PRIZE_ODDS, DESPERATE_ODDS = "2-1", "1-1", "1-2"  # the longest odds: normally, against a strategic
# hex or a leader, and when desperate
SURRENDER_GAIN = 2.0  # a government stack that surrenders joins the rebels: lost to one side, won by the other


def choose_attack(
    sit: Situation, longest: Callable[[Situation, str], str] | None = None, worth: float = WORTH_ATTACKING
) -> WargameMove:
    """The most valuable attack worth more than worth (DESPERATE_THRESHOLD when desperate) at odds no longer than
    longest allows (longest_odds by default), or ending the phase."""
    longest = longest or longest_odds
    threshold = DESPERATE_THRESHOLD if sit.desperate else worth
    best: tuple[float, Attack] | None = None
    for target in sorted(sit.occupied):
        if not attackable(sit.view, sit.side, target) or sit.own(target):
            continue  # a hex shared with own units (after a subversion) is not the bot's to attack
        planned = plan_attack(sit, target)
        if planned is None:
            continue
        value, move = planned
        odds = attack_odds(sit.view, sit.side, move.attackers, move.targets, move.leaders)
        if COLUMNS.index(odds.column) < COLUMNS.index(longest(sit, target)):
            continue
        if value > threshold and (best is None or value > best[0]):
            best = (value, move)
    return best[1] if best is not None else EndPhase()


def longest_odds(sit: Situation, target: str) -> str:
    """The worst column the side attacks target at: 2-1, or 1-1 for a strategic hex or a leader, 1-2 desperate."""
    if sit.desperate:
        return DESPERATE_ODDS
    prize = target in strategic_hexes() or any(u.is_leader for u in sit.foes(target))
    return PRIZE_ODDS if prize else ODDS_TAKEN


def plan_attack(sit: Situation, target: str) -> tuple[float, Attack] | None:
    """The best attack on target with the units next to it: its expected value and the move (None if none)."""
    eligible = [u for n in adjacent(target) for u in sit.own(n) if not u.is_leader and sit.can_attack(u)]
    if not eligible:
        return None
    hexes = {u.hex for u in eligible}
    leaders = [u for h in sorted(hexes) for u in sit.own(h) if u.is_leader and u.uid not in sit.view.leaders_used]
    defence = hex_defence(sit.foes(target), target)
    attackers, leaders = _fewest(eligible, leaders, defence)
    strength = sum(u.strength for u in attackers) + sum(u.bonus for u in leaders)
    loss = min(unit_value(u) for u in attackers)
    value = sit.attack_value(target, strength, loss)
    move = Attack(tuple(sorted(u.uid for u in attackers)), (target,), tuple(sorted(u.uid for u in leaders)))
    if attack_error(sit.view, sit.side, move):
        return None
    if sit.view.config.surrender and (column(strength, defence) == "3-1" or surrounded(sit.view, target)):
        called = _surrender_value(sit, target, strength, loss, bool(leaders), value)
        if called > value:
            return called, Attack(move.attackers, move.targets, move.leaders, surrender=True)
    return value, move


def _fewest(eligible: list[Unit], leaders: list[Unit], defence: int) -> tuple[list[Unit], list[Unit]]:
    """Drop the strongest units and then the leaders that do not change the odds column (the cheapest units stay,
    to be lost first); a leader stays only if one of the remaining attackers is in his hex."""
    attackers = sorted(eligible, key=lambda u: (unit_value(u), u.uid))
    strength = sum(u.strength for u in attackers) + sum(u.bonus for u in leaders)
    col = column(strength, defence)
    for unit in sorted(attackers, key=lambda u: (-unit_value(u), u.uid)):
        if len(attackers) > 1 and column(strength - unit.strength, defence) == col:
            attackers.remove(unit)
            strength -= unit.strength
    hexes = {u.hex for u in attackers}
    kept = [u for u in leaders if u.hex in hexes]
    strength = sum(u.strength for u in attackers) + sum(u.bonus for u in kept)
    for leader in list(kept):
        if column(strength - leader.bonus, defence) == col:
            kept.remove(leader)
            strength -= leader.bonus
    return attackers, kept


def _surrender_value(sit: Situation, target: str, strength: int, loss: float, led: bool, plain: float) -> float:
    """Expected worth of calling for surrender: the defenders roll one die plus modifiers; 1 or less surrenders
    (government troops change sides), 2 surrenders with salvage rolls, 6 or more doubles the defence."""
    here = sit.foes(target)
    modifier = int(any(u.kind == GUARDS for u in here)) + int(is_fortified(target))
    modifier += int(any(u.is_leader for u in here)) - int(led)
    whole = sum(unit_value(u) for u in here) + hold_value(target) + 1.0  # everything lost, the hex freed
    gain = whole * (SURRENDER_GAIN if sit.enemy == 0 else 1.5)
    infuriated = sit.attack_value(target, strength, loss, defence_factor=2)
    total = 0.0
    for die in range(1, 7):
        roll = die + modifier
        if roll <= 1:
            total += gain
        elif roll == 2:
            total += whole
        elif roll >= 6:
            total += infuriated if infuriated != float("-inf") else -10.0
        else:
            total += plain
    return total / 6
