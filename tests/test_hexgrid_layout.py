"""Tests for hexgrid's character layouts (outlined and compact)."""

from __future__ import annotations

import pytest

from hexgrid import Cell, CompactLayout, Hex, HexMap, OutlinedLayout, parse_map, text_lines, viewport
from hexgrid.layout import ROLES


def plain_map(cols: int, rows: int, sides: dict | None = None, side_names: list | None = None) -> HexMap:
    return parse_map(
        {
            "cols": cols,
            "rows": rows,
            "terrain_legend": {".": "clear"},
            "terrain_rows": ["." * cols] * rows,
            "sides": sides or {},
            "side_names": side_names or [],
        }
    )


def featured_map() -> HexMap:
    """4x3: a river down the middle with a bridge on row 1, and a road across it."""
    return plain_map(
        4,
        3,
        sides={
            "river": [["B1", "C1"], ["C1", "B2"], ["B2", "C2"], ["B2", "C3"], ["B3", "C3"]],
            "road": [["A2", "B2"], ["B2", "C2"], ["C2", "D2"], ["C1", "C2"], ["B2", "B3"]],
        },
        side_names=[{"name": "Old Bridge", "kind": "bridge", "side": ["B2", "C2"]}],
    )


LAYOUTS = [OutlinedLayout, CompactLayout]


def cells_at(cells: list[list[Cell]], role: str) -> list[tuple[int, int]]:
    return [(x, y) for y, row in enumerate(cells) for x, cell in enumerate(row) if cell.role == role]


def test_outlined_fits_120_by_38_for_18_by_13() -> None:
    layout = OutlinedLayout(plain_map(18, 13))
    width, height = layout.size
    assert width <= 120 and height <= 38
    cells = layout.render()
    assert len(cells) == height and all(len(row) == width for row in cells)


def test_compact_fits_80_columns_one_line_per_row() -> None:
    layout = CompactLayout(plain_map(18, 13))
    width, height = layout.size
    assert width <= 80
    assert height == 13 + 1  # one header line of column letters
    for h in plain_map(18, 13).hexes():
        assert layout.origin(h)[1] == 1 + h.row
    lines = text_lines(layout.render())
    assert lines[0].split() == [chr(ord("A") + i) for i in range(18)]
    assert [line[:2] for line in lines[1:]] == [str(r).rjust(2) for r in range(1, 14)]


@pytest.mark.parametrize("layout_class", LAYOUTS)
def test_hex_at_origin_and_slots(layout_class: type) -> None:
    m = plain_map(18, 13)
    layout = layout_class(m)
    width, height = layout.size
    seen: set[tuple[int, int]] = set()
    for h in m.hexes():
        assert layout.hex_at(*layout.origin(h)) == h
        slots = layout.interior_slots(h)
        assert slots[0] == layout.origin(h)
        assert all(layout.hex_at(x, y) == h and 0 <= x < width and 0 <= y < height for x, y in slots)
        assert not seen & set(slots)
        seen |= set(slots)
    assert layout.hex_at(0, 0) is None
    assert layout.hex_at(-5, 3) is None


def test_outlined_slots_hold_two_lines_of_five() -> None:
    layout = OutlinedLayout(plain_map(18, 13))
    slots = layout.interior_slots(Hex(3, 4))
    lines = {y for _, y in slots}
    assert len(lines) == 2
    assert all(sum(1 for _, y in slots if y == line) >= 5 for line in lines)


@pytest.mark.parametrize("layout_class", LAYOUTS)
def test_every_hex_is_rendered_with_its_interior(layout_class: type) -> None:
    m = plain_map(18, 13)
    layout = layout_class(m)
    cells = layout.render()
    interior_hexes = {cell.hex for row in cells for cell in row if cell.role == "interior"}
    assert interior_hexes == set(m.hexes())
    assert {cell.role for row in cells for cell in row} <= set(ROLES)
    assert cells[layout.origin(Hex(0, 0))[1]][layout.origin(Hex(0, 0))[0]] == Cell(" ", Hex(0, 0), "interior")


@pytest.mark.parametrize("layout_class", LAYOUTS)
def test_overlay_is_written_into_slots(layout_class: type) -> None:
    m = plain_map(18, 13)
    layout = layout_class(m)
    cells = layout.render(lambda h: [h.label + "xxxxxxxx", "ab d"])
    for h in m.hexes():
        x, y = layout.origin(h)
        width = len([1 for _, sy in layout.interior_slots(h) if sy == y])
        written = "".join(cells[y][x + i].text for i in range(width))
        assert written == (h.label + "xxxxxxxx")[:width]
        assert all(cells[y][x + i].hex == h and cells[y][x + i].role == "interior" for i in range(width))
    outlined = OutlinedLayout(m)
    cells = outlined.render(lambda h: ["", "ab d"])
    x, y = outlined.origin(Hex(2, 2))
    assert "".join(c.text for c in cells[y + 1][x : x + 5]) == "ab_d_"  # spaces are transparent


