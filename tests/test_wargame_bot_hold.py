"""The sound wargame bot's hold on the strategic hexes: the government's holds worth what it keeps through the
rebels' attacks, a cleared city hex kept closed, the Radio Station worth a strike."""

from __future__ import annotations

from core.wargame.board import adjacent
from core.wargame.bot import ClassicBot, WargameBot
from core.wargame.bot_eval import ATTACK_CHANCE, Situation
from core.wargame.bot_hold import HELD, RADIO_STRIKE, WHOLE_CAUTION, kept, strike_bonus
from core.wargame.bot_move import MoveScorer
from core.wargame.bot_sound import GOVERNMENT_CAUTION, REBEL_CAUTION, SALVAGED_CAUTION, SoundScorer
from core.wargame.engine import WARGAME
from core.wargame.moves import Advance, Attack, ChooseLosses
from core.wargame.units import LEADER
from tests.wargame_helpers import GOV, REB, board, dice, play, put


def test_the_government_pays_for_leaving_a_strategic_hex_to_the_rebels() -> None:
    state = board("move", GOV)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    police = [state.units[put(state, GOV, "police", "D10")] for _ in range(2)]  # the University, no rebel near
    put(state, REB, "irregular", "H3")
    sit = Situation(WARGAME.view(state, GOV), GOV)
    sound, plain = SoundScorer(sit), MoveScorer(sit)
    assert sound.score(police, "E10") == plain.score(police, "E10") - HELD  # the last ones out give it up
    assert sound.score(police[:1], "E10") == plain.score(police[:1], "E10")  # one stays: still held
    assert sound.score(police[:1], "D9") == plain.score(police[:1], "D9") + HELD  # the Telephone Exchange taken


def test_the_government_keeps_a_threatened_fortress_stack_whole() -> None:
    state = board("move", GOV)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    put(state, GOV, "police", "G5")  # the Police Station: police and tank defend 12, doubled
    tank = state.units[put(state, GOV, "tank", "G5")]
    for kind in ("mob", "mob", "police"):
        put(state, REB, kind, "F5")
        put(state, REB, kind, "F4")
    sit = Situation(WARGAME.view(state, GOV), GOV)
    assert 0 < kept(sit, "G5", sit.own("G5")) < HELD  # 1-1 at most: lost on the R and -1/R only
    sound, plain = SoundScorer(sit), MoveScorer(sit)
    assert sound.score([tank], "H6") < plain.score([tank], "H6") - HELD / 3  # the police alone: lost at 3-1


def test_a_government_counting_the_whole_attack_counts_a_garrisoned_hold_whole() -> None:
    state = board("move", GOV)  # the basic game: the sound government counts twice the rebels' whole attack
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    put(state, GOV, "police", "G5")  # the Police Station, a lone police against two bands next door
    for kind in ("mob", "mob", "police"):
        put(state, REB, kind, "F5")
        put(state, REB, kind, "F4")
    view = WARGAME.view(state, GOV)
    careful = Situation(view, GOV, WargameBot(1).caution(view, GOV))
    assert careful.caution == GOVERNMENT_CAUTION >= WHOLE_CAUTION
    police = careful.own("G5")
    assert careful.local_value("G5", police) < Situation(view, GOV).local_value("G5", police)  # the threat, paid here
    assert kept(careful, "G5", police) == HELD  # and not again
    assert kept(Situation(view, GOV), "G5", police) < HELD  # a half-cautious bot weighs it in the hold instead


def test_a_basic_government_charges_the_whole_hold_for_walking_a_threatened_garrison_out() -> None:
    state = board("move", GOV)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    police = [state.units[put(state, GOV, "police", "D10")]]  # the University, a band next door
    for kind in ("irregular", "irregular", "mob"):
        put(state, REB, kind, "D11")
    view = WARGAME.view(state, GOV)
    careful = Situation(view, GOV, WargameBot(1).caution(view, GOV))
    sound, plain = SoundScorer(careful), MoveScorer(careful)
    assert sound.score(police, "E9") == plain.score(police, "E9") - HELD  # not a share the band might leave it


