"""Claims and challenges in G54: opening and closing windows, tax on claims, proving and conceding."""

from __future__ import annotations

from collections.abc import Sequence

from core.cards.deck import replace_shown
from core.cards.events import Event, new_event
from core.cards.g54.state import Challenge, Claim, G54State
from core.cards.seats import without

SPECULATOR = "Speculator"


def open_window(s: G54State, window: str, owed: Sequence[int]) -> bool:
    """Open window owed by owed; False (and nothing opened) when nobody owes it."""
    if not owed:
        return False
    s.window, s.owed = window, tuple(owed)
    return True


def close_window(s: G54State, then: str = "") -> None:
    """Nobody owes anything any more; then names the next automatic step (if any)."""
    s.window, s.owed = "", ()
    if then:
        s.then = then


def pay_tax(s: G54State, seat: int, role: str, events: list[Event]) -> None:
    """seat claims role: the Customs Officer's collector takes 1 coin if role is taxed."""
    due = s.tax_due(seat, role)
    if due and s.collector is not None:
        s.add_coins(seat, -due)
        s.add_coins(s.collector, due)
        events.append(new_event("tax", seat, s.collector, role, amount=due))


def open_claim(s: G54State, seat: int, role: str, kind: str) -> None:
    """seat claims role (for an action, join, block or Lawyer): everyone else may challenge it."""
    s.claim = Claim(seat, role, kind)
    s.set_player(seat, s.players[seat].claiming(role))
    if not open_window(s, "claim", [p for p in s.clockwise_from(s.active, include_self=True) if p != seat]):
        s.claim = None
        s.then = f"{kind}_stood"


def answer_claim(s: G54State, seat: int, move_kind: str, events: list[Event]) -> None:
    """A pass, or the challenge that closes the claim window and asks the claimant to prove it."""
    claim = s.claim
    assert claim is not None
    if move_kind == "pass":
        s.owed = without(s.owed, seat)
        if not s.owed:
            s.claim = None
            close_window(s, f"{claim.kind}_stood")
        return
    s.challenge = Challenge(seat, claim.seat, claim.role, claim.kind)
    s.claim = None
    events.append(new_event("challenge", seat, claim.seat, claim.role))
    open_window(s, "prove", (claim.seat,))


def answer_challenge(s: G54State, seat: int, move_kind: str, events: list[Event]) -> None:
    """Prove (show the role, reshuffle it, draw anew; the challenger loses) or concede (lose an influence)."""
    challenge = s.challenge
    assert challenge is not None
    s.challenge = None
    player = s.players[seat]
    if move_kind == "prove":
        drawn = replace_shown(s, seat, (challenge.card,))
        events.append(new_event("prove", seat, challenge.challenger, challenge.card))
        events.append(new_event("replace", seat, cards=drawn, to=(seat,)))
        s.queue_loss(challenge.challenger, "challenge")
        close_window(s, f"{challenge.kind}_stood")
        return
    events.append(new_event("concede", seat, challenge.challenger, challenge.card))
    player = player.unclaiming(challenge.card)
    s.set_player(seat, player)
    s.queue_loss(seat, "challenge")
    if challenge.kind == "action" and challenge.card == SPECULATOR and player.coins:
        events.append(new_event("forfeit", seat, challenge.challenger, amount=player.coins))
        s.add_coins(challenge.challenger, player.coins)
        s.set_player(seat, player.but(coins=0))
    close_window(s, f"{challenge.kind}_failed")
