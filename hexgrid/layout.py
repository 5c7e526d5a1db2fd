"""Character layouts of a hex map (outlined and compact) as cells with roles; colours are the caller's business."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from hexgrid.coords import Hex, column_letters, neighbor
from hexgrid.maps import HexMap

Overlay = Callable[[Hex], list[str]]
ROLES = ("border", "interior", "river", "road", "bridge", "label", "blank")
_NW, _SW, _SE = 2, 4, 5  # indexes into coords.DIRECTIONS


@dataclass(frozen=True)
class Cell:
    """One character of a rendered map: its text, the hex it belongs to (if any) and its role."""

    text: str
    hex: Hex | None
    role: str


BLANK = Cell(" ", None, "blank")


def text_lines(cells: list[list[Cell]]) -> list[str]:
    """The rendered rows as plain strings."""
    return ["".join(cell.text for cell in row) for row in cells]


def viewport(cells: list[list[Cell]], x: int, y: int, width: int, height: int) -> list[list[Cell]]:
    """The width x height window of rendered cells whose top-left is (x, y), padded with blank cells."""
    window = []
    for row_y in range(y, y + height):
        row = cells[row_y] if 0 <= row_y < len(cells) else []
        window.append([row[col] if 0 <= col < len(row) else BLANK for col in range(x, x + width)])
    return window


class MapLayout(ABC):
    """Shared geometry bookkeeping: subclasses place hexes (`_slot_origin`) and draw (`_draw`)."""

    slot_width: int
    slot_rows: int
    left: int  # the columns of row numbers before the first hex

    def __init__(self, hex_map: HexMap, width: int, height: int) -> None:
        self.hex_map = hex_map
        self._width, self._height = width, height
        self._slots = {h: self._make_slots(h) for h in hex_map.hexes()}
        self._owner = {xy: h for h, slots in self._slots.items() for xy in slots}

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in characters."""
        return self._width, self._height

    @abstractmethod
    def _slot_origin(self, h: Hex) -> tuple[int, int]:
        """(x, y) of h's first interior slot."""

    @abstractmethod
    def _draw(self, canvas: list[list[Cell]]) -> None:
        """Draw the outlines and labels of this style onto canvas."""

    def _make_slots(self, h: Hex) -> list[tuple[int, int]]:
        x, y = self._slot_origin(h)
        return [(x + dx, y + dy) for dy in range(self.slot_rows) for dx in range(self.slot_width)]

    def origin(self, h: Hex) -> tuple[int, int]:
        """(x, y) of the first interior slot of h."""
        return self._slot_origin(h)

    def interior_slots(self, h: Hex) -> list[tuple[int, int]]:
        """The positions inside h where the caller may write, row by row."""
        return list(self._slots[h])

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The hex whose interior holds (x, y), or None (outlines, labels, margins)."""
        return self._owner.get((x, y))

    def render(self, overlay: Overlay | None = None) -> list[list[Cell]]:
        """The whole map as rows of cells. overlay(h) gives text lines written into h's interior slots (line i
        on slot row i, clipped to the slot width); spaces in overlay text are transparent."""
        canvas = [[BLANK] * self._width for _ in range(self._height)]
        self._draw(canvas)
        if overlay is not None:
            for h in self.hex_map.hexes():
                x, y = self._slot_origin(h)
                for dy, text in enumerate(overlay(h)[: self.slot_rows]):
                    for dx, char in enumerate(text[: self.slot_width]):
                        if char != " ":
                            canvas[y + dy][x + dx] = Cell(char, h, "interior")
        return canvas

    def _side(self, a: Hex, b: Hex) -> tuple[bool, bool, bool]:
        """(river, bridge, road) features of the side between a and b."""
        m = self.hex_map
        return m.has_side("river", a, b), m.has_side("bridge", a, b), m.has_side("road", a, b)

    def _labels(self, canvas: list[list[Cell]], label_width: int, first_x: int, pitch: int, rows_y: list[int]) -> None:
        for col in range(self.hex_map.cols):
            letters = column_letters(col)
            _put(canvas, first_x + col * pitch - (len(letters) - 1) // 2, 0, letters, None, "label")
        for row, y in enumerate(rows_y):
            _put(canvas, 0, y, str(row + 1).rjust(label_width - 1), None, "label")


def _put(canvas: list[list[Cell]], x: int, y: int, text: str, h: Hex | None, role: str) -> None:
    for i, char in enumerate(text):
        canvas[y][x + i] = Cell(char, h, role)


class OutlinedLayout(MapLayout):
    """Odd-r pointy-top rows drawn as half-offset bricks (the same adjacency as hexes; slanted sides cannot give
    two 5-character lines per hex and still fit 18x13 hexes in 120x38). Each hex is hex_width characters across
    (walls shared) and two lines high: a line of interior, then a line that is also its floor. Rivers replace
    walls and floors with "~", bridges are "=" on their side, roads are "=" on walls and "/" or "\\" on floors
    they cross."""

    def __init__(self, hex_map: HexMap, hex_width: int = 6) -> None:
        if hex_width < 4 or hex_width % 2:
            raise ValueError(f"hex_width must be even and at least 4, got {hex_width}")
        self.hex_width, self.half = hex_width, hex_width // 2
        self.slot_width, self.slot_rows = hex_width - 1, 2
        self.left = len(str(hex_map.rows)) + 1
        shift = self.half if hex_map.rows > 1 else 0
        super().__init__(hex_map, self.left + hex_map.cols * hex_width + shift + 1, 2 + 2 * hex_map.rows)

    def _wall_x(self, h: Hex) -> int:
        return self.left + h.col * self.hex_width + (self.half if h.row % 2 else 0)

    def _slot_origin(self, h: Hex) -> tuple[int, int]:
        return self._wall_x(h) + 1, 2 + 2 * h.row

    def _draw(self, canvas: list[list[Cell]]) -> None:
        m = self.hex_map
        self._labels(canvas, self.left, self.left + self.half, self.hex_width, [2 + 2 * row for row in range(m.rows)])
        _put(canvas, self.left + 1, 1, "_" * (m.cols * self.hex_width - 1), None, "border")
        for h in m.hexes():
            x, y = self._slot_origin(h)
            _put(canvas, x, y, " " * self.slot_width, h, "interior")
            self._draw_wall(canvas, x - 1, y, Hex(h.col - 1, h.row), h)
            self._draw_floor(canvas, h)
            if h.col == m.cols - 1:
                self._draw_wall(canvas, x - 1 + self.hex_width, y, h, Hex(h.col + 1, h.row))
        for row in range(m.rows - 1):
            # close the half hex that the next row sticks out beyond this one
            x = self.left + 1 if row % 2 else self.left + m.cols * self.hex_width + 1
            _put(canvas, x, 3 + 2 * row, "_" * (self.half - 1), None, "border")

    def _draw_wall(self, canvas: list[list[Cell]], x: int, y: int, west: Hex, east: Hex) -> None:
        river, bridge, road = self._side(west, east)
        if bridge:
            canvas[y][x] = Cell("=", None, "bridge")
        elif river:
            canvas[y][x] = Cell("~", None, "river")
        elif road:
            canvas[y][x] = Cell("=", None, "road")
        else:
            canvas[y][x] = Cell("|", None, "border")
        below = neighbor(east, _SW)
        vertex_river = self._side(west, below)[0] and self._side(east, below)[0]
        canvas[y + 1][x] = Cell("~", None, "river") if river or vertex_river else Cell("|", None, "border")

    def _draw_floor(self, canvas: list[list[Cell]], h: Hex) -> None:
        x, y = self._slot_origin(h)
        y += 1
        south_west, south_east = neighbor(h, _SW), neighbor(h, _SE)
        features = [self._side(h, south_west), self._side(h, south_east)]
        for index, (river, bridge, road) in enumerate(features):
            start = x if index == 0 else x + self.half
            segment = range(start, start + self.half - 1)
            for seg_x in segment:
                canvas[y][seg_x] = Cell("~", h, "river") if river else Cell("_", h, "border")
            if road or bridge:
                mark_x = segment[-1] if index == 0 else segment[0]
                canvas[y][mark_x] = Cell("/" if index == 0 else "\\", h, "bridge" if bridge else "road")
        corner_rivers = features[0][0] + features[1][0] + self._side(south_west, south_east)[0]
        corner = Cell("~", h, "river") if corner_rivers >= 2 else Cell("_", h, "border")
        canvas[y][x + self.half - 1] = corner


class CompactLayout(MapLayout):
    """One line per hex row, each hex cell_width characters (a separator, then its interior); odd rows are
    shifted half a cell. Separators show the side to the west: "~" river, "=" bridge, "-" road. A separator
    stands for a wall whose ends touch the rows above and below, so a river on a side between rows is drawn as a
    slant on a separator at one of its ends: "\\" or "/" as the side runs, "V" for the two sides of the hex above,
    "Λ" for the two of the hex below, "X" for other pairs. A slant goes on the separator below the side unless that
    one shows a river or bridge, then on the one above; where both do, the two ends of that river line show it.
    Roads between rows are not drawn. Callers scroll with `viewport`."""

    def __init__(self, hex_map: HexMap, cell_width: int = 4) -> None:
        if cell_width < 2 or cell_width % 2:
            raise ValueError(f"cell_width must be even and at least 2, got {cell_width}")
        self.cell_width, self.half = cell_width, cell_width // 2
        self.slot_width, self.slot_rows = cell_width - 1, 1
        self.left = len(str(hex_map.rows)) + 1
        shift = self.half if hex_map.rows > 1 else 0
        super().__init__(hex_map, self.left + hex_map.cols * cell_width + shift + 1, 1 + hex_map.rows)

    def _slot_origin(self, h: Hex) -> tuple[int, int]:
        return self.left + h.col * self.cell_width + (self.half if h.row % 2 else 0) + 1, 1 + h.row

    def _draw(self, canvas: list[list[Cell]]) -> None:
        m = self.hex_map
        self._labels(canvas, self.left, self.left + self.half, self.cell_width, [1 + row for row in range(m.rows)])
        for h in m.hexes():
            x, y = self._slot_origin(h)
            _put(canvas, x, y, " " * self.slot_width, h, "interior")
            canvas[y][x - 1] = self._separator(Hex(h.col - 1, h.row), h)
            if h.col == m.cols - 1:
                canvas[y][x - 1 + self.cell_width] = self._separator(h, Hex(h.col + 1, h.row))

    def _separator(self, west: Hex, east: Hex) -> Cell:
        river, bridge, road = self._side(west, east)
        if bridge:
            return Cell("=", None, "bridge")
        if river:
            return Cell("~", None, "river")
        slant = self._slant(west, east)
        if slant is not None:
            return slant
        if road:
            return Cell("-", None, "road")
        return Cell(" ", None, "border")

    def _crossed(self, a: Hex, b: Hex) -> bool:
        """True when the side between a and b is a river or bridge (the separator between them shows it)."""
        river, bridge, _ = self._side(a, b)
        return river or bridge

    def _slant(self, west: Hex, east: Hex) -> Cell | None:
        """The river sides between rows drawn on the separator between west and east, or None."""
        above, below = neighbor(east, _NW), neighbor(east, _SW)
        ends = [(above, west, "\\", True), (above, east, "/", True)]
        if self._crossed(neighbor(west, _SW), below):
            ends.append((west, below, "/", False))
        if self._crossed(below, neighbor(east, _SE)):
            ends.append((east, below, "\\", False))
        drawn = [(a, b, slant, top) for a, b, slant, top in ends if self._crossed(a, b)]
        if not drawn:
            return None
        slants = {slant for _, _, slant, _ in drawn}
        tops = {top for _, _, _, top in drawn}
        text = slants.pop() if len(slants) == 1 else "X" if len(tops) == 2 else "V" if tops == {True} else "Λ"
        bridged = any(self._side(a, b)[1] for a, b, _, _ in drawn)
        return Cell(text, None, "bridge" if bridged else "river")
