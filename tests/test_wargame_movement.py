"""Wargame movement rules: terrain, roads, rivers, enemy units, leaving the map, leaders, lamp post."""

from __future__ import annotations

import pytest

from core.game import IllegalMove
from core.wargame.board import OFF_MAP
from core.wargame.engine import WARGAME
from core.wargame.movement import can_leave_map, reach
from core.wargame.moves import Disembark, EndPhase, Flee, MoveUnits
from tests.wargame_helpers import GOV, REB, board, legal, play, put, status, where

# (rule, counters as (side, kind, hex) with the mover first, hexes reached with their cost, hexes not reached)
MOVEMENT_CASES = [
    ("clear hex costs one", [(REB, "mob", "M4")], {"M3": 1.0, "N5": 1.0}, {"O4"}),
    ("city hexes cost one, like clear", [(REB, "irregular", "G8")], {"F8": 1.0, "G6": 2.0}, {"G5"}),
    ("road halves the cost along the road", [(REB, "mob", "B8")], {"C8": 0.5, "D8": 1.0}, {"E8"}),
    ("leaving the road costs a full hex", [(REB, "mob", "B8")], {"B7": 1.0}, {"B6"}),
    ("river crossing takes the whole allowance", [(GOV, "army", "J6")], {"K6": 2.0, "K5": 2.0}, {"L6"}),
    ("bridge along the road has no river penalty", [(REB, "mob", "L12")], {"M12": 0.5, "N12": 1.0}, set()),
    ("road through a forest has no forest penalty", [(REB, "mob", "C3")], {"C2": 0.5, "C1": 1.0}, set()),
    ("forest entry takes the whole allowance", [(REB, "irregular", "C4")], {"B4": 2.0}, {"A4"}),
    ("forest only as the first hex of a move", [(REB, "irregular", "D4")], {"C4": 1.0}, {"B4"}),
    ("no penalty for leaving a forest", [(REB, "irregular", "B4")], {"C4": 1.0, "D4": 2.0}, set()),
    ("lakes are impassable to ground units", [(GOV, "police", "G2")], {"G1": 1.0}, {"H2", "I2"}),
    ("helicopters ignore terrain and lakes", [(GOV, "helicopter", "G2")], {"H2": 1.0, "I3": 2.0, "K6": 6.0}, set()),
    ("mob has an allowance of one", [(REB, "mob", "M4")], {}, {"M2", "K4"}),
    ("enemy units block", [(GOV, "army", "M4"), (REB, "mob", "N4")], {"M3": 1.0}, {"N4", "O4"}),
    (
        "ground passes an enemy helicopter but cannot stop",
        [(REB, "mob", "L7"), (GOV, "helicopter", "M7")],
        {"N7": 1.0},
        {"M7"},
    ),
    (
        "helicopter passes over enemy ground units",
        [(GOV, "helicopter", "M4"), (REB, "irregular", "N4")],
        {"O4": 2.0},
        {"N4"},
    ),
    (
        "helicopter cannot pass an enemy helicopter",
        [(GOV, "helicopter", "A1"), (REB, "helicopter", "B1"), (REB, "helicopter", "A2")],
        {},
        {"B1", "A2", "C1", "A3"},
    ),
    (
        "units pass and stop where the only enemy is a leader",
        [(GOV, "tank", "M4"), (REB, "leader", "N4")],
        {"N4": 1.0, "O4": 2.0},
        set(),
    ),
    (
        "a rebel leader may end his move in the hex of an enemy leader alone",
        [(REB, "leader", "M4"), (GOV, "leader", "N4")],
        {"N4": 1.0, "O4": 2.0},
        set(),
    ),
    (
        "stacking limit: no move into a full hex",
        [(GOV, "tank", "M4"), (GOV, "army", "N4"), (GOV, "army", "N4"), (GOV, "army", "N4")],
        {"O4": 2.0},
        {"N4"},
    ),
]


@pytest.mark.parametrize(("rule", "pieces", "reached", "unreached"), MOVEMENT_CASES, ids=[c[0] for c in MOVEMENT_CASES])
def test_movement_cost_table(rule: str, pieces: list, reached: dict, unreached: set) -> None:
    state = board(side=pieces[0][0])
    uids = [put(state, side, kind, label) for side, kind, label in pieces]
    found = reach(state, (uids[0],))
    assert {label: found.get(label) for label in reached} == reached
    assert not unreached & set(found)


def test_leaving_the_map_from_an_edge_hex() -> None:
    state = board(side=REB)
    on_edge = put(state, REB, "mob", "A9")
    inland = put(state, REB, "mob", "M4")
    assert can_leave_map(state, (on_edge,))
    assert not can_leave_map(state, (inland,))
    state, _ = play(state, REB, MoveUnits((on_edge,), OFF_MAP))
    assert status(state, on_edge) == "pool" and where(state, on_edge) == ""
    with pytest.raises(IllegalMove):
        play(state, REB, MoveUnits((inland,), OFF_MAP))


def test_leaving_the_map_needs_a_point_left_at_the_edge() -> None:
    state = board(side=GOV)
    police = put(state, GOV, "police", "D2")  # 3 hexes from the north edge via C1? D1 is one step away
    assert can_leave_map(state, (police,))
    army = put(state, GOV, "army", "M3")
    assert not can_leave_map(state, (army,))  # M1 is two hexes away: no point left


def test_a_fled_leader_counts_as_dead() -> None:
    state = board(side=GOV)
    leader = put(state, GOV, "leader", "A7")
    put(state, GOV, "police", "M4")
    state, _ = play(state, GOV, MoveUnits((leader,), OFF_MAP))
    assert status(state, leader) == "fled" and state.vp == [0, 5]


