"""Wargame turns: set-ups, phases, stacking, reinforcements, VP, winning, subversion, extra reinforcements."""

from __future__ import annotations

import pytest

from core.game import IllegalMove
from core.registry import get_game
from core.wargame.board import STACKING_LIMIT, is_city, overstacked
from core.wargame.config import WargameConfig, load_config
from core.wargame.engine import WARGAME
from core.wargame.events import Event
from core.wargame.flow import end_turn, next_phase, settle
from core.wargame.moves import AutoPlace, Disband, EndPhase, MoveUnits, Place
from core.wargame.placement import rule_hexes
from core.wargame.reinforcements import extra, mobs, placements_text, reinforcement_queue, scheduled
from core.wargame.state import Placement
from tests.wargame_helpers import GOV, REB, board, dice, legal, play, put, status, where


def started(scenario: str = "basic", seed: int = 3, **options: object) -> object:
    """A game past both set-ups (placed automatically), at the government's first move."""
    state = WARGAME.new(load_config({"scenario": scenario, **options}), seed)
    while state.phase == "setup" or state.phase == "reinforce":
        state, _ = WARGAME.apply(state, WARGAME.to_act(state)[0], AutoPlace())
    return state


def test_config_defaults_and_round_trip() -> None:
    basic, advanced = load_config({}), load_config({"scenario": "advanced"})
    assert (basic.salvage, basic.surrender, basic.turn_limit) == (False, False, 12)
    assert (advanced.salvage, advanced.surrender, advanced.extra_reinforcements) == (True, True, False)
    assert load_config(advanced.to_dict()) == advanced
    assert get_game("wargame").load_config({"players": 2, "names": ["A", "B"]}).names == ("A", "B")
    for bad in (
        {"scenario": "epic"},
        {"players": 3},
        {"turn_limit": -1},
        {"turn_limit": 2**63},
        {"salvage": "yes"},
        {"colour": 1},
    ):
        with pytest.raises(ValueError):
            load_config(bad)


def test_basic_setup_government_fixed_and_rebels_placed_legally() -> None:
    state = WARGAME.new(WargameConfig(), 5)
    assert state.phase == "setup" and state.side == REB and WARGAME.to_act(state) == (REB,)
    gov = [u for u in state.on_map() if u.side == GOV]
    assert len(gov) == 24 and len([u for u in gov if u.hex == "P7"]) == 6  # the Army Base: 6, over-stacked
    assert len(state.queue) == 24
    assert Place("I7") not in legal(state, REB)  # the Capitol is held (and is no city)
    state, _ = play(state, REB, AutoPlace())
    rebels = [u for u in state.on_map() if u.side == REB]
    assert len(rebels) == 24 and state.turn == 1
    gov_hexes = {u.hex for u in gov}
    assert all(is_city(u.hex) for u in rebels if u.kind in ("leader", "mob")) and not gov_hexes & {
        u.hex for u in rebels
    }
    assert not overstacked(state, REB)


def test_advanced_setup_extra_government_units_on_start_stacks_and_rebel_police_alone() -> None:
    state = WARGAME.new(load_config({"scenario": "advanced"}), 5)
    assert state.side == GOV and len(state.queue) == 7
    assert {m.hex for m in legal(state, GOV) if isinstance(m, Place)} == {"J3", "G5", "P7", "I7", "D10", "N11", "O2"}
    with pytest.raises(IllegalMove):
        play(state, GOV, Place("M4"))
    state, _ = play(state, GOV, Place("I7"))
    assert len([u for u in state.on_map() if u.hex == "I7"]) == 4
    state, _ = play(state, GOV, AutoPlace())
    assert state.side == REB and len(state.queue) == 3 + 6 + 18 + 9 + 2
    state, _ = play(state, REB, AutoPlace())
    police = [u for u in state.on_map() if u.side == REB and u.kind == "police"]
    assert len(police) == 2 and all(len([v for v in state.on_map() if v.hex == u.hex]) == 1 for u in police)
    assert len([u for u in state.on_map() if u.side == GOV]) == 31


def test_auto_setup_is_deterministic_from_the_seed() -> None:
    assert started(seed=9).units == started(seed=9).units
    assert started(seed=9).units != started(seed=10).units


