"""Lay pieces of text out in lines of a given width, breaking only between pieces and, when a piece is wider than a
whole line, between its words: a word is never cut unless it is wider than a line by itself."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

Piece = tuple[str, Text]
"""A piece of text and the separator put before it when it follows another piece on the same line."""


class _Lines:
    """The lines laid out so far; a line is fresh until a piece is put on it."""

    def __init__(self, width: int, indent: int, start: Text | None) -> None:
        self.width, self.indent = max(1, width), indent
        self.lines = [start.copy() if start is not None else Text()]
        self.fresh = not self.lines[0].plain.strip()

    def put(self, separator: str, piece: Text) -> bool:
        """Put piece on the current line if it fits there; False if it does not."""
        line = self.lines[-1]
        gap = "" if self.fresh else separator
        if line.cell_len + len(gap) + piece.cell_len > self.width:
            return False
        line.append(gap)
        line.append_text(piece)
        self.fresh = False
        return True

    def new_line(self) -> None:
        self.lines.append(Text(" " * self.indent))
        self.fresh = True

    def place(self, separator: str, piece: Text) -> None:
        """Put piece here, or at the start of the next line, or (wider than a line) a word at a time."""
        if self.put(separator, piece):
            return
        if not self.fresh:
            self.new_line()
            if self.put("", piece):
                return
        for word in piece.split(" "):
            if self.put(" ", word):
                continue
            if not self.fresh:
                self.new_line()
            if not self.put("", word):  # a word wider than a line: nothing else can be done
                room = max(1, self.width - self.lines[-1].cell_len)
                word.truncate(room)
                self.put("", word)


def flow(pieces: Iterable[Piece], width: int, indent: int = 0, start: Text | None = None) -> list[Text]:
    """pieces in lines of at most width cells, the first line after start (the first piece then after its
    separator), the others after indent spaces."""
    lines = _Lines(width, indent, start)
    for separator, piece in pieces:
        if piece.plain:
            lines.place(separator, piece)
    return lines.lines


def joined(texts: Iterable[Text], separator: str, first: str = "  ") -> list[Piece]:
    """texts as pieces: the first after first, the others after separator."""
    return [(first if index == 0 else separator, text) for index, text in enumerate(texts)]


def listed(words: Iterable[str], style: str, lead: str = "") -> list[Text]:
    """words as one piece each, with a comma after all but the last, and lead before the first ('says ')."""
    items = list(words)
    pieces = []
    for index, word in enumerate(items):
        text = Text(lead if index == 0 else "", style="dim")
        text.append(word + ("," if index < len(items) - 1 else ""), style=style)
        pieces.append(text)
    return pieces
