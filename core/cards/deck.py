"""Cards going back into the deck alike in every card game: a proof's shown cards and an exchange's returned ones."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.cards.seats import CardState, without
from core.rng import shuffle


def shuffle_in(s: CardState[Any], cards: Sequence[str]) -> None:
    """cards go back into the deck, which is shuffled."""
    deck = [*s.deck, *cards]
    s.rng = shuffle(s.rng, deck)
    s.deck = tuple(deck)


def replace_shown(s: CardState[Any], seat: int, shown: Sequence[str]) -> tuple[str, ...]:
    """A proof: the cards seat showed are shuffled back into the deck, and seat draws as many anew (returned); a claim
    shown stays the seat's claim in public."""
    hand = s.hands[seat]
    for card in shown:
        hand = without(hand, card)
    shuffle_in(s, shown)
    drawn = s.draw(len(shown))
    s.set_hand(seat, hand + drawn)
    return drawn


def keep(s: CardState[Any], seat: int, kept: Sequence[str]) -> int:
    """An exchange: seat keeps kept out of its hand and the drawn cards, and the rest are shuffled back into the deck
    (how many is returned)."""
    rest = [*s.hands[seat], *s.drawn]
    for card in kept:
        rest.remove(card)
    s.set_hand(seat, tuple(kept))
    shuffle_in(s, rest)
    s.drawn = ()
    return len(rest)
