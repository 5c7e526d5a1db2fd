"""The legal moves both card engines offer alike: answers to a claim, a proof, a card of a hand, an exchange's keeps."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

from core.cards.moves import Move, move

CHALLENGE_OR_PASS = (move("challenge"), move("pass"))
PROVE_OR_CONCEDE = (move("prove"), move("concede"))
CONCEDE = (move("concede"),)


def prove_or_concede(can_prove: bool) -> tuple[Move, ...]:
    """A challenged seat proves its claim when it can, and may always concede."""
    return PROVE_OR_CONCEDE if can_prove else CONCEDE


MOVE_LISTS_KEPT = 4096
"""How many of the lists below are kept worked out (each is asked for again and again: a seat's legal moves are listed
for its view and again to check the move it plays; the hands a game deals are few)."""


@functools.lru_cache(maxsize=MOVE_LISTS_KEPT)
def one_per_card(kind: str, cards: tuple[str, ...]) -> tuple[Move, ...]:
    """One move of kind for each different card (to lose, show, give or choose)."""
    return tuple(move(kind, card=c) for c in sorted(set(cards)))


@functools.lru_cache(maxsize=MOVE_LISTS_KEPT)
def aimed(kind: str, targets: tuple[int, ...]) -> tuple[Move, ...]:
    """One move of kind aimed at each of targets, in their order."""
    return tuple(move(kind, target=t) for t in targets)


@functools.lru_cache(maxsize=MOVE_LISTS_KEPT)
def naming(kind: str, cards: tuple[str, ...]) -> tuple[Move, ...]:
    """One move of kind naming each of cards, in their order."""
    return tuple(move(kind, card=c) for c in cards)


def keeps(hand: Sequence[str], drawn: Sequence[str]) -> tuple[Move, ...]:
    """Every way to keep as many cards as the hand holds, out of the hand and the drawn cards."""
    return _keeps(tuple(hand), tuple(drawn))


@functools.lru_cache(maxsize=MOVE_LISTS_KEPT)
def _keeps(hand: tuple[str, ...], drawn: tuple[str, ...]) -> tuple[Move, ...]:
    pool = sorted([*hand, *drawn])
    return tuple(move("keep", cards=k) for k in sorted(set(combinations(pool, len(hand)))))
