"""Tests for hexgrid coordinates, geometry, paths and map loading."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexgrid import (
    ALL,
    DIRECTIONS,
    AllowanceCost,
    Cube,
    Hex,
    StepCost,
    cheapest_path,
    distance,
    from_axial,
    from_cube,
    hexside,
    line,
    neighbor,
    neighbor_steps,
    neighbors,
    parse_map,
    reachable,
    ring,
    spiral,
    to_axial,
    to_cube,
)

hexes = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
map_hexes = st.builds(Hex, st.integers(0, 60), st.integers(0, 60))


# --- coordinates -----------------------------------------------------------------------------------------------


def test_labels() -> None:
    assert Hex(0, 0).label == "A1"
    assert Hex(17, 12).label == "R13"
    assert Hex(25, 0).label == "Z1"
    assert Hex(26, 9).label == "AA10"
    assert Hex.parse("a1") == Hex(0, 0)
    assert Hex.parse("O2") == Hex(14, 1)
    assert Hex.parse("n11") == Hex(13, 10)
    assert Hex.parse("AB3") == Hex(27, 2)


@pytest.mark.parametrize("bad", ["", "1A", "A", "7", "A0", "A-1", "A 1", "Ä1", "A1B"])
def test_parse_rejects_bad_labels(bad: str) -> None:
    with pytest.raises(ValueError):
        Hex.parse(bad)


def test_negative_hex_has_no_label() -> None:
    with pytest.raises(ValueError):
        _ = Hex(-1, 0).label


@given(map_hexes)
def test_label_round_trip(h: Hex) -> None:
    assert Hex.parse(h.label) == h
    assert Hex.parse(h.label.lower()) == h


@given(hexes)
def test_cube_and_axial_round_trip(h: Hex) -> None:
    c = to_cube(h)
    assert c.q + c.r + c.s == 0
    assert from_cube(c) == h
    assert from_axial(*to_axial(h)) == h


def test_cube_of_known_hexes() -> None:
    assert to_cube(Hex(0, 0)) == Cube(0, 0, 0)
    assert to_cube(Hex(0, 1)) == Cube(0, 1, -1)
    assert to_cube(Hex(3, 2)) == Cube(2, 2, -4)
    assert to_cube(Hex(3, 3)) == Cube(2, 3, -5)


def test_directions() -> None:
    assert DIRECTIONS == ("E", "NE", "NW", "W", "SW", "SE")


@pytest.mark.parametrize("col,row", [(4, 4), (0, 0), (5, 2), (-3, -2)])
def test_neighbors_even_row(col: int, row: int) -> None:
    c, r = col, row
    expected = (Hex(c + 1, r), Hex(c, r - 1), Hex(c - 1, r - 1), Hex(c - 1, r), Hex(c - 1, r + 1), Hex(c, r + 1))
    assert neighbors(Hex(c, r)) == expected
    assert tuple(neighbor(Hex(c, r), d) for d in range(6)) == expected


@pytest.mark.parametrize("col,row", [(4, 5), (0, 1), (7, 3), (-3, -1)])
def test_neighbors_odd_row(col: int, row: int) -> None:
    c, r = col, row
    expected = (Hex(c + 1, r), Hex(c + 1, r - 1), Hex(c, r - 1), Hex(c - 1, r), Hex(c, r + 1), Hex(c + 1, r + 1))
    assert neighbors(Hex(c, r)) == expected


@given(hexes)
def test_neighbors_are_at_distance_one_and_mutual(h: Hex) -> None:
    found = neighbors(h)
    assert len(set(found)) == 6
    for d, n in enumerate(found):
        assert distance(h, n) == 1
        assert neighbor(n, (d + 3) % 6) == h


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, a) == 0
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_distance_examples() -> None:
    assert distance(Hex(0, 0), Hex(5, 0)) == 5
    assert distance(Hex(0, 0), Hex(0, 4)) == 4
    assert distance(Hex(0, 0), Hex(2, 4)) == 4
    assert distance(Hex(0, 0), Hex(3, 4)) == 5


@given(hexes, hexes)
def test_line_endpoints_and_adjacency(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(distance(p, q) == 1 for p, q in pairwise(path))


def test_line_straight_along_a_row() -> None:
    assert line(Hex(1, 2), Hex(4, 2)) == [Hex(1, 2), Hex(2, 2), Hex(3, 2), Hex(4, 2)]


@pytest.mark.parametrize("radius", [1, 2, 3, 5])
def test_ring_sizes_and_distance(radius: int) -> None:
    center = Hex(4, 3)
    found = ring(center, radius)
    assert len(found) == 6 * radius == len(set(found))
    assert all(distance(center, h) == radius for h in found)
    assert all(distance(p, q) == 1 for p, q in zip(found, [*found[1:], found[0]], strict=True))


def test_ring_zero_and_spiral() -> None:
    assert ring(Hex(2, 2), 0) == [Hex(2, 2)]
    assert ring(Hex(2, 2), 1) == [Hex(1, 3), Hex(2, 3), Hex(3, 2), Hex(2, 1), Hex(1, 1), Hex(1, 2)]
    found = spiral(Hex(2, 2), 2)
    assert found[0] == Hex(2, 2) and len(found) == 19 == len(set(found))
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)


def test_hexside() -> None:
    assert hexside(Hex(0, 0), Hex(1, 0)) == hexside(Hex(1, 0), Hex(0, 0)) == frozenset({Hex(0, 0), Hex(1, 0)})
    with pytest.raises(ValueError):
        hexside(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError):
        hexside(Hex(0, 0), Hex(0, 0))


# --- paths -----------------------------------------------------------------------------------------------------


def unit_cost(_a: Hex, _b: Hex) -> float:
    return 1


def inside(cols: int, rows: int) -> Callable[[Hex], bool]:
    return lambda h: 0 <= h.col < cols and 0 <= h.row < rows


def test_reachable_uniform_cost_is_a_distance_ball() -> None:
    start = Hex(5, 5)
    found = reachable(start, 2, neighbor_steps(unit_cost))
    assert set(found) == set(spiral(start, 2))
    assert all(found[h] == distance(start, h) for h in found)
    assert found[start] == 0


def test_reachable_fractional_costs() -> None:
    road = {Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)}

    def cost(a: Hex, b: Hex) -> float:
        return 0.5 if a in road and b in road else 1

    found = reachable(Hex(0, 0), 2, neighbor_steps(cost, inside(10, 10)))
    assert found[Hex(4, 0)] == 2.0
    assert Hex(5, 0) not in found
    assert found[Hex(3, 0)] == 1.5
    assert found[Hex(0, 1)] == 1
    assert found[Hex(2, 1)] == 2.0  # 0.5 * 2 along the road then 1 off it
    assert Hex(3, 1) not in found  # 1.5 along the road then 1 is over budget
    road_path = [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)]
    assert cheapest_path(Hex(0, 0), Hex(4, 0), 2, neighbor_steps(cost)) == road_path
    thirds = reachable(Hex(0, 0), 1, neighbor_steps(lambda a, b: 1 / 3, inside(10, 1)))
    assert set(thirds) == {Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)}


def test_hexside_based_costs() -> None:
    # A river runs down between columns 1 and 2 of a 4x2 map; the only crossing is a bridge on row 0.
    river = {hexside(Hex(1, 0), Hex(2, 0)), hexside(Hex(1, 1), Hex(2, 0)), hexside(Hex(1, 1), Hex(2, 1))}
    bridge = hexside(Hex(1, 0), Hex(2, 0))

    def cost(a: Hex, b: Hex) -> float | None:
        side = hexside(a, b)
        return None if side in river and side != bridge else 1

    bounds = inside(4, 2)
    found = reachable(Hex(1, 1), 3, neighbor_steps(cost, bounds))
    assert found[Hex(2, 1)] == 3  # not straight across the river: round by the bridge
    assert found[Hex(2, 0)] == 2
    path = cheapest_path(Hex(1, 1), Hex(2, 1), 3, neighbor_steps(cost, bounds))
    assert path == [Hex(1, 1), Hex(1, 0), Hex(2, 0), Hex(2, 1)]
    assert cheapest_path(Hex(1, 1), Hex(2, 1), 2, neighbor_steps(cost, bounds)) is None


def forest_cost(forest: set[Hex]) -> StepCost:
    return lambda a, b: ALL if b in forest else 1


def test_all_is_allowed_only_as_first_step_and_stops_the_mover() -> None:
    forest = {Hex(3, 0), Hex(1, 0)}
    cost = forest_cost(forest)
    bounds = inside(6, 1)
    found = reachable(Hex(2, 0), 3, neighbor_steps(cost, bounds))
    assert found == {Hex(1, 0): 3, Hex(2, 0): 0, Hex(3, 0): 3}  # entered first, then stuck there
    found = reachable(Hex(0, 0), 3, neighbor_steps(cost, bounds))
    assert found == {Hex(0, 0): 0, Hex(1, 0): 3}  # cannot continue through to Hex(2, 0)
    assert cheapest_path(Hex(0, 0), Hex(1, 0), 3, neighbor_steps(cost, bounds)) == [Hex(0, 0), Hex(1, 0)]
    assert cheapest_path(Hex(0, 0), Hex(2, 0), 3, neighbor_steps(cost, bounds)) is None
    assert reachable(Hex(0, 0), 0, neighbor_steps(cost, bounds)) == {Hex(0, 0): 0}
    found = reachable(Hex(4, 0), 3, neighbor_steps(cost, bounds))
    assert found == {Hex(3, 0): 3, Hex(4, 0): 0, Hex(5, 0): 1}
    found = reachable(Hex(5, 0), 3, neighbor_steps(cost, bounds))
    assert found == {Hex(4, 0): 1, Hex(5, 0): 0}  # after a normal step, ALL into the forest is refused


def test_all_step_prefers_a_cheaper_normal_route() -> None:
    def cost(a: Hex, b: Hex) -> float | AllowanceCost:
        return ALL if b == Hex(1, 0) and a == Hex(0, 0) else 0.5

    found = reachable(Hex(0, 0), 4, neighbor_steps(cost, inside(5, 2)))
    assert found[Hex(1, 0)] == 1.0  # round by row 1 is cheaper than ALL, and may go on
    assert found[Hex(2, 0)] == 1.5


def test_can_stop_pass_through() -> None:
    occupied = {Hex(1, 0)}

    def free(h: Hex) -> bool:
        return h not in occupied

    found = reachable(Hex(0, 0), 2, neighbor_steps(unit_cost, inside(5, 1)), can_stop=free)
    assert found == {Hex(0, 0): 0, Hex(2, 0): 2}
    assert cheapest_path(Hex(0, 0), Hex(2, 0), 2, neighbor_steps(unit_cost), can_stop=free) is not None
    assert cheapest_path(Hex(0, 0), Hex(1, 0), 2, neighbor_steps(unit_cost), can_stop=free) is None
    blocked = reachable(Hex(0, 0), 2, neighbor_steps(lambda a, b: ALL, inside(5, 1)), can_stop=free)
    assert blocked == {Hex(0, 0): 0}  # ALL must stop, so it cannot enter a hex it may not stop in


def test_in_bounds_clips_movement() -> None:
    found = reachable(Hex(0, 0), 3, neighbor_steps(unit_cost, inside(3, 2)))
    assert set(found) == {Hex(c, r) for c in range(3) for r in range(2)}


def test_impassable_everywhere_leaves_only_start() -> None:
    assert reachable(Hex(3, 3), 5, neighbor_steps(lambda a, b: None)) == {Hex(3, 3): 0}
    assert cheapest_path(Hex(3, 3), Hex(3, 3), 0, neighbor_steps(lambda a, b: None)) == [Hex(3, 3)]


def test_cheapest_path_is_deterministic_in_directions_order() -> None:
    # Several equal routes; the one found first, expanding E before NE, NW, W, SW, SE, wins every time.
    first = cheapest_path(Hex(0, 0), Hex(2, 1), 3, neighbor_steps(unit_cost))
    assert first == cheapest_path(Hex(0, 0), Hex(2, 1), 3, neighbor_steps(unit_cost))
    assert first == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(2, 1)]


small_hexes = st.builds(Hex, st.integers(0, 9), st.integers(0, 9))


@given(small_hexes, small_hexes)
def test_uniform_cheapest_path_matches_distance(a: Hex, b: Hex) -> None:
    budget = distance(a, b)
    path = cheapest_path(a, b, budget, neighbor_steps(unit_cost, inside(10, 10)))
    assert path is not None and len(path) == budget + 1 and path[0] == a and path[-1] == b
    assert all(distance(p, q) == 1 for p, q in pairwise(path))
    if budget:
        assert cheapest_path(a, b, budget - 1, neighbor_steps(unit_cost, inside(10, 10))) is None


# --- maps ------------------------------------------------------------------------------------------------------


def small_map_data() -> dict:
    return {
        "title": "tiny",
        "cols": 3,
        "rows": 2,
        "terrain_legend": {".": "clear", "T": "forest"},
        "terrain_rows": [".T.", "..T"],
        "names": {"B1": "Hill"},
        "tags": {"strategic": ["B1", "c2"]},
        "sides": {"river": [["A1", "B1"]], "road": [["A2", "B2"]]},
        "side_names": [{"name": "Ford", "kind": "bridge", "side": ["B1", "C1"]}],
    }


def test_parse_map() -> None:
    m = parse_map(small_map_data())
    assert (m.cols, m.rows, m.title) == (3, 2, "tiny")
    assert m.terrain[Hex(1, 0)] == "forest" and m.terrain[Hex(2, 1)] == "forest" and m.terrain[Hex(0, 1)] == "clear"
    assert m.hexes() == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1)]
    assert m.named("Hill") == Hex(1, 0)
    with pytest.raises(KeyError):
        m.named("Valley")
    assert m.tagged("strategic") == {Hex(1, 0), Hex(2, 1)}
    assert m.tagged("nothing") == frozenset()
    assert m.has_side("river", Hex(1, 0), Hex(0, 0)) and not m.has_side("river", Hex(1, 0), Hex(2, 0))
    assert m.has_side("bridge", Hex(2, 0), Hex(1, 0))
    assert m.side_names[hexside(Hex(1, 0), Hex(2, 0))] == "Ford"
    assert m.side_neighbors("road", Hex(0, 1)) == (Hex(1, 1),)
    assert not m.has_side("wall", Hex(0, 0), Hex(1, 0))
    assert m.contains(Hex(2, 1)) and not m.contains(Hex(3, 1)) and not m.contains(Hex(0, -1))


def test_is_edge() -> None:
    m = parse_map({**small_map_data(), "cols": 3, "rows": 3, "terrain_rows": ["...", "...", "..."]})
    assert [h for h in m.hexes() if not m.is_edge(h)] == [Hex(1, 1)]
    assert not m.is_edge(Hex(5, 5))


@pytest.mark.parametrize(
    "change,message",
    [
        ({"terrain_rows": [".T."]}, "rows"),
        ({"terrain_rows": [".T.", ".."]}, "columns"),
        ({"terrain_rows": [".T.", "..X"]}, "legend"),
        ({"names": {"D1": "Off"}}, "off"),
        ({"tags": {"x": ["A9"]}}, "off"),
        ({"names": {"1A": "Bad"}}, "label"),
        ({"sides": {"river": [["A1", "C1"]]}}, "not adjacent"),
        ({"sides": {"river": [["A1"]]}}, "two hexes"),
        ({"side_names": [{"name": "X", "kind": "bridge", "side": ["A1", "A1"]}]}, "not adjacent"),
        ({"cols": 0}, "positive"),
    ],
)
def test_parse_map_validates(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_map({**small_map_data(), **change})
