"""What one seat (or a spectator) may know of a G54 game: the state with every secret removed."""

from __future__ import annotations

import functools

from core.cards.g54.config import MAX_PLAYERS
from core.cards.g54.state import Challenge, Claim, G54Player, G54State, Pending
from core.cards.moves import Move
from core.cards.table_view import CardView, all_hands_shown, card_view, shown, view_builder
from core.frozen import frozen_dataclass

TOKEN_SETS_KEPT = 1024
"""How many tables' sets of tokens are kept worked out (see tokens_by_seat)."""
NO_TOKENS = tuple(((),) * seats for seats in range(MAX_PLAYERS + 1))
"""No token in front of any seat, by the table's size (made once: a view shows them for every decision)."""


@frozen_dataclass
class G54View(CardView[G54Player]):
    """A seat's whole picture of a G54 table, and the moves it may make now. The action in flight (pending), the claim
    open to challenge and an open challenge are the state's own records, all public."""

    players: tuple[G54Player, ...]
    roles: tuple[str, ...]
    pending: Pending | None
    claim: Claim | None
    challenge: Challenge | None
    given: str | None
    spying: bool
    peacekeeper: int | None
    treaty: tuple[int, ...]
    collector: int | None
    taxed: str | None
    disappear: tuple[int, ...]
    estate: tuple[int, int] | None
    asides: tuple[tuple[str, ...] | None, ...]

    @property
    def tokens(self) -> tuple[tuple[str, ...], ...]:
        """The role tokens in front of each seat (worked out when asked, from who holds them: a view is made for every
        decision, and its reader seldom asks)."""
        if self.peacekeeper is None and not self.treaty and self.collector is None and not self.disappear:
            return NO_TOKENS[len(self.players)]
        return tokens_by_seat(len(self.players), self.peacekeeper, self.treaty, self.collector, self.disappear)

    def lost_face_down(self, seat: int) -> tuple[str, ...]:
        """The cards seat set aside face down after a reactive claim, if this view may name them (its own, and every
        seat's at the end)."""
        return self.asides[seat] or ()


@functools.lru_cache(maxsize=TOKEN_SETS_KEPT)
def tokens_by_seat(
    seats: int, peacekeeper: int | None, treaty: tuple[int, ...], collector: int | None, disappear: tuple[int, ...]
) -> tuple[tuple[str, ...], ...]:
    """The role tokens in front of each of seats, given who holds them and the treaty in force (() when none is): the
    same few sets come up again and again in a game (a view is made for every decision), so each is worked out once."""
    return tuple([_tokens_of(seat, peacekeeper, treaty, collector, disappear) for seat in range(seats)])


def _tokens_of(
    seat: int, peacekeeper: int | None, treaty: tuple[int, ...], collector: int | None, disappear: tuple[int, ...]
) -> tuple[str, ...]:
    held = []
    if peacekeeper == seat:
        held.append("Peacekeeping")
    if seat in treaty:
        held.append("Treaty")
    if collector == seat:
        held.append("Tax")
    if seat in disappear:
        held.append("Disappear")
    return tuple(held)


BUILD_VIEW = view_builder(G54View)
"""How card_view builds a G54View."""


def make_view(state: G54State, seat: int | None, legal: tuple[Move, ...], every_hand: bool = False) -> G54View:
    """What seat may know of state (and every hand, with every_hand): the state's own public records, its cards."""
    players = state.players
    treaty = tuple(state.treaty) if state.treaty is not None and state.treaty_holds() else ()
    all_shown = all_hands_shown(state, every_hand)
    pending, window = state.pending, state.window
    # each test below starts with what is seldom there (a view is made for every decision)
    sees_draw = state.drawn and pending is not None and seat == pending.actor and window in ("exchange", "produce")
    in_swap = state.given is not None and pending is not None and seat in (pending.actor, pending.target)
    estate = state.estates[0] if state.estates and window == "lawyer" else None
    game_fields = (  # G54View's own, in its order
        state.roles,
        pending,
        state.reaction if window == "react" else state.claim,  # claim
        state.challenge,
        state.given if in_swap else None,  # given
        state.spying,
        state.peacekeeper,
        treaty,
        state.collector,
        state.taxed,
        state.disappear,
        None if estate is None else (estate.seat, estate.coins),  # estate
        shown(state.asides, seat, all_shown),  # asides
    )
    return card_view(BUILD_VIEW, state, seat, legal, players, all_shown, state.drawn if sees_draw else (), game_fields)
