"""The sound bot's answer to a strategic hex it shares with the enemy (a subversion turned part of its stack): nobody
scores a shared hex and nobody may attack it, so the side moves its own counters out when the units next to it can
then attack what stands there at odds worth taking, and otherwise keeps them there (leaving would hand it over)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from core.wargame.board import adjacent, strategic_hexes
from core.wargame.bot_eval import Situation
from core.wargame.crt import COLUMNS, column, hex_defence
from core.wargame.moves import MoveUnits
from core.wargame.views import WargameView

CLEARING_ODDS = "2-1"  # the least odds a clearing must promise: leaving the hex gives it to the enemy until the attack


def shared_hexes(sit: Situation) -> list[str]:
    """The strategic hexes where the side's counters stand with enemy combat units."""
    return [label for label in strategic_hexes() if sit.own(label) and any(not u.is_leader for u in sit.foes(label))]


def choose_clearing(sit: Situation, longest: Callable[[Situation, str], str]) -> MoveUnits | None:
    """The next move out of a strategic hex shared with enemy combat units, or None. A hex is cleared only when every
    own counter in it can step to a neighbouring hex free of the enemy, and the side's strength next to it once they
    have (theirs and what already stands around) reaches CLEARING_ODDS and the odds longest allows; the move taking
    the most counters goes first, to the hex the enemy threatens least."""
    for label in shared_hexes(sit):
        here = sit.own(label)
        foes = sit.foes(label)
        exits = [
            m
            for m in sit.view.legal
            if isinstance(m, MoveUnits)
            and m.to in adjacent(label)
            and not sit.foes(m.to)
            and all(sit.view.unit(uid).hex == label for uid in m.units)
        ]
        if {u.uid for u in here} - {uid for m in exits for uid in m.units}:
            continue  # a counter left behind keeps the hex shared
        strength = sit.strength_next_to(label) + sum(u.strength for u in here if not u.is_leader and sit.can_attack(u))
        odds = column(int(strength), hex_defence(foes, label))
        needed = max(COLUMNS.index(CLEARING_ODDS), COLUMNS.index(longest(sit, label)))
        if odds and COLUMNS.index(odds) >= needed:
            return min(exits, key=lambda m: (-len(m.units), sit.threat(m.to), m.to, m.units))
    return None


def keep_shared(sit: Situation) -> WargameView:
    """sit's view without the moves taking a combat unit out of a strategic hex it shares with enemy combat units
    (call it once choose_clearing found none worth making): the enemy would hold the hex, and score it, for nothing.
    The view itself when no other move is left."""
    staying = {u.uid for label in shared_hexes(sit) for u in sit.own(label) if not u.is_leader}
    if not staying:
        return sit.view
    kept = tuple(m for m in sit.view.legal if not (isinstance(m, MoveUnits) and staying & set(m.units)))
    return replace(sit.view, legal=kept) if kept else sit.view
