"""Pilot tests of the wargame map screen's pickers and panels: ticking counters for advances, retreats, losses and
subversion, lists that scroll with "n more" marks, the combat decision beside the CRT, the log keys, leaving the map,
the help, at 80x24 and 120x40."""

from __future__ import annotations

import pytest

from tests.test_tui_wargame import app_for, go_to, hot_seat, panel
from tests.wargame_helpers import GOV, REB, board, put
from tests.wargame_screens import (
    advance_from_the_capitol,
    bug_out_decision,
    defender_losses,
    leader_retreat,
    losses_beside_a_leader,
    subversion,
    table_at,
)
from tui.screens.confirm import ConfirmDialog
from tui.screens.wargame import WargameScreen
from tui.screens.wargame_help import HELP, WargameHelpScreen

SIZES = [(80, 24), (120, 40)]


def ids(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_an_advance_from_the_capitol_is_ticked_unit_by_unit_with_leaders_apart(size):
    table = advance_from_the_capitol()
    async with app_for(table).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.picks is not None and not screen.picks.chosen  # staying is the first choice
        words = panel(screen)
        assert "Stay where they are · c confirms" in words
        assert all(f"{n} [ ]" in words for n in range(1, 7))  # 2 armies, tank, guards, police, the Leader: all shown
        kinds = [table.state.units[uid].kind for uid in screen.picks.units]
        tank, guards, leader = (kinds.index(k) + 1 for k in ("tank", "guards", "leader"))
        await pilot.press(str(tank), str(guards), "1", "2")
        assert "Not allowed: no more than three units may advance" in panel(screen)
        await pilot.press("1", str(leader))
        wanted = "Advance 1 army from H7 and 1 guard and 1 tank from I7, with the Maximum Leader · c confirms"
        assert wanted in panel(screen)
        await pilot.press("c")
        await pilot.pause()
        at_h8 = sorted(u.kind for u in table.state.on_map() if u.hex == "H8")
        assert at_h8 == ["army", "guards", "leader", "tank"] and table.view().combat is None


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_a_retreating_leader_is_sent_to_the_hex_he_chooses(size):
    table = leader_retreat()
    async with app_for(table).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.hexmap.cursor.label == "M4"  # the map looks at the retreating hex
        picks = screen.picks
        leader = next(uid for uid in picks.units if table.state.units[uid].is_leader)
        first = picks.to[leader]
        other = "M3" if first == "N3" else "N3"
        await pilot.press(str(picks.units.index(leader) + 1))
        assert set(screen.hexmap.board.marks.items()) >= {("M3", "choice"), ("N3", "choice")}
        await go_to(pilot, screen, "L4")
        await pilot.press("enter")  # an enemy hex: refused
        assert screen.picks.to[leader] == first
        await go_to(pilot, screen, other)
        await pilot.press("enter")
        assert screen.picks.to[leader] == other and f"rebel leader 1 to {other}" in panel(screen).replace("\n", " ")
        await pilot.press("c")
        await pilot.pause()
        assert table.state.units[leader].hex == other


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_losses_are_ticked_and_the_count_is_checked_before_confirming(size):
    table = defender_losses()
    async with app_for(table).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert "Tick the 2 defending units you lose." in panel(screen)
        for number in range(1, 4):
            if screen.picks.units[number - 1] in screen.picks.chosen:
                await pilot.press(str(number))
        assert "Not allowed: choose 2 of the units in this combat" in panel(screen)
        mob, police = (next(u for u in screen.picks.units if table.state.units[u].kind == k) for k in ("mob", "police"))
        await pilot.press(str(screen.picks.units.index(mob) + 1), str(screen.picks.units.index(police) + 1))
        assert "Lose 1 mob and 1 police in M4 · c confirms" in panel(screen)
        await pilot.press("c")
        await pilot.pause()
        assert table.state.units[mob].status == table.state.units[police].status == "pool"


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_the_losses_ticked_first_spare_a_leader_and_a_choice_that_kills_one_says_so(size):
    table = losses_beside_a_leader()
    async with app_for(table).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        units = table.state.units
        ticked = sorted((units[u].hex, units[u].kind) for u in screen.picks.chosen)
        assert ticked == [("N3", "irregular"), ("N4", "mob")]  # not both of N4's: its leader would die
        assert "dies with them" not in panel(screen)
        swap = [u for u in screen.picks.units if units[u].hex == "N3" or units[u].kind == "irregular"]
        for uid in swap:  # untick N3's irregular, tick N4's
            await pilot.press(str(screen.picks.units.index(uid) + 1))
        said = " ".join(panel(screen).split())
        assert "Lose 1 irregular and 1 mob in N4; rebel leader 1 dies with them (+2 VP to the government)" in said
        await pilot.press("c")
        await pilot.pause()
        assert table.state.vp[GOV] == 2


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_the_subversion_list_scrolls_with_more_marks_and_any_unit_may_be_ticked(size):
    table = subversion()
    async with app_for(table).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        count = len(screen.picks.units)
        assert count > 20 and "Subvert nobody · c confirms" in panel(screen)
        start, end = screen.pick_list.window()
        assert start == 0 and f"▼ {count - end} more (])" in panel(screen)
        await pilot.press("]")
        start, end = screen.pick_list.window()
        assert start > 0 and f"▲ {start} more ([)" in panel(screen)
        while end < count:
            await pilot.press("]")
            start, end = screen.pick_list.window()
        assert "▼" not in panel(screen)
        last = screen.picks.units[-1]
        await pilot.press(str(end - start))
        assert last in screen.picks.chosen
        await pilot.press("c")
        await pilot.pause()
        assert table.state.units[last].status == "pool" and table.state.phase != "subvert"


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_the_bug_out_decision_shows_the_attack_beside_the_crt_of_this_combat(size):
    table = bug_out_decision()
    async with app_for(table).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert "Government attack M4 from L4 N4: 11 against 4, 2-1" in panel(screen).replace("\n", " ")
        assert screen.query_one("#wg-crt").display
        assert screen.crt_lit == ("2-1", 0, "")  # this combat's column, not the last one's result
        words = panel(screen)
        assert "stays to lead the defence" in words and "bugs out to" in words
        await pilot.press("1")
        await pilot.pause()
        assert table.state.last_result and screen.crt_lit[1] == table.state.last_die


async def test_the_big_logs_narrow_panel_shows_every_choice_a_line_each():
    """At 80x24 the big log (L) left the panel half the width: the first choice wrapped onto a second line and the
    fifth fell out of sight with no "more" mark."""
    async with app_for(bug_out_decision()).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press("L")
        await pilot.pause()
        shown = screen.pick_list
        panel_box = screen.query_one("#wg-panel").region
        assert shown.region.y + shown.region.height <= panel_box.y + panel_box.height
        lines = [shown.render_line(y).text.strip() for y in range(shown.size.height)]
        assert [line.split()[0] for line in lines if line] == ["1", "2", "3", "4", "5"]
        assert lines[0].endswith("…") and lines[4] == "5 rebel leader 1 bugs out to N5"


async def test_the_log_scrolls_from_the_keyboard_and_grows_in_the_maps_place():
    table = subversion()
    async with app_for(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        log = screen.query_one("#wg-log")
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        height = log.size.height
        await pilot.press("L")
        await pilot.pause()
        assert not screen.hexmap.display and log.size.height > height + 8
        await pilot.press("pageup")  # read back in the big log, then back to the map: the small log follows the game
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert screen.hexmap.display and isinstance(pilot.app.screen, WargameScreen)
        assert log.scroll_y == log.max_scroll_y and log.auto_scroll


async def test_leaving_the_map_asks_first_and_says_what_it_costs():
    state = board(phase="move", side=REB)
    leader = put(state, REB, "leader", "A8")
    put(state, GOV, "army", "R13")
    table = table_at(state)
    async with app_for(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        await go_to(pilot, screen, "A8")
        await pilot.press("enter", "o")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmDialog) and "the government scores 2 VP" in dialog.question
        await pilot.press("n")
        await pilot.pause()
        assert table.state.units[leader].on_map
        await pilot.press("o", "y")
        await pilot.pause()
        assert table.state.units[leader].status == "fled" and table.state.vp == [2, 0]


async def test_the_help_covers_the_rules_a_player_meets():
    for words in (
        "Reinforcements",
        "Radio Station mobs",
        "5 VP",
        "2 VP",
        "bug out",
        "flee",
        "Retreats",
        "Surrender",
        "Salvage",
        "| Tank | `T4` | 4 | 3 |",
        "| 6 | `NE` | `-1` | `R` | `-1/R` | `-2` | `X` |",
    ):
        assert words in HELP, words
    async with app_for(subversion()).run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, WargameHelpScreen)


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_the_status_line_fits_and_the_hex_panel_names_the_roads(size):
    async with app_for(hot_seat()).run_test(size=size) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        status = str(screen.query_one("#wg-status").render())
        assert len(status) <= size[0] and status.rstrip().endswith("▶ Rebels")
        await go_to(pilot, screen, "G5")
        assert "road to H5 F4" in panel(screen)
        await go_to(pilot, screen, "I4")
        assert "I4, clear, road to J4 I5, bridge to J4, river toward J3\n" in panel(screen)
        await go_to(pilot, screen, "J6")
        assert "J6, city, river toward" in panel(screen)
