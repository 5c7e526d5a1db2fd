"""The coach: from one seat's view only, what it may believe of each opponent's cards, the odds that the claim in
front of it is a bluff, and what the expert would play there and why, in one line."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.cards.beliefs import CardView, beliefs, bluff_chance
from core.cards.expert import Assessment, ExpertBot, Search
from core.cards.moves import Move

LIKELY = 0.5
"""A card an opponent holds at least this likely is named as likely."""
COACH_FACTOR = 4
"""The coach searches four times as long as the expert at the table (under a second, once a key press): its advice
is read and weighed, so it had better not change with the luck of a few deals."""


@dataclass(frozen=True)
class Advice:
    """likely: each opponent's seat, and each card with the chance it holds one, likeliest first; bluff: the chance
    the claim open to challenge is a bluff (None: none is, or it is the viewer's); move and reason: the expert's (None
    and empty while the viewer has nothing to decide)."""

    likely: tuple[tuple[int, tuple[tuple[str, float], ...]], ...]
    bluff: float | None
    move: Move | None
    reason: str


def advise(
    view: CardView, search: Search, label: Callable[[Move, Any], str], seed: int = 0, nodes: int | None = None
) -> Advice:
    """What the coach says to view's seat (its move searched with nodes, COACH_FACTOR times the game's budget unless
    given, from seed); label words a move."""
    belief = beliefs(view)
    chances = belief.holds()
    likely = tuple(
        (seat, tuple(sorted(by_card.items(), key=lambda item: -item[1]))) for seat, by_card in chances.items()
    )
    if not view.legal:  # another player's decision: what the viewer may believe, and no move to advise
        return Advice(likely, bluff_chance(view, belief), None, "")
    assessment = ExpertBot(seed, COACH_FACTOR * search.nodes if nodes is None else nodes, search).assess(view)
    reason = reason_for(assessment, lambda move: label(move, view))
    return Advice(likely, bluff_chance(view, belief), assessment.move, reason)


def reason_for(assessment: Assessment, label: Callable[[Move], str]) -> str:
    """Why the expert plays its move, from what each move won over its deals (no wins: it did not search)."""
    wins, deals, move = assessment.wins, assessment.deals, assessment.move
    if not wins:
        return "the expert plays this as the rule bot would: there is nothing here worth searching"
    if not assessment.odds_told():
        played = f"{deals} game{'s' if deals != 1 else ''}"
        return f"the expert's pick from only {played} played out (its time plays out few here): a hint, not odds"
    if not wins[move]:
        return f"no move won any of {deals} games played out from what you can see"
    others = sorted((m for m in wins if m != move), key=lambda m: -wins[m])
    runner = ""
    if others:
        best, second = wins[move] / deals, wins[others[0]] / deals
        close = best - second < 2 * math.sqrt(best * (1 - best) / deals)  # within the play-outs' luck
        runner = f"; next best, {label(others[0])}, won {second:.0%}" + (": as good, either will do" if close else "")
    return f"won {wins[move] / deals:.0%} of {deals} games played out from what you can see{runner}"


def likely_cards(chances: tuple[tuple[str, float], ...]) -> list[str]:
    """The cards held at least LIKELY likely, likeliest first."""
    return [card for card, chance in chances if chance >= LIKELY]
