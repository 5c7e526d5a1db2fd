"""Reformation helpers for the rule bot: who may attack whom, how exposed a seat is, when to convert or embezzle."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from core.cards.bot_view import me, my_seat
from core.cards.moves import Move, move
from core.cards.rules import ASSASSIN, COUP_COST, DUKE, FACTIONS
from core.cards.state import Player
from core.cards.views import CoupView

CONVERT_GAIN = 0.25  # convert only to shed this much menace aimed at the viewer (a quarter of an influence)
ASSASSIN_MENACE = 0.5  # extra menace of a claimed Assassin who can pay for a kill
MIN_LIVING = 4  # from this many players alive, a conversion must bring the sides closer in size
EMBEZZLE_MIN = 2  # a reserve worth a turn: as much as Foreign Aid, and no one can block it
EMBEZZLE_BLUFF = 6  # holding a Duke, embezzle (a bluff) only for a reserve this rich


def allegiances(view: CoupView) -> dict[int, str]:
    """Every seat's allegiance now."""
    return {p.seat: p.allegiance for p in view.players}


def foes(view: CoupView) -> list[Player]:
    """The living opponents who may attack the viewer: all of them, unless both factions remain."""
    others = [p for p in view.players if p.alive and p.seat != view.viewer]
    mine = me(view).allegiance
    if all(p.allegiance == mine for p in others):
        return others
    return [p for p in others if p.allegiance != mine]


def menace(player: Player) -> float:
    """Roughly how much influence player can take from someone soon: coins toward a coup, a claimed Assassin."""
    armed = ASSASSIN in player.claims and player.coins >= 3
    return min(player.coins, COUP_COST) / COUP_COST + (ASSASSIN_MENACE if armed else 0.0)


def exposure(view: CoupView, allegiance: dict[int, str]) -> float:
    """The menace aimed at the viewer under allegiance, each attacker spreading its own over every seat it may hit."""
    living = [p.seat for p in view.players if p.alive]
    divided = len({allegiance[s] for s in living}) > 1
    total = 0.0
    for seat in living:
        if seat == view.viewer or (divided and allegiance[seat] == allegiance[my_seat(view)]):
            continue
        hits = [s for s in living if s != seat and not (divided and allegiance[s] == allegiance[seat])]
        total += menace(view.players[seat]) / len(hits)
    return total


def flipped(allegiance: dict[int, str], seat: int) -> dict[int, str]:
    """allegiance with seat's card turned over."""
    return allegiance | {seat: FACTIONS[1 - FACTIONS.index(allegiance[seat])]}


def imbalance(view: CoupView, allegiance: dict[int, str]) -> int:
    """How many more living players the bigger side has than the smaller one."""
    sides = Counter(allegiance[p.seat] for p in view.players if p.alive)
    counts = [sides[faction] for faction in FACTIONS]
    return max(counts) - min(counts)


def evens_sides(view: CoupView, now: dict[int, str], after: dict[int, str]) -> bool:
    """Whether a conversion from now to after brings the sides closer in size (any conversion, below MIN_LIVING
    alive). Joining a big majority leaves its players few seats to aim at and the few left everyone's only target;
    and a conversion that only evens the sides is never worth undoing, so none is undone a few turns later."""
    if sum(p.alive for p in view.players) < MIN_LIVING:
        return True
    return imbalance(view, after) < imbalance(view, now)


def conversion(view: CoupView) -> Move | None:
    """The legal conversion that most reduces the menace aimed at the viewer, if it sheds at least CONVERT_GAIN and
    brings the sides closer in size."""
    now = allegiances(view)
    moves = [m for m in view.legal if m.kind == "convert" and m.target is not None]
    moves = [m for m in moves if m.target is not None and evens_sides(view, now, flipped(now, m.target))]
    if not moves:
        return None
    before = exposure(view, now)
    after = {m: exposure(view, flipped(now, m.target)) for m in moves if m.target is not None}
    best = min(moves, key=lambda m: (after[m], m.target != view.viewer))  # ties: the cheaper self-conversion
    return best if before - after[best] >= CONVERT_GAIN else None


def embezzlement(view: CoupView, mine: tuple[str, ...], bluffing: Callable[[], bool]) -> Move | None:
    """Take the reserve when it is worth a turn: honestly without a Duke, as a rare bluff with one if it is rich."""
    if view.reserve < EMBEZZLE_MIN or move("embezzle") not in view.legal:  # (no reserve outside Reformation)
        return None
    if DUKE not in mine or (view.reserve >= EMBEZZLE_BLUFF and bluffing()):
        return move("embezzle")
    return None
