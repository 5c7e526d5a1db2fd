"""At a network table: hand a seat to the computer (ours while away, or an away or idle player's: the creator alone,
or a majority of the others), or take ours back."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from typing import Any

from textual.screen import Screen

from core.cards.phrases import and_list
from tui.screens.target import TargetDialog

HELP = "Hand a seat to the computer (your own, or an away or idle player's)"


def away_note(table: Any, owed: Sequence[int], names: Sequence[str]) -> str:
    """' Bo is away: the host keeps the seat for them (g: the computer plays it).' when a seat owed an answer waits
    for its player's return (they lost their connection or quit: the log says which), the key's hint for a player at
    the table; else empty."""
    away = [names[seat] for seat in owed if seat in getattr(table, "away", ())]
    if not away:
        return ""
    seats, it = ("the seat", "it") if len(away) == 1 else ("their seats", "them")
    hint = f" (g: the computer plays {it})" if table.seat is not None else ""
    return f" {and_list(away)} {'is' if len(away) == 1 else 'are'} away: the host keeps {seats} for them{hint}."


def seat_note(table: Any, seat: int) -> str:
    """What a seat's box says of who plays it at a network table: "away" (connection lost, or quit), "computer" (handed
    over), "left" (its player left the game, the computer plays it to the end)."""
    if seat in getattr(table, "away", ()):
        return "away"
    if seat in getattr(table, "left", ()):
        return "left"
    return "computer" if seat in getattr(table, "stand_ins", ()) else ""


def handed_over(table: Any) -> bool:
    """Whether the computer plays our seat at a network table (we handed it over; a local table never does)."""
    return bool(getattr(table, "stand_in", False))


def can_give(table: Any) -> bool:
    """Whether the key applies: a seat of ours at a network game still being played."""
    view = table.view() if getattr(table, "remote", False) and table.seat is not None else None
    return view is not None and view.winner is None


def give_seat(screen: Screen[Any], table: Any) -> None:
    """Take our seat back from the computer, or ask which seat to hand to it: ours, and those the host hands over now
    (a player away, or one the game has waited for long enough to count as idle). A player the game waits for who is
    not idle yet is no choice: the dialog says when their seat can be handed over (unless the table's clock answers
    for them first). Every player's dialog follows this one rule."""
    if table.stand_in:
        table.take_back()
        return
    view = table.view()
    now = asyncio.get_running_loop().time()
    idle_in = math.ceil(table.idle_in(now))
    clock_first = table.deadline is not None and table.deadline <= now + idle_in  # it answers for them before that
    seats = [(table.seat, f"{table.names[table.seat]} (you)")]
    waiting = []  # owe an answer, not idle yet
    for seat, name in enumerate(table.names):
        if seat == table.seat or seat in table.bot_seats or seat in table.stand_ins:
            continue
        if seat in table.away:
            seats.append((seat, f"{name} (away)"))
        elif seat in view.owed and not clock_first:
            if idle_in <= 0:
                seats.append((seat, f"{name} (idle)"))
            else:
                waiting.append(name)
    title = HELP + ":" if len(seats) > 1 else "Hand your seat to the computer (no one else is away or idle):"
    if waiting:
        title = f"{and_list(waiting)} can be handed to the computer in {idle_in} s.\n{title}"

    def chosen(seat: int | None) -> None:
        if seat is None:
            return
        left = math.ceil(table.idle_in(asyncio.get_running_loop().time()))
        if seat != table.seat and seat not in table.away and left > 0:
            screen.notify(f"{table.names[seat]} is not idle yet: {left} s to go.", severity="warning")
            return
        table.hand_over(seat)

    screen.app.push_screen(TargetDialog(title, seats), chosen)
