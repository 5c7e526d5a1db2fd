"""Players at the table: a box each when the screen is wide enough, else a line each; both lay a seat's parts out at
the width they get, breaking only between parts and words, so nothing is ever cut off."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rich.text import Text
from textual.content import Content
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from core.cards.phrases import coins_text
from tui.widgets.flow import Piece, flow, joined, listed

NAME_COLUMN = 14
"""The widest name column of the one-line layout (a longer name takes its room and pushes the rest along)."""
SIDE_COLUMN = 10
"""The widest word beside the cards that the one-line layout lines up in a column (Reformation: the allegiance)."""


class Seat(Protocol):
    """What the seat widgets read of any card game's seat view."""

    @property
    def name(self) -> str: ...

    @property
    def coins(self) -> int: ...

    @property
    def influence(self) -> int: ...

    @property
    def revealed(self) -> tuple[str, ...]: ...

    @property
    def claims(self) -> tuple[str, ...]: ...

    @property
    def alive(self) -> bool: ...


@dataclass(frozen=True)
class SeatParts:
    """A seat in the pieces the box and the line lay out: the purse ('out' once out), the cards (face down, or by
    name to whom may see them), what the game says beside them (the allegiance, role tokens), the cards lost, the
    characters claimed."""

    purse: Text
    cards: tuple[Text, ...]
    side: tuple[Text, ...] = ()
    lost: tuple[Text, ...] = ()
    claims: tuple[Text, ...] = ()

    def rest(self) -> list[Piece]:
        """What follows the purse and the cards."""
        return [*joined(self.side, "  "), *joined(self.lost, " "), *joined(self.claims, " ")]

    def pieces(self) -> list[Piece]:
        """Everything, in order."""
        return [("  ", self.purse), *joined(self.cards, "  "), *self.rest()]


def struck(card: str) -> Text:
    """A card lost face up: ✗ and its name struck through (no space after the ✗, so a line never parts them)."""
    text = Text("✗", style="red")
    text.append(card, style="red strike")
    return text


def seat_parts(
    seat: Seat, hand: tuple[str, ...] | None, side: tuple[Text, ...] = (), lost: tuple[Text, ...] = ()
) -> SeatParts:
    """The parts every card game's seat has, its cards by name when hand is given; side and lost cards beyond the
    revealed ones are the game's."""
    if not seat.alive:
        return SeatParts(Text("out", style="dim"), (), (), (*map(struck, seat.revealed), *lost))
    if hand is not None:
        cards = tuple(Text(card, style="bold") for card in hand)
    else:
        cards = (Text("▮" * seat.influence, style="bold cyan"),)
    claims = tuple(listed(seat.claims, "italic", "says "))
    purse = Text(coins_text(seat.coins), style="bold yellow")
    return SeatParts(purse, cards, side, (*map(struck, seat.revealed), *lost), claims)


def marker(active: bool, owes: bool, thinking: bool) -> str:
    """▶ whose turn, … who is thinking, ? who owes an answer."""
    return "▶" if active else "…" if thinking else "?" if owes else " "


class SeatClicked(Message):
    """The player clicked another seat's box or line (to aim an action at it)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


class SeatPanel(Widget):
    """One seat's parts in a box (its name on the border), or bare (class 'bare': no border, the name first); its
    height follows what the parts need at its width. Classes mark the active seat, owed answers, the eliminated.
    A click on another seat's panel (seat given) says so (SeatClicked)."""

    def __init__(self, id: str | None = None, classes: str | None = None, seat: int | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seat = seat
        self.parts = SeatParts(Text(), ())
        self.title = Text()

    def on_click(self, event: Click) -> None:
        if self.seat is not None:
            event.stop()
            self.post_message(SeatClicked(self.seat))

    def show(self, seat: Seat, active: bool, owes: bool, thinking: bool, parts: SeatParts, note: str = "") -> None:
        """Redraw for seat with parts (the game's seat_parts) and a note on who plays it ("away")."""
        sign = " …" if thinking else " ?" if owes else ""
        self.border_title = Content(f"{seat.name}{sign}")  # a name as typed, never markup ("[/]" crashed it)
        marks = ["turn" if active else "", note] if seat.alive else ["out"]
        self.border_subtitle = " · ".join(mark for mark in marks if mark)
        self.title = Text(f"{marker(active, owes, thinking)} {seat.name}", style="bold")
        self.set_class(active, "active")
        self.set_class(owes, "owes")
        self.set_class(not seat.alive, "out")
        if parts != self.parts:
            self.parts = parts
            self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        """The parts laid out in width cells."""
        if self.has_class("bare"):
            return flow(self.parts.pieces(), width, indent=2, start=self.title)
        return flow(self.parts.pieces(), width)

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))


