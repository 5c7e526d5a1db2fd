"""The wargame planner (core/wargame/plan.py), without Textual: selecting a stack, its reach, leaving the map, aiming
attacks, candidates and odds, on positions played through the engine."""

from __future__ import annotations

import subprocess
import sys

import pytest

from core.game import IllegalMove
from core.wargame.board import OFF_MAP
from core.wargame.combat import attack_error
from core.wargame.crt import Odds, attack_odds
from core.wargame.engine import WARGAME
from core.wargame.movement import group_error, reach
from core.wargame.moves import Attack, MoveUnits
from core.wargame.plan import (
    Plan,
    aim,
    assess,
    attack_of,
    candidates,
    is_target,
    movable,
    move_reach,
    move_to,
    off_map,
    select_stack,
)
from core.wargame.state import WargameState
from core.wargame.views import WargameView
from tests.wargame_helpers import GOV, REB, board, dice, play, put, status, where

LISTED = {"leader": "leader", "army1": "army", "army2": "army", "tank": "tank", "police": "police"}  # view order


def seen(state: WargameState, seat: int) -> WargameView:
    """What seat's screen would plan on."""
    return WARGAME.view(state, seat)


def crowded_m4() -> tuple[WargameState, dict[str, str]]:
    """The government's move: M4 (clear, clear around it) over-stacked with two armies, a tank and a police unit,
    the Maximum Leader with them."""
    state = board(side=GOV)
    ids = {name: put(state, GOV, kind, "M4") for name, kind in LISTED.items()}
    return state, ids


# -- selecting and moving ---------------------------------------------------------------------


def test_selecting_an_over_stacked_hex_ticks_its_surplus_the_least_worth_first_and_never_the_leader() -> None:
    state, ids = crowded_m4()
    plan = select_stack(seen(state, GOV), GOV, "M4")
    assert plan is not None and plan.mode == "move" and plan.origin == "M4"
    assert plan.units == [ids[name] for name in LISTED]
    assert plan.chosen == {ids["police"]}  # four stack there: one must leave (the whole stack ticked took the leader)


def leader_and_three(state: WargameState, ids: dict[str, str]) -> Plan:
    """M4's plan with the Maximum Leader, the armies and the tank ticked."""
    plan = select_stack(seen(state, GOV), GOV, "M4")
    assert plan is not None
    return Plan("move", "M4", plan.units, {ids[name] for name in ("leader", "army1", "army2", "tank")})


def test_every_hex_in_reach_is_a_move_the_engine_accepts() -> None:
    state, ids = crowded_m4()
    plan = leader_and_three(state, ids)
    found, error = move_reach(seen(state, GOV), plan)
    assert error == "" and found and "M4" not in found
    assert max(found.values()) <= 2  # the armies set the pace
    for label in found:
        after, _ = play(state, GOV, move_to(plan, label))
        assert all(where(after, ids[name]) == label for name in ("leader", "army1", "army2", "tank"))
    assert where(after, ids["police"]) == "M4"
    far = move_to(plan, "Q4")
    assert "Q4" not in found
    with pytest.raises(IllegalMove):
        play(state, GOV, far)


def test_ticking_a_fourth_unit_is_refused_with_the_reason() -> None:
    state, ids = crowded_m4()
    view = seen(state, GOV)
    plan = leader_and_three(state, ids)
    assert plan.toggle(5)  # the police unit
    assert move_reach(view, plan) == ({}, "at most 3 units may end in a hex: untick some (number keys)")
    assert plan.toggle(2)  # an army off: three again
    found, error = move_reach(view, plan)
    assert error == "" and found
    assert not plan.toggle(0) and not plan.toggle(6)


def test_nothing_ticked_says_to_tick() -> None:
    state, ids = crowded_m4()
    view = seen(state, GOV)
    plan = Plan("move", "M4", [ids["army1"]], set())
    assert move_reach(view, plan) == ({}, "tick the units to move (number keys)")
    assert off_map(view, plan) is None


def test_helicopters_are_ticked_only_when_no_ground_unit_can_go() -> None:
    state = board(side=GOV)
    leader = put(state, GOV, "leader", "M4")
    helicopter = put(state, GOV, "helicopter", "M4")
    plan = select_stack(seen(state, GOV), GOV, "M4")
    assert plan is not None and plan.units == [leader, helicopter] and plan.chosen == {helicopter}
    army = put(state, GOV, "army", "M4")
    view = seen(state, GOV)
    plan = select_stack(view, GOV, "M4")
    assert plan is not None and plan.chosen == {leader, army}
    assert plan.toggle(plan.units.index(helicopter) + 1)
    assert move_reach(view, plan) == ({}, "helicopters and ground units move separately")


