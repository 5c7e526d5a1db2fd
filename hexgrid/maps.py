"""Hex maps: terrain, named and tagged hexes, hexside features; loaded and validated from JSON data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexgrid.coords import Hex, distance, neighbors


@dataclass(frozen=True)
class HexMap:
    """A rectangular odd-r map; read-only by convention (its dicts are not copied)."""

    cols: int
    rows: int
    terrain: dict[Hex, str]
    names: dict[Hex, str]
    tags: dict[str, frozenset[Hex]]
    sides: dict[str, frozenset[frozenset[Hex]]]
    side_names: dict[frozenset[Hex], str]
    title: str = ""

    def contains(self, h: Hex) -> bool:
        return 0 <= h.col < self.cols and 0 <= h.row < self.rows

    def hexes(self) -> list[Hex]:
        """Every hex, row by row."""
        return [Hex(col, row) for row in range(self.rows) for col in range(self.cols)]

    def has_side(self, kind: str, a: Hex, b: Hex) -> bool:
        return frozenset((a, b)) in self.sides.get(kind, frozenset())

    def side_neighbors(self, kind: str, h: Hex) -> tuple[Hex, ...]:
        """The neighbours of h across a hexside of that kind, in DIRECTIONS order."""
        return tuple(n for n in neighbors(h) if self.has_side(kind, h, n))

    def is_edge(self, h: Hex) -> bool:
        """True for hexes on the map's border."""
        return self.contains(h) and (h.col in (0, self.cols - 1) or h.row in (0, self.rows - 1))

    def tagged(self, tag: str) -> frozenset[Hex]:
        return self.tags.get(tag, frozenset())

    def named(self, name: str) -> Hex:
        """The hex with that name; KeyError if none."""
        for h, hex_name in self.names.items():
            if hex_name == name:
                return h
        raise KeyError(f"no hex named {name!r}")


def load_map(path: str | Path) -> HexMap:
    return parse_map(json.loads(Path(path).read_text(encoding="utf-8")))


def parse_map(data: dict[str, Any]) -> HexMap:
    """Build a HexMap from the JSON format (see docs in notes/hexgrid-api.md); ValueError on bad data."""
    cols, rows = int(data["cols"]), int(data["rows"])
    if cols < 1 or rows < 1:
        raise ValueError(f"map size must be positive, got {cols}x{rows}")
    terrain = _parse_terrain(data["terrain_legend"], data["terrain_rows"], cols, rows)

    def on_map(label: str) -> Hex:
        h = Hex.parse(label)
        if not (0 <= h.col < cols and 0 <= h.row < rows):
            raise ValueError(f"{label} is off the {cols}x{rows} map")
        return h

    def side(pair: list[str]) -> frozenset[Hex]:
        if len(pair) != 2:
            raise ValueError(f"a hexside needs two hexes, got {pair!r}")
        a, b = on_map(pair[0]), on_map(pair[1])
        if distance(a, b) != 1:
            raise ValueError(f"{pair[0]} and {pair[1]} are not adjacent")
        return frozenset((a, b))

    names = {on_map(label): str(name) for label, name in data.get("names", {}).items()}
    tags = {tag: frozenset(on_map(label) for label in labels) for tag, labels in data.get("tags", {}).items()}
    sides = {kind: {side(pair) for pair in pairs} for kind, pairs in data.get("sides", {}).items()}
    side_names: dict[frozenset[Hex], str] = {}
    for entry in data.get("side_names", []):
        named_side = side(entry["side"])
        side_names[named_side] = str(entry["name"])
        sides.setdefault(str(entry["kind"]), set()).add(named_side)
    return HexMap(
        cols=cols,
        rows=rows,
        terrain=terrain,
        names=names,
        tags=tags,
        sides={kind: frozenset(found) for kind, found in sides.items()},
        side_names=side_names,
        title=str(data.get("title", "")),
    )


def _parse_terrain(legend: dict[str, str], lines: list[str], cols: int, rows: int) -> dict[Hex, str]:
    if len(lines) != rows:
        raise ValueError(f"terrain_rows has {len(lines)} rows, the map has {rows}")
    terrain: dict[Hex, str] = {}
    for row, text in enumerate(lines):
        if len(text) != cols:
            raise ValueError(f"terrain row {row + 1} has {len(text)} hexes, the map has {cols} columns")
        for col, char in enumerate(text):
            if char not in legend:
                raise ValueError(f"terrain row {row + 1} uses {char!r}, which is not in terrain_legend")
            terrain[Hex(col, row)] = legend[char]
    return terrain
