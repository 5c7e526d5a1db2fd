"""A G54 turn: declaring an action, joins, the Protestor's volunteer, blocks, Lawyers and the next turn."""

from __future__ import annotations

from core.cards.events import Event, new_event
from core.cards.g54.claims import close_window, open_claim, open_window, pay_tax
from core.cards.g54.losses import LAWYER
from core.cards.g54.roles import BY_KIND, EVERYONE, ONE, RICH_POOR, ROLES
from core.cards.g54.state import G54State, Pending
from core.cards.moves import Move
from core.cards.rules import COUP_COST
from core.cards.seats import without

CAPITALIST, PROTESTOR = "Capitalist", "Protestor"


def declare(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """Income and Coup happen at once; a role action is a claim anyone may challenge."""
    close_window(s)
    if move.kind == "income":
        s.add_coins(seat, 1)
        events.append(new_event("gain", seat, amount=1, what="income"))
        s.then = "end_action"
        return
    if move.kind == "coup":
        s.add_coins(seat, -COUP_COST)
        events.append(new_event("declare", seat, move.target, what="coup", amount=COUP_COST))
        assert move.target is not None  # every legal Coup names its target
        s.queue_loss(move.target, "coup")
        s.then = "end_action"
        return
    role = BY_KIND[move.kind]
    s.pending = Pending(seat, move.kind, role.name, move.target, move.other, move.card)
    pay_tax(s, seat, role.name, events)
    taxed = (move.card,) if move.card else ()
    events.append(new_event("declare", seat, move.target, role.name, taxed, amount=move.other or 0, what=move.kind))
    open_claim(s, seat, role.name, "action")


def action_stood(s: G54State, events: list[Event]) -> None:
    """The claim stands: Capitalist asks for joiners, Protestor for a volunteer, the rest for blocks."""
    pending = s.pending
    assert pending is not None
    if pending.role == CAPITALIST:
        s.pending = pending.__replace__(
            to_ask=tuple([p for p in s.clockwise_from(pending.actor) if p != pending.actor])
        )
        s.then = "ask_joiner"
        return
    if pending.role == PROTESTOR:
        s.add_coins(pending.actor, -ROLES[PROTESTOR].cost)
        events.append(new_event("pay", pending.actor, amount=ROLES[PROTESTOR].cost, what="protestor"))
        to_ask = tuple([p for p in s.clockwise_from(pending.actor) if p != pending.target])
        s.pending = pending.__replace__(paid=True, to_ask=to_ask)
        s.then = "ask_funder"
        return
    s.then = "blocks"


def action_failed(s: G54State, events: list[Event]) -> None:
    """A claim caught lying cancels the whole action; nothing is paid."""
    assert s.pending is not None
    events.append(new_event("fail", s.pending.actor, s.pending.target, what=s.pending.kind))
    s.then = "end_action"


def ask_joiner(s: G54State, events: list[Event]) -> None:
    """Capitalist: ask the others clockwise, one at a time, whether they join by claiming Capitalist; once all
    have declared, the joiners' claims are checked in the same order."""
    pending = s.pending
    assert pending is not None
    to_ask = pending.to_ask
    while to_ask:
        seat, to_ask = to_ask[0], to_ask[1:]
        if s.players[seat].alive and s.can_claim(seat, CAPITALIST):
            s.pending = pending.__replace__(to_ask=to_ask)
            open_window(s, "join", (seat,))
            return
    s.pending = pending.__replace__(to_ask=to_ask, to_check=pending.joiners)
    s.then = "check_joiner"


def answer_join(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """A join is a Capitalist claim, checked once everyone has declared; a pass asks the next player."""
    pending = s.pending
    assert pending is not None
    if move.kind == "join":
        pay_tax(s, seat, CAPITALIST, events)
        s.pending = pending.__replace__(joiners=(*pending.joiners, seat))
        events.append(new_event("join", seat, pending.actor, CAPITALIST))
    close_window(s, "ask_joiner")


def check_joiner(s: G54State, events: list[Event]) -> None:
    """Each joiner's Capitalist claim is open to challenge in turn."""
    pending = s.pending
    assert pending is not None
    to_check = pending.to_check
    while to_check and not s.players[to_check[0]].alive:
        to_check = to_check[1:]
    s.pending = pending.__replace__(to_check=to_check)
    if to_check:
        open_claim(s, to_check[0], CAPITALIST, "join")
        return
    s.then = "resolve"


def join_stood(s: G54State, events: list[Event]) -> None:
    """The joiner's claim stands."""
    assert s.pending is not None
    s.pending = s.pending.__replace__(to_check=s.pending.to_check[1:])
    s.then = "check_joiner"


def join_failed(s: G54State, events: list[Event]) -> None:
    """The joiner lied: it gets nothing."""
    pending = s.pending
    assert pending is not None
    seat = pending.to_check[0]
    s.pending = pending.__replace__(to_check=pending.to_check[1:], joiners=without(pending.joiners, seat))
    s.then = "check_joiner"


def ask_funder(s: G54State, events: list[Event]) -> None:
    """Protestor: ask the others clockwise, one at a time, whether they pay its funding to join."""
    pending = s.pending
    assert pending is not None
    to_ask = pending.to_ask
    while to_ask:
        seat, to_ask = to_ask[0], to_ask[1:]
        if s.players[seat].alive and s.players[seat].coins >= ROLES[PROTESTOR].funding:
            s.pending = pending.__replace__(to_ask=to_ask)
            open_window(s, "fund", (seat,))
            return
    s.pending = pending.__replace__(to_ask=to_ask)
    events.append(new_event("unfunded", pending.actor, pending.target))
    s.then = "end_action"


def answer_fund(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """The first volunteer alone pays the funding and the protest goes ahead; a pass asks the next player."""
    pending = s.pending
    assert pending is not None
    if move.kind == "pass":
        close_window(s, "ask_funder")
        return
    funding = ROLES[PROTESTOR].funding
    s.add_coins(seat, -funding)
    s.pending = pending.__replace__(funder=seat)
    events.append(new_event("fund", seat, pending.actor, amount=funding))
    close_window(s, "blocks")


def affected(s: G54State, pending: Pending) -> tuple[int, ...]:
    """Who the action reaches: its target, or every other player it may target."""
    role = ROLES[pending.role or ""]
    if role.aim == EVERYONE:
        return tuple([p for p in s.clockwise_from(pending.actor) if s.may_target(pending.actor, p)])
    if role.aim in (ONE, RICH_POOR) and pending.target is not None and pending.target != pending.actor:
        return (pending.target,) if s.players[pending.target].alive else ()
    return ()


def blocks(s: G54State, events: list[Event]) -> None:
    """Ask the players who may block, clockwise from the active player."""
    pending = s.pending
    assert pending is not None
    reached = affected(s, pending)
    s.pending = pending.__replace__(affected=reached, to_block=reached if ROLES[pending.role or ""].blocks else ())
    s.then = "ask_block"


def ask_block(s: G54State, events: list[Event]) -> None:
    """The next affected player (alive and able to pay any tax) may block by claiming the same role."""
    pending = s.pending
    assert pending is not None and pending.role is not None
    to_block = pending.to_block
    while to_block and not (s.players[to_block[0]].alive and s.can_claim(to_block[0], pending.role)):
        to_block = to_block[1:]
    s.pending = pending.__replace__(to_block=to_block)
    if to_block:
        open_window(s, "block", (to_block[0],))
        return
    s.then = "resolve"


def answer_block(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """A block is a claim of the action's role, open to challenge; a pass asks the next player."""
    pending = s.pending
    assert pending is not None and pending.role is not None
    if move.kind == "pass":
        s.pending = pending.__replace__(to_block=pending.to_block[1:])
        close_window(s, "ask_block")
        return
    close_window(s)
    pay_tax(s, seat, pending.role, events)
    events.append(new_event("block", seat, pending.actor, pending.role, what=pending.kind))
    open_claim(s, seat, pending.role, "block")


def block_stood(s: G54State, events: list[Event]) -> None:
    """The block stands: the effect spares that player."""
    pending = s.pending
    assert pending is not None
    s.pending = pending.__replace__(to_block=pending.to_block[1:], blocked=(*pending.blocked, pending.to_block[0]))
    s.then = "ask_block"


def block_failed(s: G54State, events: list[Event]) -> None:
    """The blocker lied: the effect reaches it after all."""
    assert s.pending is not None
    s.pending = s.pending.__replace__(to_block=s.pending.to_block[1:])
    s.then = "ask_block"


def end_action(s: G54State, events: list[Event]) -> None:
    """The action is over; a Spy's first action goes on to its second."""
    pending = s.pending
    s.pending = None
    if pending is not None and pending.kind == "spy" and pending.paid and s.players[s.active].alive:
        s.spying = True
        events.append(new_event("spy_again", s.active))
        open_window(s, "action", (s.active,))
        return
    s.then = "end_turn"


def end_turn(s: G54State, events: list[Event]) -> None:
    """The active player's Disappear token fires, then Lawyers may claim the estates of the fallen."""
    s.spying = False
    if s.active in s.disappear and s.players[s.active].alive:
        s.disappear = without(s.disappear, s.active)
        events.append(new_event("disappear", s.active))
        s.queue_loss(s.active, "disappear")
    s.then = "lawyers"


def lawyers(s: G54State, events: list[Event]) -> None:
    """For each player eliminated this turn, survivors are asked clockwise from the active player; the
    first whose Lawyer claim stands takes the coins, which otherwise go to the treasury."""
    while s.estates:
        estate = s.estates[0]
        to_ask = estate.to_ask if estate.asked else tuple(s.clockwise_from(s.active, include_self=True))
        while to_ask and not (s.players[to_ask[0]].alive and s.can_claim(to_ask[0], LAWYER)):
            to_ask = to_ask[1:]
        if to_ask:
            s.estates = (estate.__replace__(to_ask=to_ask, asked=True), *s.estates[1:])
            open_window(s, "lawyer", (to_ask[0],))
            return
        s.estates = s.estates[1:]
        events.append(new_event("estate", estate.seat, amount=estate.coins, what="treasury"))
    s.then = "next_turn"


def answer_lawyer(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """Claim the Lawyer for the estate (open to challenge), or pass to the next survivor."""
    estate = s.estates[0]
    if move.kind == "pass":
        s.estates = (estate.__replace__(to_ask=estate.to_ask[1:]), *s.estates[1:])
        close_window(s, "lawyers")
        return
    close_window(s)
    pay_tax(s, seat, LAWYER, events)
    events.append(new_event("lawyer", seat, estate.seat, LAWYER, amount=estate.coins))
    open_claim(s, seat, LAWYER, "lawyer")


def lawyer_stood(s: G54State, events: list[Event]) -> None:
    """The Lawyer takes all the fallen player's coins."""
    estate, s.estates = s.estates[0], s.estates[1:]
    seat = estate.to_ask[0]
    if s.players[seat].alive:
        s.add_coins(seat, estate.coins)
        events.append(new_event("estate", estate.seat, seat, amount=estate.coins, what="lawyer"))
    else:
        events.append(new_event("estate", estate.seat, amount=estate.coins, what="treasury"))
    s.then = "lawyers"


def lawyer_failed(s: G54State, events: list[Event]) -> None:
    """The claimant lied: ask the next survivor."""
    estate = s.estates[0]
    s.estates = (estate.__replace__(to_ask=estate.to_ask[1:]), *s.estates[1:])
    s.then = "lawyers"


def next_turn(s: G54State, events: list[Event]) -> None:
    """The next living player clockwise takes a turn."""
    s.active = s.next_in(s.active)
    s.turn += 1
    events.append(new_event("turn", s.active, amount=s.turn))
    open_window(s, "action", (s.active,))
