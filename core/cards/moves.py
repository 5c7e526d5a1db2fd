"""Moves of the card games: one plain, hashable record that msgpack and JSON can carry."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class Move:
    """kind is an action ("tax", "steal", ...) or an answer ("challenge", "pass", "block", "prove",
    "concede", "reveal", "keep", "choose"); target, card, cards and other (a second seat, as the
    Communist's poorest player) qualify it."""

    kind: str
    target: int | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    other: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data, leaving out empty fields."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.target is not None:
            data["target"] = self.target
        if self.card is not None:
            data["card"] = self.card
        if self.cards:
            data["cards"] = list(self.cards)
        if self.other is not None:
            data["other"] = self.other
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        """The move in data; ValueError on anything malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("a move is a mapping with a string 'kind'")
        target, card, cards = data.get("target"), data.get("card"), data.get("cards", ())
        other = data.get("other")
        for seat in (target, other):
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise ValueError("a move's 'target' and 'other' are seat numbers")
        if card is not None and not isinstance(card, str):
            raise ValueError("a move's 'card' is a character name")
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise ValueError("a move's 'cards' is a list of character names")
        unknown = set(data) - {"kind", "target", "card", "cards", "other"}
        if unknown:
            raise ValueError(f"unknown move fields: {', '.join(sorted(map(str, unknown)))}")
        return cls(data["kind"], target, card, tuple(sorted(cards)), other)


@functools.cache
def move(
    kind: str, target: int | None = None, card: str | None = None, cards: tuple[str, ...] = (), other: int | None = None
) -> Move:
    """The move of these fields, one object for each: the engines list every legal move for every decision (and again
    to check the move played), and a Move, frozen, costs five times more to build than to look up. A move made
    elsewhere (read from the wire) is equal to it, only not the same object."""
    return Move(kind, target, card, cards, other)


def is_one_of(move: Move, moves: tuple[Move, ...]) -> bool:
    """Whether move is one of moves: found by identity when it is the object the engines handed out (see move), by
    equality otherwise (a move read from the wire), which compares it field by field with every move before it."""
    for legal in moves:
        if legal is move:
            return True
    return move in moves
