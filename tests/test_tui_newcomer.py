"""What a newcomer hit on the screens (issue 15): each bug played through the keys, so each test fails without its
fix."""

from __future__ import annotations

import pytest

from core.cards.moves import Move
from core.registry import get_game
from netplay.table import LocalTable, Table
from tests.tui_helpers import app_on, frozen_reformation
from tui.screens.confirm import ConfirmDialog
from tui.screens.menu import MenuScreen
from tui.screens.pick_card import PickCardDialog
from tui.screens.table import TableScreen


def two_player_variant(seed: int, game: str = "coup") -> LocalTable:
    """A 2-player variant table, the person at seat 0, nobody moving by itself."""
    options = {"players": 2, "names": ["Player", "Natasha"], "first_player": 1, "two_player_variant": True}
    config = get_game(game).load_config(options)
    return LocalTable(Table(game, config, seed, bots={}, bot_delay=0, save_records=False))


@pytest.mark.parametrize(("game", "seed"), [("coup", 997184), ("coup", 907251), ("reformation", 229107)])
async def test_the_set_of_five_is_asked_once_when_the_opponent_chooses_first(game: str, seed: int):
    table = two_player_variant(seed, game)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickCardDialog)
        table.submit_as(1, Move("choose", card=table.view_as(1).choices[0]))  # the computer chooses while we read
        await pilot.pause()
        assert sum(isinstance(s, PickCardDialog) for s in app.screen_stack) == 1
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert table.view().window != "setup"


async def test_q_on_the_menu_quits():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running


async def test_challenging_an_embezzlement_says_a_hand_without_a_duke_costs_the_challenger():
    script = [(0, Move("allegiance", card="Loyalist")), (0, Move("income")), (1, Move("embezzle"))]
    table = frozen_reformation(5, script, players=4, inquisitor=False)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, ConfirmDialog)
        question = app.screen.question
        assert "Natasha's claim to have no Duke" in question
        assert "If they show no Duke, you lose an influence" in question and "If it is shown" not in question
