"""The wargame's map widget: terrain, rivers, roads, counters, highlighted hexes and a cursor, scrolling to it."""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.wargame.units import GOVERNMENT, REBELS, Unit
from hexgrid.coords import Hex
from hexgrid.layout import Cell, CompactLayout, MapLayout, OutlinedLayout
from hexgrid.maps import HexMap
from tui.widgets.wargame_text import SHARED_MARK, STRATEGIC_CODES, stack_label

TERRAIN_BACKGROUND = {"clear": "", "city": "#3a3a3a", "forest": "#1d401d", "lake": "#1c2f5a"}
STRATEGIC_BACKGROUND, FORTIFIED_BACKGROUND = "#4a2a5e", "#62307e"
MARK_BACKGROUND = {
    "reach": "#6b6b00",
    "place": "#00666b",
    "choice": "#006b1a",
    "target": "#9b1010",
    "attacker": "#9b5000",
    "selected": "#8a6d00",
}
ROLE_STYLE = {
    "border": Style(color="#6c6c6c"),
    "river": Style(color="#4aa3ff", bold=True),
    "bridge": Style(color="#f0d060", bold=True),
    "road": Style(color="#d0a060", bold=True),
    "label": Style(bold=True),
    "blank": Style(),
    "terrain": Style(color="#9a9a9a"),
    "lit": Style(color="#e0e0e0", bold=True),
}
SIDE_STYLE = (Style(color="#8fd0ff", bold=True), Style(color="#ffa070", bold=True))
NAME_STYLE = Style(color="#f0c8ff", bold=True)
TERRAIN_GLYPH = {"clear": "", "city": "#", "forest": "^", "lake": "~"}
FORTIFIED_MARK = "*"
LIT_MARK = "·"  # fills the free cells of a highlighted hex, so it shows without colour
HEADER_ROWS = 1  # the column letters, kept at the top while the map scrolls


@dataclass(frozen=True)
class Board:
    """What the map shows besides the terrain: the counters per hex label and the highlighted hexes (label ->
    one of MARK_BACKGROUND's kinds)."""

    stacks: dict[str, tuple[Unit, ...]]
    marks: dict[str, str]


