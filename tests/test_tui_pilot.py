"""Pilot tests: the app played through the keyboard (and a few clicks), from the menu to the end."""

from __future__ import annotations

import pytest
from textual.events import Key
from textual.widgets import Checkbox, Input, RichLog, Select, Static
from textual.worker import WorkerFailed

from core.cards.moves import Move
from netplay.storage import load_stats, save_preferences
from netplay.table import LocalTable
from tests.tui_helpers import app_on, bot_moves, finished_table, frozen_reformation, frozen_table, quick_settings
from tui.app import CoupApp, worker_traceback
from tui.screens.confirm import ConfirmDialog
from tui.screens.examine import ExamineDialog
from tui.screens.exchange import ExchangeDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.menu import MenuScreen
from tui.screens.pick_card import PickCardDialog
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.screens.target import TargetDialog
from tui.settings import Settings

MAX_PRESSES = 2000


async def settle(pilot, table: LocalTable) -> None:
    """Let the bots finish and the screen catch up."""
    await pilot.pause()
    await table.settled()
    await pilot.pause()


async def play_to_the_end(pilot, table: LocalTable) -> None:
    """Answer every prompt with the keyboard alone until the game-over screen shows."""
    for _ in range(MAX_PRESSES):
        await settle(pilot, table)
        screen = pilot.app.screen
        if isinstance(screen, GameOverScreen):
            return
        if isinstance(screen, (PickCardDialog, TargetDialog)):
            await pilot.press("1")
        elif isinstance(screen, ExchangeDialog):
            await pilot.press("enter")
        elif isinstance(screen, ConfirmDialog):
            await pilot.press("y")
        elif isinstance(screen, ExamineDialog):
            await pilot.press("f")
        elif isinstance(screen, TableScreen) and screen.choices:
            await pilot.press(screen.choices[0].key)
    raise AssertionError("the game did not end")


async def test_a_whole_game_from_the_menu_with_the_keyboard():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        table = screen.table
        assert len(table.names) == 4 and set(table.levels()) == {1, 2, 3}
        await play_to_the_end(pilot, table)
        winner = table.winner()
        assert winner is not None
        assert app.screen.view.winner == winner
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_menu_opens_again_on_the_last_game_started_with_its_choices():
    settings = Settings.saved(bot_delay=0, save_records=False)
    async with CoupApp(settings=settings).run_test(size=(80, 24)) as pilot:
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and menu.game == "coup"
        await pilot.press("g")  # Reformation
        await pilot.pause()
        menu.query_one("#players", Select).value = 6
        menu.query_one("#level-2", Select).value = "random"
        await pilot.pause()
        await pilot.click("#inquisitor")
        await pilot.press("s")
        await pilot.pause()
        assert any(isinstance(screen, TableScreen) for screen in pilot.app.screen_stack)  # (allegiance asked over it)
    again = Settings.saved(bot_delay=0, save_records=False)
    async with CoupApp(settings=again).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and (menu.game, menu.players) == ("reformation", 6)
        levels = [menu.query_one(f"#level-{i}", Select).value for i in (1, 2, 3)]
        assert levels == ["rule", "random", "rule"] and menu.query_one("#inquisitor", Checkbox).value
        assert menu.query_one("#opponent-row-5").display and not menu.query_one("#opponent-row-6").display
        await pilot.press("g", "g", "s")  # the wargame, a game of one size, started from its own screen
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
    async with CoupApp(settings=Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and (menu.game, menu.players) == ("wargame", 2)
        await pilot.press("g", "g")  # Coup, then Reformation: the six players wanted last are back
        await pilot.pause()
        assert (menu.game, menu.players) == ("reformation", 6)
        menu.query_one("#players", Select).value = 10
        await pilot.pause()
        await pilot.click("#inquisitor")
        await pilot.press("g", "g", "g", "g")  # through G54 (six at most) and the wargame, back to Reformation
        await pilot.pause()
        assert (menu.game, menu.players) == ("reformation", 10) and menu.query_one("#inquisitor", Checkbox).value


async def test_an_option_ticked_for_one_game_stays_ticked_for_the_other_games_that_offer_it():
    async with CoupApp(settings=Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and menu.game == "coup"
        await pilot.click("#inquisitor")
        await pilot.press("g")  # Reformation: the Inquisitor is the same option there
        await pilot.pause()
        assert menu.game == "reformation" and menu.query_one("#inquisitor", Checkbox).value
        await pilot.click("#inquisitor")
        await pilot.press("g", "g", "g")  # through G54 and the wargame (no such option), back to Coup
        await pilot.pause()
        assert menu.game == "coup" and not menu.query_one("#inquisitor", Checkbox).value


async def test_the_menus_tagline_says_what_the_chosen_game_is_about():
    async with CoupApp(settings=Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tagline = pilot.app.screen.query_one("#tagline", Static)
        assert "coup your way to power" in str(tagline.render())
        await pilot.press("g", "g", "g")  # the wargame
        await pilot.pause()
        assert str(tagline.render()) == "Government against rebels: hold the city's strategic hexes."


async def test_a_garbled_menu_memory_opens_the_menu_on_its_defaults():
    save_preferences({"menu": {"game": ["coup"], "players": True, "levels": [{}, 7], "ticked": [["inquisitor"]]}})
    async with CoupApp(settings=Settings.saved(bot_delay=0)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and (menu.game, menu.players) == ("coup", 4)
        assert menu.query_one("#level-1", Select).value == "rule" and not menu.query_one("#inquisitor", Checkbox).value


async def test_play_again_starts_a_new_game_with_the_winner_first():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        first = app.screen.table
        await play_to_the_end(pilot, first)
        winner = first.winner()
        await pilot.press("a")
        await pilot.pause()
        second = app.screen.table
        assert isinstance(app.screen, TableScreen) and second is not first
        assert second.config.first_player == winner


async def test_two_player_variant_from_the_menu():
    app = app_on()
    async with app.run_test(size=(100, 40)) as pilot:
        menu = app.screen
        menu.query_one("#players").value = 2
        await pilot.pause()
        menu.query_one("#variant").value = True
        await pilot.press("s")
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen)).table
        assert table.config.players == 2 and table.config.two_player_variant
        await settle(pilot, table)
        assert isinstance(app.screen, PickCardDialog)
        await play_to_the_end(pilot, table)


async def test_a_ten_player_reformation_game_with_the_inquisitor_from_the_menu():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        menu.query_one("#game").value = "reformation"
        await pilot.pause()
        menu.query_one("#players").value = 10
        menu.query_one("#inquisitor").value = True
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        table = screen.table
        assert table.config.reformation and table.config.inquisitor and table.config.players == 10
        assert str(screen.query_one("#status-bar").render()).startswith(" Reformation · turn 1")
        assert len(table.levels()) == 9
        await play_to_the_end(pilot, table)
        assert table.winner() is not None


async def test_a_coup_is_played_once_its_target_is_picked_out_of_several():
    table = frozen_table(11, [])
    table.state.set_player(0, table.state.players[0].but(coins=7))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, TargetDialog)
        await pilot.press("escape")  # the target dialog is the question: Esc takes the coup back
        assert table.state.window == "action" and table.state.players[0].coins == 7
        await pilot.press("c", "2")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog)
        assert table.record.moves[-1] == (0, {"kind": "coup", "target": 2})


