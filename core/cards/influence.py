"""Losing influence alike in every card game: the queue of losses, a card turned face up, leaving, the last one in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.cards.events import Event, new_event
from core.cards.seats import CardState

LoseCard = Callable[[Any, int, str, str, list[Event]], None]
"""Turn a card of a seat face up for a reason: (state, seat, card, reason, events)."""
MayReact = Callable[[Any, int, str], bool]
"""Whether a seat losing an influence for a reason may answer with a claim instead: (state, seat, reason)."""


def never_reacts(s: CardState[Any], seat: int, reason: str) -> bool:
    """No game but G54 answers a loss with a claim."""
    return False


def await_loss(s: CardState[Any], events: list[Event], lose: LoseCard, may_react: MayReact = never_reacts) -> bool:
    """Resolve queued losses, turning a seat's last face-down card face up with lose; open the lose window (and return
    True) instead while the seat holds more than one card, even all of one kind (turning one up unasked would tell
    everyone the rest are the same), or may answer with a claim (may_react)."""
    while s.losses:
        seat, reason = s.losses[0]
        hand = s.hands[seat]
        if not s.players[seat].alive or not hand:
            s.next_loss()
            continue
        if len(hand) > 1 or may_react(s, seat, reason):
            s.window, s.owed = "lose", (seat,)
            return True
        s.next_loss()
        lose(s, seat, hand[0], reason, events)
    return False


def lose_card(s: CardState[Any], seat: int, card: str, reason: str, events: list[Event]) -> None:
    """seat turns card face up, for reason."""
    s.turn_face_up(seat, card)
    events.append(new_event("lose", seat, card=card, what=reason))


def eliminate(s: CardState[Any], seat: int, events: list[Event], coins_to: str = "") -> int:
    """seat is out: its coins leave the table (how many is returned, for whoever may take them) and its claims.
    coins_to says where the coins go, where a game tells it (G54: "treasury" when no Lawyer may claim them)."""
    coins: int = s.players[seat].coins
    s.set_player(seat, s.players[seat].gone())
    events.append(new_event("eliminated", seat, amount=coins, what=coins_to))
    return coins


def win(s: CardState[Any], winner: int, events: list[Event]) -> None:
    """winner is the last one in: the game is over, with nothing left open, pending or queued."""
    s.winner = winner
    s.window, s.owed, s.then, s.pending, s.challenge, s.losses = "over", (), "", None, None, ()
    events.append(new_event("win", winner))
