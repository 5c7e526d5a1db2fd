"""The wargame's computer opponents: legal and deterministic, take strategic hexes, fight at good odds, guard their
leaders, and beat the random bot from either side; the rule bot keeps the Maximum Leader safe, guards the strategic
hexes against subversion and spreads the advanced set-up; `coup sim --game wargame`. (How strong each bot is, is
measured by `python -m bench wargame`, not here.)"""

from __future__ import annotations

import json

import pytest

from core.game import Bot
from core.registry import get_game, make_bot
from core.sim import derive_seeds, play_game
from core.wargame.board import adjacent, controller, is_fortified, stacking_count, strategic_hexes
from core.wargame.bot import ClassicBot, WargameBot
from core.wargame.bot_eval import LEADER_VALUE, Situation, SoundSituation
from core.wargame.bot_move import MoveScorer
from core.wargame.bot_sound import SoundScorer, sound_odds
from core.wargame.bot_strike import VP_NOW, aim_at_soft, choose_strike, plan_strike, scored_now, strike_routes
from core.wargame.config import WargameConfig
from core.wargame.crt import COLUMNS, attack_odds
from core.wargame.engine import WARGAME
from core.wargame.moves import Attack, BugOut, ChooseLosses, EndPhase, MoveUnits, Place, Subvert, WargameMove
from core.wargame.placement import start_hexes
from core.wargame.state import Combat, WargameState
from core.wargame.units import LEADER
from tests.wargame_helpers import GOV, REB, board, put
from tui.cli import main

FAST = {"turn_limit": 5}


def bot_game(
    config: WargameConfig, seed: int, kinds: tuple[str, str], last_turn: int = 99
) -> tuple[WargameState, list[tuple[WargameState, WargameMove]]]:
    """Play seat 0 vs seat 1 ("rule" or "random") to the end or through last_turn; the final state and every
    (state, move) of the bots."""
    bots = [make_bot("wargame", kind, s) for kind, s in zip(kinds, derive_seeds(seed, 2), strict=True)]
    state = WARGAME.new(config, seed)
    played = []
    while WARGAME.result(state) is None and state.turn <= last_turn:
        seat = WARGAME.to_act(state)[0]
        move = bots[seat].choose(WARGAME.view(state, seat))
        played.append((state, move))
        state, _ = WARGAME.apply(state, seat, move)  # raises IllegalMove if the engine refuses it
    return state, played


@pytest.mark.parametrize("seat", [GOV, REB])
def test_the_bot_beats_the_random_bot_from_either_side(seat: int) -> None:
    kinds = ("rule", "random") if seat == GOV else ("random", "rule")
    config = WargameConfig(turn_limit=FAST["turn_limit"])
    winners = [bot_game(config, seed, kinds)[0].winner for seed in (1, 2, 3)]
    assert winners.count(seat) >= 2, winners


def test_rule_level_plays_the_wargame_and_every_move_is_accepted() -> None:
    config = WargameConfig(scenario="advanced", salvage=True, surrender=True, extra_reinforcements=True, turn_limit=3)
    game = get_game("wargame")
    outcome = play_game(game, config, 11, [make_bot("wargame", "rule", 1), make_bot("wargame", "rule", 2)])
    assert outcome.winner in (GOV, REB) and outcome.turns <= 3
    assert any(move["kind"] == "attack" for _seat, move in outcome.record.moves)


def test_decisions_are_deterministic_for_a_seed() -> None:
    config = WargameConfig(turn_limit=2)
    first = [move for _state, move in bot_game(config, 5, ("rule", "rule"))[1]]
    second = [move for _state, move in bot_game(config, 5, ("rule", "rule"))[1]]
    assert first == second


def test_attacks_come_at_decent_odds_and_the_maximum_leader_is_never_left_alone() -> None:
    _final, played = bot_game(WargameConfig(), 3, ("rule", "rule"), last_turn=4)
    columns = []
    for state, move in played:
        if isinstance(move, Attack):
            column = attack_odds(state, state.side, move.attackers, move.targets, move.leaders).column
            longest = sound_odds(Situation(WARGAME.view(state, state.side), state.side), move.targets[0])
            assert COLUMNS.index(column) >= COLUMNS.index(longest) >= COLUMNS.index("1-2")
            columns.append(column)
        if state.phase == "move" and state.side == REB:
            chief = state.units["G-leader-1"]
            if chief.on_map:
                assert any(u.side == GOV and not u.is_leader and u.hex == chief.hex for u in state.on_map())
    assert sum(1 for c in columns if c in ("2-1", "3-1")) > len(columns) / 2


