"""What one seat (or a spectator) may know of Coup or Reformation: the state with every secret removed."""

from __future__ import annotations

from core.cards.moves import Move
from core.cards.rules import TREASURY_COINS
from core.cards.seats import seat_view
from core.cards.state import CoupState, Player
from core.cards.table_view import CardChallengeView, CardSeatView, CardView, all_hands_shown, seat_fields, table_fields
from core.frozen import frozen_dataclass


@frozen_dataclass
class SeatView(CardSeatView):
    """A Coup or Reformation player as everyone sees it: also its allegiance (Reformation)."""

    allegiance: str = ""


@frozen_dataclass
class PendingView:
    """The action in flight and its block, all public."""

    actor: int
    kind: str
    target: int | None
    claim: str | None
    cost: int
    blocker: int | None
    block_card: str | None


@frozen_dataclass
class ChallengeView(CardChallengeView):
    """An open challenge, on the action or on its block."""

    on_block: bool


@frozen_dataclass
class CoupView(CardView[SeatView]):
    """A seat's whole picture of a Coup or Reformation table, and the moves it may make now."""

    players: tuple[SeatView, ...]
    treasury: int
    pending: PendingView | None
    challenge: ChallengeView | None
    choices: tuple[str, ...]
    two_player_variant: bool
    reformation: bool = False
    inquisitor: bool = False
    reserve: int = 0
    examined: str | None = None


def _seat_view(seat: int, player: Player, allegiance: str, hand_shown: bool) -> SeatView:
    return SeatView(*seat_fields(seat, player, hand_shown), allegiance)


def make_view(state: CoupState, seat: int | None, legal: tuple[Move, ...], every_hand: bool = False) -> CoupView:
    """Copy out of state only what seat may know (and every hand, with every_hand)."""
    all_shown = all_hands_shown(state, every_hand)
    allegiances = state.allegiance
    players = tuple(
        [
            seat_view(p, i, allegiances[i] if allegiances else "", all_shown or i == seat, _seat_view)
            for i, p in enumerate(state.players)
        ]
    )
    pending, challenge = state.pending, state.challenge
    exchanging = state.window == "exchange" and seat == state.active
    examiners = (pending.actor, pending.target) if pending is not None else ()  # who sees an examined card
    pending_view = None
    if pending is not None:
        fields = (pending.actor, pending.kind, pending.target, pending.claim, pending.cost, pending.blocker)
        pending_view = PendingView(*fields, pending.block_card)
    challenge_view = None
    if challenge is not None:
        challenge_view = ChallengeView(challenge.challenger, challenge.challenged, challenge.card, challenge.on_block)
    return CoupView(  # by position, in the fields' order (by name, a view would cost twice as much: see table_fields)
        *table_fields(state, seat, legal, players, tuple(state.drawn) if exchanging else ()),
        max(0, TREASURY_COINS - state.reserve - sum([p.coins for p in state.players])),  # treasury
        pending_view,
        challenge_view,
        tuple(state.choices[seat]) if state.window == "setup" and seat is not None else (),  # choices
        state.config.two_player_variant,
        state.config.reformation,
        state.config.inquisitor,
        state.reserve,
        state.examined if seat is not None and seat in examiners else None,  # examined
    )
