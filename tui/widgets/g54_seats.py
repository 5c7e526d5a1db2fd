"""A G54 player's parts: coins and cards, role tokens, cards lost face up or face down, and claims."""

from __future__ import annotations

from rich.text import Text

from core.cards.g54.state import G54Player
from core.cards.g54.views import G54View
from tui.widgets.seat_panel import SeatParts, seat_parts

TOKEN_STYLE = {
    "Peacekeeping": "bold black on green",
    "Treaty": "bold white on blue",
    "Tax": "bold black on yellow",
    "Disappear": "bold white on red",
}


def token_label(token: str, seat: int, view: G54View) -> str:
    """The token as the box shows it: the Tax names the taxed role, the Treaty the partner."""
    if token == "Tax" and view.taxed:
        return f"Tax: {view.taxed}"
    if token == "Treaty":
        partner = next((s for s in view.treaty if s != seat), None)
        if partner is None:
            return token
        return f"Treaty with {'you' if partner == view.viewer else view.players[partner].name}"
    return token


def tokens(seat: G54Player, view: G54View) -> tuple[Text, ...]:
    """The role tokens in front of seat, in words on their colour."""
    return tuple(
        Text(token_label(t, seat.seat, view), style=TOKEN_STYLE.get(t, "bold")) for t in view.tokens[seat.seat]
    )


def face_down(seat: G54Player, view: G54View) -> tuple[Text, ...]:
    """Cards lost face down (named only to whom sees the hand)."""
    known = list(view.lost_face_down(seat.seat))
    return tuple(
        Text(f"✗{known[index]} (face-down)" if index < len(known) else "✗▒face-down", style="red")
        for index in range(seat.aside_count)
    )


def g54_seat_parts(seat: G54Player, view: G54View, show_hand: bool) -> SeatParts:
    """The seat's parts: coins and cards, role tokens, cards lost face up and face down, claims."""
    hand = view.hands[seat.seat] if show_hand else None
    return seat_parts(seat, hand, tokens(seat, view), face_down(seat, view))
