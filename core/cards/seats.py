"""What every card game's state shares: a seat's coins, cards and claims, the seats in turn order, copies."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Self, TypeVar

from core.cards.rules import STARTING_COINS
from core.frozen import derived, frozen_dataclass


@frozen_dataclass
class Seat(ABC):
    """One seat as the state keeps it and every view shows it: its number, coins, how many cards it holds face down
    (influence), those face up (revealed), and the characters it said it holds (claims, public); each game says when a
    seat is still in (alive). The cards themselves are kept apart, in the state's hands (and G54's asides), so a view
    shows the state's own seats, and the hands to whom may see them beside. A seat never changes: a move makes a new
    one (gaining, claiming, ...), so a state's copy shares its seats."""

    seat: int
    name: str
    coins: int = STARTING_COINS
    influence: int = 0
    revealed: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
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
        """This seat with coins more (fewer, if negative); itself for none."""
        return self.__replace__(coins=self.coins + coins) if coins else self

    def claiming(self, card: str) -> Self:
        """This seat having said in public that it holds card."""
        return self if card in self.claims else self.__replace__(claims=(*self.claims, card))

    def unclaiming(self, card: str | None) -> Self:
        """This seat with the claim of card forgotten (lost, or not shown when called); None is no claim."""
        return self if card is None or card not in self.claims else self.__replace__(claims=without(self.claims, card))

    def face_up(self, card: str) -> Self:
        """This seat having turned card face up: one influence fewer, card revealed, and no longer claimed."""
        changed: Self = self.unclaiming(card).__replace__(influence=self.influence - 1, revealed=(*self.revealed, card))
        return changed

    def gone(self) -> Self:
        """This seat having left the game: its coins gone and its claims forgotten."""
        changed: Self = self.__replace__(coins=0, claims=())
        return changed


T = TypeVar("T")
SeatT = TypeVar("SeatT", bound=Seat)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """items less the first copy of item (ValueError when it is not there): a card from a hand, a seat from those
    owing a window."""
    at = items.index(item)
    return items[:at] + items[at + 1 :]


def replacing(items: tuple[T, ...], at: int, item: T) -> tuple[T, ...]:
    """items with item in place of the one at index at (by way of a list: half the cost of joining slices)."""
    changed = list(items)
    changed[at] = item
    return tuple(changed)


@frozen_dataclass
class CardChallenge:
    """challenger called challenged's claim of card; challenged must prove or concede (each game adds what kind of
    claim it was). All public: a view shows the state's own."""

    challenger: int
    challenged: int
    card: str


def slot_copier(cls: type) -> Callable[[Any], Any]:
    """How clone copies an instance of cls (a dataclass with slots): a new instance with each slot's value stored in it,
    in one function written out once for cls's slots (a loop over them would cost three times as much, and the engines
    copy a state for every move). For slots rng and deck, say,

        def copy(value):
            self = new(cls)
            self.rng = value.rng
            self.deck = value.deck
            return self

    with new = object.__new__."""
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]  # a dataclass with slots declares them
    stores = "".join(f"    self.{name} = value.{name}\n" for name in slots)
    namespace: dict[str, Any] = {"cls": cls, "new": object.__new__}
    exec(f"def copy(value):\n    self = new(cls)\n{stores}    return self\n", namespace)
    copy: Callable[[Any], Any] = namespace["copy"]
    return copy


