"""The sound government against the one subversion after its first advanced turn (core/wargame/bot_subversion.py):
what a subversion costs, the garrison a hex keeps, and the board the first turn leaves."""

from __future__ import annotations

import pytest

from core.wargame.board import is_fortified
from core.wargame.bot import WargameBot
from core.wargame.bot_eval import Situation
from core.wargame.bot_subversion import SubversionGuard
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.moves import Subvert
from core.wargame.state import WargameState
from core.wargame.units import LEADER
from tests.test_wargame_bot import bot_game, move_phase
from tests.wargame_helpers import GOV, REB, board, put


def guard_of(state: WargameState) -> SubversionGuard:
    return SubversionGuard(Situation(WARGAME.view(state, GOV), GOV, 0.75))


def test_two_armies_turned_in_a_fortress_cost_more_than_two_police_or_one_tank() -> None:
    state = board("move", GOV, turn=1, scenario="advanced")
    guard = guard_of(state)
    armies = [state.units[put(state, GOV, "army", "P7")] for _ in range(3)]
    police = [state.units[put(state, GOV, "police", "G5")] for _ in range(3)]
    tanks = [state.units[put(state, GOV, "tank", "N11")] for _ in range(2)] + armies[:1]
    assert guard.cost("P7", armies) > guard.cost("G5", police)
    assert guard.cost("P7", armies) > guard.cost("N11", tanks)
    helicopters = [state.units[put(state, GOV, "helicopter", "J3")] for _ in range(2)]
    alone = [state.units[put(state, GOV, "police", "J3")]]
    assert guard.cost("J3", alone + helicopters) > guard.cost("P7", armies)  # two helicopters turned: the worst


def test_a_fortress_is_never_counted_as_kept_by_a_garrison_one_subversion_would_empty() -> None:
    state = board("move", GOV, turn=1, scenario="advanced")
    guard = guard_of(state)
    stack = [state.units[put(state, GOV, kind, "P7")] for kind in ("army",) * 4 + ("tank",) * 2]
    _cost, kept = guard.garrison("P7", stack, set())
    kinds = sorted(u.kind for u in kept)
    assert "tank" in kinds and kinds.count("army") <= 1, kinds  # no two armies to turn, and not one to turn it whole
    assert not guard.turns_whole("P7", kept)


def test_before_the_first_turn_ends_the_spare_armies_leave_the_army_base() -> None:
    state = board("move", GOV, turn=1, scenario="advanced")
    put(state, GOV, LEADER, "I7")
    put(state, GOV, "guards", "I7")
    for _ in range(3):
        put(state, GOV, "army", "P7")
    state.moved.add(put(state, GOV, "tank", "P7"))  # it has come in: it stays
    put(state, REB, "irregular", "B12")
    after, _moves = move_phase(state, WargameBot(1))
    kinds = sorted(u.kind for u in after.on_map() if u.hex == "P7" and u.side == GOV)
    assert kinds == ["army", "tank"], kinds  # two armies to turn, beside a tank, were the worst subversion


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_the_first_advanced_turn_no_subversion_turns_two_armies_or_helicopters_or_a_whole_fortress(
    seed: int,
) -> None:
    config = WargameConfig.from_dict({"scenario": "advanced", "turn_limit": 1})
    _final, played = bot_game(config, seed, ("rule", "classic"))
    window = next(state for state, _move in played if state.phase == "subvert")
    for move in WARGAME.legal(window, REB):
        if not (isinstance(move, Subvert) and move.units):
            continue
        turned = [window.units[uid] for uid in move.units]
        label = turned[0].hex
        kinds = sorted(u.kind for u in turned)
        assert kinds != ["helicopter", "helicopter"], label
        if is_fortified(label):
            assert kinds != ["army", "army"], label
            left = [u for u in window.on_map() if u.hex == label and u.side == GOV and u.stacks]
            assert any(u.uid not in move.units for u in left), (label, kinds)
