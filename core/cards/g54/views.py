"""What one seat (or a spectator) may know of a G54 game: the state with every secret removed."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards.g54.state import G54State
from core.cards.moves import Move


@dataclass(frozen=True)
class G54SeatView:
    """One player as everyone sees it; hand and aside (cards lost face down) only for the viewer's
    own seat, and for everyone at the end. tokens are the role tokens in front of the player."""

    seat: int
    name: str
    coins: int
    influence: int
    revealed: tuple[str, ...]
    aside_count: int
    claims: tuple[str, ...]
    alive: bool
    hand: tuple[str, ...] | None
    aside: tuple[str, ...] | None
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class G54PendingView:
    """The action in flight, all public: who, which role, aimed at whom, who blocked or joined."""

    actor: int
    kind: str
    role: str | None
    target: int | None
    other: int | None
    card: str | None
    blocked: tuple[int, ...]
    joiners: tuple[int, ...]
    funder: int | None
    blocking: int | None


@dataclass(frozen=True)
class ClaimView:
    """A claim open to challenge (kind: action, join, block, lawyer, or a loss reason for a reactive claim)."""

    seat: int
    role: str
    kind: str


@dataclass(frozen=True)
class G54ChallengeView:
    """An open challenge, waiting for the challenged player to prove or concede."""

    challenger: int
    challenged: int
    card: str
    kind: str


@dataclass(frozen=True)
class G54View:
    """A seat's whole picture of the table, and the moves it may make now."""

    viewer: int | None
    roles: tuple[str, ...]
    players: tuple[G54SeatView, ...]
    deck_count: int
    active: int
    turn: int
    version: int
    window: str
    owed: tuple[int, ...]
    pending: G54PendingView | None
    claim: ClaimView | None
    challenge: G54ChallengeView | None
    losing: int | None
    loss_reason: str
    drawn: tuple[str, ...]
    given: str | None
    legal: tuple[Move, ...]
    winner: int | None
    spying: bool
    peacekeeper: int | None
    treaty: tuple[int, ...]
    collector: int | None
    taxed: str | None
    disappear: tuple[int, ...]
    estate: tuple[int, int] | None

    def me(self) -> G54SeatView | None:
        """The viewer's own seat, if it has one."""
        return None if self.viewer is None else self.players[self.viewer]


def tokens_of(state: G54State, seat: int) -> tuple[str, ...]:
    """The role tokens in front of seat."""
    tokens = []
    if state.peacekeeper == seat:
        tokens.append("Peacekeeping")
    if state.treaty is not None and seat in state.treaty and state.treaty_holds():
        tokens.append("Treaty")
    if state.collector == seat:
        tokens.append("Tax")
    if seat in state.disappear:
        tokens.append("Disappear")
    return tuple(tokens)


def make_view(state: G54State, seat: int | None, legal: tuple[Move, ...]) -> G54View:
    """Copy out of state only what seat may know."""
    over = state.window == "over"
    players = tuple(
        G54SeatView(
            seat=i,
            name=p.name,
            coins=p.coins,
            influence=len(p.hidden),
            revealed=tuple(p.revealed),
            aside_count=len(p.aside),
            claims=tuple(p.claims),
            alive=p.alive,
            hand=tuple(p.hidden) if over or i == seat else None,
            aside=tuple(p.aside) if over or i == seat else None,
            tokens=tokens_of(state, i),
        )
        for i, p in enumerate(state.players)
    )
    pending = state.pending
    actor = None if pending is None else pending.actor
    sees_draw = seat is not None and seat == actor and state.window in ("exchange", "produce")
    in_swap = pending is not None and seat in (pending.actor, pending.target)
    losing = state.losses[0] if state.window == "lose" and state.losses else None
    claim = state.reaction if state.window == "react" else state.claim
    challenge = state.challenge
    estate = state.estates[0] if state.window == "lawyer" and state.estates else None
    return G54View(
        viewer=seat,
        roles=state.roles,
        players=players,
        deck_count=len(state.deck),
        active=state.active,
        turn=state.turn,
        version=state.version,
        window=state.window,
        owed=tuple(state.owed),
        pending=None
        if pending is None
        else G54PendingView(
            pending.actor,
            pending.kind,
            pending.role,
            pending.target,
            pending.other,
            pending.card,
            tuple(pending.blocked),
            tuple(pending.joiners),
            pending.funder,
            pending.to_block[0] if state.window in ("block", "claim") and pending.to_block else None,
        ),
        claim=None if claim is None else ClaimView(claim.seat, claim.role, claim.kind),
        challenge=None
        if challenge is None
        else G54ChallengeView(challenge.challenger, challenge.challenged, challenge.card, challenge.kind),
        losing=None if losing is None else losing[0],
        loss_reason="" if losing is None else losing[1],
        drawn=tuple(state.drawn) if sees_draw else (),
        given=pending.given if pending is not None and in_swap else None,
        legal=legal,
        winner=state.winner,
        spying=state.spying,
        peacekeeper=state.peacekeeper,
        treaty=tuple(state.treaty) if state.treaty is not None and state.treaty_holds() else (),
        collector=state.collector,
        taxed=state.taxed,
        disappear=tuple(state.disappear),
        estate=None if estate is None else (estate.seat, estate.coins),
    )
