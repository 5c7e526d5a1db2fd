"""Wargame combat rules: odds, every CRT result, leaders, retreats, advance, bug-out, surrender, salvage."""

from __future__ import annotations

import pytest

from core.game import IllegalMove
from core.wargame.crt import CRT, RESULTS, attack_odds, column, crt, hex_defence
from core.wargame.moves import Advance, Attack, BugOut, ChooseLosses, EndPhase, Retreat
from core.wargame.state import WargameState
from core.wargame.units import Unit, kind_count
from tests.wargame_helpers import GOV, REB, board, dice, legal, play, put, status, texts, where

RING_OF_M4 = ("N4", "N3", "M3", "L4", "M5", "N5")


def attack_position(defenders: list[str], attackers: list[str], **options: object) -> tuple[WargameState, list, list]:
    """Government attackers at N4 against rebel defenders at M4 (a clear hex with clear hexes around)."""
    state = board(phase="attack", side=GOV, **options)
    dfn = [put(state, REB, kind, "M4") for kind in defenders]
    att = [put(state, GOV, kind, "N4") for kind in attackers]
    return state, att, dfn


@pytest.mark.parametrize(
    ("attack", "defence", "col"),
    [
        (19, 12, "1-1"),
        (24, 8, "3-1"),
        (23, 8, "2-1"),
        (16, 20, "1-2"),
        (40, 5, "3-1"),
        (10, 25, "1-3"),
        (5, 20, "1-4"),
        (5, 21, ""),
    ],
)
def test_odds_round_in_the_defenders_favour(attack: int, defence: int, col: str) -> None:
    assert column(attack, defence) == col


def test_crt_has_every_result_and_high_rolls_favour_the_attacker() -> None:
    assert {r for row in CRT.values() for r in row} == set(RESULTS)
    assert crt("2-1", 3) == "-1" and crt("3-1", 6) == "X" and crt("1-4", 1) == "[-2]"


def test_guards_and_maximum_leader_in_the_capitol_defend_with_10() -> None:
    state = board()
    put(state, GOV, "guards", "I7")
    put(state, GOV, "leader", "I7")
    assert hex_defence([state.units[u] for u in state.units if state.units[u].on_map], "I7") == 10


def test_forest_doubles_defence_with_leader_bonus() -> None:
    state = board()
    put(state, REB, "irregular", "B4")
    put(state, REB, "leader", "B4")
    assert hex_defence([u for u in state.units.values() if u.on_map], "B4") == 6


def test_helicopters_are_not_doubled_by_fortification() -> None:
    state = board()
    put(state, GOV, "army", "G5")
    put(state, GOV, "helicopter", "G5")
    assert hex_defence([u for u in state.units.values() if u.on_map], "G5") == 9


def test_lone_leaders_have_no_strength_and_cannot_be_attacked() -> None:
    state = board(phase="attack", side=GOV)
    put(state, REB, "leader", "M4")
    tank = put(state, GOV, "tank", "N4")
    with pytest.raises(IllegalMove):
        play(state, GOV, Attack((tank,), ("M4",)))
    assert legal(state, GOV) == (EndPhase(),)


def test_odds_worse_than_1_to_4_are_not_allowed() -> None:
    state, att, _ = attack_position(["irregular", "irregular", "irregular"], ["mob"])
    put(state, REB, "leader", "M4")  # 7 against 1
    with pytest.raises(IllegalMove):
        play(state, GOV, Attack(tuple(att), ("M4",)))


def test_result_attacker_loses_two_at_1_to_4() -> None:
    state, att, _ = attack_position(["irregular", "irregular"], ["mob"])
    dice(state, 1)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert state.last_result == "[-2]" and status(state, att[0]) == "pool"
    assert state.combat is None


def test_result_attacker_chooses_his_loss() -> None:
    state, att, _ = attack_position(["irregular", "irregular"], ["tank", "mob"])  # 5 to 4: 1-1
    dice(state, 1)
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    assert state.last_result == "[-1]" and state.combat.stage == "attacker_losses"
    assert set(legal(state, GOV)) == {ChooseLosses((att[0],)), ChooseLosses((att[1],))}
    state, _ = play(state, GOV, ChooseLosses((att[1],)))
    assert status(state, att[1]) == "pool" and status(state, att[0]) == "map"