def test_turn_sequence_and_turn_counter() -> None:
    state = started()
    seen = []
    while state.turn == 1:
        seen.append((state.phase, state.side))
        seat = WARGAME.to_act(state)[0]
        moves = legal(state, seat)
        move = next((m for m in (EndPhase(), AutoPlace()) if m in moves), moves[0])
        state, _ = play(state, seat, move)
    assert list(dict.fromkeys(seen)) == [
        ("move", GOV),
        ("attack", GOV),
        ("reinforce", REB),
        ("move", REB),
        ("attack", REB),
    ]
    assert state.turn == 2 and state.phase == "reinforce" and state.side == GOV and state.queue


def test_government_start_stacks_must_be_fixed_by_the_end_of_its_move() -> None:
    state = started()
    assert state.phase == "move" and overstacked(state, GOV) == ["G5", "N11", "P7"]
    assert EndPhase() not in legal(state, GOV)
    with pytest.raises(IllegalMove):
        play(state, GOV, EndPhase())
    for label, count in (("G5", 1), ("N11", 2), ("P7", 3)):
        for _ in range(count):
            mover = next(u for u in state.on_map() if u.hex == label and u.uid not in state.moved and u.stacks)
            target = next(
                m for m in legal(state, GOV) if isinstance(m, MoveUnits) and m.units == (mover.uid,) and m.to != "off"
            )
            state, _ = play(state, GOV, target)
    assert not overstacked(state, GOV) and EndPhase() in legal(state, GOV)


def test_surrounded_over_stacked_hex_must_disband_down_to_three() -> None:
    state = board(phase="move", side=REB)
    stack = [put(state, REB, "mob", "M4") for _ in range(4)]
    state.moved.update(stack)
    for label in ("N4", "N3", "M3", "L4", "M5", "N5"):
        put(state, GOV, "army", label)
    state, _ = play(state, REB, EndPhase())
    assert state.disband == ["M4"] and WARGAME.to_act(state) == (REB,)
    assert legal(state, REB) == (Disband((stack[0],)),)
    with pytest.raises(IllegalMove):
        play(state, REB, Disband((stack[0], stack[1])))
    state, _ = play(state, REB, Disband((stack[2],)))
    assert len([u for u in state.on_map() if u.hex == "M4"]) == STACKING_LIMIT and state.phase == "attack"


def test_basic_police_reinforcements() -> None:
    assert scheduled(False, GOV, 1) == [Placement(GOV, "police", "city")]
    assert scheduled(False, REB, 3) == [Placement(REB, "police", "city")] * 2
    assert scheduled(False, GOV, 4) == [] and scheduled(False, REB, 4) == []


def test_advanced_reinforcement_tables() -> None:
    assert scheduled(True, GOV, 1) == []
    assert scheduled(True, GOV, 2) == [Placement(GOV, "army", "anywhere"), Placement(GOV, "police", "city")]
    assert scheduled(True, GOV, 6) == [Placement(GOV, "police", "city")] and scheduled(True, GOV, 7) == []
    assert scheduled(True, REB, 4) == [Placement(REB, "police", "city")] * 2
    assert scheduled(True, REB, 5) == [Placement(REB, "army", "city")] and scheduled(True, REB, 7) == []


@pytest.mark.parametrize(
    ("pieces", "die", "count"),
    [
        ([(REB, "irregular", "C3")], 4, 4),
        ([(REB, "irregular", "C3"), (REB, "leader", "C3")], 4, 5),
        ([(REB, "irregular", "M4")], 4, 1),
        ([(REB, "irregular", "M4")], 5, 2),
    ],
    ids=["radio station: the die", "radio station with a leader: die +1", "no radio: 1-4 one", "no radio: 5-6 two"],
)
def test_rebel_mobs(pieces: list, die: int, count: int) -> None:
    state = board(phase="reinforce", side=REB)
    for side, kind, label in pieces:
        put(state, side, kind, label)
    dice(state, die)
    queue = mobs(state, REB, [])
    assert queue == [Placement(REB, "mob", "city")] + [Placement(REB, "mob", "city_near_own")] * (count - 1)


@pytest.mark.parametrize(
    ("pieces", "die", "count"),
    [
        ([(GOV, "police", "C3"), (GOV, "leader", "C3")], 5, 3),
        ([(GOV, "police", "C3")], 5, 1),
        ([(GOV, "police", "C3")], 3, 0),
        ([(GOV, "police", "M4")], 6, 0),
    ],
    ids=["radio station with the Maximum Leader: die -2", "radio station: die -4", "negative: none", "no radio: none"],
)
def test_loyalist_mobs(pieces: list, die: int, count: int) -> None:
    state = board(phase="reinforce", side=GOV)
    for side, kind, label in pieces:
        put(state, side, kind, label)
    dice(state, die)
    assert mobs(state, GOV, []) == [Placement(GOV, "mob", "city_near_own")] * count