def test_a_leader_riding_a_helicopter_is_not_listed_but_flies_with_it() -> None:
    state = board(side=GOV)
    helicopter = put(state, GOV, "helicopter", "M4")
    leader = put(state, GOV, "leader", "M4", riding=helicopter)
    view = seen(state, GOV)
    assert [u.uid for u in movable(view, GOV, "M4")] == [helicopter]
    plan = select_stack(view, GOV, "M4")
    assert plan is not None and plan.units == [helicopter]
    found, _ = move_reach(view, plan)
    after, _ = play(state, GOV, move_to(plan, "M8"))
    assert "M8" in found and where(after, leader) == "M8"


def test_units_that_moved_and_enemy_hexes_cannot_be_selected() -> None:
    state = board(side=REB)
    mob = put(state, REB, "mob", "M4")
    put(state, GOV, "police", "Q4")
    state, _ = play(state, REB, MoveUnits((mob,), "M3"))
    view = seen(state, REB)
    assert select_stack(view, REB, "M3") is None and movable(view, REB, "M3") == []
    assert select_stack(view, REB, "Q4") is None
    assert select_stack(view, REB, "A1") is None


def test_leaving_the_map_from_an_edge_or_with_a_point_left_there() -> None:
    state = board(side=REB)
    on_edge = put(state, REB, "mob", "A9")
    near_edge = put(state, REB, "police", "D2")
    inland = put(state, REB, "mob", "M4")
    view = seen(state, REB)
    for uid, label in ((on_edge, "A9"), (near_edge, "D2")):
        plan = select_stack(view, REB, label)
        assert plan is not None and off_map(view, plan) == MoveUnits((uid,), OFF_MAP)
        after, _ = play(state, REB, MoveUnits((uid,), OFF_MAP))
        assert status(after, uid) == "pool"
    plan = select_stack(view, REB, "M4")
    assert plan is not None and plan.chosen == {inland} and off_map(view, plan) is None


# -- aiming attacks ---------------------------------------------------------------------------


def attack_position(**options: object) -> tuple[WargameState, dict[str, str]]:
    """The government's attack: rebels at M4 (an irregular and a mob) and M5 (an irregular), a lone rebel leader at
    O3; two armies and the Maximum Leader at N4 (next to M4 only), a tank at N5 (next to both), police at L5 (next to
    M5 only)."""
    state = board(phase="attack", side=GOV, **options)
    ids = {
        "irregular": put(state, REB, "irregular", "M4"),
        "mob": put(state, REB, "mob", "M4"),
        "m5": put(state, REB, "irregular", "M5"),
        "rebel_leader": put(state, REB, "leader", "O3"),
        "leader": put(state, GOV, "leader", "N4"),
        "army1": put(state, GOV, "army", "N4"),
        "army2": put(state, GOV, "army", "N4"),
        "tank": put(state, GOV, "tank", "N5"),
        "police": put(state, GOV, "police", "L5"),
    }
    return state, ids


def test_targets_are_enemy_combat_units_not_yet_attacked() -> None:
    state, _ = attack_position()
    view = seen(state, GOV)
    assert is_target(view, GOV, "M4") and is_target(view, GOV, "M5")
    assert not is_target(view, GOV, "O3")  # a lone leader
    assert not is_target(view, GOV, "N4") and not is_target(view, GOV, "A1")


def test_aiming_lists_the_units_next_to_every_target_then_their_leaders_all_ticked() -> None:
    state, ids = attack_position()
    view = seen(state, GOV)
    plan = aim(view, GOV, Plan(), "M4")
    listed = [ids[name] for name in ("army1", "army2", "tank", "leader")]  # by hex, strongest first, then leaders
    assert plan.mode == "attack" and plan.targets == ["M4"] and plan.units == listed and plan.chosen == set(listed)
    assert [u.uid for u in candidates(view, GOV, ["M4"])] == listed
    assert [u.uid for u in candidates(view, GOV, ["M4", "M5"])] == [ids["tank"]]
    assert candidates(view, GOV, []) == []


