"""Moves of the card games: one plain, hashable record that msgpack and JSON can carry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class Move:
    """kind is an action ("tax", "steal", ...) or an answer ("challenge", "pass", "block", "prove",
    "concede", "reveal", "keep", "choose"); target, card and cards qualify it."""

    kind: str
    target: int | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data, leaving out empty fields."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.target is not None:
            data["target"] = self.target
        if self.card is not None:
            data["card"] = self.card
        if self.cards:
            data["cards"] = list(self.cards)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        """The move in data; ValueError on anything malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("a move is a mapping with a string 'kind'")
        target, card, cards = data.get("target"), data.get("card"), data.get("cards", ())
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
            raise ValueError("a move's 'target' is a seat number")
        if card is not None and not isinstance(card, str):
            raise ValueError("a move's 'card' is a character name")
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise ValueError("a move's 'cards' is a list of character names")
        unknown = set(data) - {"kind", "target", "card", "cards"}
        if unknown:
            raise ValueError(f"unknown move fields: {', '.join(sorted(map(str, unknown)))}")
        return cls(data["kind"], target, card, tuple(sorted(cards)))