def test_mobs_after_the_first_appear_next_to_units_there_before() -> None:
    state = board(phase="reinforce", side=REB)
    put(state, REB, "irregular", "D9")
    state.queue = [Placement(REB, "mob", "city"), Placement(REB, "mob", "city_near_own")]
    state, _ = play(state, REB, Place("J3"))  # the free mob, far away
    near = set(rule_hexes(state, state.queue[0]))
    assert "D10" in near and "J3" not in near and "K3" not in near


def test_unplaceable_reinforcements_are_lost() -> None:
    state = board(phase="reinforce", side=GOV)
    put(state, GOV, "police", "M4")  # no city hex on or next to a government unit
    state.queue = [Placement(GOV, "mob", "city_near_own")]
    events: list[Event] = []
    settle(state, events)
    assert state.queue == [] and "lose 1 loyalist mob" in events[0].text and state.phase == "move"


def test_counter_pool_limits_reinforcements() -> None:
    state = board(phase="reinforce", side=REB)
    for i in range(10):
        put(state, REB, "police", ["E6", "F6", "G6", "H6"][i % 4])
    state.queue = [Placement(REB, "police", "city")]
    events: list[Event] = []
    settle(state, events)
    assert state.queue == [] and "no counter left" in events[0].text


def test_reinforcement_phase_rolls_at_the_start_of_the_turn() -> None:
    state = board(phase="attack", side=REB, turn=1)
    put(state, GOV, "police", "C3")
    put(state, REB, "irregular", "M4")
    events: list[Event] = []
    dice(state, 6)  # the government holds the radio station: 6 - 4 = 2 loyalist mobs
    end_turn(state, events)
    assert state.turn == 2 and state.phase == "reinforce" and state.side == GOV
    assert state.queue == [Placement(GOV, "police", "city")] + [Placement(GOV, "mob", "city_near_own")] * 2


def test_victory_points_each_turn_for_controlled_strategic_hexes() -> None:
    state = board(phase="attack", side=REB, turn=1)
    put(state, GOV, "police", "I7")
    put(state, GOV, "helicopter", "O2")  # a helicopter does not control
    put(state, REB, "mob", "C3")
    put(state, REB, "mob", "J3")
    put(state, REB, "leader", "D9")  # nor does a leader
    events: list[Event] = []
    end_turn(state, events)
    assert state.vp == [1, 2] and "score 1 to 2" in events[0].text


def test_fifteen_point_lead_wins_at_any_time() -> None:
    state = board(phase="attack", side=GOV, turn=3)
    state.vp = [13, 0]
    leader = put(state, REB, "leader", "M4")
    put(state, REB, "irregular", "M4")
    tanks = [put(state, GOV, "tank", "N4") for _ in range(3)]
    state, _ = play(state, GOV, _attack(tanks))
    dice(state, 6)
    from core.wargame.moves import BugOut

    state, _ = play(state, REB, BugOut(leader))
    assert status(state, leader) == "dead" and state.vp == [15, 0] and WARGAME.result(state) == GOV
    assert WARGAME.to_act(state) == () and legal(state, GOV) == ()


def _attack(tanks: list[str]) -> object:
    from core.wargame.moves import Attack

    return Attack(tuple(sorted(tanks)), ("M4",))


def test_turn_limit_gives_the_game_to_the_vp_leader() -> None:
    state = board(phase="attack", side=REB, turn=4, turn_limit=4)
    state.vp = [3, 5]
    end_turn(state, [])
    assert state.winner == REB and state.turn == 4


def test_turn_limit_tie_keeps_the_government_in_power() -> None:
    state = board(phase="attack", side=REB, turn=4, turn_limit=4)
    state.vp = [5, 5]
    events: list[Event] = []
    end_turn(state, events)
    assert state.winner == GOV and "tie" in events[-1].text


def test_no_turn_limit_goes_on() -> None:
    state = board(phase="attack", side=REB, turn=30, turn_limit=0)
    end_turn(state, [])
    assert state.winner is None and state.turn == 31


def _subversion_board() -> object:
    state = board(phase="attack", side=GOV, turn=1, scenario="advanced")
    put(state, GOV, "guards", "I7")
    put(state, GOV, "army", "M4")
    put(state, GOV, "army", "M4")  # 6: may be subverted together
    put(state, GOV, "tank", "C8")
    put(state, GOV, "army", "C8")  # 7: too strong
    put(state, GOV, "police", "G5")
    put(state, GOV, "leader", "G5")  # with the Maximum Leader
    put(state, GOV, "police", "D10")
    put(state, GOV, "police", "D10")
    put(state, GOV, "police", "D10")  # three: the hex's whole presence is too big to subvert
    put(state, GOV, "helicopter", "O2")
    return state