async def test_a_coup_on_the_only_opponent_asks_first():
    table = frozen_table(11, [], players=2)
    table.state.set_player(0, table.state.players[0].but(coins=7))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # one target: no dialog would stop a slip of the finger
        assert isinstance(app.screen, ConfirmDialog) and "coup against Natasha" in app.screen.question
        await pilot.press("n")
        assert table.state.window == "action" and table.state.players[0].coins == 7
        await pilot.press("c", "y")
        await pilot.pause()
        assert table.record.moves[-1] == (0, {"kind": "coup", "target": 1})


async def test_an_assassination_still_asks_once_its_target_is_picked():
    table = frozen_table(11, [])
    table.state.set_player(0, table.state.players[0].but(coins=3))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "2")
        assert isinstance(app.screen, ConfirmDialog) and "Assassinate Sacha" in app.screen.question


async def test_embezzling_an_empty_reserve_is_warned_of():
    table = frozen_reformation(11, [(0, Move("allegiance", card="Loyalist"))])
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table.view().reserve == 0
        await pilot.press("z")
        assert isinstance(app.screen, ConfirmDialog) and "Reserve is empty" in app.screen.question
        await pilot.press("n")
        assert table.view().window == "action" and not table.record.moves[1:]


async def test_the_rules_at_a_reformation_table_are_titled_for_it():
    async with app_on(frozen_reformation(11, [(0, Move("allegiance", card="Loyalist"))])).run_test(
        size=(80, 24)
    ) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(pilot.app.screen, RulesScreen)
        assert pilot.app.screen.text.startswith("# Coup: Reformation — the rules")
        assert "## Coup: Reformation (2–10 players)" in pilot.app.screen.text  # Coup's rules follow, whole
    async with app_on(frozen_table(11, [])).run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert pilot.app.screen.text.startswith("# Coup — the rules")


async def test_confirm_can_be_turned_off():
    table = frozen_table(11, [])
    table.state.set_player(0, table.state.players[0].but(coins=7))
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k", "c", "1")
        await pilot.pause()
        assert table.record.moves[-1] == (0, {"kind": "coup", "target": 1})


async def test_escape_cancels_the_target_picker():
    table = frozen_table(11, [])
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "escape")
        assert isinstance(app.screen, TableScreen)
        assert table.record.moves == []


