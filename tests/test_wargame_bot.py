"""The wargame's computer opponent: legal and deterministic, takes strategic hexes, fights at good odds, guards its
leaders, and beats the random bot from either side; `coup sim --game wargame`."""

from __future__ import annotations

import json

import pytest

from core.bots.random_bot import RandomBot
from core.registry import get_game, make_bot
from core.sim import derive_seeds, play_game
from core.wargame.bot import WargameBot
from core.wargame.bot_attack import longest_odds
from core.wargame.bot_eval import Situation
from core.wargame.config import WargameConfig
from core.wargame.crt import COLUMNS, attack_odds
from core.wargame.engine import WARGAME
from core.wargame.moves import Attack, BugOut, ChooseLosses, EndPhase, MoveUnits, Place
from core.wargame.state import Combat
from core.wargame.units import LEADER
from tests.wargame_helpers import GOV, REB, board, put
from tui.cli import main

FAST = {"turn_limit": 5}


def bot_game(
    config: WargameConfig, seed: int, kinds: tuple[str, str], last_turn: int = 99
) -> tuple[object, list[tuple[object, object]]]:
    """Play seat 0 vs seat 1 ("rule" or "random") to the end or through last_turn; the final state and every
    (state, move) of the bots."""
    bots = [WargameBot(s) if k == "rule" else RandomBot(s) for k, s in zip(kinds, derive_seeds(seed, 2), strict=True)]
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
    config = WargameConfig(**FAST)
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
            column = attack_odds(state, move.attackers, move.targets, move.leaders).column
            longest = longest_odds(Situation(WARGAME.view(state, state.side), state.side), move.targets[0])
            assert COLUMNS.index(column) >= COLUMNS.index(longest) >= COLUMNS.index("1-2")
            columns.append(column)
        if state.phase == "move" and state.side == REB:
            chief = state.units["G-leader-1"]
            if chief.on_map:
                assert any(u.side == GOV and not u.is_leader and u.hex == chief.hex for u in state.on_map())
    assert sum(1 for c in columns if c in ("2-1", "3-1")) > len(columns) / 2


def test_the_bot_takes_an_empty_strategic_hex_next_to_it() -> None:
    state = board("move", REB)
    put(state, REB, "irregular", "H10")
    put(state, GOV, "police", "I7")  # the Capitol is held: the Telephone Exchange is the one to take
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, MoveUnits) and move.to == "H9"  # the Telephone Exchange


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
    assert attack_odds(state, move.attackers, move.targets).column == "3-1" and set(move.attackers) <= set(irregulars)


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


def test_rebel_leaders_set_up_in_free_strategic_city_hexes() -> None:
    state = WARGAME.new(WargameConfig(), 1)
    move = WargameBot(1).choose(WARGAME.view(state, REB))
    assert isinstance(move, Place) and move.hex in ("C3", "H9")  # the Radio Station or the Telephone Exchange


def test_sim_prints_the_wargame_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "--game", "wargame", "--scenario", "basic", "--bots", "rule,random", "--games", "2"]
    assert main([*argv, "--seed", "3", "--turn-limit", "2", "--surrender", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in ("games", "seconds", "wins", "mean_turns"):
        assert key in summary
    assert summary["games"] == 2 and set(summary["wins"]) == {"government", "rebels"}
    assert sum(summary["wins"].values()) == 2 and 1 <= summary["mean_turns"] <= 2
    assert main(["sim", "--game", "coup", "--players", "3", "--scenario", "basic"]) == 2
