"""The sound bot's hold on the strategic hexes over the whole game: the government's points are counted after the
rebels' attacks, so a strategic hex is worth to it what it is likely to still hold then; one left empty is the
rebels' for a placed mob; and the Radio Station feeds the rebels' mobs for as long as they hold it."""

from __future__ import annotations

from core.wargame.board import is_city, strategic_hexes
from core.wargame.bot_eval import Situation, outcomes, radio_station
from core.wargame.crt import column, hex_defence
from core.wargame.units import GOVERNMENT, Unit

HELD = 12.0  # a strategic hex the government still holds when the points are counted (after the rebels' attacks)
BLOCKED = 4.0  # a strategic city hex only a government helicopter stands in: no rebel mob may be placed there, nor
# hold it
WHOLE_CAUTION = 1.0  # a caution counting at least the enemy's whole attack on a stack: its worth already pays for the
# hex the attack may take, and the hold is counted whole while a combat unit stays
RADIO_STRIKE, RADIO_TURNS = 15.0, 3  # the government's planned strike on the Radio Station, while at least
# RADIO_TURNS turns are left: whoever holds it decides whether the rebels' mobs come a die a turn or one or two


def kept(sit: Situation, label: str, units: list[Unit]) -> float:
    """What the government's counters units standing in label are worth at the count beyond the hold itself: a
    strategic hex its combat units are likely to keep through the rebels' attacks (the share of the dice at the odds
    the rebels can bring on which the hex is neither wiped out nor left), or a city one a helicopter keeps closed.
    Where the bot's caution counts the rebels' whole attack or more (the basic game's government), a stack's worth
    already pays for the hex that attack may take, and the hold counts whole while any combat unit stays: counted
    twice, a threatened garrison looked worth little more than none, and its units were walked out to strikes
    elsewhere (docs/wargame-opponent.md, "The eighth round")."""
    if sit.side != GOVERNMENT or label not in strategic_hexes() or sit.foes(label):
        return 0.0
    fighters = [u for u in units if u.stacks]
    if not fighters:
        return BLOCKED if is_city(label) and any(not u.is_leader for u in units) else 0.0
    if sit.caution >= WHOLE_CAUTION:
        return HELD
    threat = sit.threat(label)
    col = column(int(threat), hex_defence(units, label)) if threat else ""
    if not col:
        return HELD
    lost = sum(1 for _att, dead, retreat in outcomes(col) if retreat or dead >= len(fighters))
    return HELD * (1 - lost / 6)


def strike_bonus(sit: Situation, target: str) -> float:
    """What the government's strike on target is worth beyond its attack: the Radio Station, while its mobs still
    matter."""
    limit = sit.view.config.turn_limit
    late = bool(limit) and limit - sit.view.turn < RADIO_TURNS
    return RADIO_STRIKE if sit.side == GOVERNMENT and target == radio_station() and not late else 0.0