async def test_challenge_prompt_by_mouse_and_keyboard():
    script = [(1, Move("tax")), (2, Move("pass")), (3, Move("pass"))]
    table = frozen_table(11, script, first=1)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = [choice.key for choice in app.screen.choices]
        assert keys == ["c", "p"]
        await pilot.click("#choices Button")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        await pilot.press("p")
        await pilot.pause()
        assert table.record.moves[-1] == (0, {"kind": "pass"})


async def test_rules_screen_opens_and_closes():
    app = app_on(frozen_table(11, []))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)


async def test_an_illegal_move_is_a_message_not_a_crash():
    table = frozen_table(11, [])
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.submit(Move("assassinate", target=1))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert table.record.moves == []


async def test_leaving_asks_first():
    app = app_on(frozen_table(11, []))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_small_and_large_terminals_resize():
    app = app_on(frozen_table(11, []))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.press("i")
        await pilot.pause()
        assert app.screen.table.record.moves[-1] == (0, {"kind": "income"})


async def test_an_internal_error_exits_with_a_message_and_a_crash_file(tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("COUP_DATA_DIR", str(tmp_path))
    (tmp_path / "crash.log").write_text("an older crash")
    (tmp_path / "crash.log").chmod(0o644)
    app = app_on(frozen_table(11, []))
    with pytest.raises(RuntimeError, match="boom"):  # run_test re-raises for the test's sake
        async with app.run_test(size=(80, 24)) as pilot:
            app._handle_exception(RuntimeError("boom"))
            await pilot.pause()
    assert app.return_code == 1
    printed = capfd.readouterr()
    assert "Traceback" not in printed.out + printed.err
    assert "coup stopped on an internal error (RuntimeError: boom)" in " ".join(printed.err.split())
    assert "RuntimeError: boom" in (tmp_path / "crash.log").read_text()
    assert (tmp_path / "crash.log").stat().st_mode & 0o777 == 0o600  # a traceback may quote hidden cards


async def test_a_finished_game_counts_in_the_players_record(tmp_path, monkeypatch):
    monkeypatch.setenv("COUP_DATA_DIR", str(tmp_path))
    settings = quick_settings()
    settings.save_records, settings.identity = True, "key:SHA256:abc"
    table = finished_table()
    app = CoupApp(settings=settings, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "Your record: 1 game, " in app.screen.record_note
    won = table.winner() == 0
    assert load_stats() == {"key:SHA256:abc": {"games": 1, "wins": 1 if won else 0}}


def exchanging() -> tuple[LocalTable, list[str], list[str]]:
    """A table where you claimed the Ambassador and nobody challenged: it, your hand and the cards drawn."""
    script = [(0, Move("exchange")), (1, Move("pass")), (2, Move("pass")), (3, Move("pass"))]
    table = frozen_table(11, script, first=0)
    return table, list(table.state.hands[0]), list(table.state.drawn)


async def test_exchange_by_keys_keeps_the_ticked_cards_and_enter_confirms():
    table, hand, drawn = exchanging()
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ExchangeDialog)
        await pilot.press("1", "3", "enter")  # untick your first card, tick the first drawn one, keep
        await pilot.pause()
    assert table.record.moves[-1] == (0, {"kind": "keep", "cards": sorted([hand[1], drawn[0]])})


async def test_exchange_a_tick_beyond_the_cards_kept_unticks_the_one_ticked_longest_ago():
    table, hand, drawn = exchanging()
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExchangeDialog)
        await pilot.press("4")  # your two cards start ticked: the first goes, the second drawn comes in
        await pilot.pause()
        assert dialog.chosen == [1, 3]
        assert "2 of 2 chosen" in str(dialog.query_one("#exchange-count").render())
        assert f"1 {hand[0]} unticked: you keep 2." in [str(note.message) for note in app._notifications]
        cards = dialog.query_one("#exchange-cards")
        marks = [cards.render_line(y).text[:3] for y in range(4)]  # in characters, not only in colour
        assert marks == ["[ ]", "[x]", "[ ]", "[x]"]
        await pilot.press("3", "enter")  # and the first drawn one in place of your second card
        await pilot.pause()
    seat, kept = table.record.moves[-1]
    assert (seat, kept["kind"], sorted(kept["cards"])) == (0, "keep", sorted(drawn)) and len(hand) == 2