def test_result_no_effect() -> None:
    state, att, dfn = attack_position(["irregular", "irregular"], ["tank"])
    dice(state, 3)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert state.last_result == "NE" and all(where(state, u) == "M4" for u in dfn) and state.combat is None


def test_result_defender_loses_one_of_his_choice() -> None:
    state, att, dfn = attack_position(["irregular", "mob", "mob"], ["tank"])  # 4 to 4
    dice(state, 4)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert state.last_result == "-1" and state.combat.stage == "defender_losses"
    assert len(legal(state, REB)) == 2  # an irregular or a mob (both mobs are the same choice)
    state, _ = play(state, REB, ChooseLosses((dfn[1],)))
    assert status(state, dfn[1]) == "pool" and where(state, dfn[0]) == "M4"


def test_result_defender_loses_two_at_3_to_1() -> None:
    state, att, dfn = attack_position(["irregular", "irregular", "mob"], ["tank", "tank", "tank"])  # 12 to 5: 2-1
    put(state, GOV, "tank", "N3")  # now 16 to 5: 3-1
    att.append("G-tank-4")
    dice(state, 4)
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    assert state.last_result == "-2"
    state, _ = play(state, REB, ChooseLosses((dfn[0], dfn[2])))
    assert [status(state, u) for u in dfn] == ["pool", "map", "pool"]


def test_result_retreat_goes_away_from_the_enemy() -> None:
    state, att, dfn = attack_position(["irregular", "irregular"], ["tank"])
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert state.last_result == "R" and state.combat.stage == "retreat"
    options = legal(state, REB)
    assert {dict(m.moves)[dfn[0]] for m in options} == {"M3", "L4", "M5"}  # N3, N5 are next to the tank
    assert all(len(set(dict(m.moves).values())) == 1 for m in options)  # the stack retreats together
    with pytest.raises(IllegalMove):
        play(state, REB, Retreat(((dfn[0], "N3"), (dfn[1], "N3"))))
    with pytest.raises(IllegalMove):
        play(state, REB, Retreat(((dfn[0], "M3"), (dfn[1], "L4"))))
    state, _ = play(state, REB, Retreat(((dfn[0], "L4"), (dfn[1], "L4"))))
    assert where(state, dfn[0]) == where(state, dfn[1]) == "L4"
    assert state.combat.stage == "advance"


def test_result_lose_one_then_retreat() -> None:
    state, att, dfn = attack_position(["irregular", "irregular"], ["tank"])
    dice(state, 6)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert state.last_result == "-1/R"
    state, _ = play(state, REB, ChooseLosses((dfn[0],)))
    assert state.combat.stage == "retreat"
    state, _ = play(state, REB, Retreat(((dfn[1], "M5"),)))
    assert where(state, dfn[1]) == "M5"


def test_result_lose_two_then_retreat() -> None:
    state, att, dfn = attack_position(["irregular", "mob", "mob"], ["tank", "tank", "tank"])
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    assert state.last_result == "-2/R"
    state, _ = play(state, REB, ChooseLosses((dfn[1], dfn[2])))
    state, _ = play(state, REB, Retreat(((dfn[0], "M3"),)))
    assert where(state, dfn[0]) == "M3"


def test_result_x_eliminates_every_defender_and_their_leaders() -> None:
    state, att, dfn = attack_position(["irregular", "irregular"], ["tank", "tank", "army"])  # 11 to 5: 2-1
    leader = put(state, REB, "leader", "M4")
    put(state, GOV, "tank", "N3")
    att.append("G-tank-3")
    state = _stay_and_roll(state, GOV, Attack(tuple(sorted(att)), ("M4",)), leader, 6)
    assert state.last_result == "X"
    assert all(status(state, u) == "pool" for u in dfn) and status(state, leader) == "dead"
    assert state.vp == [2, 0]


def _stay_and_roll(state: WargameState, seat: int, attack: Attack, leader: str, die: int) -> WargameState:
    state, _ = play(state, seat, attack)
    assert state.combat.stage == "bugout"
    dice(state, die)
    state, _ = play(state, 1 - seat, BugOut(leader))
    return state


def test_leader_dies_when_the_last_combat_unit_of_his_stack_is_lost() -> None:
    state, att, _ = attack_position(["irregular"], ["tank"])  # 4 to 3 with the leader: 1-1
    leader = put(state, REB, "leader", "M4")
    state = _stay_and_roll(state, GOV, Attack(tuple(att), ("M4",)), leader, 4)
    assert state.last_result == "-1" and status(state, leader) == "dead" and state.vp == [2, 0]


