"""What every card game's state shares: a seat's coins, cards and claims, the seats in turn order, whole copies."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from core.cards.copying import deep_copy
from core.cards.rules import STARTING_COINS


@dataclass
class Seat(ABC):
    """One seat: coins, face-down (hidden) and face-up (revealed) cards, and the characters it said it holds (claims,
    public); each game says when a seat is still in (alive)."""

    name: str
    coins: int = STARTING_COINS
    hidden: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)

    @property
    @abstractmethod
    def alive(self) -> bool:
        """Still in the game."""

    def note_claim(self, card: str) -> None:
        """Remember in public that this seat said it holds card."""
        if card not in self.claims:
            self.claims.append(card)

    def drop_claim(self, card: str | None) -> None:
        """Forget the claim of card (lost, or not shown when called); None is no claim."""
        if card is not None and card in self.claims:
            self.claims.remove(card)

    def turn_face_up(self, card: str) -> None:
        """Lose card: it leaves the hand face up, and is no longer claimed."""
        self.hidden.remove(card)
        self.revealed.append(card)
        self.drop_claim(card)

    def leave(self) -> int:
        """Leave the game: the coins go (how many is returned) and the claims are forgotten."""
        coins, self.coins = self.coins, 0
        self.claims.clear()
        return coins


@dataclass(frozen=True)
class CardChallenge:
    """challenger called challenged's claim of card; challenged must prove or concede (each game adds what kind of
    claim it was)."""

    challenger: int
    challenged: int
    card: str


class CardState:
    """What every card game's state does alike; each game's dataclass declares these fields (in its own order)."""

    players: Sequence[Seat]
    deck: list[str]
    rng: int
    active: int
    window: str
    owed: list[int]
    then: str
    pending: Any
    challenge: CardChallenge | None
    losses: list[tuple[int, str]]
    drawn: list[str]
    turn: int
    version: int
    winner: int | None

    def clone(self) -> Self:
        """A copy sharing nothing mutable, so apply never touches the state it was given; every field is copied
        by its declared type, and a field of a type that cannot be copied is an error, never left shared."""
        return deep_copy(self)

    def living(self) -> list[int]:
        """Seats still in the game."""
        return [i for i, p in enumerate(self.players) if p.alive]

    def clockwise_from(self, seat: int, include_self: bool = False) -> list[int]:
        """Living seats in turn order starting after seat (or at it, with include_self)."""
        n = len(self.players)
        order = [(seat + k) % n for k in range(0 if include_self else 1, n)]
        return [s for s in order if self.players[s].alive]