def test_the_bot_takes_an_empty_strategic_hex_next_to_it() -> None:
    state = board("move", REB)
    put(state, REB, "irregular", "C8")
    put(state, GOV, "police", "D10")  # the University is held: the Telephone Exchange is the one to take
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, MoveUnits) and move.to == "D9"  # the Telephone Exchange


def test_the_bot_scores_victory_points_within_a_few_turns() -> None:
    final, _ = bot_game(WargameConfig(turn_limit=3), 4, ("random", "rule"))
    assert final.vp[REB] >= 8 and final.vp[REB] > final.vp[GOV]


def test_no_attack_at_bad_odds_and_a_good_one_is_taken() -> None:
    state = board("attack", REB)
    put(state, REB, "mob", "H10")
    put(state, GOV, "tank", "H9")
    assert WargameBot(1).choose(WARGAME.view(state, REB)) == EndPhase()  # 1 against 4: 1-4
    state = board("attack", REB)
    irregulars = [put(state, REB, "irregular", label) for label in ("H10", "G9", "G8")]
    put(state, GOV, "police", "H9")
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, Attack) and move.targets == ("H9",)
    assert attack_odds(state, REB, move.attackers, move.targets).column == "3-1"
    assert set(move.attackers) <= set(irregulars)


def test_the_government_leaves_an_attack_worth_little_alone_and_makes_one_worth_more() -> None:
    state = board("attack", GOV)
    police = put(state, GOV, "police", "H8")
    put(state, REB, "mob", "H9")  # 2 against 1 at 2-1: the mob dies on three dice, the police on one
    view = WARGAME.view(state, GOV)
    assert isinstance(ClassicBot(1).choose(view), Attack)  # the classic bot takes it
    assert WargameBot(1).choose(view) == EndPhase()  # worth 1.0, under GOVERNMENT_WORTH
    second = put(state, GOV, "police", "G9")  # 4 against 1 at 3-1: the mob dies on five dice, no police on any
    move = WargameBot(1).choose(WARGAME.view(state, GOV))
    assert isinstance(move, Attack) and set(move.attackers) == {police, second}


def test_losses_are_the_weakest_units() -> None:
    state = board("attack", REB)
    tank, mob = put(state, REB, "tank", "H10"), put(state, REB, "mob", "H10")
    put(state, GOV, "police", "H9")
    state.combat = Combat(REB, (tank, mob), ("H9",), stage="attacker_losses", losses=1)
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert move == ChooseLosses((mob,))


def test_a_leader_bugs_out_of_a_stack_about_to_die_and_stays_in_a_safe_one() -> None:
    state = board("attack", GOV)
    leader = put(state, REB, LEADER, "H9")
    put(state, REB, "mob", "H9")
    tanks = tuple(put(state, GOV, "tank", "H8") for _ in range(3))
    state.combat = Combat(GOV, tanks, ("H9",), stage="bugout", pending=(leader,))
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, BugOut) and move.to  # 12 against 2 (with him): 3-1, the mob dies on most dice
    state = board("attack", GOV)
    leader = put(state, REB, LEADER, "P12")  # a forest
    for _ in range(3):
        put(state, REB, "irregular", "P12")
    police = (put(state, GOV, "police", "O12"),)
    state.combat = Combat(GOV, police, ("P12",), stage="bugout", pending=(leader,))
    assert WargameBot(1).choose(WARGAME.view(state, REB)) == BugOut(leader)


def test_the_sound_bot_counts_a_rebel_leader_who_can_bug_out_as_not_lost_with_his_stack() -> None:
    state = board("move", REB)
    stack = [put(state, REB, LEADER, "H9"), put(state, REB, "mob", "H9")]
    for _ in range(3):
        put(state, GOV, "tank", "H7")  # 12 against 2: 3-1, the mob wiped out on five dice of six
    units = [state.units[uid] for uid in stack]
    classic = Situation(WARGAME.view(state, REB), REB, 1.0).local_value("H9", units)
    sound = SoundSituation(WARGAME.view(state, REB), REB, 1.0).local_value("H9", units)
    assert sound - classic == pytest.approx(LEADER_VALUE[REB] * 5 / 6)  # he bugs out: only the mob dies
    for label in adjacent("H9"):
        put(state, GOV, "police", label)  # no free hex left to bug out to: he dies with the mob
    classic = Situation(WARGAME.view(state, REB), REB, 1.0).local_value("H9", units)
    assert SoundSituation(WARGAME.view(state, REB), REB, 1.0).local_value("H9", units) == classic