def test_leader_survives_while_a_combat_unit_remains() -> None:
    state, att, dfn = attack_position(["irregular", "mob"], ["tank"])
    leader = put(state, REB, "leader", "M4")
    state = _stay_and_roll(state, GOV, Attack(tuple(att), ("M4",)), leader, 4)
    state, _ = play(state, REB, ChooseLosses((dfn[0],)))
    assert status(state, leader) == "map" and state.vp == [0, 0]


def _helicopters_hit(helicopters: int) -> tuple[WargameState, list[str], str]:
    """The Maximum Leader riding the first of helicopters at M4 with an army, and seven irregulars' attack there
    (14 against 8 or 11: 1-1) rolling a -1: the government owes a loss. The state, the helicopters, the leader."""
    state = board(phase="attack", side=REB)
    helis = [put(state, GOV, "helicopter", "M4") for _ in range(helicopters)]
    put(state, GOV, "army", "M4")
    leader = put(state, GOV, "leader", "M4", riding=helis[0])
    att = [put(state, REB, "irregular", "N4") for _ in range(3)] + [put(state, REB, "irregular", "N3")]
    att += [put(state, REB, "irregular", "M3") for _ in range(3)]
    dice(state, 4)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",)))
    assert state.last_result == "-1"
    return state, helis, leader


def test_leader_in_a_destroyed_helicopter_dies() -> None:
    state, (heli,), leader = _helicopters_hit(1)
    state, _ = play(state, GOV, ChooseLosses((heli,)))
    assert status(state, leader) == "dead" and state.vp == [0, 5]


def test_losing_the_helicopter_that_carries_the_leader_is_a_choice_apart_from_losing_an_empty_one() -> None:
    state, (carrier, empty), leader = _helicopters_hit(2)
    choices = {m.units for m in legal(state, GOV)}
    assert (carrier,) in choices and (empty,) in choices  # (the two helicopters counted once: one was not offered)
    state, _ = play(state, GOV, ChooseLosses((empty,)))
    assert status(state, leader) == "map"


def test_rebel_leader_bugs_out_and_does_not_defend() -> None:
    state, att, _ = attack_position(["irregular", "irregular"], ["tank", "tank"])  # 8 to 5 with him: 1-1
    leader = put(state, REB, "leader", "M4")
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    options = legal(state, REB)
    assert BugOut(leader) in options and BugOut(leader, "N4") not in options and BugOut(leader, "L4") in options
    dice(state, 3)
    state, events = play(state, REB, BugOut(leader, "L4"))
    assert where(state, leader) == "L4" and state.combat.odds == "2-1"  # 8 to 4 without him
    told = [e.text for e in events]
    assert told[1] == "Without him M4 defends with 4: 8 to 4, 2-1"  # the attack's line said 5, with him
    assert told[2].startswith("Turn 2, government attack M4 at 2-1 (die 3)")


def test_maximum_leader_never_bugs_out() -> None:
    state = board(phase="attack", side=REB)
    put(state, GOV, "army", "M4")
    put(state, GOV, "leader", "M4")
    att = [put(state, REB, "irregular", "N4") for _ in range(3)]
    dice(state, 3)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",)))
    assert state.combat is None and state.last_result == "NE"  # resolved at once: no bug-out window


def test_retreat_blocked_on_all_sides_eliminates() -> None:
    state, att, dfn = attack_position(["irregular"], ["army"])  # 3 to 2: 1-1
    for label in RING_OF_M4[1:]:
        put(state, GOV, "mob", label)
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert state.last_result == "R" and status(state, dfn[0]) == "pool"
    assert state.combat.stage == "advance"


def test_ground_units_do_not_retreat_across_the_river_but_helicopters_do() -> None:
    state = board(phase="attack", side=GOV)
    irregular = put(state, REB, "irregular", "J6")
    heli = put(state, REB, "helicopter", "J6")
    for label in ("J5", "I6"):
        put(state, GOV, "mob", label)
    att = [put(state, GOV, "tank", "J7") for _ in range(2)]  # 8 to 5: 1-1
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("J6",)))
    assert state.last_result == "R"
    assert status(state, irregular) == "pool"  # K5, K6, K7 are across the river
    assert where(state, heli) in ("K5", "K6", "K7")