class CardState(Generic[SeatT]):
    """What every card game's state does alike; each game's dataclass declares these fields (in its own order), in
    slots: the engines read a state's fields for every decision, and a slot is read faster than a dict's entry. Every
    field holds an immutable value (tuples, frozen dataclasses): a move stores new values in a state's fields and never
    changes the values themselves, so a copy shares them all (see clone)."""

    players: tuple[SeatT, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    rng: int
    active: int
    window: str
    owed: tuple[int, ...]
    then: str
    pending: Any
    challenge: CardChallenge | None
    losses: tuple[tuple[int, str], ...]
    drawn: tuple[str, ...]
    turn: int
    version: int
    winner: int | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's state class, once made a dataclass with slots, gets its own clone (see slot_copier)."""
        super().__init_subclass__(**kwargs)
        if "__slots__" in vars(cls):  # dataclass(slots=True) makes the class anew, with its slots
            cls.clone = slot_copier(cls)  # type: ignore[method-assign,assignment]  # the generated copy is the method

    def clone(self) -> Self:
        """A copy apply may change while the state it was given stays as it was: the same values in a new instance's
        slots (every value is immutable, so sharing them is safe). Each game's class has its own (__init_subclass__)."""
        raise TypeError(f"{type(self).__name__} is not a dataclass with slots")

    def set_player(self, seat: int, player: SeatT) -> None:
        """player takes the place of seat's (a new tuple of players: the old one may be shared with a copy); nothing
        changes when player is seat's own (a claim said again, a claim forgotten that was never said)."""
        if player is not self.players[seat]:
            self.players = replacing(self.players, seat, player)

    def set_hand(self, seat: int, hand: tuple[str, ...]) -> None:
        """seat holds hand face down (its influence, public, follows)."""
        self.hands = replacing(self.hands, seat, hand)
        player = self.players[seat]
        if player.influence != len(hand):
            self.set_player(seat, player.__replace__(influence=len(hand)))

    def turn_face_up(self, seat: int, card: str) -> None:
        """seat turns card from its hand face up."""
        self.hands = replacing(self.hands, seat, without(self.hands[seat], card))
        self.set_player(seat, self.players[seat].face_up(card))

    def add_coins(self, seat: int, coins: int) -> None:
        """seat gains coins (loses them, if negative)."""
        self.set_player(seat, self.players[seat].gaining(coins))

    def draw(self, count: int) -> tuple[str, ...]:
        """The top count cards of the deck (its end), taken off it one at a time: in the order drawn (ValueError when
        the deck holds fewer: every rule that draws more than a few counts the deck first)."""
        deck = self.deck
        left = len(deck) - count
        if left < 0:
            raise ValueError(f"{count} cards drawn from a deck of {len(deck)}")
        self.deck = deck[:left]
        return deck[left:][::-1]

    def queue_loss(self, seat: int, reason: str) -> None:
        """seat must lose an influence, for reason, after the losses already queued."""
        self.losses = (*self.losses, (seat, reason))

    def next_loss(self) -> tuple[int, str]:
        """The first loss queued, taken off the queue."""
        losses = self.losses
        self.losses = losses[1:]
        return losses[0]

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

    def next_in(self, seat: int) -> int:
        """The first seat still in after seat, clockwise (the next turn's: some other seat is in while the game goes
        on)."""
        players = self.players
        for k in AFTER_SEAT[len(players)][seat]:
            if players[k].alive:
                return k
        raise ValueError(f"no seat but {seat} is still in")

    def clockwise_from(self, seat: int, include_self: bool = False) -> list[int]:
        """Living seats in turn order starting after seat (or at it, with include_self)."""
        players, living = self.players, []
        # a loop: a comprehension is a call of its own
        for k in (FROM_SEAT if include_self else AFTER_SEAT)[len(players)][seat]:
            if players[k].alive:
                living.append(k)
        return living


MOST_SEATS = 10
"""The largest card table (Reformation's ten players): turn orders are worked out for every table up to it."""


def turn_orders(include_self: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every table size up to MOST_SEATS and every seat, every seat of the table in turn order, starting after that
    seat (or at it, with include_self)."""
    return tuple(
        tuple(
            tuple(k % seats for k in range(seat if include_self else seat + 1, seat + seats)) for seat in range(seats)
        )
        for seats in range(MOST_SEATS + 1)
    )


AFTER_SEAT, FROM_SEAT = turn_orders(include_self=False), turn_orders(include_self=True)
"""The turn orders by table size and seat, worked out once (the engines ask who is next clockwise at nearly every
decision: read from a table rather than through a cached call, a call of clockwise_from costs two thirds)."""