def test_rebel_leaders_set_up_in_free_strategic_city_hexes() -> None:
    state = WARGAME.new(WargameConfig(), 1)
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, Place) and move.hex in ("C3", "D9")  # the Radio Station or the Telephone Exchange


def test_sim_prints_the_wargame_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "--game", "wargame", "--scenario", "basic", "--bots", "rule,random", "--games", "2"]
    assert main([*argv, "--seed", "3", "--turn-limit", "2", "--surrender", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in ("games", "seconds", "wins", "mean_turns"):
        assert key in summary
    assert summary["games"] == 2 and set(summary["wins"]) == {"government", "rebels"}
    assert sum(summary["wins"].values()) == 2 and 1 <= summary["mean_turns"] <= 2
    assert main(["sim", "--game", "coup", "--players", "3", "--scenario", "basic"]) == 2


def chief_exposed(state: WargameState) -> bool:
    """Whether the Maximum Leader stands next to (or with) rebels outside a fortified hex."""
    chief = state.units["G-leader-1"]
    if not chief.on_map or is_fortified(chief.hex):
        return False
    return any(u.side == REB and u.hex in (chief.hex, *adjacent(chief.hex)) for u in state.on_map())


def move_phase(state: WargameState, bot: Bot) -> tuple[WargameState, list[WargameMove]]:
    """Let bot play the government's move phase to its end; the state after and the moves."""
    moves = []
    while state.phase == "move" and state.side == GOV and state.winner is None:
        move = bot.choose(WARGAME.view(state, GOV))
        moves.append(move)
        state, _ = WARGAME.apply(state, GOV, move)
    return state, moves


def test_the_maximum_leader_in_danger_is_taken_into_the_capitol_first() -> None:
    state = board("move", GOV)
    leader = put(state, GOV, LEADER, "H8")
    put(state, GOV, "police", "H8")
    put(state, GOV, "guards", "I7")  # the Capitol, next door
    put(state, REB, "irregular", "G8")
    move = WargameBot(1).choose(WARGAME.view(state, GOV))
    assert isinstance(move, MoveUnits) and leader in move.units and move.to == "I7"


def test_the_maximum_leader_stays_in_the_capitol_and_is_never_left_alone() -> None:
    state = board("move", GOV)
    leader = put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    put(state, REB, "irregular", "H7")  # a lone irregular next door: the guards may want to attack it
    after, moves = move_phase(state, WargameBot(1))
    assert after.units[leader].hex == "I7" and controller(after, "I7") == GOV, moves


def test_the_maximum_leader_is_kept_away_from_rebels_over_seeded_games() -> None:
    for scenario, seed in (("basic", 3), ("advanced", 4)):
        config = WargameConfig.from_dict({"scenario": scenario, "turn_limit": 4})
        _final, played = bot_game(config, seed, ("rule", "classic"))
        after_moves = [
            WARGAME.apply(state, GOV, move)[0] for state, move in played if state.phase == "move" and state.side == GOV
        ]
        assert after_moves and not any(chief_exposed(s) for s in after_moves), scenario


def open_to_subversion(state: WargameState) -> list[str]:
    """The strategic hexes the government holds that some legal subversion would leave without its units."""
    window = state.clone()
    window.phase, window.side = "subvert", REB
    held = [label for label in strategic_hexes() if controller(state, label) == GOV]
    found: set[str] = set()
    for move in WARGAME.legal(window, REB):
        if isinstance(move, Subvert) and move.units:
            after, _ = WARGAME.apply(window, REB, move)
            found.update(
                label for label in held if not any(u.side == GOV and u.stacks for u in after.on_map() if u.hex == label)
            )
    return sorted(found)


def test_strategic_hexes_are_not_left_open_to_subversion_after_the_first_turn() -> None:
    def first_turn(bot: Bot) -> WargameState:
        state = board("move", GOV, turn=1, scenario="advanced")
        for _ in range(3):
            put(state, GOV, "police", "G5")  # the Police Station: each police would rather take a strategic hex
        put(state, GOV, LEADER, "I7")
        put(state, GOV, "guards", "I7")
        return move_phase(state, bot)[0]

    assert open_to_subversion(first_turn(ClassicBot(1)))  # the classic bot spreads them out one by one
    assert open_to_subversion(first_turn(WargameBot(1))) == []


def test_the_advanced_set_up_fills_the_start_stacks_and_the_leader_stays_home() -> None:
    config = WargameConfig.from_dict({"scenario": "advanced", "turn_limit": 1})
    _final, played = bot_game(config, 6, ("rule", "classic"))
    placed = [m.hex for state, m in played if state.phase == "setup" and state.side == GOV and isinstance(m, Place)]
    assert len(placed) == 7 and len(set(placed)) >= 3 and placed.count("I7") <= 2, placed
    set_up = next(state for state, _move in played if state.phase != "setup")
    for label in start_hexes():
        assert stacking_count(u for u in set_up.on_map() if u.hex == label and u.side == GOV) >= 3, label
    assert all(
        state.units["G-leader-1"].hex == "I7" for state, _move in played if state.turn == 1 and state.side == GOV
    )
    subversion = next(state for state, _move in played if state.phase == "subvert")
    assert [label for label in open_to_subversion(subversion) if is_fortified(label)] == []
    # a lone police in a city hex may be left to be turned: the rebels turn something, and it is among the cheapest


def test_the_rebels_string_up_a_lone_maximum_leader_within_reach() -> None:
    state = board("move", REB)
    put(state, GOV, LEADER, "E6")
    put(state, REB, "mob", "E7")
    put(state, REB, "irregular", "C6")
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, MoveUnits) and move.to == "E6" and state.units[move.units[0]].kind == "mob"


@pytest.mark.parametrize("level", ["rule", "greedy", "classic"])
def test_every_level_is_deterministic_and_plays_legal_moves(level: str) -> None:
    config = WargameConfig.from_dict({"scenario": "advanced", "turn_limit": 2})
    first = bot_game(config, 8, (level, "rule"))
    second = bot_game(config, 8, (level, "rule"))
    assert [m for _s, m in first[1]] == [m for _s, m in second[1]] and first[0].winner in (GOV, REB)


def test_a_short_seeded_match_of_the_rule_bot_against_the_classic_and_greedy_ones() -> None:
    for scenario, kinds in (
        ("basic", ("rule", "classic")),
        ("advanced", ("classic", "rule")),
        ("basic", ("greedy", "rule")),
    ):
        config = WargameConfig.from_dict({"scenario": scenario, "turn_limit": 3})
        final, played = bot_game(config, 9, kinds)
        assert final.winner in (GOV, REB) and (final.turn == 3 or abs(final.vp[0] - final.vp[1]) >= 15)
        assert any(isinstance(move, Attack) for _state, move in played)


def test_the_rebels_gather_enough_units_next_to_a_weak_stack_for_3_1() -> None:
    state = board("move", REB)
    put(state, GOV, "police", "J3")  # the Power Plant, held by one police: 2
    irregulars = [put(state, REB, "irregular", label) for label in ("L2", "L4", "M3")]
    sit = Situation(WARGAME.view(state, REB), REB)
    plan = plan_strike(sit, "J3", strike_routes(sit), "1-1")
    assert plan is not None and sorted(uid for m in plan.moves for uid in m.units) == sorted(irregulars)
    assert all(m.to in adjacent("J3") for m in plan.moves) and plan.worth > 0
    while state.phase == "move":
        state, _ = WARGAME.apply(state, REB, WargameBot(1).choose(WARGAME.view(state, REB)))
    ready = [u for u in state.on_map() if u.side == REB and u.hex in adjacent("J3")]
    assert sum(u.strength for u in ready) >= 6  # 3-1 against the police


def test_no_strike_is_planned_at_odds_worse_than_1_1() -> None:
    state = board("move", REB)
    for _ in range(3):
        put(state, GOV, "tank", "N11")  # the Armory: 24 in its fortress
    put(state, REB, "irregular", "L12")
    sit = Situation(WARGAME.view(state, REB), REB)
    assert plan_strike(sit, "N11", strike_routes(sit), "1-1") is None
    assert choose_strike(sit, sound_odds) is None


def test_the_rebels_head_for_weakly_held_strategic_hexes() -> None:
    state = board("move", REB)
    for _ in range(3):
        put(state, GOV, "tank", "N11")  # a fortress full of tanks
    put(state, GOV, "police", "O2")  # the Airport, one police
    put(state, REB, "irregular", "M9")
    sit = aim_at_soft(Situation(WARGAME.view(state, REB), REB))
    assert "O2" in sit.objectives and "N11" not in sit.objectives


def test_a_hex_shared_with_subverted_units_is_not_attacked() -> None:
    state = board("attack", REB, scenario="advanced")
    put(state, GOV, "police", "H8")
    put(state, REB, "police", "H8")  # subverted: both sides stand in H8
    for label in ("G8", "H7", "G7"):
        put(state, REB, "irregular", label)
    assert WargameBot(1).choose(WARGAME.view(state, REB)) == EndPhase()


def test_the_rebels_subvert_a_whole_strategic_hex_rather_than_part_of_a_stack_of_the_same_units() -> None:
    state = board("subvert", REB, turn=1, scenario="advanced")
    for _ in range(2):
        put(state, GOV, "police", "J3")  # the Power Plant: both police can be turned, the hex with them
    for _ in range(3):
        put(state, GOV, "police", "G5")  # the Police Station: a third police keeps the hex
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, Subvert) and {state.units[uid].hex for uid in move.units} == {"J3"}
    assert len(move.units) == 2