def test_retreat_into_a_friendly_stack_only_if_nothing_else() -> None:
    state, att, dfn = attack_position(["irregular"], ["army"])  # 3 to 2: 1-1
    for label in ("N3", "N5", "L4", "M5"):
        put(state, GOV, "mob", label)
    for _ in range(3):
        put(state, REB, "mob", "M3")
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert where(state, dfn[0]) == "M3"  # the only free hex: over-stacked (a temporary violation)
    assert len([u for u in state.on_map() if u.hex == "M3"]) == 4


def test_retreat_avoids_over_stacking_when_another_hex_is_free() -> None:
    state, att, dfn = attack_position(["irregular"], ["army"])  # 3 to 2: 1-1
    for label in ("N5", "L4", "M5"):
        put(state, GOV, "mob", label)
    for _ in range(3):
        put(state, REB, "mob", "M3")
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert where(state, dfn[0]) == "N3"  # next to the enemy, but not over-stacked


def test_stack_splits_when_retreating_together_would_over_stack() -> None:
    state, att, dfn = attack_position(["irregular", "irregular"], ["tank", "tank"])
    for label in ("N3", "N5", "L4", "M5"):
        put(state, GOV, "mob", label)
    put(state, REB, "mob", "M3")
    put(state, REB, "mob", "M3")
    dice(state, 5)  # 8 to 4: 2-1, die 5 -1/R
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    state, _ = play(state, REB, ChooseLosses((dfn[0],)))
    assert where(state, dfn[1]) == "M3"


def test_advance_after_combat_by_participating_attackers_only() -> None:
    state, att, _ = attack_position(["irregular"], ["tank", "tank", "army"])
    bystander = put(state, GOV, "army", "N3")
    dice(state, 6)
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    assert state.last_result == "X" and state.combat.stage == "advance"
    with pytest.raises(IllegalMove):
        play(state, GOV, Advance((bystander,)))
    state, _ = play(state, GOV, Advance((att[0], att[2])))
    assert where(state, att[0]) == where(state, att[2]) == "M4" and where(state, att[1]) == "N4"
    assert state.combat is None


def test_one_attack_per_defender_and_per_attacker() -> None:
    state, att, _ = attack_position(["irregular", "irregular"], ["tank", "tank"])
    dice(state, 3)  # 8 to 4, die 3: -1... use NE at 1-1 instead
    state, _ = play(state, GOV, Attack((att[0],), ("M4",)))
    assert state.last_result == "NE"
    with pytest.raises(IllegalMove):
        play(state, GOV, Attack((att[1],), ("M4",)))  # M4 was attacked this turn
    with pytest.raises(IllegalMove):
        play(state, GOV, Attack((att[0],), ("M4",)))


def test_units_retreating_onto_a_fresh_stack_may_be_attacked_again_with_it() -> None:
    state, att, dfn = attack_position(["irregular"], ["army"])  # 3 to 2: 1-1
    for label in ("N5", "L4", "M5", "N3"):
        put(state, GOV, "mob", label)
    fresh = put(state, REB, "mob", "M3")
    second = put(state, GOV, "tank", "L3")
    dice(state, 5)
    state, _ = play(state, GOV, Attack(tuple(att), ("M4",)))
    assert where(state, dfn[0]) == "M3"
    state, _ = play(state, GOV, Advance())
    dice(state, 6)
    state, _ = play(state, GOV, Attack((second,), ("M3",)))  # 4 to 3 (the retreated irregular defends too)
    assert state.combat.odds == "1-1" and state.last_result == "-1/R" and {dfn[0], fresh} <= state.defended


def test_split_and_multi_hex_attacks() -> None:
    state = board(phase="attack", side=GOV)
    a = put(state, REB, "irregular", "M4")
    b = put(state, REB, "irregular", "N3")
    tanks = [put(state, GOV, "tank", "N4") for _ in range(3)]
    odds = attack_odds(state, GOV, tuple(tanks), ("M4", "N3"))
    assert (odds.attack, odds.defence, odds.column) == (12, 4, "3-1")
    dice(state, 6)
    state, _ = play(state, GOV, Attack(tuple(sorted(tanks[:2])), ("M4", "N3")))
    assert status(state, a) == status(state, b) == "pool"
    assert state.combat.stage == "advance" and state.combat.pending == ("M4", "N3")
    state, _ = play(state, GOV, Advance((tanks[0],)))
    state, _ = play(state, GOV, Advance((tanks[1],)))
    assert where(state, tanks[0]) == "M4" and where(state, tanks[1]) == "N3" and where(state, tanks[2]) == "N4"


