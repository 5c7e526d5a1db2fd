"""Snapshot tests of the wargame's screens, seeded and at fixed sizes: the map, the attack planner, the set-up, the
pickers of advances, retreats and subversion (a scrolled list), the combat decision beside the CRT, and the game
over."""

from __future__ import annotations

import pytest

from tests.test_tui_wargame import ATTACK_TARGET, app_for, auto_place, go_to, hot_seat
from tests.tui_helpers import quick_settings
from tests.wargame_screens import advance_from_the_capitol, bug_out_decision, game_over, leader_retreat, subversion
from tui.app import CoupApp

SIZES = [(120, 40), (80, 24)]


async def settle(pilot) -> None:
    """Let the screen finish painting."""
    for _ in range(3):
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_map_with_a_stack_selected(snap_compare, size):
    """The government's first move: the Police Station's stack selected, the hexes it can reach lit."""

    async def select(pilot) -> None:
        await auto_place(pilot, 2)
        await go_to(pilot, pilot.app.screen, "G5")
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app_for(hot_seat()), terminal_size=size, run_before=select)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_attack_planner_with_odds(snap_compare, size):
    """Five government units aimed at the rebels in M10: strengths, odds and the lit CRT column before the roll."""

    async def plan(pilot) -> None:
        await go_to(pilot, pilot.app.screen, ATTACK_TARGET)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app_for(hot_seat(script_to_attack=True)), terminal_size=size, run_before=plan)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_set_up_phase(snap_compare, size):
    """The rebels' set-up: the counter to place and the hexes it may go on."""
    assert snap_compare(app_for(hot_seat()), terminal_size=size, run_before=settle)


def test_start_screen(snap_compare):
    """The wargame chosen in the menu (g three times) and started: scenario, sides, turn limit, optional rules."""

    async def open_start_screen(pilot) -> None:
        await pilot.press("g", "g", "g", "s")
        await settle(pilot)

    assert snap_compare(CoupApp(quick_settings()), terminal_size=(80, 24), run_before=open_start_screen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_advance_picker_from_the_capitol(snap_compare, size):
    """Who advances into H8 is ticked unit by unit (the Maximum Leader apart), the outcome shown before c."""

    async def tick(pilot) -> None:
        await pilot.press("1", "6")
        await settle(pilot)

    assert snap_compare(app_for(advance_from_the_capitol()), terminal_size=size, run_before=tick)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_subversion_list_scrolled_with_more_marks(snap_compare, size):
    """Dozens of units to subvert: the list's second page, "▲ n more" above and "▼ n more" below."""

    async def scroll(pilot) -> None:
        await settle(pilot)
        await pilot.press("right_square_bracket", "2")
        await settle(pilot)

    assert snap_compare(app_for(subversion()), terminal_size=size, run_before=scroll)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_bug_out_decision_beside_the_crt(snap_compare, size):
    """The rebel leader at M4 decides before the roll: the attack's hexes, strengths and odds beside the CRT."""
    assert snap_compare(app_for(bug_out_decision()), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_retreat_picker_with_a_leader_ticked(snap_compare, size):
    """The leader ticked: the hexes he may follow his units to are lit; each counter's hex is listed."""

    async def tick(pilot) -> None:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)

    assert snap_compare(app_for(leader_retreat()), terminal_size=size, run_before=tick)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over(snap_compare, size):
    """A game won by a 15-point lead: who won and the score in the panel, p to play again, the log's last line."""
    assert snap_compare(app_for(game_over()), terminal_size=size, run_before=settle)
