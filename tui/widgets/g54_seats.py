"""A G54 player's box: coins and cards, cards lost face up or face down, role tokens and claims."""

from __future__ import annotations

from rich.text import Text

from core.cards.g54.views import G54SeatView, G54View
from tui.widgets.seat_panel import purse_and_cards

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


def tokens_text(seat: G54SeatView, view: G54View) -> Text:
    """The role tokens in front of seat, in words on their colour."""
    text = Text()
    for token in seat.tokens:
        if text:
            text.append(" · ", style="dim")
        text.append(token_label(token, seat.seat, view), style=TOKEN_STYLE.get(token, "bold"))
    return text


def lost_text(seat: G54SeatView) -> Text:
    """Cards lost: face up (struck through) and face down (named only to their owner)."""
    text = Text()
    for card in seat.revealed:  # no space after the ✗: a wrapped line never parts it from its card
        text.append("✗", style="red")
        text.append(card, style="red strike")
        text.append(" ")
    known = list(seat.aside or ())
    for index in range(seat.aside_count):
        text.append("✗", style="red")
        text.append(f"{known[index]}(face-down)" if index < len(known) else "▒face-down", style="red")
        text.append(" ")
    text.rstrip()
    return text


def g54_seat_text(seat: G54SeatView, view: G54View, show_hand: bool) -> Text:
    """The box's lines: coins and cards; lost cards; tokens; claims."""
    text = purse_and_cards(seat, show_hand)
    for line in (lost_text(seat), tokens_text(seat, view)):
        if line:
            text.append("\n")
            text.append_text(line)
    if seat.claims and seat.alive:
        text.append("\nsays ", style="dim")
        text.append(", ".join(seat.claims), style="italic")
    return text
