"""What every card game's state shares: a seat's coins, cards and claims, the seats in turn order, whole copies."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import field
from typing import Any, ClassVar, Generic, Self, TypeVar

from core.cards.copying import dataclass_copier
from core.cards.rules import STARTING_COINS
from core.frozen import derived, frozen_dataclass, remember


@frozen_dataclass
class Seat(ABC):
    """One seat: coins, face-down (hidden) and face-up (revealed) cards, and the characters it said it holds (claims,
    public); each game says when a seat is still in (alive). A seat never changes: a move makes a new one (gaining,
    claiming, ...), so a state's copy shares its seats, and what a view shows of a seat is worked out once for it."""

    name: str
    coins: int = STARTING_COINS
    hidden: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
    shown: Any = field(default=None, init=False, compare=False, repr=False)  # memo of seat_views
    alive: bool = derived(lambda seat: seat.still_in())  # read for nearly every step of a game
    __replace__: ClassVar[Callable[..., Any]]  # given by frozen_dataclass (core.frozen.replacer)

    @abstractmethod
    def still_in(self) -> bool:
        """Whether this seat is still in the game (kept as alive)."""

    def but(self, **changes: Any) -> Self:
        """This seat with changes to its fields (as dataclasses.replace, faster: see core.frozen.replacer)."""
        changed: Self = self.__replace__(**changes)
        return changed

    def gaining(self, coins: int) -> Self:
        """This seat with coins more (fewer, if negative); itself for none (what a view shows of it stays known)."""
        return self.__replace__(coins=self.coins + coins) if coins else self

    def claiming(self, card: str) -> Self:
        """This seat having said in public that it holds card."""
        return self if card in self.claims else self.__replace__(claims=(*self.claims, card))

    def unclaiming(self, card: str | None) -> Self:
        """This seat with the claim of card forgotten (lost, or not shown when called); None is no claim."""
        return self if card is None or card not in self.claims else self.__replace__(claims=without(self.claims, card))

    def holding(self, hidden: tuple[str, ...]) -> Self:
        """This seat with hidden as its face-down cards."""
        changed: Self = self.__replace__(hidden=hidden)
        return changed

    def face_up(self, card: str) -> Self:
        """This seat having lost card: it leaves the hand face up, and is no longer claimed."""
        changed: Self = self.unclaiming(card).__replace__(
            hidden=without(self.hidden, card), revealed=(*self.revealed, card)
        )
        return changed

    def gone(self) -> Self:
        """This seat having left the game: its coins gone and its claims forgotten."""
        changed: Self = self.__replace__(coins=0, claims=())
        return changed


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """cards less one copy of card (ValueError when it is not there)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


SeatT = TypeVar("SeatT", bound=Seat)
ViewT = TypeVar("ViewT")


def seat_views(
    players: Sequence[Seat],
    viewer: int | None,
    all_shown: bool,
    extras: Sequence[Any],
    build: Callable[[int, Any, Any, bool], ViewT],
) -> tuple[ViewT, ...]:
    """What a view shows of every seat: build(seat, player, extra, hand_shown) for each, its hand shown to viewer only
    unless all_shown, with extras[seat] what else the game's seat view shows (an allegiance, role tokens). Each is
    worked out once for each player (who never changes) and kept with it (a memo of seat, extra and the view without
    and with the hand), for as long as seat and extra are the same: views are made for every decision."""
    views = []
    for seat, player in enumerate(players):
        extra, hand_shown, memo = extras[seat], all_shown or seat == viewer, player.shown
        if memo is None or memo[0] != seat or memo[1] != extra:
            memo = (seat, extra, None, None)
        view = memo[3] if hand_shown else memo[2]
        if view is None:
            view = build(seat, player, extra, hand_shown)
            remember(player, "shown", (seat, extra, memo[2], view) if hand_shown else (seat, extra, view, memo[3]))
        views.append(view)
    return tuple(views)


@frozen_dataclass
class CardChallenge:
    """challenger called challenged's claim of card; challenged must prove or concede (each game adds what kind of
    claim it was). All public: a view shows the state's own."""

    challenger: int
    challenged: int
    card: str


class CardState(Generic[SeatT]):
    """What every card game's state does alike; each game's dataclass declares these fields (in its own order), in
    slots: the engines read a state's fields for every decision, and a slot is read faster than a dict's entry."""

    players: list[SeatT]
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
        cls: type = type(self)
        copy: Self = dataclass_copier(cls)(self)
        return copy

    def add_coins(self, seat: int, coins: int) -> None:
        """seat gains coins (loses them, if negative)."""
        self.players[seat] = self.players[seat].gaining(coins)

    def last_one_in(self) -> int | None:
        """The only seat still in, if one alone is (None while two are, or none)."""
        found = None
        for seat, player in enumerate(self.players):
            if player.alive:
                if found is not None:
                    return None
                found = seat
        return found

    def living(self) -> list[int]:
        """Seats still in the game."""
        return [i for i, p in enumerate(self.players) if p.alive]

    def clockwise_from(self, seat: int, include_self: bool = False) -> list[int]:
        """Living seats in turn order starting after seat (or at it, with include_self)."""
        players = self.players
        n = len(players)
        return [k % n for k in range(seat if include_self else seat + 1, seat + n) if players[k % n].alive]
