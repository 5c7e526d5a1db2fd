"""What one seat (or a spectator) may know of a card game: the state with every secret removed."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from core.cards.moves import Move
from core.cards.rules import TREASURY_COINS
from core.cards.state import CoupState


@dataclass(frozen=True)
class SeatView:
    """One player as everyone sees it; hand is set only for the viewer's own seat (and at the end)."""

    seat: int
    name: str
    coins: int
    influence: int
    revealed: tuple[str, ...]
    claims: tuple[str, ...]
    alive: bool
    hand: tuple[str, ...] | None
    allegiance: str = ""


@dataclass(frozen=True)
class PendingView:
    """The action in flight and its block, all public."""

    actor: int
    kind: str
    target: int | None
    claim: str | None
    cost: int
    blocker: int | None
    block_card: str | None


@dataclass(frozen=True)
class ChallengeView:
    """An open challenge, waiting for the challenged player to prove or concede."""

    challenger: int
    challenged: int
    card: str
    on_block: bool


@dataclass(frozen=True)
class CoupView:
    """A seat's whole picture of the table, and the moves it may make now."""

    viewer: int | None
    players: tuple[SeatView, ...]
    deck_count: int
    treasury: int
    active: int
    turn: int
    version: int
    window: str
    owed: tuple[int, ...]
    pending: PendingView | None
    challenge: ChallengeView | None
    losing: int | None
    loss_reason: str
    drawn: tuple[str, ...]
    choices: tuple[str, ...]
    legal: tuple[Move, ...]
    winner: int | None
    two_player_variant: bool
    reformation: bool = False
    inquisitor: bool = False
    reserve: int = 0
    examined: str | None = None

    def me(self) -> SeatView | None:
        """The viewer's own seat, if it has one."""
        return None if self.viewer is None else self.players[self.viewer]


def make_view(state: CoupState, seat: int | None, legal: tuple[Move, ...]) -> CoupView:
    """Copy out of state only what seat may know."""
    over = state.window == "over"
    players = tuple(
        SeatView(
            seat=i,
            name=p.name,
            coins=p.coins,
            influence=len(p.hidden),
            revealed=tuple(p.revealed),
            claims=tuple(p.claims),
            alive=p.alive,
            hand=tuple(p.hidden) if over or i == seat else None,
            allegiance=state.allegiance[i] if state.allegiance else "",
        )
        for i, p in enumerate(state.players)
    )
    pending = state.pending
    challenge = state.challenge
    exchanging = state.window == "exchange" and seat == state.active
    examiners = (pending.actor, pending.target) if pending is not None else ()  # who sees an examined card
    losing = state.losses[0] if state.window == "lose" and state.losses else None
    return CoupView(
        viewer=seat,
        players=players,
        deck_count=len(state.deck),
        treasury=max(0, TREASURY_COINS - state.reserve - sum(p.coins for p in state.players)),
        active=state.active,
        turn=state.turn,
        version=state.version,
        window=state.window,
        owed=tuple(state.owed),
        pending=None if pending is None else PendingView(**asdict(pending)),
        challenge=None
        if challenge is None
        else ChallengeView(challenge.challenger, challenge.challenged, challenge.card, challenge.on_block),
        losing=None if losing is None else losing[0],
        loss_reason="" if losing is None else losing[1],
        drawn=tuple(state.drawn) if exchanging else (),
        choices=tuple(state.choices[seat]) if state.window == "setup" and seat is not None else (),
        legal=legal,
        winner=state.winner,
        two_player_variant=state.config.two_player_variant,
        reformation=state.config.reformation,
        inquisitor=state.config.inquisitor,
        reserve=state.reserve,
        examined=state.examined if seat is not None and seat in examiners else None,
    )
