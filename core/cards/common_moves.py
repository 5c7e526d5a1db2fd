"""The legal moves both card engines offer alike: answers to a claim, a proof, a card of a hand, an exchange's keeps."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from core.cards.moves import Move, move

CHALLENGE_OR_PASS = (move("challenge"), move("pass"))
PROVE_OR_CONCEDE = (move("prove"), move("concede"))
CONCEDE = (move("concede"),)


def prove_or_concede(can_prove: bool) -> tuple[Move, ...]:
    """A challenged seat proves its claim when it can, and may always concede."""
    return PROVE_OR_CONCEDE if can_prove else CONCEDE


def one_per_card(kind: str, cards: Iterable[str]) -> tuple[Move, ...]:
    """One move of kind for each different card (to lose, show, give or choose)."""
    return tuple(move(kind, card=c) for c in sorted(set(cards)))


def keeps(hand: Sequence[str], drawn: Sequence[str]) -> tuple[Move, ...]:
    """Every way to keep as many cards as the hand holds, out of the hand and the drawn cards."""
    pool = sorted([*hand, *drawn])
    return tuple(move("keep", cards=k) for k in sorted(set(combinations(pool, len(hand)))))