async def test_page_up_scrolls_the_table_log_back_and_it_stays_there_until_page_down_reaches_its_end():
    table = bot_moves(frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))]), 40)
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log", RichLog)
        assert log.max_scroll_y > 0 and log.is_vertical_scroll_end
        await pilot.press("pageup")
        await pilot.pause()
        read_at = log.scroll_y
        assert read_at < log.max_scroll_y and not log.auto_scroll
        log.write("a new line")  # the game goes on: the player keeps their place
        await pilot.pause()
        assert log.scroll_y == read_at
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert log.is_vertical_scroll_end and log.auto_scroll
        for back in ("pagedown", "end"):  # one page back, then one page on, or End: it follows the game again
            await pilot.press("pageup")
            await pilot.pause()
            assert not log.auto_scroll
            await pilot.press(back)
            await pilot.pause()
            log.write(f"after {back}")
            await pilot.pause()
            assert log.auto_scroll and log.is_vertical_scroll_end, back


def test_a_workers_failure_in_the_crash_file_shows_where_it_came_from() -> None:
    try:
        raise IndexError("tuple index out of range")
    except IndexError as raised:
        failure = WorkerFailed(raised)
    text = worker_traceback(failure)
    assert "The worker raised:" in text and "IndexError: tuple index out of range" in text
    assert "test_a_workers_failure_in_the_crash_file" in text  # the frame it was raised in


async def test_ctrl_c_says_in_plain_words_which_key_quits():
    app = CoupApp(quick_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        notes = [(note.title, note.message) for note in app._notifications]
        assert notes == [("Do you want to quit?", "Press q to quit the app.")]  # (the menu binds q; no markup)


async def test_enter_in_the_seed_field_starts_the_game_with_that_seed():
    app = CoupApp(quick_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#seed").focus()
        await pilot.press("4", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table.table.seed == 42


async def test_an_opponents_level_chosen_for_a_card_game_outlives_a_wargame_started_in_between():
    settings = Settings.saved(bot_delay=0, save_records=False)
    async with CoupApp(settings).run_test(size=(80, 24)) as pilot:
        pilot.app.screen.query_one("#level-1", Select).value = "expert"
        await pilot.press("g", "g", "g", "s")  # the wargame, which has no expert: its start screen
        await pilot.pause()
    assert Settings.saved().last_menu["levels"][0] == "expert"
    async with CoupApp(Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and menu.game == "wargame"
        await pilot.press("g")  # Coup again
        await pilot.pause()
        assert menu.game == "coup" and menu.query_one("#level-1", Select).value == "expert"


async def test_the_status_bar_keeps_the_tables_number_where_a_private_tables_code_has_no_room(monkeypatch):
    table = frozen_reformation(5, [(0, Move("allegiance", card="Loyalist"))], players=5)
    monkeypatch.setattr(LocalTable, "label", property(lambda self: "table t2 · code K7QM-2XPA"))  # as on a host
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = str(app.screen.query_one("#status-bar").render())
        assert status.startswith(" Reformation") and status.endswith(" · table t2") and len(status) <= 80
    async with app_on(table).run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert str(pilot.app.screen.query_one("#status-bar").render()).endswith(" · table t2 · code K7QM-2XPA")


async def test_the_menu_comes_back_from_a_game_with_g_and_s_working():
    """Back from a game started from a field (Enter in the seed), the menu's keys work again: focus had stayed in
    the field, where g and s were letters typed in (and Tab, g replaced the player's name)."""
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        menu.query_one("#seed").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape", "y")
        await pilot.pause()
        if not isinstance(app.screen, MenuScreen):
            await pilot.press("m")
            await pilot.pause()
        assert app.screen is menu
        assert menu.game == "coup"
        await pilot.press("g")
        await pilot.pause()
        assert menu.game == "reformation" and menu.query_one("#name").value == "Player"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table.game.name == "reformation"


def burst(app, *keys: tuple[str, str | None]) -> None:
    """Keys sent in one burst, as typed fast over SSH: all queued before the app handles the first."""
    for key, character in keys:
        app.post_message(Key(key, character))


@pytest.mark.parametrize(
    ("field", "typed", "keys", "value"),
    [
        # '123', then Backspace and 9 arriving together read '129', not '123' (a field's own Backspace ran only once
        # the key had come back up to the app, after the 9 was typed in)
        ("#seed", ("1", "2", "3"), (("backspace", None), ("9", "9")), "129"),
        ("#name", ("ctrl+u", "A", "n", "a"), (("left", None), ("x", "x"), ("end", None), ("y", "y")), "Anxay"),
        # the other way round: a field's keys run in turn with the letters typed, not ahead of those still queued
        (
            "#seed",
            (),
            (("1", "1"), ("2", "2"), ("9", "9"), ("backspace", None), ("3", "3"), ("home", None), ("4", "4")),
            "4123",
        ),
    ],
)
async def test_a_burst_of_keys_in_a_text_field_is_edited_in_the_order_typed(field, typed, keys, value):
    app = CoupApp(quick_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        text = app.screen.query_one(field, Input)
        text.focus()
        await pilot.press(*typed)
        burst(app, *keys)
        await pilot.pause()
        assert text.value == value