def test_every_attacker_must_be_next_to_every_target() -> None:
    state = board(phase="attack", side=GOV)
    put(state, REB, "irregular", "M4")
    put(state, REB, "irregular", "O4")
    tank = put(state, GOV, "tank", "N4")
    far = put(state, GOV, "tank", "L4")
    with pytest.raises(IllegalMove):
        play(state, GOV, Attack(tuple(sorted((tank, far))), ("M4", "O4")))


def test_leader_bonus_goes_to_one_attack_per_turn() -> None:
    state = board(phase="attack", side=REB)
    put(state, GOV, "army", "M4")
    put(state, GOV, "army", "O4")
    leader = put(state, REB, "leader", "N4")
    first = put(state, REB, "irregular", "N4")
    second = put(state, REB, "irregular", "N4")
    assert attack_odds(state, REB, (first,), ("M4",), (leader,)).attack == 3
    dice(state, 3)
    state, _ = play(state, REB, Attack((first,), ("M4",), (leader,)))
    with pytest.raises(IllegalMove):
        play(state, REB, Attack((second,), ("O4",), (leader,)))


def test_surrender_of_government_troops_changes_their_side() -> None:
    state = board(phase="attack", side=REB, surrender=True)
    police = put(state, GOV, "police", "M4")
    att = [put(state, REB, "irregular", "N4") for _ in range(3)]  # 6 to 2: 3-1
    dice(state, 1)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",), surrender=True))
    assert status(state, police) == "pool" and state.last_result == "surrender"
    rebel_police = [u for u in state.on_map() if u.hex == "M4"]
    assert [(u.side, u.kind) for u in rebel_police] == [(REB, "police")]
    assert rebel_police[0].uid in state.no_attack


def test_surrender_needs_3_to_1_or_a_surrounded_defender() -> None:
    state = board(phase="attack", side=REB, surrender=True)
    put(state, GOV, "army", "M4")
    att = [put(state, REB, "irregular", "N4") for _ in range(2)]  # 4 to 3: 1-1
    with pytest.raises(IllegalMove):
        play(state, REB, Attack(tuple(sorted(att)), ("M4",), surrender=True))
    for label in RING_OF_M4[1:]:
        put(state, REB, "mob", label)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",), surrender=True))


def test_surrender_roll_of_2_destroys_with_salvage_rolls() -> None:
    state = board(phase="attack", side=GOV, surrender=True)
    police = put(state, REB, "police", "M4")
    irregular = put(state, REB, "irregular", "M4")
    att = [put(state, GOV, "tank", "N4") for _ in range(3)]  # 12 to 4
    dice(state, 2, 1)  # surrender roll 2, salvage roll for the police 1
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",), surrender=True))
    assert status(state, police) == "pool" and status(state, irregular) == "pool"
    assert [(u.side, u.kind) for u in state.on_map() if u.hex == "M4"] == [(GOV, "police")]


def test_surrender_roll_of_2_gives_every_vehicle_its_salvage_roll() -> None:
    state = board(phase="attack", side=GOV, surrender=True)
    police = put(state, REB, "police", "M4")  # rolled for first: it must not be refused its own hex
    tank = put(state, REB, "tank", "M4")
    att = [put(state, GOV, "tank", "N4") for _ in range(3)]  # 12 to 8: 1-1, surrounded
    for label in RING_OF_M4[1:]:
        put(state, GOV, "mob", label)
    dice(state, 2, 1, 1)  # surrender roll 2, salvage rolls 1 and 1
    state, events = play(state, GOV, Attack(tuple(sorted(att)), ("M4",), surrender=True))
    assert sum("Salvage roll" in e.text for e in events) == 2
    assert status(state, police) == "pool" and status(state, tank) == "pool"
    assert sorted((u.side, u.kind) for u in state.on_map() if u.hex == "M4") == [(GOV, "police"), (GOV, "tank")]


