"""The rule bot's look ahead in the attack phase (core/wargame/bot_look.py): every roll of the die played out, the
board after each valued, and the attack made only when the rolls pay on average; the government plays its attacks
out when salvage is on."""

from __future__ import annotations

from typing import Any

from core.rng import below
from core.wargame.bot import WargameBot, looks_ahead
from core.wargame.bot_eval import Situation
from core.wargame.bot_look import board_value, choose_looked_attack, count_decides, counted_lead, expected_value, rigged
from core.wargame.bot_sound import choose_sound_attack
from core.wargame.engine import WARGAME
from core.wargame.moves import Attack, EndPhase
from core.wargame.state import WargameState
from tests.wargame_helpers import GOV, REB, board, put

ADVANCED: dict[str, Any] = {"scenario": "advanced", "salvage": True, "surrender": True}


def test_each_die_has_a_generator_state_that_rolls_it_first() -> None:
    assert [below(rigged(die), 6)[1] + 1 for die in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def university_held_by_a_rebel_army(**options: Any) -> WargameState:
    """A rebel army holds the University (D10); one government police stands next to it: 2 against 3, 1-2."""
    state = board("attack", GOV, **options)
    put(state, REB, "army", "D10")
    put(state, GOV, "police", "E10")
    return state


def test_the_government_with_salvage_attacks_a_held_strategic_hex_the_rolls_show_is_worth_it() -> None:
    state = university_held_by_a_rebel_army(**ADVANCED)
    view = WARGAME.view(state, GOV)
    bot = WargameBot(1)
    sit = Situation(view, GOV, bot.caution(view, GOV))
    assert choose_sound_attack(sit, bot.rng) == EndPhase()  # the planner's estimate: 1-2 is too long
    move = bot.choose(view)
    assert isinstance(move, Attack) and move.targets == ("D10",)
    standing = board_value(state, GOV)
    assert expected_value(sit, move, bot.reactor(GOV)) > standing  # the rebels lose their point on 3 dice of 6


def test_without_salvage_the_government_keeps_the_planners_attacks() -> None:
    state = university_held_by_a_rebel_army()
    view = WARGAME.view(state, GOV)
    assert not looks_ahead(view, GOV) and looks_ahead(
        WARGAME.view(university_held_by_a_rebel_army(**ADVANCED), GOV), GOV
    )
    assert WargameBot(1).choose(view) == EndPhase()


def test_an_attack_that_wins_nothing_is_not_made_at_long_odds() -> None:
    state = board("attack", GOV, **ADVANCED)
    put(state, REB, "army", "H10")  # not a strategic hex: nothing to take
    put(state, GOV, "police", "H9")
    view = WARGAME.view(state, GOV)
    bot = WargameBot(1)
    assert choose_looked_attack(Situation(view, GOV, bot.caution(view, GOV)), bot.reactor(GOV)) == EndPhase()
    assert bot.choose(view) == EndPhase()


def test_the_look_ahead_leaves_the_board_and_the_bots_generator_as_they_were() -> None:
    state = university_held_by_a_rebel_army(**ADVANCED)
    view = WARGAME.view(state, GOV)
    bot = WargameBot(5)
    assert bot.choose(view) == bot.choose(view)
    assert bot.rng.random() == WargameBot(5).rng.random()
    assert WARGAME.view(state, GOV) == view  # nothing played out reached the real board


def test_the_rebels_board_counts_their_strategic_hexes_at_once() -> None:
    state = board("attack", REB)
    put(state, REB, "irregular", "D9")  # the Telephone Exchange: a point at the count that follows
    put(state, GOV, "police", "H10")
    held = board_value(state, REB)
    state.vp = [0, 14]
    assert board_value(state, REB) == 10_000.0  # 14 and the Exchange: a 15-point lead wins at once
    state.vp = [0, 0]
    state.units = {uid: (u.placed("E9") if u.hex == "D9" else u) for uid, u in state.units.items()}
    assert board_value(state, REB) < held  # the same irregular beside it holds nothing


def last_turn_at_the_university(turn: int = 12) -> WargameState:
    """The rebels' attacks of turn (12: the last), the count to follow at 10 points each: the government's army
    holds the University (D10), a rebel mob stands next to it (1 against 3, 1-3), a rebel irregular holds the Radio
    Station (C3). As the hexes stand the count is a tie, which keeps the government in power."""
    state = board("attack", REB, turn=turn)
    put(state, GOV, "army", "D10")
    put(state, REB, "mob", "E10")
    put(state, REB, "irregular", "C3")
    state.vp = [10, 10]
    return state


def test_the_rebels_attack_at_any_odds_when_the_last_count_is_otherwise_lost() -> None:
    state = last_turn_at_the_university()
    view = WARGAME.view(state, REB)
    bot = WargameBot(1)
    assert count_decides(view, REB) and counted_lead(view) == 0
    assert choose_sound_attack(Situation(view, REB, bot.caution(view, REB)), bot.rng) == EndPhase()  # the planner
    move = bot.choose(view)  # a 6 wipes the army out, the mob advances: the University, and the game, are theirs
    assert isinstance(move, Attack) and move.targets == ("D10",)
    assert board_value(state, REB) < -9_000  # standing still loses the game


def test_before_the_last_turn_a_level_count_leaves_the_planners_attacks() -> None:
    view = WARGAME.view(last_turn_at_the_university(turn=8), REB)
    assert not count_decides(view, REB)
    assert WargameBot(1).choose(view) == EndPhase()


def test_a_count_that_would_hand_the_government_its_winning_lead_is_fought_against() -> None:
    state = last_turn_at_the_university(turn=5)
    state.vp = [25, 10]  # 15 behind, and a level count keeps it so: the government would win at once
    view = WARGAME.view(state, REB)
    assert count_decides(view, REB)
    move = WargameBot(1).choose(view)
    assert isinstance(move, Attack) and move.targets == ("D10",)
