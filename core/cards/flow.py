"""How moves move Coup and Reformation along: one handler per window, and the automatic steps between windows."""

from __future__ import annotations

from collections.abc import Sequence

from core.cards.deck import keep, replace_shown, shuffle_in
from core.cards.events import Event, new_event
from core.cards.influence import await_loss, eliminate, lose_card, win
from core.cards.moves import Move
from core.cards.rules import CONVERT_OTHER_COST, CONVERT_SELF_COST, FACTIONS
from core.cards.seats import replacing, without
from core.cards.state import Challenge, CoupState, Pending


def open_window(s: CoupState, window: str, owed: Sequence[int], then_if_nobody: str) -> None:
    """Open a window owed by owed; a window nobody owes is never left open."""
    if owed:
        s.window, s.owed, s.then = window, tuple(owed), ""
    else:
        s.then = then_if_nobody


def convert_cost(actor: int, target: int | None) -> int:
    """Converting yourself costs 1, someone else 2."""
    return CONVERT_SELF_COST if target == actor else CONVERT_OTHER_COST


def _declare(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    action = s.config.rules.actions[move.kind]
    cost = convert_cost(seat, move.target) if move.kind == "convert" else action.cost
    s.add_coins(seat, -cost)
    if move.kind == "convert":
        s.reserve += cost
    s.pending = Pending(seat, action.kind, move.target, action.claim or action.denies, cost)
    events.append(new_event("declare", seat, move.target, action.claim, amount=cost, what=action.kind))
    if action.claim is None and action.denies is None:
        s.then = "block"
        return
    if action.claim is not None:
        s.set_player(seat, s.players[seat].claiming(action.claim))
    open_window(s, "challenge_action", s.clockwise_from(seat), "block")


def _answer_claim(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert s.pending is not None
    on_block = s.window == "challenge_block"
    if move.kind == "pass":
        s.owed = without(s.owed, seat)
        if not s.owed:
            s.then = "blocked" if on_block else "block"
        return
    claimant = s.pending.blocker if on_block else s.pending.actor
    card = s.pending.block_card if on_block else s.pending.claim
    assert claimant is not None and card is not None
    s.challenge = Challenge(seat, claimant, card, on_block)
    events.append(new_event("challenge", seat, claimant, card, what="denial" if denies(s, on_block) else ""))
    open_window(s, "prove", (claimant,), "")


def denies(s: CoupState, on_block: bool) -> bool:
    """True when the open claim is Embezzlement's claim of NOT holding a card."""
    return not on_block and s.pending is not None and s.config.rules.actions[s.pending.kind].denies is not None


def _answer_block(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert s.pending is not None
    if move.kind == "pass":
        s.owed = without(s.owed, seat)
        if not s.owed:
            s.then = "resolve"
        return
    assert move.card is not None
    s.pending = s.pending.__replace__(blocker=seat, block_card=move.card)
    s.set_player(seat, s.players[seat].claiming(move.card))
    events.append(new_event("block", seat, s.pending.actor, move.card, what=s.pending.kind))
    others = [p for p in s.clockwise_from(s.active, include_self=True) if p != seat]
    open_window(s, "challenge_block", others, "blocked")


def _answer_challenge(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    challenge, pending = s.challenge, s.pending
    assert challenge is not None and pending is not None
    inverse = denies(s, challenge.on_block)
    s.challenge = None
    if move.kind == "prove":
        shown = list(s.hands[seat]) if inverse else [challenge.card]
        drawn = replace_shown(s, seat, shown)
        events.append(new_event("prove", seat, challenge.challenger, challenge.card, tuple(shown) if inverse else ()))
        events.append(new_event("replace", seat, cards=drawn, to=(seat,)))
        s.queue_loss(challenge.challenger, "challenge")
        s.then = "blocked" if challenge.on_block else "block"
        return
    events.append(new_event("concede", seat, challenge.challenger, challenge.card, what="denial" if inverse else ""))
    if not inverse:
        s.set_player(seat, s.players[seat].unclaiming(challenge.card))  # a claim not shown when called: unsaid
    s.queue_loss(seat, "challenge")
    if challenge.on_block:
        s.then = "resolve"
        return
    if pending.cost:
        s.add_coins(pending.actor, pending.cost)
        events.append(new_event("refund", pending.actor, amount=pending.cost, what=pending.kind))
    events.append(new_event("fail", pending.actor, pending.target, what=pending.kind))
    s.then = "end_turn"


def _reveal(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert move.card is not None
    lose(s, seat, move.card, s.next_loss()[1], events)


def lose(s: CoupState, seat: int, card: str, reason: str, events: list[Event]) -> None:
    """seat turns card face up; with no card left it is out and its coins go to the treasury."""
    lose_card(s, seat, card, reason, events)
    if not s.hands[seat]:
        eliminate(s, seat, events)


def _keep(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    returned = keep(s, seat, move.cards)  # the exchange's claim stays said in public
    events.append(new_event("exchanged", seat, amount=returned))
    events.append(new_event("kept", seat, cards=move.cards, to=(seat,)))
    s.then = "end_turn"


def _choose(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert move.card is not None
    s.set_hand(seat, (move.card,))
    s.discarded = (*s.discarded, *without(s.choices[seat], move.card))
    s.choices = replacing(s.choices, seat, ())
    s.owed = without(s.owed, seat)
    events.append(new_event("chose", seat))
    events.append(new_event("kept", seat, cards=(move.card,), to=(seat,)))  # which card, to its chooser alone
    if s.owed:
        return
    for player_seat, hand in enumerate(s.hands):
        (card,) = s.draw(1)
        s.set_hand(player_seat, (*hand, card))
        events.append(new_event("dealt", player_seat, cards=(card,), to=(player_seat,)))
    s.then = "allegiances" if s.config.reformation else "start_turn"


def _pick_allegiance(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert move.card is not None
    first = FACTIONS.index(move.card)
    players = list(s.players)
    for position, player in enumerate(s.clockwise_from(seat, include_self=True)):
        players[player] = players[player].but(allegiance=FACTIONS[(first + position) % 2])
    s.players = tuple(players)
    events.append(new_event("allegiances", seat, card=move.card))
    s.then = "start_turn"


def _show(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert s.pending is not None and move.card is not None
    s.examined = move.card
    events.append(new_event("show", seat, s.pending.actor))
    events.append(new_event("shown", seat, s.pending.actor, cards=(move.card,), to=(seat, s.pending.actor)))
    open_window(s, "examine", (s.pending.actor,), "end_turn")


def _examine(s: CoupState, seat: int, move: Move, events: list[Event]) -> None:
    assert s.pending is not None and s.pending.target is not None and s.examined is not None
    target, card = s.pending.target, s.examined
    s.examined = None
    if move.kind == "return":
        events.append(new_event("returned", seat, target))
    else:
        (drawn,) = s.draw(1)
        s.set_hand(target, (*without(s.hands[target], card), drawn))
        shuffle_in(s, (card,))
        events.append(new_event("forced", seat, target))
        events.append(new_event("replace", target, cards=(drawn,), to=(target,)))
    s.then = "end_turn"


HANDLERS = {
    "action": _declare,
    "challenge_action": _answer_claim,
    "challenge_block": _answer_claim,
    "block": _answer_block,
    "prove": _answer_challenge,
    "lose": _reveal,
    "exchange": _keep,
    "setup": _choose,
    "allegiance": _pick_allegiance,
    "show": _show,
    "examine": _examine,
}


def settle(s: CoupState, events: list[Event]) -> None:
    """Run the automatic steps until some seat owes a decision or the game is over. Only a card lost puts a seat out
    (the move's own, or one of the queued losses), never a step: who is left is asked after those alone. A move lost a
    card of its own only in answer to the lose window (which is still the state's window when settling begins)."""
    ask_who_is_left = s.window == "lose"
    while True:
        if s.losses:
            if await_loss(s, events, lose):
                return
            ask_who_is_left = True
        winner = s.last_one_in() if ask_who_is_left else None
        if winner is not None and s.window not in ("setup", "allegiance"):
            win(s, winner, events)
            return
        ask_who_is_left = False
        step, s.then = s.then, ""
        if not step:
            return
        STEPS[step](s, events)


def _step_block(s: CoupState, events: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    action = s.config.rules.actions[pending.kind]
    if not action.blockers:
        s.then = "resolve"
        return
    if action.anyone_blocks:
        blockers = s.fair_targets(pending.actor, s.clockwise_from(pending.actor))
    else:
        target_alive = pending.target is not None and s.players[pending.target].alive
        blockers = [pending.target] if target_alive and pending.target is not None else []
    open_window(s, "block", blockers, "resolve")


GAINS = {"income": 1, "foreign_aid": 2, "tax": 3}
"""The coins each action that only takes coins takes from the treasury."""


def _step_resolve(s: CoupState, events: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    actor = pending.actor
    s.then = "end_turn"
    target = None if pending.target is None else s.players[pending.target]
    if target is not None and not target.alive:
        events.append(new_event("fizzle", pending.actor, pending.target, what=pending.kind))
        return
    kind = pending.kind
    if kind in GAINS:
        s.add_coins(actor, GAINS[kind])
        events.append(new_event("gain", pending.actor, amount=GAINS[kind], what=kind))
    elif kind in ("coup", "assassinate"):
        assert pending.target is not None  # a Coup and an assassination always name their target
        s.queue_loss(pending.target, kind)
    elif kind == "steal":
        assert target is not None
        assert pending.target is not None
        taken = min(2, target.coins)
        s.set_player(pending.target, target.gaining(-taken))
        s.add_coins(actor, taken)
        events.append(new_event("steal", pending.actor, pending.target, amount=taken))
    elif kind == "exchange":
        count = min(s.config.rules.exchange_draw, len(s.deck))
        s.drawn = s.draw(count)
        events.append(new_event("draw", pending.actor, amount=count))
        events.append(new_event("drew", pending.actor, cards=s.drawn, to=(pending.actor,)))
        open_window(s, "exchange", (pending.actor,), "end_turn")
    elif kind == "examine":
        assert pending.target is not None
        open_window(s, "show", (pending.target,), "end_turn")
    elif kind == "convert":
        assert pending.target is not None
        converted = s.players[pending.target]
        flipped = FACTIONS[1 - FACTIONS.index(converted.allegiance)]
        s.set_player(pending.target, converted.but(allegiance=flipped))
        events.append(new_event("converted", pending.actor, pending.target, flipped, amount=pending.cost))
    elif kind == "embezzle":
        taken, s.reserve = s.reserve, 0
        s.add_coins(actor, taken)
        events.append(new_event("embezzled", pending.actor, amount=taken))


def _step_blocked(s: CoupState, events: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    events.append(new_event("blocked", pending.actor, pending.blocker, pending.block_card, what=pending.kind))
    s.then = "end_turn"


def _step_end_turn(s: CoupState, events: list[Event]) -> None:
    s.pending = None
    s.active = s.next_in(s.active)
    s.turn += 1
    _step_start_turn(s, events)


def _step_start_turn(s: CoupState, events: list[Event]) -> None:
    events.append(new_event("turn", s.active, amount=s.turn))
    s.window, s.owed = "action", (s.active,)


def _step_allegiances(s: CoupState, events: list[Event]) -> None:
    open_window(s, "allegiance", (s.active,), "start_turn")


STEPS = {
    "block": _step_block,
    "resolve": _step_resolve,
    "blocked": _step_blocked,
    "end_turn": _step_end_turn,
    "start_turn": _step_start_turn,
    "allegiances": _step_allegiances,
}