def test_the_rebels_subvert_two_armies_in_a_fortress_before_two_police_in_a_city_hex() -> None:
    state = board("subvert", REB, turn=1, scenario="advanced")
    for _ in range(2):
        put(state, GOV, "police", "J3")  # the Power Plant, turned whole: the government takes it back at once
    for _ in range(3):
        put(state, GOV, "army", "P7")  # the Army Base: two armies defend it with 12, beyond a clearing at 2-1
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, Subvert) and [state.units[uid].kind for uid in move.units] == ["army", "army"]


def test_the_rebels_count_the_point_a_strategic_hex_scores_at_once() -> None:
    state = board("attack", REB)
    irregular, leader = put(state, REB, "irregular", "D9"), put(state, REB, LEADER, "D9")
    units = [state.units[irregular], state.units[leader]]
    assert scored_now("D9", units) == VP_NOW > 0  # the Telephone Exchange, held when the points are counted
    assert scored_now("H10", units) == 0 and scored_now("D9", units[1:]) == 0  # not strategic; a leader alone


def test_the_rebels_keep_the_radio_station_garrisoned() -> None:
    state = board("move", REB)
    irregulars = [state.units[put(state, REB, "irregular", "C3")] for _ in range(2)]
    put(state, GOV, "police", "D10")
    sit = Situation(WARGAME.view(state, REB), REB)
    sound, plain = SoundScorer(sit), MoveScorer(sit)
    for group in (irregulars[:1], irregulars):
        assert sound.score(group, "D4") < plain.score(group, "D4") - 1  # leaving costs more than elsewhere


def test_the_government_gathers_a_strike_on_a_rebel_held_strategic_hex() -> None:
    state = board("move", GOV)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    tanks = [put(state, GOV, "tank", label) for label in ("G9", "G10", "F11")]
    put(state, REB, "irregular", "D9")  # the Telephone Exchange, held by one irregular
    sit = Situation(WARGAME.view(state, GOV), GOV)
    plan = plan_strike(sit, "D9", strike_routes(sit), "1-1")
    assert plan is not None and {uid for m in plan.moves for uid in m.units} <= set(tanks) and plan.moves
    move = WargameBot(1).choose(WARGAME.view(state, GOV))
    assert move in plan.moves


def rebel_move_phase(state: WargameState, bot: Bot) -> tuple[WargameState, list[WargameMove]]:
    """Let bot play the rebels' move phase to its end; the state after and the moves."""
    moves = []
    while state.phase == "move" and state.side == REB and state.winner is None:
        move = bot.choose(WARGAME.view(state, REB))
        moves.append(move)
        state, _ = WARGAME.apply(state, REB, move)
    return state, moves
