"""The sound wargame bot clears a strategic hex it shares with the enemy after a subversion: it moves out when it can
then attack what stands there at 2-1, and stays when it cannot."""

from __future__ import annotations

from core.wargame.board import adjacent, named
from core.wargame.bot import WargameBot
from core.wargame.bot_clear import choose_clearing
from core.wargame.bot_eval import Situation
from core.wargame.bot_sound import sound_odds
from core.wargame.crt import column, hex_defence
from core.wargame.engine import WARGAME
from core.wargame.moves import Attack, EndPhase, MoveUnits
from core.wargame.units import ARMY, LEADER, TANK
from tests.wargame_helpers import GOV, REB, board, play, put

ARMY_BASE = named("Army Base")


def shared_army_base(side: int, phase: str = "move") -> tuple[object, str]:
    """The Army Base after a subversion turned two of its three armies: one government army and two rebel ones; the
    Maximum Leader safe in the Capitol. The government army's id."""
    state = board(phase, side, scenario="advanced")
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    army = put(state, GOV, ARMY, ARMY_BASE)
    put(state, REB, ARMY, ARMY_BASE)
    put(state, REB, ARMY, ARMY_BASE)
    return state, army


def test_the_government_leaves_a_shared_army_base_when_its_tanks_can_then_attack_at_two_to_one() -> None:
    state, army = shared_army_base(GOV)
    west, north_west = "O7", "O6"
    for label in (west, west, west, north_west, north_west, north_west):
        put(state, GOV, TANK, label)
    view = WARGAME.view(state, GOV)
    rebels = [u for u in Situation(view, GOV).foes(ARMY_BASE)]
    assert column(24 + 3, hex_defence(rebels, ARMY_BASE)) == "2-1"  # six tanks and the army, once it is out
    move = WargameBot(1).choose(view)
    assert isinstance(move, MoveUnits) and move.units == (army,) and move.to in adjacent(ARMY_BASE)
    state, _ = play(state, GOV, move)
    state, _ = play(state, GOV, EndPhase())
    attack = WargameBot(1).choose(WARGAME.view(state, GOV))
    assert isinstance(attack, Attack) and attack.targets == (ARMY_BASE,)


def test_the_government_stays_in_a_shared_army_base_it_could_not_then_attack_at_two_to_one() -> None:
    state, army = shared_army_base(GOV)
    put(state, GOV, TANK, "O7")  # a tank and the army: 7 against the two armies' fortified 12
    sit = Situation(WARGAME.view(state, GOV), GOV)
    assert choose_clearing(sit, sound_odds) is None
    move = WargameBot(1).choose(sit.view)
    assert not (isinstance(move, MoveUnits) and army in move.units)


def test_the_rebels_leave_a_shared_army_base_to_attack_the_army_left_in_it() -> None:
    state, _ = shared_army_base(REB)
    put(state, REB, TANK, "O8")
    put(state, REB, TANK, "O8")  # 8, and the two armies once out: 14 against the lone army's fortified 6
    sit = Situation(WARGAME.view(state, REB), REB)
    move = choose_clearing(sit, sound_odds)
    assert isinstance(move, MoveUnits) and len(move.units) == 2 and move.to in adjacent(ARMY_BASE)
    assert all(sit.view.unit(uid).side == REB for uid in move.units)