def test_a_helicopter_that_cleared_a_strategic_city_hex_advances_into_it() -> None:
    state = board("attack", GOV)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    helicopter = put(state, GOV, "helicopter", adjacent("D10")[0])
    put(state, REB, "mob", "D10")  # the University, held by one mob
    for _ in range(2):
        put(state, REB, "irregular", "C11")  # a band that could strike the helicopter there
    dice(state, 6)  # 3 to 1: 3-1, X
    state, _ = play(state, GOV, Attack((helicopter,), ("D10",)))
    assert state.combat is not None and state.combat.stage == "advance"
    move = WargameBot(1).choose(WARGAME.view(state, GOV))
    assert move == Advance((helicopter,))  # no rebel mob may be placed with it, nor hold the hex


def test_a_strike_on_the_radio_station_is_worth_more_until_the_last_turns() -> None:
    state = board("move", GOV, turn=2)
    sit = Situation(WARGAME.view(state, GOV), GOV)
    assert strike_bonus(sit, "C3") == RADIO_STRIKE > 0 and strike_bonus(sit, "D10") == 0
    late = board("move", GOV, turn=state.config.turn_limit - 1)
    assert strike_bonus(Situation(WARGAME.view(late, GOV), GOV), "C3") == 0


def test_a_first_turn_garrison_that_attacked_keeps_enough_units_against_subversion() -> None:
    state = board("attack", GOV, turn=1, scenario="advanced")
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    police = [put(state, GOV, "police", "D10") for _ in range(3)]  # the University: three police, none turnable
    army = put(state, GOV, "army", "E9")
    for _ in range(3):
        put(state, REB, "irregular", "D9")
    dice(state, 1)  # 9 to 6: 1-1, [-1]
    state, _ = play(state, GOV, Attack(tuple(sorted([*police, army])), ("D9",)))
    view = WARGAME.view(state, GOV)
    assert view.window == "attacker_losses"
    assert ClassicBot(1).choose(view) == ChooseLosses((police[0],))  # the cheapest unit: two police left to turn
    assert WargameBot(1).choose(view) == ChooseLosses((army,))


def test_the_sound_bot_counts_more_of_the_attack_a_stack_invites() -> None:
    state = board("move", REB)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    for _ in range(2):
        put(state, GOV, "tank", "F6")  # 8 against the two mobs next door: 3-1
    put(state, REB, "mob", "F5")
    put(state, REB, "mob", "F5")
    view = WARGAME.view(state, REB)
    classic, sound = ClassicBot(1), WargameBot(1)
    assert classic.caution(view, REB) == ATTACK_CHANCE and sound.caution(view, REB) == REBEL_CAUTION
    threatened = Situation(view, REB, sound.caution(view, REB))
    plain = Situation(view, REB)
    mobs = plain.own("F5")
    assert plain.local_value("F5", mobs) < 0  # not a strategic hex: only the threat counts
    assert threatened.local_value("F5", mobs) == plain.local_value("F5", mobs) * REBEL_CAUTION / ATTACK_CHANCE
    state.config = type(state.config)(salvage=True)
    salvaged = WARGAME.view(state, GOV)
    assert sound.caution(salvaged, GOV) == SALVAGED_CAUTION < GOVERNMENT_CAUTION == sound.caution(view, GOV)


def test_with_salvage_the_government_counts_more_than_the_classic_half_of_the_attack_a_stack_invites() -> None:
    state = board("move", GOV, salvage=True)
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    put(state, GOV, "police", "F5")  # 2 against the two irregulars and the mob next door: 3-1 at worst
    for kind in ("irregular", "irregular", "mob"):
        put(state, REB, kind, "F4")
    view = WARGAME.view(state, GOV)
    careful = Situation(view, GOV, WargameBot(1).caution(view, GOV))
    plain = Situation(view, GOV)
    police = plain.own("F5")
    assert plain.local_value("F5", police) < 0
    assert careful.local_value("F5", police) == 1.5 * plain.local_value("F5", police)  # three quarters, not half