@dataclass(frozen=True)
class SeatRow:
    """One seat on the one-line layout."""

    name: str
    alive: bool
    active: bool
    owes: bool
    thinking: bool
    parts: SeatParts
    note: str = ""
    seat: int | None = None  # (a click on the line says so)


def column(texts: list[Text], limit: int) -> int:
    """The width of a column holding texts, at most limit."""
    return min(limit, max((t.cell_len for t in texts), default=0))


def row_lines(rows: list[SeatRow], width: int) -> list[Text]:
    """Each seat on a line (or more, when the line is narrow): marker, name, purse and cards in columns, then what
    the game says, the cards lost and the claims, wrapped under the first of them."""
    return [line for lines in row_spans(rows, width) for line in lines]


def row_spans(rows: list[SeatRow], width: int) -> list[list[Text]]:
    """row_lines, the lines of each row apart."""
    names = column([Text(r.name) for r in rows], NAME_COLUMN)
    purses = column([r.parts.purse for r in rows], width)
    cards = column([Text(" ").join(r.parts.cards) for r in rows], width)
    sides = [r.parts.side for r in rows]
    sides_line_up = all(len(s) <= 1 for s in sides) and column([*(s[0] for s in sides if s)], 99) <= SIDE_COLUMN
    side_width = column([s[0] for s in sides if s], SIDE_COLUMN) if sides_line_up else 0
    spans: list[list[Text]] = []
    for row in rows:
        start = Text(f"{marker(row.active, row.owes, row.thinking)} ", style="bold")
        start.append(row.name, style="bold" if row.alive else "dim")
        start.pad_right(max(1, names + 2 - len(row.name)))
        start.append_text(row.parts.purse)
        start.pad_right(purses - row.parts.purse.cell_len + 2)
        hand = Text(" ").join(row.parts.cards)
        start.append_text(hand)
        start.pad_right(cards - hand.cell_len)
        rest = row.parts.rest()
        if row.note:
            rest = [("  ", Text(row.note, style="yellow")), *rest]
        elif side_width and row.parts.side:
            padded = row.parts.side[0].copy()
            padded.pad_right(side_width - padded.cell_len)
            rest = [("  ", padded), *rest[1:]]
        indent = start.cell_len + 2 if start.cell_len + 2 <= width // 2 else 4
        spans.append(flow(rest, width, indent=indent, start=start))
    return spans


class SeatList(Widget):
    """Every opponent on a line of its own (crowded tables, narrow screens)."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[SeatRow] = []

    def show(self, rows: list[SeatRow]) -> None:
        """Redraw with one line per seat."""
        if rows != self.rows:
            self.rows = rows
            self.refresh(layout=True)

    def render(self) -> Text:
        return Text("\n").join(row_lines(self.rows, self.content_size.width))

    def on_click(self, event: Click) -> None:
        """Say which seat's line was clicked."""
        top = 0
        for row, lines in zip(self.rows, row_spans(self.rows, self.content_size.width), strict=True):
            top += len(lines)
            if event.y < top:
                if row.seat is not None:
                    event.stop()
                    self.post_message(SeatClicked(row.seat))
                return

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(row_lines(self.rows, width))
