"""Snapshot tests of the wargame's screens, seeded and at fixed sizes: the map, the attack planner, the set-up."""

from __future__ import annotations

import pytest

from tests.test_tui_wargame import ATTACK_TARGET, app_for, go_to, hot_seat
from tests.tui_helpers import quick_settings
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
        await pilot.press("a", "a")
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
