"""The authoritative state of a G54 game: players, deck, role tokens, the action in flight and the open window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from core.cards.g54.config import G54Config
from core.cards.g54.roles import ROLES
from core.cards.seats import CardChallenge, CardState, Seat, replacing
from core.frozen import frozen_dataclass

DISAPPEAR_TOKENS = 3


@frozen_dataclass
class G54Player(Seat):
    """A G54 seat, as the state keeps it and every view shows it: also how many cards it lost face down (after an
    unchallenged reactive claim; which ones the state keeps in its asides, and a view shows beside the hands), and
    whether it is out. The role tokens in front of it follow from who holds each (the state's, a view's tokens)."""

    aside_count: int = 0
    out: bool = False

    def still_in(self) -> bool:
        """In the game until out."""
        return not self.out


@frozen_dataclass
class Pending:
    """The action in flight: who, which role (or "income"/"coup"), aimed at whom, and how far it got.
    affected are the players the effect reaches unless they block; blocked those whose block stood;
    to_block those still to be asked; joiners those who joined (Capitalist: claims not yet
    challenged are in to_check); funder the Protestor volunteer. All public: a view shows the state's own (the card a
    Producer's target gave is the state's given). It never changes: a step stores one with changes (__replace__) as
    the state's."""

    actor: int
    kind: str
    role: str | None
    target: int | None = None
    other: int | None = None
    card: str | None = None
    affected: tuple[int, ...] = ()
    to_block: tuple[int, ...] = ()
    blocked: tuple[int, ...] = ()
    joiners: tuple[int, ...] = ()
    to_check: tuple[int, ...] = ()
    to_ask: tuple[int, ...] = ()
    funder: int | None = None
    paid: bool = False
    __replace__: ClassVar[Callable[..., Pending]]  # given by frozen_dataclass (core.frozen.replacer)


@frozen_dataclass
class Claim:
    """A claim open to challenge: seat says it holds role, for an action, a join, a block, a Lawyer's
    estate or a reactive claim on a lost card (the card set aside face down: the last of seat's asides). All public: a
    view shows the state's own."""

    seat: int
    role: str
    kind: str


@frozen_dataclass
class Challenge(CardChallenge):
    """A challenge of a claim of kind (action, join, block, lawyer); all public: a view shows the state's own."""

    kind: str


@frozen_dataclass
class Estate:
    """The coins of a player eliminated this turn, waiting for a Lawyer; to_ask are the survivors not
    yet asked, clockwise from the active player. It never changes: a step stores one with changes (__replace__)."""

    seat: int
    coins: int
    to_ask: tuple[int, ...] = ()
    asked: bool = False
    __replace__: ClassVar[Callable[..., Estate]]  # given by frozen_dataclass (core.frozen.replacer)


@dataclass(slots=True)
class G54State(CardState["G54Player"]):
    """Everything the engine knows, in immutable values (see CardState). window names the open decision and owed who
    must answer it; when none is open, then names the next automatic step."""

    config: G54Config
    roles: tuple[str, ...]
    players: tuple[G54Player, ...]
    hands: tuple[tuple[str, ...], ...]
    asides: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    rng: int
    active: int = 0
    window: str = "action"
    owed: tuple[int, ...] = ()
    then: str = ""
    pending: Pending | None = None
    claim: Claim | None = None
    reaction: Claim | None = None
    challenge: Challenge | None = None
    losses: tuple[tuple[int, str], ...] = ()
    drawn: tuple[str, ...] = ()
    given: str | None = None
    spying: bool = False
    peacekeeper: int | None = None
    treaty: tuple[int, int] | None = None
    collector: int | None = None
    taxed: str | None = None
    disappear: tuple[int, ...] = ()
    estates: tuple[Estate, ...] = ()
    turn: int = 1
    version: int = 0
    winner: int | None = None

    def set_aside(self, seat: int, aside: tuple[str, ...]) -> None:
        """seat has aside set aside face down (how many, public, follows)."""
        self.asides = replacing(self.asides, seat, aside)
        self.set_player(seat, self.players[seat].but(aside_count=len(aside)))

    def treaty_holds(self) -> bool:
        """A treaty lapses when only two players remain."""
        return self.treaty is not None and len(self.living()) > 2

    def partners(self, a: int, b: int) -> bool:
        """Whether a and b are bound by a treaty in force."""
        return a != b and self.treaty_partner(a) == b

    def treaty_partner(self, seat: int) -> int | None:
        """The seat bound to seat by a treaty in force, if any."""
        treaty = self.treaty
        if treaty is None or seat not in treaty or not self.treaty_holds():
            return None
        return treaty[1] if treaty[0] == seat else treaty[0]

    def may_target(self, actor: int, target: int, coup: bool = False) -> bool:
        """Treaty partners never target each other; the Peacekeeping holder only by a Coup."""
        if actor == target or not self.players[target].alive or self.partners(actor, target):
            return False
        return coup or target != self.peacekeeper

    def tax_due(self, seat: int, role: str) -> int:
        """1 coin when seat claims the taxed role and is not the collector."""
        return int(role == self.taxed and self.collector is not None and seat != self.collector)

    def committed(self, seat: int) -> int:
        """Coins seat must keep for the action it declared and has not paid yet (no tax may take them)."""
        pending = self.pending
        if pending is None or pending.actor != seat or pending.paid or pending.role not in ROLES:
            return 0
        return ROLES[pending.role].price

    def can_claim(self, seat: int, role: str) -> bool:
        """A player who cannot pay the tax on a role, besides the cost of the action it declared, cannot claim it."""
        return self.players[seat].coins - self.committed(seat) >= self.tax_due(seat, role)
