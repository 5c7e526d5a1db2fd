"""What each G54 role's action does once it stands: one small function per role, plus the card swaps."""

from __future__ import annotations

from collections.abc import Callable

from core.cards.deck import keep, shuffle_in
from core.cards.events import Event, new_event
from core.cards.g54.claims import close_window, open_window
from core.cards.g54.roles import ROLES, Role
from core.cards.g54.state import DISAPPEAR_TOKENS, G54State, Pending
from core.cards.moves import Move
from core.cards.seats import without

Effect = Callable[[G54State, Pending, tuple[int, ...], list[Event]], None]


def resolve(s: G54State, events: list[Event]) -> None:
    """Pay the cost, then apply the role's effect to each affected player that did not block."""
    pending = s.pending
    assert pending is not None and pending.role is not None
    role = ROLES[pending.role]
    s.then = "end_action"
    if not s.players[pending.actor].alive:
        events.append(new_event("fizzle", pending.actor, what=pending.kind))
        return
    if role.cost and not pending.paid:
        cost = min(role.cost, s.players[pending.actor].coins)
        s.add_coins(pending.actor, -cost)
        judged = pending.kind == "judge" and pending.target is not None and s.players[pending.target].alive
        receiver = pending.target if judged else None
        if receiver is not None:
            s.add_coins(receiver, cost)
        events.append(new_event("pay", pending.actor, receiver, amount=cost, what=pending.kind))
    pending = s.pending = pending.__replace__(paid=True)
    reached = tuple([p for p in pending.affected if p not in pending.blocked and s.players[p].alive])
    for seat in pending.blocked:
        events.append(new_event("blocked", pending.actor, seat, pending.role, what=pending.kind))
    EFFECTS[pending.kind](s, pending, reached, events)


def gain(s: G54State, seat: int, amount: int, what: str, events: list[Event]) -> None:
    """seat takes amount coins from the (unlimited) treasury."""
    s.add_coins(seat, amount)
    events.append(new_event("gain", seat, amount=amount, what=what))


def give(s: G54State, giver: int, taker: int, amount: int, what: str, events: list[Event]) -> None:
    """Up to amount coins pass from giver to taker (as many as giver has)."""
    amount = min(amount, s.players[giver].coins)
    s.add_coins(giver, -amount)
    s.add_coins(taker, amount)
    events.append(new_event("give", giver, taker, amount=amount, what=what))


def role_of(p: Pending) -> Role:
    """The role whose action p is."""
    return ROLES[p.role or ""]


