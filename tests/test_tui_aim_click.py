"""Pilot tests of aiming by mouse: a click on an opponent's box (or line) asks which action to aim at that player,
and the chosen one is played at them; a click with nothing to aim does nothing."""

from __future__ import annotations

from tests.tui_g54_helpers import dealt_g54
from tests.tui_helpers import app_on, bot_moves, lived_in
from tui.screens.confirm import ConfirmDialog
from tui.screens.pick_card import OptionalPickDialog
from tui.screens.table import TableScreen
from tui.widgets.seat_panel import SeatList


def my_turn_with_coins(coins: int):
    """A 4-player Coup table at seat 0's action, seat 0 holding at least coins (random bots played up to it)."""
    local = lived_in("coup", 4, 5, 0)
    while not local.table.over():
        view = local.table.view(0)
        if view.window == "action" and 0 in view.owed and view.players[0].coins >= coins:
            return local
        bot_moves(local, 1)
    raise AssertionError("no such position")


async def clicked(pilot, target, **where):
    """The screen on top once target (a selector or a widget type) is clicked."""
    await pilot.click(target, **where)
    await pilot.pause()
    return pilot.app.screen


async def test_a_click_on_an_opponent_asks_which_action_and_plays_it_at_them():
    local = my_turn_with_coins(3)
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await clicked(pilot, "#seat-2")
        assert isinstance(dialog, OptionalPickDialog)
        assert dialog.title_text == "Aim at Sacha: which action?"
        labels = dialog.cards
        assert any(label.startswith("Steal") for label in labels) and any("Assassinate" in label for label in labels)
        await pilot.press(str(1 + next(i for i, label in enumerate(labels) if label.startswith("Steal"))))
        await pilot.pause()
        stolen = [e for e in local.events if e.kind == "declare" and e.seat == 0]
        assert stolen and stolen[-1].what == "steal" and stolen[-1].target == 2


async def test_an_assassination_by_click_still_asks_its_question():
    local = my_turn_with_coins(3)
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(await clicked(pilot, "#seat-1"), TableScreen)  # Natasha is out: nothing to aim at her
        labels = (await clicked(pilot, "#seat-3")).cards
        await pilot.press(str(1 + next(i for i, label in enumerate(labels) if "Assassinate" in label)))
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConfirmDialog)  # "Assassinate Haig for 3 coins?"
        bluff = "" if "Assassin" in local.table.view(0).hands[0] else " (a bluff: you hold no Assassin)"
        assert pilot.app.screen.question == f"Assassinate Haig for 3 coins?{bluff}"
        await pilot.press("escape")
        await pilot.pause()
        assert local.table.view(0).window == "action"  # nothing played


async def test_escape_takes_a_click_back_and_a_click_with_nothing_to_aim_does_nothing():
    local = my_turn_with_coins(0)
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(await clicked(pilot, "#seat-3"), OptionalPickDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen) and local.table.view(0).window == "action"
    waiting = lived_in("coup", 4, 5, 1)  # seat 1's turn: nothing to aim
    assert 0 not in waiting.table.view(0).owed
    async with app_on(waiting).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(await clicked(pilot, "#seat-2"), TableScreen)


async def test_a_click_on_a_line_of_the_one_line_layout_aims_at_that_seat():
    local = lived_in("coup", 6, 5, 0)  # six players at 80x24: a line per opponent
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seat_list = pilot.app.screen.query_one(SeatList)
        assert seat_list.display
        dialog = await clicked(pilot, SeatList, offset=(2, 2))  # the third line: seat 3
        assert isinstance(dialog, OptionalPickDialog) and dialog.title_text.startswith("Aim at Haig")


async def test_g54_a_click_aims_a_targeted_role_at_the_seat():
    local = dealt_g54(3)
    view = local.table.view(0)
    targeted = {m.target for m in view.legal if m.target is not None}
    assert view.window == "action" and 1 in targeted
    async with app_on(local).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = await clicked(pilot, "#seat-1")
        assert isinstance(dialog, OptionalPickDialog) and dialog.title_text.startswith("Aim at")
        await pilot.press("1")
        await pilot.pause()
        for _ in range(3):
            if isinstance(pilot.app.screen, ConfirmDialog):
                await pilot.press("y")
            await pilot.pause()
        played = [e for e in local.events if e.seat == 0 and getattr(e, "target", None) == 1]
        assert played, [e for e in local.events if e.seat == 0]