class HexMapView(ScrollView, can_focus=False):
    """Draws a hexgrid layout of hex_map (outlined, or compact one line per row) with a cursor hex; clicking a hex
    moves the cursor there and posts Clicked."""

    @dataclass
    class Clicked(Message):
        """A hex was clicked; again: the cursor was on it already (a second click, as Enter there)."""

        hex: Hex
        again: bool = False

    def __init__(self, hex_map: HexMap, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hex_map = hex_map
        self.compact = False
        self.layout_of: MapLayout = OutlinedLayout(hex_map)
        self.cursor = Hex(0, 0)
        self.board = Board({}, {})
        self._lines: list[Strip] = []
        self._redraw()

    # -- what is shown ----------------------------------------------------------------------

    def use_compact(self, compact: bool) -> None:
        """Switch between the outlined layout and the one-line-per-row one."""
        if compact == self.compact:
            return
        self.compact = compact
        self.layout_of = CompactLayout(self.hex_map) if compact else OutlinedLayout(self.hex_map)
        self._redraw()
        self.call_after_refresh(self.scroll_to_cursor)

    def show(self, board: Board) -> None:
        """Draw these counters and highlights; hexes lit anew are scrolled into view as far as the cursor allows."""
        lit_anew = board.marks != self.board.marks
        self.board = board
        self._redraw()
        if lit_anew:
            self.scroll_to_cursor()

    def move_cursor(self, h: Hex) -> None:
        """Put the cursor on h (clipped to the map) and scroll it into view."""
        h = Hex(min(max(h.col, 0), self.hex_map.cols - 1), min(max(h.row, 0), self.hex_map.rows - 1))
        if h != self.cursor:
            self.cursor = h
            self._redraw()
        self.scroll_to_cursor()

    def scroll_to_cursor(self) -> None:
        """Scroll as little as needed to show the cursor hex with a hex around it, and as much of the lit hexes as
        fits beside it, below the column letters and right of the row numbers (which do not scroll)."""
        width, height = self.scrollable_content_region.size
        if not width or not height:
            return
        layout = self.layout_of
        x, y = layout.origin(self.cursor)
        cursor = Region(x - layout.slot_width, y - 1, layout.slot_width * 3, layout.slot_rows + 2)
        hexes = [layout.origin(Hex.parse(label)) for label in self.board.marks]
        want = Region.from_union([cursor, *(Region(*xy, layout.slot_width, layout.slot_rows) for xy in hexes)])
        left, top = layout.left, HEADER_ROWS
        scroll_x, scroll_y = self.scroll_offset
        self.scroll_to(
            _span(scroll_x, width - left, (cursor.x - left, cursor.right - left), (want.x - left, want.right - left)),
            _span(scroll_y, height - top, (cursor.y - top, cursor.bottom - top), (want.y - top, want.bottom - top)),
            animate=False,
        )

    def text(self) -> list[str]:
        """The whole map as plain text (tests, captures)."""
        return ["".join(seg.text for seg in strip) for strip in self._lines]

    # -- drawing ----------------------------------------------------------------------------

    def _code(self, h: Hex) -> str:
        """A strategic hex's code ("CP*" for the fortified Capitol), or ""."""
        name = self.hex_map.names.get(h, "")
        code = STRATEGIC_CODES.get(name, name[:2].upper()) if name else ""
        return code + FORTIFIED_MARK if name and h in self.hex_map.tagged("fortified") else code

    def _overlay(self, h: Hex) -> list[str]:
        units = self.board.stacks.get(h.label, ())
        glyph = TERRAIN_GLYPH[self.hex_map.terrain[h]]
        width = self.layout_of.slot_width
        if self.compact:
            text = stack_label(units, width) if units else (self._code(h) or glyph.center(width))
            return [text.ljust(width)]
        top = stack_label(units, width).center(width) if units else (glyph * 2).center(width)
        return [top, ""]

    def _floor(self, canvas: list[list[Cell]], h: Hex) -> None:
        """Write into the longest free stretch of h's floor line (outlined layout) its strategic code, or else its
        terrain when counters cover the line above."""
        if self.compact:
            return
        code = self._code(h)
        text, role = (code, "name") if code else (TERRAIN_GLYPH[self.hex_map.terrain[h]] * 2, "terrain")
        if not text or (role == "terrain" and not self.board.stacks.get(h.label)):
            return
        x, y = self.layout_of.origin(h)
        row = canvas[y + 1]
        runs: list[tuple[int, int]] = []
        start = None
        for dx in range(self.layout_of.slot_width + 1):
            free = dx < self.layout_of.slot_width and row[x + dx].text == "_"
            if free and start is None:
                start = dx
            elif not free and start is not None:
                runs.append((dx - start, start))
                start = None
        length, at = max(runs, default=(0, 0))
        text = text[: max(length, 2 if role == "name" else 0)]
        at = at + max(0, (length - len(text)) // 2)
        for i, char in enumerate(text):
            row[x + at + i] = Cell(char, h, role)

    def _light(self, canvas: list[list[Cell]], h: Hex) -> None:
        """Fill the free cells of a highlighted hex's first line with LIT_MARK; when counters fill that line, the
        free floor cells (outlined layout) or the empty gaps beside the hex (compact) get it."""
        slots = self.layout_of.interior_slots(h)
        free = [(x, y) for x, y in slots if canvas[y][x].text == " "]
        if not free:
            free = [(x, y) for x, y in slots if canvas[y][x].text == "_"]
        if not free and self.compact:
            x, y = slots[0]
            free = [(gap, y) for gap in (x - 1, x + self.layout_of.slot_width) if canvas[y][gap].text == " "]
        for x, y in free:
            canvas[y][x] = Cell(LIT_MARK, h, "lit")

    def _colour_shared(self, canvas: list[list[Cell]]) -> None:
        """A hex both sides stand in reads government/rebels: the cells after its SHARED_MARK take the rebels'
        colour (role "rebels"), the ones before it the government's."""
        shared = {label for label, units in self.board.stacks.items() if len({u.side for u in units}) > 1}
        if not shared:
            return
        for row in canvas:
            past: set[Hex] = set()
            for x, cell in enumerate(row):
                if cell.hex is None or cell.role != "interior" or cell.hex.label not in shared:
                    continue
                if cell.text == SHARED_MARK:
                    past.add(cell.hex)
                elif cell.hex in past:
                    row[x] = Cell(cell.text, cell.hex, "rebels")

    def _redraw(self) -> None:
        layout = self.layout_of
        canvas = layout.render(self._overlay)
        for h in self.hex_map.hexes():
            self._floor(canvas, h)
        for label in self.board.marks:
            self._light(canvas, Hex.parse(label))
        self._colour_shared(canvas)
        self._lines = [Strip(self._segments(row)).simplify() for row in canvas]
        width, height = layout.size
        self.virtual_size = Size(width, height)
        self.refresh()

    def _segments(self, row: list[Cell]) -> list[Segment]:
        return [Segment(cell.text, self._style(cell)) for cell in row]

    def _style(self, cell: Cell) -> Style:
        """Outlines by role; a hex's own cells (interior, floor, lit gaps) on its terrain or highlight colour."""
        h = cell.hex
        if h is None:
            return ROLE_STYLE.get(cell.role, Style())
        label = h.label
        background = TERRAIN_BACKGROUND[self.hex_map.terrain[h]]
        if h in self.hex_map.names:
            background = FORTIFIED_BACKGROUND if h in self.hex_map.tagged("fortified") else STRATEGIC_BACKGROUND
        background = MARK_BACKGROUND.get(self.board.marks.get(label, ""), background)
        style = ROLE_STYLE.get(cell.role, Style())
        if cell.role == "name":
            style = NAME_STYLE
        elif cell.role == "rebels":
            style = SIDE_STYLE[REBELS]
        elif cell.role == "interior" and cell.text.strip():
            sides = {u.side for u in self.board.stacks.get(label, ())}
            style = SIDE_STYLE[GOVERNMENT if GOVERNMENT in sides else REBELS] if sides else ROLE_STYLE["terrain"]
        if background:
            style += Style(bgcolor=background)
        if h == self.cursor:
            style += Style(reverse=True, bold=True)
        return style

    def _canvas_at(self, x: int, y: int) -> tuple[int, int]:
        """The map's cell drawn at (x, y) of the widget: the column letters and row numbers stay while it scrolls."""
        scroll_x, scroll_y = self.scroll_offset
        return x + scroll_x if x >= self.layout_of.left else x, y + scroll_y if y >= HEADER_ROWS else y

    def render_line(self, y: int) -> Strip:
        left = self.layout_of.left
        start, index = self._canvas_at(left, y)
        if index >= len(self._lines):
            return Strip.blank(self.size.width)
        line = self._lines[index]
        return Strip.join([line.crop(0, left), line.crop_extend(start, start + self.size.width - left, None)])

    def on_resize(self, event: events.Resize) -> None:
        self.scroll_to_cursor()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        h = self.layout_of.hex_at(*self._canvas_at(offset.x, offset.y))
        if h is not None:
            event.stop()
            again = h == self.cursor
            self.move_cursor(h)
            self.post_message(self.Clicked(h, again))


def _span(offset: int, size: int, must: tuple[int, int], want: tuple[int, int]) -> int:
    """The scroll offset along one axis nearest offset whose window of size shows the range must whole and as much
    of the range want (which holds it) as fits."""
    low, high = sorted((want[1] - size, want[0]))
    offset = min(max(offset, low), high)
    low, high = sorted((must[1] - size, must[0]))
    return min(max(offset, low), high)