def test_destroyed_together_every_salvaged_counter_may_take_its_own_hex() -> None:
    state = board(phase="attack", side=REB, salvage=True)
    police = [put(state, GOV, "police", "M4") for _ in range(2)]
    att = [put(state, REB, "irregular", "N4") for _ in range(3)] + [
        put(state, REB, "irregular", "N3") for _ in range(3)
    ]  # 12 to 4: 3-1
    dice(state, 6, 1, 2)  # X: every defender is lost; salvage rolls 1 and 2 (police on 1-2)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",)))
    assert all(status(state, p) == "pool" for p in police)
    assert [(u.side, u.kind) for u in state.on_map() if u.hex == "M4"] == [(REB, "police"), (REB, "police")]


def test_infuriated_defenders_double_their_defence() -> None:
    state = board(phase="attack", side=REB, surrender=True)
    put(state, GOV, "guards", "M4")  # +1 on the surrender roll
    att = [put(state, REB, "irregular", "N4") for _ in range(3)] + [
        put(state, REB, "irregular", "N3") for _ in range(2)
    ]  # 10 to 3
    dice(state, 5, 3)  # 5 + 1 = 6: infuriated, 10 to 6 is 1-1, die 3 NE
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",), surrender=True))
    assert state.last_result == "NE"


def test_salvage_replaces_a_destroyed_tank_by_the_other_sides_where_it_stood() -> None:
    state = board(phase="attack", side=REB, salvage=True)
    tank = put(state, GOV, "tank", "M4")
    att = [put(state, REB, "irregular", "N4") for _ in range(3)] + [
        put(state, REB, "irregular", "N3") for _ in range(3)
    ]  # 12 to 4: 3-1
    dice(state, 2, 3)  # -1, then salvage roll 3 (tanks on 1-3)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",)))
    assert status(state, tank) == "pool"
    captured = [u for u in state.on_map() if u.kind == "tank"]
    assert [(u.side, u.hex) for u in captured] == [(REB, "M4")] and captured[0].uid in state.no_attack
    state.phase, state.side, state.combat = "attack", REB, None
    with pytest.raises(IllegalMove):
        play(state, REB, Attack((captured[0].uid,), ("M4",)))


def test_a_salvaged_unit_whose_hex_still_holds_its_old_side_joins_a_capturing_stack_it_may_stand_in() -> None:
    state = board(phase="attack", side=GOV, salvage=True)
    police = put(state, REB, "police", "J3")
    put(state, REB, "irregular", "J3")  # stays: the captured police cannot be replaced where it stood
    helis = [put(state, GOV, "helicopter", "I3") for _ in range(2)]  # over the lake: no police there
    army = put(state, GOV, "army", "K3")
    full = [put(state, GOV, "army", "J4") for _ in range(3)]  # a full stack: no room there
    dice(state, 2, 1)  # 18 to 4 is 3-1: -1, then the salvage roll (police on 1-2)
    state, _ = play(state, GOV, Attack(tuple(sorted([*helis, army, *full])), ("J3",)))
    state, _ = play(state, REB, ChooseLosses((police,)))
    captured = [u for u in state.on_map() if u.kind == "police"]
    assert status(state, police) == "pool" and [(u.side, u.hex) for u in captured] == [(GOV, "K3")]


def test_a_unit_no_capturing_stack_can_hold_is_destroyed_not_salvaged() -> None:
    state = board(phase="attack", side=GOV, salvage=True)
    police = put(state, REB, "police", "J3")
    put(state, REB, "irregular", "J3")
    helis = [put(state, GOV, "helicopter", "I3") for _ in range(2)]  # 6 to 4: 1-1
    dice(state, 4)  # -1; no salvage roll: a police car cannot land in the lake
    state, _ = play(state, GOV, Attack(tuple(sorted(helis)), ("J3",)))
    state, events = play(state, REB, ChooseLosses((police,)))
    assert not [u for u in state.on_map() if u.kind == "police"] and "Salvage" not in texts(events)


def test_failed_salvage_roll_destroys() -> None:
    state = board(phase="attack", side=REB, salvage=True)
    put(state, GOV, "tank", "M4")
    att = [put(state, REB, "irregular", "N4") for _ in range(3)] + [
        put(state, REB, "irregular", "N3") for _ in range(3)
    ]
    dice(state, 2, 4)
    state, _ = play(state, REB, Attack(tuple(sorted(att)), ("M4",)))
    assert not [u for u in state.on_map() if u.kind == "tank"]


