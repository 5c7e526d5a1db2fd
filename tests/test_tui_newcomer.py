"""What a newcomer hit on the screens (issue 15): each bug played through the keys, so each test fails without its
fix."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Checkbox, Select, Static
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent

from core.cards.moves import Move
from core.registry import get_game
from netplay.table import LocalTable, Table
from tests.tui_helpers import app_on, frozen_reformation, frozen_table
from tui.screens.confirm import ConfirmDialog
from tui.screens.menu import MenuScreen
from tui.screens.new_table import NewTableDialog
from tui.screens.pace import pace_summary
from tui.screens.pick_card import PickCardDialog
from tui.screens.table import TableScreen
from tui.screens.target import TargetDialog


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


async def test_the_tenth_target_is_picked_with_0_and_the_prompt_says_so():
    table = frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))], players=10, inquisitor=False)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("v")  # convert: yourself or any of the nine others
        dialog = app.screen
        assert isinstance(dialog, TargetDialog) and len(dialog.targets) == 10
        hint = str(dialog.query_one(".dialog-help", Static).render())
        assert "0 for the 10th" in hint and "1-9 or click" not in hint
        await pilot.press("0")
        await pilot.pause()
        assert table.record.moves[-1] == (0, Move("convert", target=9).to_dict())


async def test_the_new_table_dialog_opens_on_the_game_shows_its_focus_and_enter_does_not_create():
    app = app_on()
    created: list[dict | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewTableDialog(), created.append)
        await pilot.pause()
        dialog = app.screen
        game = dialog.query_one("#new-game", Select)
        assert app.focused is game
        focused = game.query_one(SelectCurrent).styles.background
        unfocused = dialog.query_one("#new-players", Select).query_one(SelectCurrent).styles.background
        assert focused.brightness > 0.6 > 0.3 > unfocused.brightness  # reversed, not one shade apart
        await pilot.press("enter")  # opens the list of games
        await pilot.pause()
        assert created == [] and game.expanded
        await pilot.press("escape")
        await pilot.pause()
        assert not dialog.query_one("#new-variant").display  # a 2-player option, at 4 players
        dialog.query_one("#new-players", Select).value = 2
        await pilot.pause()
        assert dialog.query_one("#new-variant").display
        dialog.query_one("#new-variant", Checkbox).value = True
        await pilot.press("c")
        await pilot.pause()
        options = {"inquisitor": False, "two_player_variant": True}
        assert created == [{"game": "coup", "players": 2, "options": options, "rematch": "bots"}]


async def test_the_menu_ticks_in_characters_keeps_a_shared_option_and_says_tab_moves():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        inquisitor = menu.query_one("#inquisitor", Checkbox)
        assert str(inquisitor.render()).startswith("[ ] Inquisitor")
        inquisitor.value = True
        await pilot.pause()
        assert str(inquisitor.render()).startswith("[x] Inquisitor")
        await pilot.press("g")  # Reformation: the Inquisitor ticked for Coup is ticked here too
        await pilot.pause()
        assert menu.game == "reformation" and inquisitor.value
        assert "Next field" in [key.description for key in menu.query(FooterKey)]
        menu.query_one("#players", Select).value = 2
        await pilot.pause()
        for box in menu.query(Checkbox):
            if box.display:
                assert box.region.width >= len(str(box.label)) + 4, f"{box.label} is cut at 80 columns"
        first = app.focused
        await pilot.press("tab")
        assert app.focused is not first and app.focused is not menu.query_one("#menu")


async def test_a_card_games_size_comes_back_after_the_wargames_two_in_the_menu_and_the_new_table_dialog():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        menu.query_one("#players", Select).value = 5
        await pilot.pause()
        for game in ("wargame", "g54"):
            menu.query_one("#game", Select).value = game
            await pilot.pause()
        assert menu.players == 5
        dialog = NewTableDialog()
        app.push_screen(dialog)
        await pilot.pause()
        assert dialog.players == 4
        for game in ("wargame", "reformation"):
            dialog.query_one("#new-game", Select).value = game
            await pilot.pause()
            assert dialog.players == (2 if game == "wargame" else 4)


async def test_k_and_minus_in_a_game_show_on_the_menu_when_the_player_comes_back():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert menu.query_one("#confirm", Checkbox).value
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("k", "minus")
        await pilot.press("escape")  # leave the game: asks first
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is menu and not app.settings.confirm
        assert not menu.query_one("#confirm", Checkbox).value
        assert str(menu.query_one("#pace", Button).label) == pace_summary(app.settings)  # - made it slower


async def test_ctrl_q_in_a_game_asks_first_like_escape():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and "cannot be resumed" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is table and app.is_running
        await pilot.press("ctrl+q")
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


async def test_a_single_target_is_taken_at_once_and_logged():
    table = frozen_table(5, [], players=2, first=0)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")  # steal: Natasha is the only one to steal from
        await pilot.pause()
        assert not isinstance(app.screen, TargetDialog)
        assert table.record.moves[-1] == (0, Move("steal", target=1).to_dict())
        log = "\n".join(str(line.text) for line in app.screen.query_one("#log").lines)
        assert "The only choice: Natasha" in log


async def test_the_embezzle_button_says_what_the_reserve_holds():
    table = frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))], players=4, inquisitor=False)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = [str(button.label) for button in app.screen.query(Button)]
        assert "Embezzle 0 coins (z)" in labels, labels  # an empty reserve: embezzling takes nothing
