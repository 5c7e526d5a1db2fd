"""Scenario tests of the wargame's "Other decisions" (../shared/rules/wargame.md): one test named after each."""

from __future__ import annotations

import pytest

from core.game import IllegalMove
from core.wargame.crt import attack_odds
from core.wargame.flow import next_phase
from core.wargame.moves import Advance, Attack, MoveUnits, Retreat, Subvert
from core.wargame.state import WargameState
from tests.wargame_helpers import GOV, REB, board, dice, legal, play, put, status, texts, where


def _subversion_board() -> WargameState:
    state = board(phase="attack", side=GOV, turn=1, scenario="advanced")
    put(state, GOV, "guards", "I7")
    put(state, GOV, "police", "I7")
    put(state, GOV, "leader", "I7")  # nothing in the Maximum Leader's hex
    for _ in range(4):
        put(state, GOV, "police", "G5")  # 2 of 4 police may turn
    put(state, GOV, "tank", "C8")
    put(state, GOV, "army", "C8")  # 7 together: too strong, but each alone may turn
    next_phase(state, [])
    return state


def test_subversion_takes_any_one_unit_or_any_two_stacked_together_whatever_else_stands_there() -> None:
    state = _subversion_board()
    assert state.phase == "subvert"
    options = {m.units for m in legal(state, REB)}
    police = sorted(u.uid for u in state.on_map() if u.hex == "G5")
    tank, army = sorted(u.uid for u in state.on_map() if u.hex == "C8")
    assert (police[1],) in options and (police[0], police[3]) in options and (tank,) in options
    assert tuple(sorted((tank, army))) not in options  # 4 + 3 is more than 6
    assert not any(state.units[uid].hex == "I7" for units in options for uid in units)  # the Leader's hex
    state, _ = play(state, REB, Subvert((police[0], police[2])))
    at_g5 = sorted((u.side, u.kind) for u in state.on_map() if u.hex == "G5")
    assert at_g5 == [(GOV, "police"), (GOV, "police"), (REB, "police"), (REB, "police")]
    turned = {u.uid for u in state.on_map() if u.hex == "G5" and u.side == REB}
    assert not turned & state.no_attack  # subverted units move and fight normally


def test_subversion_never_takes_the_guards_nor_three_units() -> None:
    state = _subversion_board()
    guards = next(u.uid for u in state.on_map() if u.kind == "guards")
    police = sorted(u.uid for u in state.on_map() if u.hex == "G5")
    for units in ((guards,), tuple(police[:3])):
        with pytest.raises(IllegalMove):
            play(state, REB, Subvert(units))


def test_units_eliminated_because_they_cannot_retreat_roll_for_salvage() -> None:
    state = board(phase="attack", side=GOV, salvage=True)
    police = put(state, REB, "police", "M4")
    for label in ("N3", "M3", "L4", "M5", "N5"):
        put(state, GOV, "mob", label)
    army = put(state, GOV, "army", "N4")  # 3 to 2: 1-1
    dice(state, 5, 1)  # R: surrounded, so eliminated; then the salvage roll 1 (police on 1-2)
    state, events = play(state, GOV, Attack((army,), ("M4",)))
    assert state.last_result == "R" and status(state, police) == "pool"
    assert "Salvage roll for rebel police: 1" in texts(events)
    captured = [(u.side, u.kind) for u in state.on_map() if u.hex == "M4"]
    assert captured == [(GOV, "police")]  # where it stood: nothing of its old side is left there


def test_only_a_rebel_combat_unit_strings_up_the_lone_maximum_leader_not_a_rebel_leader_alone() -> None:
    state = board(side=REB)
    maximum = put(state, GOV, "leader", "M4")
    rebel_leader = put(state, REB, "leader", "L4")
    state, _ = play(state, REB, MoveUnits((rebel_leader,), "M4", ("L4", "M4")))
    assert status(state, maximum) == "map" and where(state, rebel_leader) == "M4" and state.vp == [0, 0]
    mob = put(state, REB, "mob", "L4")
    state, events = play(state, REB, MoveUnits((mob,), "M4", ("L4", "M4")))
    assert status(state, maximum) == "dead" and state.vp == [0, 5]  # a rebel leader beside him does not save him
    assert "The Maximum Leader is strung up" in texts(events)