def _take(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    """The role's coins from the treasury, then its cards to draw (Banker, Speculator, Director, Reporter...)."""
    role = role_of(p)
    if role.gain:
        gain(s, p.actor, role.gain_for(s.players[p.actor].coins), p.kind, events)
    if role.draws:
        _draw(s, p, role.draws, events)


def _capitalist(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    _take(s, p, reached, events)
    for joiner in p.joiners:
        if s.players[joiner].alive and s.players[p.actor].coins:
            give(s, p.actor, joiner, role_of(p).gives, p.kind, events)


def _farmer(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    _take(s, p, reached, events)
    if p.target is not None and s.players[p.target].alive:
        gain(s, p.target, role_of(p).gives, "gift", events)


def _draw(s: G54State, p: Pending, count: int, events: list[Event]) -> None:
    """The actor draws count cards (as many as the deck has) and chooses which to keep."""
    count = min(count, len(s.deck))
    s.drawn = (*s.drawn, *s.draw(count))
    events.append(new_event("draw", p.actor, amount=count))
    events.append(new_event("drew", p.actor, cards=s.drawn, to=(p.actor,)))
    open_window(s, "exchange", (p.actor,))


def _producer(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    if reached:
        hand = s.hands[reached[0]]
        if len(hand) > 1:  # asked even holding a pair: handing one over unasked would tell everyone the other's kind
            open_window(s, "give", (reached[0],))
        else:
            take_given(s, reached[0], hand[0], events)


def take_given(s: G54State, seat: int, card: str, events: list[Event]) -> None:
    """The Producer's target hands over card; the Producer draws and decides what to keep and give back."""
    pending = s.pending
    assert pending is not None
    s.set_hand(seat, without(s.hands[seat], card))
    s.given = card
    events.append(new_event("given", seat, pending.actor))
    events.append(new_event("handed", seat, pending.actor, cards=(card,), to=(seat, pending.actor)))
    s.drawn = s.draw(min(role_of(pending).draws, len(s.deck)))
    events.append(new_event("draw", pending.actor, amount=len(s.drawn)))
    events.append(new_event("drew", pending.actor, cards=s.drawn, to=(pending.actor,)))
    open_window(s, "produce", (pending.actor,))


def answer_give(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """The Producer's target chooses the card it hands over."""
    assert move.card is not None
    close_window(s)
    take_given(s, seat, move.card, events)


def answer_produce(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """The Producer keeps move.cards, gives move.card to the target and returns the rest to the deck."""
    pending = s.pending
    assert pending is not None and pending.target is not None and s.given is not None and move.card
    pool = [*s.hands[seat], s.given, *s.drawn]
    for card in (*move.cards, move.card):
        pool.remove(card)
    s.set_hand(seat, tuple(move.cards))
    s.set_hand(pending.target, (*s.hands[pending.target], move.card))
    shuffle_in(s, pool)
    s.drawn = ()
    events.append(new_event("exchanged", seat, amount=len(pool)))
    events.append(new_event("handed", seat, pending.target, cards=(move.card,), to=(seat, pending.target)))
    events.append(new_event("gave_back", seat, pending.target))
    s.given = None
    close_window(s, "end_action")


def answer_exchange(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """Keep as many cards as influence and return the rest; a Writer may first pay 1 to draw one more."""
    pending = s.pending
    assert pending is not None
    if move.kind == "draw":
        s.add_coins(seat, -1)
        events.append(new_event("pay", seat, amount=1, what="writer"))
        (card,) = s.draw(1)
        s.drawn = (*s.drawn, card)
        events.append(new_event("draw", seat, amount=1))
        events.append(new_event("drew", seat, cards=(card,), to=(seat,)))
        return
    returned = keep(s, seat, move.cards)  # the role claimed stays said in public
    events.append(new_event("kept", seat, cards=move.cards, to=(seat,)))
    events.append(new_event("exchanged", seat, amount=returned))
    close_window(s, "end_action")


def _crime_boss(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    if reached:
        open_window(s, "extort", (reached[0],))


def answer_extort(s: G54State, seat: int, move: Move, events: list[Event]) -> None:
    """Pay the Crime Boss what it takes, or refuse: the Crime Boss pays its fine to the treasury and seat
    loses an influence."""
    pending = s.pending
    assert pending is not None
    close_window(s, "end_action")
    role = role_of(pending)
    if move.kind == "pay":
        give(s, seat, pending.actor, role.takes, pending.kind, events)
        return
    fine = min(role.fine, s.players[pending.actor].coins)
    s.add_coins(pending.actor, -fine)
    events.append(new_event("refuse", seat, pending.actor, amount=fine))
    s.queue_loss(seat, pending.kind)


def _lose_each(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    s.losses = (*s.losses, *((seat, p.kind) for seat in reached))


def _mercenary(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    if reached and reached[0] not in s.disappear and len(s.disappear) < DISAPPEAR_TOKENS:
        s.disappear = (*s.disappear, reached[0])
        events.append(new_event("token", p.actor, reached[0], "Disappear"))


def _communist(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    richest, poorest = p.target, p.other
    assert richest is not None and poorest is not None
    spared = richest in p.blocked or not s.players[richest].alive or not s.players[poorest].alive
    if not spared:
        give(s, richest, poorest, role_of(p).takes, p.kind, events)


def _customs_officer(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    s.collector, s.taxed = p.actor, p.card
    events.append(new_event("token", p.actor, None, "Tax", what=p.card or ""))


def _foreign_consular(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    if p.target is not None and s.players[p.target].alive:
        if s.treaty is not None:  # one treaty at a time: the new one replaces it
            events.append(new_event("treaty_ends", *s.treaty))
        s.treaty = (p.actor, p.target)
        events.append(new_event("token", p.actor, p.target, "Treaty"))


def _peacekeeper(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    _take(s, p, reached, events)
    s.peacekeeper = p.actor
    events.append(new_event("token", p.actor, None, "Peacekeeping"))


def _politician(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    if reached:
        give(s, reached[0], p.actor, role_of(p).takes, p.kind, events)


def _priest(s: G54State, p: Pending, reached: tuple[int, ...], events: list[Event]) -> None:
    for seat in reached:
        if s.players[seat].coins:
            give(s, seat, p.actor, role_of(p).takes, p.kind, events)


EFFECTS: dict[str, Effect] = {
    "banker": _take,
    "capitalist": _capitalist,
    "farmer": _farmer,
    "speculator": _take,
    "spy": _take,
    "director": _take,
    "newscaster": _take,
    "producer": _producer,
    "reporter": _take,
    "writer": _take,
    "crime_boss": _crime_boss,
    "general": _lose_each,
    "guerrilla": _lose_each,
    "judge": _lose_each,
    "mercenary": _mercenary,
    "communist": _communist,
    "customs_officer": _customs_officer,
    "foreign_consular": _foreign_consular,
    "peacekeeper": _peacekeeper,
    "politician": _politician,
    "priest": _priest,
    "protestor": _lose_each,
}
