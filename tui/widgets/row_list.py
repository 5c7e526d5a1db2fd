"""A list of rows in columns with a cursor, cheap to refill: each row is drawn once into a strip and kept, so a busy
lobby that gets a new listing every fraction of a second redraws only the rows that changed."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Row = tuple[str, ...]
GAP = 2  # spaces between two columns
CACHED_STRIPS = 512


class RowList(ScrollView, can_focus=True):
    """Rows of plain text (never markup) under a header; up, down, page keys, home, end and a click move the
    cursor."""

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
        self.widths = [cell_len(name) for name in columns]
        self._strips: LRUCache[tuple[Row, str, int], Strip] = LRUCache(CACHED_STRIPS)

    @property
    def row_count(self) -> int:
        """How many rows there are."""
        return len(self.rows)

    def show(self, rows: list[Row]) -> None:
        """Show rows instead of the rows shown, keeping the cursor's place; nothing is redrawn if they are the same."""
        rows = [tuple(row) for row in rows]
        if rows == self.rows:
            return
        widths = [max([cell_len(name), *(cell_len(row[i]) for row in rows)]) for i, name in enumerate(self.header)]
        if widths != self.widths:
            self.widths = widths
            self._strips.clear()
        self.rows = rows
        size = Size(sum(widths) + GAP * len(widths), len(rows) + 1)
        if size != self.virtual_size:
            self.virtual_size = size
        self.refresh()
        self.cursor_row = min(self.cursor_row, max(0, len(rows) - 1))

    def move_cursor(self, row: int) -> None:
        """Put the cursor on row (clamped to the rows there are)."""
        self.cursor_row = min(max(0, row), max(0, len(self.rows) - 1))

    def watch_cursor_row(self, row: int) -> None:
        top, height = self.scroll_offset.y, self.scrollable_content_region.height - 1
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif height > 0 and row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False)

    def action_move(self, step: int) -> None:
        """Move the cursor step rows."""
        self.move_cursor(self.cursor_row + step)

    def action_page(self, step: int) -> None:
        """Move the cursor a screenful."""
        self.move_cursor(self.cursor_row + step * max(1, self.scrollable_content_region.height - 1))

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:  # below the header
            self.move_cursor(event.y - 1 + self.scroll_offset.y)

    def on_focus(self) -> None:
        self._redraw()

    def on_blur(self) -> None:
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    def _redraw(self) -> None:
        """Draw every row anew (the cursor's colours differ with focus, the strips' width with the size)."""
        self._strips.clear()
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        scroll_x, scroll_y = self.scroll_offset
        if y == 0:
            return self._strip(self.header, "row-list--header").crop_extend(scroll_x, scroll_x + width, None)
        index = y - 1 + scroll_y
        if index >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        look = "row-list--cursor" if index == self.cursor_row else "row-list--even" if index % 2 else ""
        return self._strip(self.rows[index], look).crop_extend(scroll_x, scroll_x + width, None)

    def _strip(self, row: Row, look: str) -> Strip:
        key = (row, look, self.size.width)
        strip = self._strips.get(key)
        if strip is None:
            style = self.rich_style + (self.get_component_rich_style(look) if look else Style())
            text = (" " * GAP).join(set_cell_size(cell, width) for cell, width in zip(row, self.widths, strict=True))
            strip = Strip([Segment(set_cell_size(" " + text, max(self.virtual_size.width, self.size.width)), style)])
            self._strips[key] = strip
        return strip
