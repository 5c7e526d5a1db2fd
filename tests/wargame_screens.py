"""Hot-seat wargame tables frozen at the decisions the map screen's pickers serve (advance, retreat, losses,
bug-out, subversion), for Pilot and snapshot tests."""

from __future__ import annotations

from core.registry import make_bot
from core.sim import derive_seeds
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.moves import Attack, AutoPlace, BugOut, EndPhase
from core.wargame.state import WargameState
from netplay.table import LocalTable
from tests.tui_helpers import quick_settings
from tests.wargame_helpers import GOV, REB, board, dice, put
from tui.screens.wargame_setup import wargame_table


def table_at(state: WargameState) -> LocalTable:
    """Both sides at one keyboard, the game at state."""
    table = wargame_table(state.config, 7, ("you", "second"), quick_settings())
    table.table.state = state
    return table


def attacked(
    state: WargameState, side: int, origins: tuple[str, ...], targets: tuple[str, ...], roll: int
) -> LocalTable:
    """side's units in origins attack targets (with their leaders), the die forced to roll."""
    here = [u for u in state.on_map() if u.side == side and u.hex in origins]
    attackers = tuple(sorted(u.uid for u in here if not u.is_leader))
    leaders = tuple(sorted(u.uid for u in here if u.is_leader))
    dice(state, roll, 1, 1, 1)
    table = table_at(state)
    table.apply_move(side, Attack(attackers, targets, leaders))
    return table


def advance_from_the_capitol() -> LocalTable:
    """The government's Capitol stack and two armies beside it wipe out a mob at H8: who advances is ticked."""
    state = board(phase="attack", side=GOV)
    for kind in ("guards", "police", "tank", "leader"):
        put(state, GOV, kind, "I7")
    put(state, GOV, "army", "H7")
    put(state, GOV, "army", "H7")
    put(state, REB, "mob", "H8")
    return attacked(state, GOV, ("I7", "H7"), ("H8",), 6)  # X


def leader_retreat() -> LocalTable:
    """Two irregulars and a rebel leader at M4 beaten back: they must split, the leader chooses whom to follow."""
    state = board(phase="attack", side=GOV)
    for _ in range(2):
        put(state, REB, "irregular", "M4")
    put(state, REB, "leader", "M4")
    for label in ("M3", "N3"):
        for _ in range(2):
            put(state, REB, "mob", label)
    for label in ("L4", "M5", "N5"):
        put(state, GOV, "mob", label)
    for _ in range(2):
        put(state, GOV, "tank", "N4")
    table = attacked(state, GOV, ("N4",), ("M4",), 5)  # R
    table.apply_move(REB, BugOut(next(u.uid for u in table.state.on_map() if u.side == REB and u.is_leader)))
    return table


def bug_out_decision() -> LocalTable:
    """The government attacks a rebel leader's stack at M4: he stays or bugs out, before the roll."""
    state = board(phase="attack", side=GOV)
    for kind in ("irregular", "mob", "leader"):
        put(state, REB, kind, "M4")
    for _ in range(2):
        put(state, GOV, "tank", "N4")
    put(state, GOV, "army", "L4")
    return attacked(state, GOV, ("N4", "L4"), ("M4",), 5)


def defender_losses() -> LocalTable:
    """-2/R against three rebel units at M4: the rebels tick the two they lose."""
    state = board(phase="attack", side=GOV)
    for kind in ("irregular", "police", "mob"):
        put(state, REB, kind, "M4")
    for _ in range(3):
        put(state, GOV, "tank", "N4")
    put(state, GOV, "army", "N3")
    return attacked(state, GOV, ("N4", "N3"), ("M4",), 5)  # 15 to 5, 3-1: die 5 is -2/R


def losses_beside_a_leader() -> LocalTable:
    """The rebels attacked three tanks at M4 at 1-2 from N4 (an irregular, a mob and a leader) and N3 (an irregular),
    and rolled [-2]: losing both of N4's units would leave the leader alone there, to die."""
    state = board(phase="attack", side=REB)
    for kind in ("irregular", "mob", "leader"):
        put(state, REB, kind, "N4")
    put(state, REB, "irregular", "N3")
    for _ in range(3):
        put(state, GOV, "tank", "M4")
    return attacked(state, REB, ("N4", "N3"), ("M4",), 1)  # 6 to 12, 1-2: die 1 is [-2]


def subversion() -> LocalTable:
    """The advanced game after the government's first turn: the rebels may subvert any of dozens of units."""
    table = wargame_table(WargameConfig(scenario="advanced"), 7, ("you", "second"), quick_settings())
    table.apply_move(GOV, AutoPlace())
    table.apply_move(REB, AutoPlace())
    state = table.state.clone()
    state.phase = "attack"  # skip the government's move and attack
    table.table.state = state
    table.apply_move(GOV, EndPhase())
    assert WARGAME.legal(table.state, REB) and table.state.phase == "subvert"
    return table


def game_over(seed: int = 6) -> LocalTable:
    """A basic game the rule bots played to its end from seed (6: the rebels 17 points ahead after turn 9)."""
    bots = [make_bot("wargame", "rule", s) for s in derive_seeds(seed, 2)]
    state = WARGAME.new(WargameConfig(), seed)
    while WARGAME.result(state) is None:
        seat = WARGAME.to_act(state)[0]
        state, _ = WARGAME.apply(state, seat, bots[seat].choose(WARGAME.view(state, seat)))
    return table_at(state)
