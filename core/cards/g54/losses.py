"""Losing influence in G54: the loss queue, reactive claims (Intellectual, Missionary) and elimination."""

from __future__ import annotations

import functools

from core.cards.common_moves import one_per_card
from core.cards.events import Event, new_event
from core.cards.g54.claims import close_window, open_window, pay_tax
from core.cards.g54.state import Claim, Estate, G54State
from core.cards.influence import eliminate, lose_card
from core.cards.moves import Move
from core.cards.seats import without

INTELLECTUAL, MISSIONARY, LAWYER = "Intellectual", "Missionary", "Lawyer"
INTELLECTUAL_GAIN = 5


def reactions(s: G54State, seat: int, reason: str) -> list[str]:
    """The reactive roles seat may claim on this loss: in play, affordable, Missionary not against a Coup."""
    return [role for role in _reactive(s.roles, reason == "coup") if s.can_claim(seat, role)]


@functools.cache
def _reactive(roles: tuple[str, ...], coup: bool) -> tuple[str, ...]:
    """The reactive roles among roles, Missionary not against a Coup (a game's roles are fixed: worked out once)."""
    return tuple([r for r in (INTELLECTUAL, MISSIONARY) if r in roles and not (r == MISSIONARY and coup)])


def loss_moves(s: G54State, seat: int) -> tuple[Move, ...]:
    """Reveal a card, or set one aside face down claiming a reactive role."""
    hand = s.hands[seat]
    reveal = one_per_card("reveal", hand)
    roles = reactions(s, seat, s.losses[0][1])
    return (*reveal, *[claim for role in roles for claim in one_per_card(role.lower(), hand)]) if roles else reveal


def may_react(s: G54State, seat: int, reason: str) -> bool:
    """Whether seat may answer this loss with a reactive claim (so it is asked even about its last card)."""
    return bool(reactions(s, seat, reason))


def reveal(s: G54State, seat: int, card: str, reason: str, events: list[Event]) -> None:
    """seat turns card face up; with no card left it is out."""
    lose_card(s, seat, card, reason, events)
    check_out(s, seat, events)


def answer_loss(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """The lose window's answer: a card revealed, or set aside under a reactive claim anyone may challenge."""
    assert move.card is not None
    _, reason = s.next_loss()
    close_window(s)
    if move.kind == "reveal":
        reveal(s, seat, move.card, reason, events)
        return
    role = move.kind.title()
    pay_tax(s, seat, role, events)
    s.set_hand(seat, without(s.hands[seat], move.card))
    s.set_aside(seat, (*s.asides[seat], move.card))
    s.reaction = Claim(seat, role, reason)  # over the card just set aside
    events.append(new_event("react", seat, card=role, what=reason))
    if not open_window(s, "react", s.clockwise_from(seat)):
        settle_reaction(s, None, events)


def answer_reaction(s: G54State, seat: int, move_kind: str, events: list[Event]) -> None:
    """A pass, or the challenge that settles a reactive claim at once (the set-aside card is shown)."""
    if move_kind == "pass":
        s.owed = without(s.owed, seat)
        if s.owed:
            return
        close_window(s)
        settle_reaction(s, None, events)
        return
    close_window(s)
    settle_reaction(s, seat, events)


def settle_reaction(s: G54State, challenger: int | None, events: list[Event]) -> None:
    """Unchallenged or true: the effect applies (a true claim costs the challenger an influence);
    false: the card is shown and the claimant loses one more influence."""
    claim = s.reaction
    assert claim is not None
    s.reaction = None
    aside = s.asides[claim.seat][-1]  # the card the claim was made over, set aside last
    true = aside == claim.role
    if challenger is not None:
        s.set_aside(claim.seat, s.asides[claim.seat][:-1])
        player = s.players[claim.seat]
        s.set_player(claim.seat, player.but(revealed=(*player.revealed, aside)))
        events.append(new_event("challenge", challenger, claim.seat, claim.role))
        events.append(new_event("shown_aside", claim.seat, challenger, aside, what="true" if true else "false"))
        s.losses = ((challenger, "challenge") if true else (claim.seat, "challenge"), *s.losses)
    if challenger is None or true:
        if claim.role == INTELLECTUAL:
            s.add_coins(claim.seat, INTELLECTUAL_GAIN)
            events.append(new_event("gain", claim.seat, amount=INTELLECTUAL_GAIN, what="intellectual"))
        elif s.deck:
            (drawn,) = s.draw(1)
            s.set_hand(claim.seat, (*s.hands[claim.seat], drawn))
            events.append(new_event("missionary", claim.seat))
            events.append(new_event("replace", claim.seat, cards=(drawn,), to=(claim.seat,)))
    check_out(s, claim.seat, events)


def check_out(s: G54State, seat: int, events: list[Event]) -> None:
    """With no face-down card left (and no reactive claim pending), seat is out: its coins wait for a
    Lawyer or go to the treasury, and its tokens leave play."""
    player = s.players[seat]
    pending_claim = s.reaction is not None and s.reaction.seat == seat
    if s.hands[seat] or player.out or pending_claim:
        return
    s.set_player(seat, player.but(out=True))
    coins = eliminate(s, seat, events, "" if LAWYER in s.roles else "treasury")
    if LAWYER in s.roles and coins:
        s.estates = (*s.estates, Estate(seat, coins))
    if seat in s.disappear:
        s.disappear = without(s.disappear, seat)
    if s.peacekeeper == seat:
        s.peacekeeper = None
    if s.treaty is not None and seat in s.treaty:
        events.append(new_event("treaty_ends", *s.treaty))
        s.treaty = None
    if s.collector == seat:
        s.collector, s.taxed = None, None
        events.append(new_event("tax_ends", seat))