def test_ground_units_never_retreat_across_the_river_bridge_or_not() -> None:
    state = board(phase="attack", side=GOV)
    irregular = put(state, REB, "irregular", "I4")
    for label in ("I5", "J5"):
        put(state, GOV, "mob", label)
    army = put(state, GOV, "army", "H4")  # 3 to 2: 1-1
    dice(state, 5)
    state, _ = play(state, GOV, Attack((army,), ("I4",)))
    assert state.last_result == "R" and status(state, irregular) == "pool"  # not over the Dam Bridge to J4


def test_leaders_on_an_advance_are_chosen_one_by_one() -> None:
    state = board(phase="attack", side=REB)
    put(state, GOV, "mob", "M4")
    fighters = [put(state, REB, "irregular", "N4") for _ in range(2)]
    leaders = [put(state, REB, "leader", "N4") for _ in range(2)]
    dice(state, 6)
    state, _ = play(state, REB, Attack(tuple(sorted(fighters)), ("M4",), tuple(sorted(leaders))))
    assert state.combat is not None and state.combat.stage == "advance"
    options = {m.units for m in legal(state, REB)}
    assert tuple(sorted((fighters[0], leaders[0]))) in options or tuple(sorted((fighters[0], leaders[1]))) in options
    state, _ = play(state, REB, Advance(tuple(sorted((fighters[0], leaders[1])))))
    assert where(state, fighters[0]) == where(state, leaders[1]) == "M4"
    assert where(state, fighters[1]) == where(state, leaders[0]) == "N4"


def _split_retreat() -> tuple[WargameState, list[str], str]:
    """Two irregulars and a rebel leader at M4 beaten back; the irregulars must split (M3 and N3 hold two rebel mobs
    each, every other neighbour an enemy), so the leader may follow either."""
    state = board(phase="attack", side=GOV)
    irregulars = [put(state, REB, "irregular", "M4") for _ in range(2)]
    leader = put(state, REB, "leader", "M4")
    for label in ("M3", "N3"):
        for _ in range(2):
            put(state, REB, "mob", label)
    for label in ("L4", "M5", "N5"):
        put(state, GOV, "mob", label)
    tanks = [put(state, GOV, "tank", "N4") for _ in range(2)]  # 8 to 5: 1-1
    dice(state, 5)  # R
    state, _ = play(state, GOV, Attack(tuple(sorted(tanks)), ("M4",)))
    state, _ = play(state, REB, next(m for m in legal(state, REB) if not m.to))  # the leader stays to lead
    return state, irregulars, leader


def test_a_retreating_leader_chooses_which_of_his_units_hexes_he_follows() -> None:
    state, irregulars, leader = _split_retreat()
    assert state.combat is not None and state.combat.stage == "retreat"
    options = legal(state, REB)
    assert {dict(m.moves)[leader] for m in options if isinstance(m, Retreat)} == {"M3", "N3"}
    chosen = next(m for m in options if dict(m.moves)[leader] == "N3")
    state, _ = play(state, REB, chosen)
    assert where(state, leader) == "N3" and sorted(where(state, uid) for uid in irregulars) == ["M3", "N3"]


def test_the_maximum_leader_alone_makes_no_rebel_leader_flee_but_a_government_unit_does() -> None:
    state = board(side=GOV)
    maximum = put(state, GOV, "leader", "L4")
    rebel_leader = put(state, REB, "leader", "M4")
    state, _ = play(state, GOV, MoveUnits((maximum,), "M4", ("L4", "M4")))
    assert where(state, rebel_leader) == where(state, maximum) == "M4" and not state.flee
    police = put(state, GOV, "police", "L4")
    state, _ = play(state, GOV, MoveUnits((police,), "M4", ("L4", "M4")))
    assert state.flee == [rebel_leader]


def test_an_attack_on_a_hex_shared_after_a_subversion_meets_only_the_enemy_counters_there() -> None:
    """A player saw 'Attack G5: 4 against 12' on the Police Station shared with two police he had just subverted:
    his own police were counted among the defenders."""
    for attacker, side_at_g5 in ((REB, [GOV, REB, REB]), (GOV, [GOV, REB, REB])):
        state = board(phase="attack", side=attacker)
        for side in side_at_g5:
            put(state, side, "police", "G5")
        attackers = tuple(put(state, attacker, "army", label) for label in ("G6", "H5"))
        defending_police = side_at_g5.count(1 - attacker)
        odds = attack_odds(state, attacker, attackers, ("G5",))
        assert (odds.attack, odds.defence) == (6, 2 * 2 * defending_police)  # police 2, doubled in the fortress
        _, events = play(state, attacker, Attack(attackers, ("G5",)))
        assert f"attack G5 (Police Station) at {odds.column} (6 to {odds.defence})" in texts(events)
