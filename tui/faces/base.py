"""The face interface: everything the table screen says, shows and asks that differs from one card game to another."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from textual.screen import Screen
from textual.widget import Widget

from core.cards.moves import Move
from tui.faces.decisions import Decision
from tui.widgets.seat_panel import SeatParts


def bluff_note(card: str | None, view: Any) -> str:
    """' (a bluff: you hold no Assassin)' when a confirmed move claims a card the player (view's viewer) does not
    hold: said before the move is made, so a bluff is never made by a slip."""
    hand = view.own_hand()
    if card is None or hand is None or card in hand:
        return ""
    return f" (a bluff: you hold no {card})"


@dataclass(frozen=True)
class Choice:
    """One button of the choice bar: a key, a label, and the legal moves it stands for."""

    key: str
    label: str
    moves: tuple[Move, ...]


class Face(Protocol):
    """What the table screen says and asks in one game. view is the game's view (seat: one of its seats); a face
    never pushes a screen or calls the table screen: for a decision it returns what to ask or what to play."""

    bound_keys: frozenset[str]
    """Letters the game's table binds (r: G54's roles), so the screen does not answer them with a hint."""

    def describe(self, event: Any, names: tuple[str, ...], viewer: int | None) -> str | None:
        """One log line for event, or None when the viewer's log leaves it out."""
        ...

    def status(self, view: Any) -> str:
        """The status bar up to the table's label."""
        ...

    def status_extra(self, view: Any) -> str:
        """The status bar after the table's label."""
        ...

    def situation(self, view: Any) -> str:
        """What is going on now."""
        ...

    def waiting_for(self, view: Any) -> str:
        """Whom the table waits for (empty when nobody)."""
        ...

    def seat_parts(self, view: Any, seat: Any, show_hand: bool) -> SeatParts:
        """A seat's parts, which its box or line lays out (show_hand: the cards by name)."""
        ...

    def panels(self) -> Iterable[Widget]:
        """Widgets shown beside the log (none in most games)."""
        ...

    def show_panels(self, view: Any) -> None:
        """Redraw the panels beside the log."""
        ...

    def rules(self, view: Any) -> Screen[None]:
        """The rules screen of this game, as played at this table."""
        ...

    def choices(self, view: Any) -> list[Choice]:
        """The choice bar's buttons (none while the viewer answers in a dialog)."""
        ...

    def pick(self, choice: Choice, view: Any) -> Decision:
        """What pressing choice's button decides: its move, or what to ask first (a target, a confirmation)."""
        ...

    def dialog(self, view: Any, hand: tuple[str, ...]) -> Decision | None:
        """What to ask the viewer, holding hand, who owes the current window, when it is answered in a dialog."""
        ...

    def pass_kind(self, view: Any) -> str | None:
        """The kind of window (settings.AUTO_PASS) the viewer owes a pass in; None where auto-pass never answers."""
        ...