def test_each_unit_moves_once_per_phase() -> None:
    state = board(side=REB)
    mob = put(state, REB, "mob", "M4")
    state, _ = play(state, REB, MoveUnits((mob,), "M3"))
    with pytest.raises(IllegalMove):
        play(state, REB, MoveUnits((mob,), "M4"))
    assert not any(isinstance(m, MoveUnits) for m in legal(state, REB))


def test_leader_rides_police_with_its_allowance() -> None:
    state = board(side=REB)
    leader = put(state, REB, "leader", "M4")
    police = put(state, REB, "police", "M4")
    assert "Q5" not in reach(state, (leader,))  # 4 clear hexes: too far for a leader alone
    assert "Q5" in reach(state, (leader, police))
    state, _ = play(state, REB, MoveUnits((leader, police), "Q5"))
    assert where(state, leader) == where(state, police) == "Q5"


def test_leader_in_helicopter_moves_with_it_and_disembarks_only_before_moving() -> None:
    state = board(side=GOV)
    heli = put(state, GOV, "helicopter", "M4")
    leader = put(state, GOV, "leader", "M4")
    state, _ = play(state, GOV, MoveUnits((heli, leader), "M8"))
    assert state.units[leader].riding == heli and where(state, leader) == "M8"
    state.moved.clear()  # a new move phase
    with pytest.raises(IllegalMove):
        play(state, GOV, MoveUnits((leader,), "M9"))  # he stays in the helicopter
    state2, _ = play(state, GOV, MoveUnits((heli,), "G8"))
    assert where(state2, leader) == "G8"
    with pytest.raises(IllegalMove):
        play(state2, GOV, Disembark(leader))  # the helicopter has moved
    state3, _ = play(state, GOV, Disembark(leader))
    state3, _ = play(state3, GOV, MoveUnits((leader,), "M9"))
    assert where(state3, leader) == "M9" and where(state3, heli) == "M8"


def test_a_leader_cannot_disembark_over_a_lake() -> None:
    state = board(side=GOV)
    heli = put(state, GOV, "helicopter", "H2")
    leader = put(state, GOV, "leader", "H2", riding=heli)
    assert Disembark(leader) not in legal(state, GOV)
    with pytest.raises(IllegalMove):
        play(state, GOV, Disembark(leader))


def test_lone_rebel_leader_flees_when_an_enemy_ends_in_his_hex() -> None:
    state = board(side=GOV)
    tank = put(state, GOV, "tank", "M6")
    leader = put(state, REB, "leader", "M4")
    state, _ = play(state, GOV, MoveUnits((tank,), "M4"))
    assert WARGAME.to_act(state) == (REB,)
    moves = legal(state, REB)
    assert Flee(leader, "M3") in moves and all(isinstance(m, Flee) for m in moves)
    state, _ = play(state, REB, Flee(leader, "M3"))
    assert where(state, leader) == "M3" and WARGAME.to_act(state) == (GOV,)


def test_lone_rebel_leader_unaffected_by_units_passing_through() -> None:
    state = board(side=GOV)
    tank = put(state, GOV, "tank", "L4")
    leader = put(state, REB, "leader", "M4")
    state, _ = play(state, GOV, MoveUnits((tank,), "O4", ("L4", "M4", "N4", "O4")))
    assert where(state, leader) == "M4" and not state.flee


def test_cornered_lone_rebel_leader_is_killed() -> None:
    state = board(side=GOV)
    tank = put(state, GOV, "tank", "M6")
    leader = put(state, REB, "leader", "M4")
    for label in ("N4", "N3", "M3", "L4", "M5", "N5"):
        put(state, GOV, "mob", label)
    state, _ = play(state, GOV, MoveUnits((tank,), "M4", ("M6", "M5", "M4")))
    assert status(state, leader) == "dead" and state.vp == [2, 0]


def test_maximum_leader_alone_is_strung_up_by_a_rebel_unit_passing() -> None:
    state = board(side=REB)
    leader = put(state, GOV, "leader", "M4")
    police = put(state, REB, "police", "L4")
    state, events = play(state, REB, MoveUnits((police,), "O4", ("L4", "M4", "N4", "O4")))
    assert status(state, leader) == "dead" and state.vp == [0, 5]
    assert "lamp post" in events[0].text + events[1].text


def test_maximum_leader_with_a_unit_is_not_strung_up() -> None:
    state = board(side=REB)
    leader = put(state, GOV, "leader", "M4")
    put(state, GOV, "helicopter", "M4")
    police = put(state, REB, "police", "L4")
    state, _ = play(state, REB, MoveUnits((police,), "O4", ("L4", "M4", "N4", "O4")))
    assert status(state, leader) == "map"


def test_a_path_through_a_forest_after_the_first_step_is_refused() -> None:
    state = board(side=REB)
    irregular = put(state, REB, "irregular", "D4")
    with pytest.raises(IllegalMove):
        play(state, REB, MoveUnits((irregular,), "B4", ("D4", "C4", "B4")))


def test_helicopters_and_ground_units_move_separately() -> None:
    state = board(side=GOV)
    heli = put(state, GOV, "helicopter", "M4")
    army = put(state, GOV, "army", "M4")
    with pytest.raises(IllegalMove):
        play(state, GOV, MoveUnits((heli, army), "M5"))


def test_move_phase_ends_with_end_phase() -> None:
    state = board(side=GOV)
    put(state, GOV, "army", "M4")
    state, _ = play(state, GOV, EndPhase())
    assert state.phase == "attack"
