"""Hex geometry and maps, with no game rules (used by the 1992 wargame)."""

from hexgrid.coords import (
    DIRECTIONS,
    Cube,
    Hex,
    column_letters,
    distance,
    from_axial,
    from_cube,
    hexside,
    line,
    neighbor,
    neighbors,
    ring,
    spiral,
    to_axial,
    to_cube,
)
from hexgrid.layout import Cell, CompactLayout, OutlinedLayout, text_lines, viewport
from hexgrid.maps import HexMap, load_map, parse_map
from hexgrid.paths import ALL, AllowanceCost, StepCost, cheapest_path, reachable

__all__ = [
    "ALL",
    "DIRECTIONS",
    "AllowanceCost",
    "Cell",
    "CompactLayout",
    "Cube",
    "Hex",
    "HexMap",
    "OutlinedLayout",
    "StepCost",
    "cheapest_path",
    "column_letters",
    "distance",
    "from_axial",
    "from_cube",
    "hexside",
    "line",
    "load_map",
    "neighbor",
    "neighbors",
    "parse_map",
    "reachable",
    "ring",
    "spiral",
    "text_lines",
    "to_axial",
    "to_cube",
    "viewport",
]
