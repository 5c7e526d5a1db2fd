"""Pilot tests of cut stacks on the wargame's map: a "+" where counters are left out, the whole stack in the panel."""

from __future__ import annotations

from itertools import combinations_with_replacement

from core.wargame.board import game_map
from core.wargame.units import ARMY, GOVERNMENT, GUARDS, HELICOPTER, IRREGULAR, LEADER, MOB, POLICE, REBELS, TANK
from tests.test_tui_wargame import app_for, counters, go_to, hex_cells, panel
from tests.wargame_helpers import REB, board, put
from tests.wargame_screens import table_at
from tui.widgets.hexmap import Board, HexMapView
from tui.widgets.wargame_text import stack_label

BAND = (IRREGULAR, IRREGULAR, MOB, LEADER)  # "i2x2m1L": 2 irregulars, a mob and a rebel leader


def test_every_cut_stack_label_shows_a_plus_and_any_leader():
    kinds = (GUARDS, ARMY, TANK, HELICOPTER, POLICE, IRREGULAR, MOB, LEADER)
    for size in range(1, 6):
        for stack in combinations_with_replacement(kinds, size):
            side = GOVERNMENT if IRREGULAR not in stack else REBELS
            units = counters("C3", side, *stack)
            whole = stack_label(units)
            for width in (3, 5):
                label = stack_label(units, width)
                assert len(label) <= width, (stack, width, label)
                assert label == whole or "+" in label, (stack, width, label)
                assert (LEADER in stack) == ("L" in label), (stack, width, label)


async def test_a_cut_stack_shows_a_plus_on_the_map_and_whole_in_the_hex_panel():
    units = counters("C3", REBELS, *BAND)
    assert [stack_label(units, width) for width in (3, 5, 7)] == ["i+L", "i2+L", "i2x2m1L"]
    view = HexMapView(game_map())
    for compact in (False, True):
        view.use_compact(compact)
        view.show(Board({"C3": units}, {}))
        assert "+" in hex_cells(view, "C3"), compact
    state = board(phase="move", side=REB)
    for kind in BAND:
        put(state, REB, kind, "C3")
    for size in ((80, 24), (120, 40)):
        async with app_for(table_at(state)).run_test(size=size) as pilot:
            screen = pilot.app.screen
            await go_to(pilot, screen, "C3")
            assert "C3" in panel(screen) and "i2x2m1L" in panel(screen)