def test_outlined_labels() -> None:
    layout = OutlinedLayout(plain_map(18, 13))
    lines = text_lines(layout.render())
    assert lines[0].split() == [chr(ord("A") + i) for i in range(18)]
    for row in range(13):
        x, y = layout.origin(Hex(0, row))
        assert lines[y][:2] == str(row + 1).rjust(2)
    cells = layout.render()
    x, y = layout.origin(Hex(7, 0))
    assert cells[0][x + 2] == Cell("H", None, "label")  # letters sit over the middle of even-row hexes


def test_outlined_plain_picture() -> None:
    lines = text_lines(OutlinedLayout(plain_map(3, 3)).render())
    assert lines == [
        "     A     B     C      ",
        "   _________________    ",
        "1 |     |     |     |   ",
        "  |_____|_____|_____|__ ",
        "2    |     |     |     |",
        "   __|_____|_____|_____|",
        "3 |     |     |     |   ",
        "  |_____|_____|_____|   ",
    ]


def test_outlined_rivers_bridges_roads() -> None:
    layout = OutlinedLayout(featured_map())
    cells = layout.render()
    assert text_lines(cells) == [
        "     A     B     C     D      ",
        "   _______________________    ",
        "1 |     |     ~     |     |   ",
        "  |_____|_____~~~~\\_|_____|__ ",
        "2    |     =     =     =     |",
        "   __|_____|_/~~~~_____|_____|",
        "3 |     |     ~     |     |   ",
        "  |_____|_____~_____|_____|   ",
    ]
    x, y = layout.origin(Hex(1, 1))  # B2
    assert cells[y][x + 5] == Cell("=", None, "bridge")
    assert cells[y + 1][x + 5] == Cell("~", None, "river")  # the river still runs under the bridge
    assert cells[y][x - 1] == Cell("=", None, "road")
    assert cells[y + 1][x + 1] == Cell("/", Hex(1, 1), "road")  # B2-B3 crosses B2's SW floor
    assert cells[y + 1][x + 2] == Cell("~", Hex(1, 1), "river")  # the corner where two river sides meet
    assert cells[y + 1][x + 3] == Cell("~", Hex(1, 1), "river")  # B2-C3 is a river side
    assert cells_at(cells, "bridge") == [(x + 5, y)]
    x, y = layout.origin(Hex(2, 0))  # C1
    assert cells[y + 1][x + 3] == Cell("\\", Hex(2, 0), "road")  # C1-C2 crosses C1's SE floor
    assert [cells[y + 1][x + i].role for i in range(3)] == ["river"] * 3  # C1-B2 and its corner


def test_compact_rivers_bridges_roads() -> None:
    layout = CompactLayout(featured_map())
    cells = layout.render()
    assert text_lines(cells) == [
        "    A   B   C   D    ",
        "1         ~          ",
        "2       -   =   -    ",
        "3         ~          ",
    ]
    x, y = layout.origin(Hex(2, 1))
    assert cells[y][x - 1] == Cell("=", None, "bridge")
    assert cells[y][x + 3] == Cell("-", None, "road")
    assert cells_at(cells, "river") == [(layout.origin(Hex(2, 0))[0] - 1, 1), (layout.origin(Hex(2, 2))[0] - 1, 3)]


def test_compact_draws_river_sides_between_rows_as_slants() -> None:
    under_b1 = CompactLayout(plain_map(3, 2, sides={"river": [["B1", "A2"], ["B1", "B2"]]}))
    assert text_lines(under_b1.render())[2] == "2       V        "  # B1's two lower sides meet over A2|B2
    over_b2 = plain_map(3, 2, sides={"river": [["B1", "B2"], ["C1", "B2"], ["A2", "B2"], ["B2", "C2"]]})
    assert text_lines(CompactLayout(over_b2).render())[1:] == [
        "1         Λ      ",  # B2's upper sides, drawn above since the separators below show river
        "2       ~   ~    ",
    ]
    roof = plain_map(3, 2, sides={"river": [["A1", "A2"], ["B1", "A2"]], "bridge": [["B1", "A2"]]})
    cells = CompactLayout(roof).render()
    assert text_lines(cells)[2] == "2   /   \\        "  # A2's NW and NE sides, on its own separators
    assert [cells[2][4].role, cells[2][8].role] == ["river", "bridge"]


def test_viewport_slices_and_pads() -> None:
    cells = CompactLayout(plain_map(18, 13)).render()
    window = viewport(cells, 70, 12, 20, 5)
    assert len(window) == 5 and all(len(row) == 20 for row in window)
    assert window[0][0] == cells[12][70]
    assert window[4][19] == Cell(" ", None, "blank")
    assert text_lines(viewport(cells, 0, 0, 6, 1)) == ["     A"]


@pytest.mark.parametrize("bad", [3, 5, 2])
def test_outlined_rejects_odd_or_tiny_width(bad: int) -> None:
    with pytest.raises(ValueError):
        OutlinedLayout(plain_map(2, 2), hex_width=bad)


def test_wider_outlined_hexes() -> None:
    layout = OutlinedLayout(plain_map(2, 2), hex_width=8)
    assert layout.size == (2 + 2 * 8 + 4 + 1, 2 + 4)
    assert len(layout.interior_slots(Hex(1, 1))) == 14
    assert text_lines(layout.render())[2] == "1 |       |       |    "
