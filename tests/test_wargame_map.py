"""Holds core/wargame/map.json to the map of shared/rules/wargame.md (terrain, strategic hexes, river, roads)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from hexgrid import DIRECTIONS, CompactLayout, Hex, HexMap, load_map, neighbor, neighbors

MAP_PATH = Path(__file__).resolve().parent.parent / "core" / "wargame" / "map.json"
STRATEGIC = {
    "O2": "Airport",
    "C3": "Radio Station",
    "J3": "Power Plant",
    "G5": "Police Station",
    "I7": "Capitol",
    "P7": "Army Base",
    "D9": "Telephone Exchange",
    "D10": "University",
    "N11": "Armory",
}
TERRAIN_ROWS = [  # wargame.md terrain_rows: ". clear, # city, T forest, ~ lake"
    ".......~~.........",
    ".TT....~~.....#...",
    "TT##....~#.......T",
    "TT.#.....#......TT",
    "TT...###..........",
    "T...########......",
    "TT...###.####.##..",
    "..#.#########..#..",
    "...#.#####.#......",
    ".TT##.....#.##..TT",
    "TTTT.........#..TT",
    "TTT......TTT...TTT",
    "TT........TT......",
]
BRIDGES = {
    "Dam Bridge": ("I4", "J4"),
    "Rural Bridge": ("L12", "M12"),
}


@pytest.fixture(scope="module")
def wargame_map() -> HexMap:
    return load_map(MAP_PATH)


def hexes(*labels: str) -> set[Hex]:
    return {Hex.parse(label) for label in labels}


def components(nodes: set[Hex], joined: Callable[[Hex, Hex], bool]) -> list[set[Hex]]:
    """Connected groups of nodes, stepping between adjacent nodes where joined(a, b)."""
    left, groups = set(nodes), []
    while left:
        frontier = [min(left)]
        group = {frontier[0]}
        while frontier:
            here = frontier.pop()
            for there in neighbors(here):
                if there in left and there not in group and joined(here, there):
                    group.add(there)
                    frontier.append(there)
        left -= group
        groups.append(group)
    return groups


def test_size_and_title(wargame_map: HexMap) -> None:
    assert (wargame_map.cols, wargame_map.rows) == (18, 13)
    assert len(wargame_map.terrain) == 18 * 13
    assert set(wargame_map.terrain.values()) == {"clear", "city", "forest", "lake"}


def test_strategic_hexes_and_names(wargame_map: HexMap) -> None:
    assert {h.label: name for h, name in wargame_map.names.items()} == STRATEGIC
    assert wargame_map.tagged("strategic") == hexes(*STRATEGIC)
    assert wargame_map.named("Telephone Exchange") == Hex.parse("D9")


def test_fortified_hexes(wargame_map: HexMap) -> None:
    fortified = wargame_map.tagged("fortified")
    assert {wargame_map.names[h] for h in fortified} == {"Capitol", "Police Station", "Army Base", "Armory"}
    assert len(fortified) == 4


def test_strategic_terrain(wargame_map: HexMap) -> None:
    capitol = wargame_map.named("Capitol")
    assert all(wargame_map.terrain[h] == "city" for h in wargame_map.tagged("strategic") - {capitol})
    assert wargame_map.terrain[capitol] == "clear"  # what terrain_rows gives for I7 (the spec: not city)


def test_lakes(wargame_map: HexMap) -> None:
    lakes = {h for h, terrain in wargame_map.terrain.items() if terrain == "lake"}
    assert lakes == hexes("H1", "I1", "H2", "I2", "I3")


def test_terrain_is_the_spec_terrain_rows(wargame_map: HexMap) -> None:
    legend = {"clear": ".", "city": "#", "forest": "T", "lake": "~"}
    rows = ["".join(legend[wargame_map.terrain[Hex(col, row)]] for col in range(18)) for row in range(13)]
    assert rows == TERRAIN_ROWS


def land(m: HexMap) -> set[Hex]:
    return {h for h in m.hexes() if m.terrain[h] != "lake"}


def test_river_splits_the_land_into_two_banks(wargame_map: HexMap) -> None:
    m = wargame_map
    banks = components(land(m), lambda a, b: not m.has_side("river", a, b))
    assert len(banks) == 2
    west, east = sorted(banks, key=min)
    assert {"Radio Station", "Police Station", "Capitol", "Telephone Exchange", "University"} == {
        m.names[h] for h in west if h in m.names
    }
    assert {"Airport", "Power Plant", "Army Base", "Armory"} == {m.names[h] for h in east if h in m.names}


def test_river_runs_from_the_lake_to_the_south_edge(wargame_map: HexMap) -> None:
    m = wargame_map
    river = m.sides["river"]
    lakes = {h for h in m.hexes() if m.terrain[h] == "lake"}
    assert any(all(set(neighbors(h)) & lakes for h in side) for side in river)
    assert any(all(h.row == m.rows - 1 for h in side) for side in river)
    assert len(river) == 22


def test_bridges(wargame_map: HexMap) -> None:
    m = wargame_map
    bridges = m.sides["bridge"]
    assert {m.side_names[side] for side in bridges} == set(BRIDGES)
    assert bridges == {frozenset(hexes(*pair)) for pair in BRIDGES.values()}
    for side in bridges:
        a, b = sorted(side)
        assert m.has_side("river", a, b) and m.has_side("road", a, b)
        banks = components(land(m), lambda x, y, side=side: not m.has_side("river", x, y) or {x, y} == side)
        assert len(banks) == 1, m.side_names[side]


def test_road_links_join_adjacent_hexes(wargame_map: HexMap) -> None:
    roads = wargame_map.sides["road"]
    assert len(roads) == 81  # 83 before the Boulevard and South Bridges were taken out
    for side in roads:
        a, b = sorted(side)
        assert b in neighbors(a)
        assert wargame_map.contains(a) and wargame_map.contains(b)


def road_hexes(m: HexMap) -> set[Hex]:
    return {h for side in m.sides["road"] for h in side}


def test_road_net_is_connected_and_reaches_every_strategic_hex_but_the_telephone_exchange(wargame_map: HexMap) -> None:
    m = wargame_map
    on_road = road_hexes(m)
    assert len(components(on_road, lambda a, b: m.has_side("road", a, b))) == 1
    assert m.tagged("strategic") - on_road == hexes("D9")  # off the road, in the old town (wargame.md, the balance)
    assert not any(m.terrain[h] == "lake" for h in on_road)


def test_roads_leave_the_map_at_six_edge_hexes(wargame_map: HexMap) -> None:
    edge_road = {h for h in road_hexes(wargame_map) if wargame_map.is_edge(h)}
    assert edge_road == hexes("C1", "P1", "A8", "R7", "D13", "O13")


def test_a_road_crosses_the_river_only_at_bridges(wargame_map: HexMap) -> None:
    m = wargame_map
    assert m.sides["road"] & m.sides["river"] == m.sides["bridge"]


def test_the_compact_layout_shows_every_river_side(wargame_map: HexMap) -> None:
    """At 80x24: a side within a row on its separator; a side between rows on a separator at one of its ends."""
    layout = CompactLayout(wargame_map)
    cells = layout.render()

    def separator_role(east: Hex) -> str:
        x, y = layout.origin(east)  # also for a hex off the map's east edge
        return cells[y][x - 1].role

    east, south_west, south_east = (DIRECTIONS.index(d) for d in ("E", "SW", "SE"))
    for side in wargame_map.sides["river"]:
        upper, lower = sorted(side, key=lambda h: (h.row, h.col))
        if upper.row == lower.row:
            assert separator_role(lower) in ("river", "bridge"), (upper.label, lower.label)
            continue
        below = separator_role(neighbor(upper, south_east))
        above = separator_role(upper if lower == neighbor(upper, south_west) else neighbor(upper, east))
        assert "river" in (below, above) or "bridge" in (below, above), (upper.label, lower.label)