def test_a_leader_in_a_helicopter_may_not_bug_out() -> None:
    state = board(phase="attack", side=GOV)
    heli = put(state, REB, "helicopter", "M4")
    rider = put(state, REB, "leader", "M4", riding=heli)
    tanks = [put(state, GOV, "tank", "N4") for _ in range(2)]
    dice(state, 3)
    state, _ = play(state, GOV, Attack(tuple(sorted(tanks)), ("M4",)))  # no bug-out window: 8 to 4, die 3: -1
    assert state.last_result == "-1" and status(state, rider) == "dead" and state.vp == [2, 0]


def _surrounded_rebels(with_leader: bool) -> tuple[WargameState, list[str], list[str]]:
    state = board(phase="attack", side=GOV, surrender=True)
    rebels = [put(state, REB, "police", "M4"), put(state, REB, "irregular", "M4")]
    if with_leader:
        rebels.append(put(state, REB, "leader", "M4"))
    tanks = [put(state, GOV, "tank", "N4") for _ in range(2)]  # 8 to 4 or 5: not 3-1, but surrounded
    for label in RING_OF_M4[1:]:
        put(state, GOV, "mob", label)
    return state, rebels, tanks


def _kinds_at(state: WargameState, label: str) -> list[tuple[int, str]]:
    return sorted((u.side, u.kind) for u in state.on_map() if u.hex == label)


def test_surrendering_rebels_lose_all_but_vehicles_which_change_sides() -> None:
    state, (police, irregular), tanks = _surrounded_rebels(with_leader=False)
    dice(state, 1)
    state, _ = play(state, GOV, Attack(tuple(sorted(tanks)), ("M4",), surrender=True))
    assert status(state, police) == "pool" and status(state, irregular) == "pool"
    assert _kinds_at(state, "M4") == [(GOV, "police")]


def test_surrender_roll_is_modified_by_a_leader_with_the_defenders() -> None:
    state, (police, irregular, leader), tanks = _surrounded_rebels(with_leader=True)
    state, _ = play(state, GOV, Attack(tuple(sorted(tanks)), ("M4",), surrender=True))
    assert legal(state, REB) == (BugOut(leader),)  # every neighbour holds government units: he must stay
    dice(state, 1, 2)  # 1 + 1 = 2: they surrender but try to destroy their vehicles; the police roll 2 is salvaged
    state, _ = play(state, REB, BugOut(leader))
    assert status(state, leader) == "dead" and status(state, irregular) == status(state, police) == "pool"
    assert state.vp == [2, 0]
    assert _kinds_at(state, "M4") == [(GOV, "police")]


def test_advance_is_limited_by_stacking() -> None:
    state = board(phase="attack", side=GOV)
    put(state, REB, "mob", "M4")
    att = [put(state, GOV, "tank", "N4") for _ in range(3)] + [put(state, GOV, "army", "N3")]
    dice(state, 6)
    state, _ = play(state, GOV, Attack(tuple(sorted(att)), ("M4",)))
    assert state.last_result == "X"
    assert all(len(m.units) <= 3 for m in legal(state, GOV))
    with pytest.raises(IllegalMove):
        play(state, GOV, Advance(tuple(sorted(att))))


def test_a_surrender_roll_that_neither_gives_up_nor_infuriates_says_the_defenders_fight_on() -> None:
    state = board(phase="attack", side=GOV, surrender=True)
    put(state, REB, "police", "M4")
    att = [put(state, GOV, "tank", "N4") for _ in range(3)]  # 12 to 2
    dice(state, 4, 1)  # surrender roll 4, then the CRT's die
    state, events = play(state, GOV, Attack(tuple(sorted(att)), ("M4",), surrender=True))
    rolled = [e.text for e in events if e.kind == "surrender"]
    assert len(rolled) == 1 and rolled[0].startswith("Surrender roll 4") and rolled[0].endswith(": they fight on")
    assert any(e.kind == "combat" for e in events)  # and the attack goes on


@pytest.mark.parametrize(("kind", "name"), [("guards", "government guard"), ("police", "government police")])
def test_a_counter_is_named_in_the_singular_its_verb_agreeing(kind: str, name: str) -> None:
    """One counter of the guards read "Government guards retreats from I7 (Capitol) to I8"."""
    unit = Unit(f"G-{kind}-1", GOV, kind)
    assert unit.name == name and kind_count(kind, 1) == f"1 {name.split()[1]}"  # one word for one counter, always
