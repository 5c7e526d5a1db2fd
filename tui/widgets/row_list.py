"""A list of rows in columns with a cursor, cheap to refill: each row is drawn once into strips and kept, so a busy
lobby that gets a new listing every fraction of a second redraws only the rows that changed."""

from __future__ import annotations

import functools
from bisect import bisect_right

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Row = tuple[str, ...]
GAP = 2  # spaces between two columns
CACHED_STRIPS = 512


def fit(widths: list[int], least: list[int], room: int) -> list[int]:
    """Column widths that add up to room at most: the widest columns narrowed alike, none below its least (widths as
    they are when they fit, or when even the least do not)."""
    if sum(widths) <= room or sum(least) >= room:
        return widths
    cap = max(widths)
    while sum(max(low, min(width, cap)) for width, low in zip(widths, least, strict=True)) > room:
        cap -= 1
    return [max(low, min(width, cap)) for width, low in zip(widths, least, strict=True)]


@functools.lru_cache(maxsize=CACHED_STRIPS)
def wrapped(cell: str, width: int) -> tuple[str, ...]:
    """The cell's text in lines of width cells at most, broken between the items of a list ('Ana, Natasha (rule),
    open') where it can be, else between words."""
    if cell_len(cell) <= width:
        return (cell,)
    items = cell.split(", ")
    lines: list[str] = []
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else "")
        if lines and cell_len(lines[-1]) + 1 + cell_len(piece) <= width:
            lines[-1] += " " + piece
        elif cell_len(piece) <= width:
            lines.append(piece)
        else:  # an item wider than the column alone: between its words
            lines.extend(line.plain for line in Content(piece).wrap(width))
    return tuple(lines)


class RowList(ScrollView, can_focus=True):
    """Rows of plain text (never markup) under a header, in columns fitted to the width: a cell wider than its column
    wraps onto more lines of its row (the widest columns give way first, none narrower than its header); up, down,
    page keys, home, end and a click move the cursor."""

    COMPONENT_CLASSES = {"row-list--header", "row-list--cursor", "row-list--even"}
    DEFAULT_CSS = """
    RowList { background: $surface; }
    RowList > .row-list--header { text-style: bold; color: $text-muted; }
    RowList > .row-list--cursor { background: $block-cursor-blurred-background; }
    RowList:focus > .row-list--cursor { background: $block-cursor-background; color: $block-cursor-foreground;
        text-style: bold; }
    RowList > .row-list--even { background: $surface-lighten-1; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1_000_000)", "First", show=False),
        Binding("end", "move(1_000_000)", "Last", show=False),
    ]
    cursor_row: reactive[int] = reactive(0, always_update=True, repaint=True)

    def __init__(self, *columns: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.header: Row = columns
        self.rows: list[Row] = []
        self.widths = [cell_len(name) for name in columns]  # each column's widest cell
        self.fitted = list(self.widths)  # as drawn, narrowed to the width
        self.starts = [0]  # the line (under the header) each row starts on, and the one after the last row
        self._strips: LRUCache[tuple[Row, str, int], list[Strip]] = LRUCache(CACHED_STRIPS)

    @property
    def row_count(self) -> int:
        """How many rows there are."""
        return len(self.rows)

    def show(self, rows: list[Row]) -> None:
        """Show rows instead of the rows shown, keeping the cursor's place; nothing is redrawn if they are the same."""
        rows = [tuple(row) for row in rows]
        if rows == self.rows:
            return
        self.widths = [max([cell_len(name), *(cell_len(row[i]) for row in rows)]) for i, name in enumerate(self.header)]
        self.rows = rows
        self._lay_out()
        self.refresh()
        self.cursor_row = min(self.cursor_row, max(0, len(rows) - 1))

    def _lay_out(self) -> None:
        """Fit the columns to the width (as if the vertical scrollbar showed, so it showing changes nothing) and find
        the line each row starts on."""
        room = self.size.width - self.styles.scrollbar_size_vertical - GAP * len(self.widths)
        fitted = fit(self.widths, [cell_len(name) for name in self.header], room)
        if fitted != self.fitted:
            self.fitted = fitted
            self._strips.clear()
        starts = [0]
        for row in self.rows:
            starts.append(starts[-1] + max(len(wrapped(cell, width)) for cell, width in zip(row, fitted, strict=True)))
        self.starts = starts
        size = Size(sum(fitted) + GAP * len(fitted), starts[-1] + 1)
        if size != self.virtual_size:
            self.virtual_size = size

    def move_cursor(self, row: int) -> None:
        """Put the cursor on row (clamped to the rows there are)."""
        self.cursor_row = min(max(0, row), max(0, len(self.rows) - 1))

    def watch_cursor_row(self, row: int) -> None:
        top, height = self.scroll_offset.y, self.scrollable_content_region.height - 1
        first, after = self.starts[row], self.starts[min(row + 1, len(self.starts) - 1)]
        if first < top:
            self.scroll_to(y=first, animate=False)
        elif height > 0 and after > top + height:
            self.scroll_to(y=max(first, after - height), animate=False)

    def action_move(self, step: int) -> None:
        """Move the cursor step rows."""
        self.move_cursor(self.cursor_row + step)

    def action_page(self, step: int) -> None:
        """Move the cursor a screenful."""
        line = self.starts[self.cursor_row] + step * max(1, self.scrollable_content_region.height - 1)
        self.move_cursor(self._row_at(max(0, line)))

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:  # below the header
            self.move_cursor(self._row_at(event.y - 1 + self.scroll_offset.y))

    def _row_at(self, line: int) -> int:
        """The row drawn on line (under the header)."""
        return bisect_right(self.starts, line) - 1

    def on_focus(self) -> None:
        self._redraw()

    def on_blur(self) -> None:
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out()
        self._redraw()

    def _redraw(self) -> None:
        """Draw every row anew (the cursor's colours differ with focus, the strips' width with the size)."""
        self._strips.clear()
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        scroll_x, scroll_y = self.scroll_offset
        if y == 0:
            return self._strips_of(self.header, "row-list--header")[0].crop_extend(scroll_x, scroll_x + width, None)
        line = y - 1 + scroll_y
        if line >= self.starts[-1]:
            return Strip.blank(width, self.rich_style)
        index = self._row_at(line)
        look = "row-list--cursor" if index == self.cursor_row else "row-list--even" if index % 2 else ""
        strip = self._strips_of(self.rows[index], look)[line - self.starts[index]]
        return strip.crop_extend(scroll_x, scroll_x + width, None)

    def _strips_of(self, row: Row, look: str) -> list[Strip]:
        """The row's lines, drawn."""
        key = (row, look, self.size.width)
        strips = self._strips.get(key)
        if strips is None:
            style = self.rich_style + (self.get_component_rich_style(look) if look else Style())
            cells = [wrapped(cell, width) for cell, width in zip(row, self.fitted, strict=True)]
            full = max(self.virtual_size.width, self.size.width)
            strips = []
            for line in range(max(len(lines) for lines in cells)):
                parts = [lines[line] if line < len(lines) else "" for lines in cells]
                text = (" " * GAP).join(
                    set_cell_size(part, width) for part, width in zip(parts, self.fitted, strict=True)
                )
                strips.append(Strip([Segment(set_cell_size(" " + text, full), style)]))
            self._strips[key] = strips
        return strips
