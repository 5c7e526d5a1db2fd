"""What one seat (or a spectator) may know of Coup or Reformation: the state with every secret removed."""

from __future__ import annotations

from core.cards.moves import Move
from core.cards.rules import TREASURY_COINS
from core.cards.state import Challenge, CoupState, Pending, Player
from core.cards.table_view import CardView, all_hands_shown, card_view, view_builder
from core.frozen import frozen_dataclass


@frozen_dataclass
class CoupView(CardView[Player]):
    """A seat's whole picture of a Coup or Reformation table, and the moves it may make now. The action in flight
    (pending) and an open challenge are the state's own records, all public."""

    players: tuple[Player, ...]
    pending: Pending | None
    challenge: Challenge | None
    choices: tuple[str, ...]
    two_player_variant: bool
    reformation: bool = False
    inquisitor: bool = False
    reserve: int = 0
    examined: str | None = None

    @property
    def treasury(self) -> int:
        """The coins in the treasury: the game's 50 less those in front of the players and on the reserve (worked out
        when asked: a view is made for every decision, and its reader seldom asks)."""
        return max(0, TREASURY_COINS - self.reserve - sum(player.coins for player in self.players))


BUILD_VIEW = view_builder(CoupView)
"""How card_view builds a CoupView."""


def make_view(state: CoupState, seat: int | None, legal: tuple[Move, ...], every_hand: bool = False) -> CoupView:
    """What seat may know of state (and every hand, with every_hand): the state's own public records, its cards."""
    players = state.players
    pending, window = state.pending, state.window
    # each test below starts with what is seldom there (a view is made for every decision)
    exchanging = state.drawn and window == "exchange" and seat == state.active
    examined = state.examined
    if examined is not None and (seat is None or pending is None or seat not in (pending.actor, pending.target)):
        examined = None  # an examined card is shown to the Inquisitor and the examined player alone
    config = state.config
    game_fields = (  # CoupView's own, in its order
        pending,
        state.challenge,
        state.choices[seat] if window == "setup" and seat is not None else (),  # choices
        config.two_player_variant,
        config.reformation,
        config.inquisitor,
        state.reserve,
        examined,
    )
    all_shown = all_hands_shown(state, every_hand)
    return card_view(BUILD_VIEW, state, seat, legal, players, all_shown, state.drawn if exchanging else (), game_fields)