def test_adding_a_target_keeps_ticks_and_taking_every_target_off_drops_the_plan() -> None:
    state, ids = attack_position(surrender=True)
    view = seen(state, GOV)
    plan = aim(view, GOV, Plan(), "M4")
    plan.toggle(plan.units.index(ids["tank"]) + 1)
    plan.surrender = True
    both = aim(view, GOV, plan, "M5")
    assert both.targets == ["M4", "M5"] and both.units == [ids["tank"]] and both.chosen == set()
    assert not both.surrender  # surrender is called against one hex at a time
    back = aim(view, GOV, both, "M5")
    assert back.targets == ["M4"] and back.chosen == {ids["army1"], ids["army2"], ids["leader"]}
    assert aim(view, GOV, back, "M4") == Plan()


def test_assessing_the_odds_and_the_attack_the_engine_accepts() -> None:
    state, ids = attack_position()
    view = seen(state, GOV)
    plan = aim(view, GOV, Plan(), "M4")
    assert assess(view, GOV, plan) == (Odds(12, 3, "3-1", True), "")  # 3 + 3 + 4 and the leader's 2, against 2 + 1
    move = attack_of(view, plan)
    assert move == Attack((ids["army1"], ids["army2"], ids["tank"]), ("M4",), (ids["leader"],))
    plan.toggle(plan.units.index(ids["tank"]) + 1)
    plan.toggle(plan.units.index(ids["leader"]) + 1)
    assert assess(view, GOV, plan) == (Odds(6, 3, "2-1", True), "")
    dice(state, 2)  # 2-1, die 2: no effect
    after, _ = play(state, GOV, attack_of(view, plan))
    assert after.last_result == "NE" and after.combat is None


def test_assessing_refusals_say_why() -> None:
    state, ids = attack_position()
    view = seen(state, GOV)
    plan = aim(view, GOV, Plan(), "M5")
    assert plan.units == [ids["police"], ids["tank"]]  # by hex: L5, then N5
    plan.toggle(2)  # the police alone: 2 against 2
    assert assess(view, GOV, plan) == (Odds(2, 2, "1-1", True), "")
    plan.surrender = True
    assert assess(view, GOV, plan)[1] == "the surrender rule is off"
    plan = aim(view, GOV, Plan(), "M4")
    plan.chosen = set()
    assert assess(view, GOV, plan)[1] == "an attack needs attackers and target hexes"


def test_odds_worse_than_1_to_4_are_refused() -> None:
    state = board(phase="attack", side=GOV)
    for kind in ("irregular", "irregular", "irregular", "leader"):
        put(state, REB, kind, "M4")
    put(state, GOV, "mob", "N4")
    view = seen(state, GOV)
    plan = aim(view, GOV, Plan(), "M4")
    assert assess(view, GOV, plan) == (Odds(1, 7, "", False), "1 against 7 is worse than 1-4")


def test_surrender_may_be_called_at_3_to_1() -> None:
    state, _ = attack_position(surrender=True)
    view = seen(state, GOV)
    plan = aim(view, GOV, Plan(), "M4")
    plan.surrender = True
    assert assess(view, GOV, plan) == (Odds(12, 3, "3-1", True), "")
    assert attack_of(view, plan).surrender


def test_after_an_attack_its_units_leader_and_target_are_spent() -> None:
    state, ids = attack_position()
    plan = aim(seen(state, GOV), GOV, Plan(), "M4")
    dice(state, 1)  # 3-1, die 1: no effect
    state, _ = play(state, GOV, attack_of(seen(state, GOV), plan))
    view = seen(state, GOV)
    assert not is_target(view, GOV, "M4") and is_target(view, GOV, "M5")
    assert [u.uid for u in candidates(view, GOV, ["M5"])] == [ids["police"]]
    assert aim(view, GOV, Plan(), "M5").units == [ids["police"]]


def test_the_rules_answer_the_same_on_the_view_as_on_the_engines_state() -> None:
    state, ids = attack_position()
    view = seen(state, GOV)
    for uids in ((ids["army1"],), (ids["army1"], ids["army2"], ids["leader"]), (ids["police"],)):
        assert reach(view, uids) == reach(state, uids) and group_error(view, GOV, uids) == group_error(state, GOV, uids)
    led = Attack((ids["army1"], ids["tank"]), ("M4",), (ids["leader"],))
    unknown = Attack(("G-tank-9",), ("M4",))
    for position in (view, state):
        assert attack_odds(position, GOV, led.attackers, led.targets, led.leaders) == Odds(9, 3, "3-1", True)
        assert attack_error(position, GOV, led) == ""
        assert attack_error(position, GOV, unknown).startswith("attackers must be your combat units")


def test_the_planner_runs_without_textual() -> None:
    loaded = "import sys, core.wargame.plan; print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    out = subprocess.run([sys.executable, "-c", loaded], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