def test_no_subversion_in_the_basic_game_or_later_turns() -> None:
    state = _subversion_board()
    state.config = WargameConfig()
    next_phase(state, [])
    assert state.phase in ("reinforce", "move") and state.side == REB
    state = _subversion_board()
    state.turn = 2
    next_phase(state, [])
    assert state.phase != "subvert"


def test_extra_reinforcements_government_seven_rolls_twice_more() -> None:
    state = board(phase="reinforce", side=GOV, extra_reinforcements=True)
    put(state, GOV, "police", "C3")  # the radio station: +1
    dice(state, 6, 1, 4)
    assert extra(state, GOV, []) == [Placement(GOV, "mob", "city"), Placement(GOV, "police", "fortified_held")]


def test_extra_reinforcements_rebel_table() -> None:
    state = board(phase="reinforce", side=REB, extra_reinforcements=True)
    put(state, REB, "irregular", "C3")
    dice(state, 6)
    assert extra(state, REB, []) == [Placement(REB, "army", "near_leader")]
    state = board(phase="reinforce", side=REB, extra_reinforcements=True)
    dice(state, 2)
    assert extra(state, REB, []) == [Placement(REB, "mob", "city_near_leader", 2)]


def test_extra_reinforcements_join_the_queue_when_switched_on() -> None:
    state = board(phase="reinforce", side=GOV, turn=5, extra_reinforcements=True)
    put(state, GOV, "police", "M4")
    dice(state, 5)
    assert reinforcement_queue(state, GOV, []) == [Placement(GOV, "police", "city_near_own")]


def test_two_mobs_together_go_to_one_hex() -> None:
    state = board(phase="reinforce", side=REB)
    put(state, REB, "leader", "D9")
    state.queue = [Placement(REB, "mob", "city_near_leader", 2)]
    state, _ = play(state, REB, Place("D10"))
    assert len([u for u in state.on_map() if u.hex == "D10" and u.kind == "mob"]) == 2
    assert where(state, "R-mob-1") == where(state, "R-mob-2") == "D10"


def test_view_carries_the_whole_board_the_decision_and_the_legal_moves() -> None:
    state = started()
    view = WARGAME.view(state, GOV)
    assert view.legal == legal(state, GOV) and view.window == "move" and view.owed == (GOV,) and view.turn == 1
    assert len(view.units) == 112 and {u.kind for u in view.stack("I7")} == {"leader", "guards", "police"}
    assert view.log and view.log[-1].text.startswith("Turn 1")
    assert WARGAME.view(state, None).legal == () and WARGAME.view(state, REB).legal == ()


def test_events_say_what_happened_in_a_sentence() -> None:
    state = board(phase="attack", side=REB, turn=3)
    put(state, GOV, "police", "G5")
    put(state, GOV, "police", "G5")
    att = [put(state, REB, "irregular", "H5"), put(state, REB, "irregular", "H5")]
    dice(state, 5)
    from core.wargame.moves import Attack

    _, events = play(state, REB, Attack(tuple(sorted(att)), ("G5",)))
    assert events[0].text == "Turn 3, rebels: 2 irregulars attack G5 (Police Station) at 1-2 (4 to 8)"
    assert events[1].text == ("Turn 3, rebels attack G5 (Police Station) at 1-2 (die 5): -1, the defender loses a unit")


def test_the_log_names_every_reinforcement_a_side_gets() -> None:
    """A player read 'without the Radio Station, die 5: 2 mobs' and was then asked to place 2 police as well."""
    state = board(phase="reinforce", side=REB, turn=2, scenario="advanced", extra_reinforcements=True)
    put(state, REB, "irregular", "M4")
    events: list[Event] = []
    dice(state, 5, 3)  # 2 mobs without the Radio Station; extra reinforcements 3
    queue = reinforcement_queue(state, REB, events)
    log = "\n".join(e.text for e in events)
    assert "Turn 2, rebels: reinforcements due this turn: 2 police" in log
    assert "without the Radio Station, die 5: 2 mobs" in log
    assert f"Turn 2, rebels: extra reinforcements: {placements_text(queue[4:])}" in log  # after 2 police, 2 mobs
