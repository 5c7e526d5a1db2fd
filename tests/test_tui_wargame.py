"""Pilot tests of the wargame's map screen: set-up, moving by cursor, the attack planner, a whole turn, the mouse."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.widgets import Checkbox, Input, Select
from textual.widgets._footer import FooterKey

from core.registry import make_bot
from core.sim import play_game
from core.wargame.board import game_map
from core.wargame.config import WargameConfig
from core.wargame.engine import WARGAME
from core.wargame.flow import must_move_out
from core.wargame.moves import AutoPlace, EndPhase, MoveUnits
from core.wargame.plan import aim_refusal
from core.wargame.units import GOVERNMENT, GUARDS, IRREGULAR, LEADER, POLICE, REBELS, Unit
from hexgrid.coords import Hex
from netplay.table import LocalTable
from tests.tui_helpers import app_on, quick_settings
from tests.wargame_helpers import GOV, REB, board, put
from tests.wargame_screens import table_at
from tui.app import CoupApp
from tui.replay_app import ReplayApp
from tui.screens.menu import MenuScreen
from tui.screens.rules import HelpScreen, card_rules
from tui.screens.wargame import DECISIONS, WargameScreen
from tui.screens.wargame_help import WargameHelpScreen
from tui.screens.wargame_setup import WargameSetupScreen, remembered, wargame_table
from tui.settings import Settings
from tui.widgets.hexmap import LIT_MARK, Board, HexMapView
from tui.widgets.wargame_text import stack_label

SEED = 7
ATTACK_TARGET = "M10"  # with seed 7, five government units can attack the rebels there in turn 1


def hot_seat(seed: int = SEED, script_to_attack: bool = False) -> LocalTable:
    """Both sides at one keyboard; with script_to_attack, played on to the government's first attack phase (the
    rebels and the reinforcements placed automatically, over-stacked hexes emptied one unit at a time)."""
    table = wargame_table(WargameConfig(), seed, ("second", "you"), quick_settings())
    if script_to_attack:
        table.apply_move(1, AutoPlace())
        table.apply_move(0, AutoPlace())
        while must_move_out(table.state, 0):
            crowded = must_move_out(table.state, 0)[0]
            move = next(
                m
                for m in WARGAME.legal(table.state, 0)
                if isinstance(m, MoveUnits)
                and len(m.units) == 1
                and table.state.units[m.units[0]].hex == crowded
                and not table.state.units[m.units[0]].is_leader
            )
            table.apply_move(0, move)
        table.apply_move(0, EndPhase())
    return table


def app_for(table: LocalTable) -> CoupApp:
    """The app straight onto table's map (the menu under it)."""
    return CoupApp(quick_settings(), table)


def panel(screen: WargameScreen) -> str:
    """The words of the panel under the map: its text, numbered list and what follows it."""
    return "\n".join(str(screen.query_one(part).render()) for part in ("#wg-info", "#wg-list", "#wg-foot"))


async def auto_place(pilot, times: int = 1) -> None:
    """Key a, times over (once per side or phase): the computer places the counters left one a decision, off the
    event loop; wait until it is done."""
    for _ in range(times):
        await pilot.press("a")
        screen = pilot.app.screen
        for _ in range(200):
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if screen.auto_placing is None:
                break
        else:
            raise AssertionError("the automatic placing did not end")


async def go_to(pilot, screen: WargameScreen, label: str) -> None:
    """Walk the cursor to label with the arrow keys."""
    goal = Hex.parse(label)
    for _ in range(40):
        here = screen.hexmap.cursor
        if here == goal:
            return
        if here.row != goal.row:
            await pilot.press("down" if goal.row > here.row else "up")
        else:
            await pilot.press("right" if goal.col > here.col else "left")
    raise AssertionError(f"the cursor did not reach {label}")


async def test_the_automatic_set_up_key_places_everything_and_the_game_goes_on():
    table = hot_seat()
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, WargameScreen)
        assert (table.view().phase, table.view().side, screen.acting) == ("setup", 1, 1)
        info = panel(screen)
        assert "Place a rebel leader on a city hex" in info
        await auto_place(pilot)
        view = table.view()
        assert (view.turn, view.phase, view.side, screen.acting) == (1, "reinforce", 0, 0)
        assert not [u for u in view.units if u.side == 1 and u.kind == "leader" and not u.on_map]
        await auto_place(pilot)
        assert (table.view().phase, screen.acting) == ("move", 0)


async def test_the_automatic_placing_spreads_the_counters_as_the_computer_would_and_esc_stops_it():
    table = wargame_table(WargameConfig(scenario="advanced"), SEED, ("second", "you"), quick_settings())
    start = {label: len(table.view().stack(label)) for label in ("G5", "P7", "N11")}  # over-stacked by the rulebook
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await auto_place(pilot)  # the government's six police and tank
        view = table.view()
        assert (view.phase, view.side) == ("setup", 1)
        assert {label: len(view.stack(label)) for label in start} == start  # none added to an over-stacked hex
        for label in ("J3", "D10", "O2"):  # the Power Plant, the University, the Airport: filled up to the limit
            assert len([u for u in view.stack(label) if u.stacks]) == 3
        screen = pilot.app.screen
        left = len(table.view().queue)
        screen.action_auto_place()  # a, then Esc before the computer's first placement is back
        screen.action_cancel()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.auto_placing is None and len(table.view().queue) == left
        assert pilot.app.screen is screen  # that Esc stopped the placing: it did not ask to leave the game
        await auto_place(pilot)  # the rest of the rebels' set-up
        leaders = [u.hex for u in table.view().units if u.side == 1 and u.is_leader]
        assert len(set(leaders)) >= 2 and leaders.count("C3") <= 2  # two bands at least (two may hold the Radio)


async def test_a_unit_moves_by_cursor_keys_and_enter():
    table = hot_seat()
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await auto_place(pilot, 2)
        screen = pilot.app.screen
        await go_to(pilot, screen, "G5")
        await pilot.press("enter")
        assert screen.plan.mode == "move" and screen.plan.origin == "G5"
        assert len(screen.plan.units) == 4 and screen.plan.chosen == {screen.plan.units[0]}  # over-stacked: the surplus
        await pilot.press("2", "3", "4")
        assert "at most 3 units" in panel(screen)
        for number in "234":
            await pilot.press(number)  # keep only the first police unit ticked
        mover = screen.plan.units[0]
        assert screen.plan.chosen == {mover}
        marks = screen.hexmap.board.marks
        assert marks["G5"] == "selected" and marks["G7"] == "reach"
        await go_to(pilot, screen, "G7")
        await pilot.press("enter")
        await pilot.pause()
        assert table.state.units[mover].hex == "G7"
        assert mover in table.view().moved
        assert screen.plan.mode == "idle"


async def test_the_attack_planner_shows_the_odds_then_rolls_and_asks_the_follow_ups():
    table = hot_seat(script_to_attack=True)
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert table.view().window == "attack"
        await go_to(pilot, screen, ATTACK_TARGET)
        await pilot.press("enter")
        assert screen.plan.mode == "attack" and screen.plan.targets == [ATTACK_TARGET]
        info = panel(screen)
        assert f"Attack {ATTACK_TARGET}: 18 against 3, odds 3-1" in info
        assert screen.crt_lit == ("3-1", 0, "")  # the column is lit before the roll
        await pilot.press("1")  # untick the first attacker: the odds are recomputed
        assert screen.plan.units[0] not in screen.plan.chosen
        assert "15 against 3, odds 3-1" in panel(screen)
        await pilot.press("r")
        await pilot.pause()
        view = table.view()
        assert 1 <= view.last_die <= 6 and screen.crt_lit == ("3-1", view.last_die, view.last_result)
        assert any(e.kind == "combat" and ATTACK_TARGET in e.text for e in view.log)
        for _ in range(10):  # answer the follow-up decisions: a number picks a choice, c confirms the ticks
            if table.view().window not in DECISIONS:
                break
            assert "1 " in panel(screen)
            await pilot.press("c" if screen.picks is not None else "1")
            await pilot.pause()
        assert table.view().window == "attack"
        assert table.view().combat is None


async def test_ending_the_phases_plays_a_whole_turn_and_scores_it():
    table = hot_seat(script_to_attack=True)
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")  # government attack ends
        await pilot.pause()
        assert (table.view().phase, table.view().side) == ("reinforce", 1)
        await auto_place(pilot)  # rebel reinforcements
        await pilot.press("e", "e")  # move, attack
        await pilot.pause()
        view = table.view()
        assert (view.turn, view.phase, view.side) == (2, "reinforce", 0)
        assert any(e.kind == "vp" and e.text.startswith("Turn 1 ends") for e in view.log)
        assert "Turn 2/12" in str(pilot.app.screen.query_one("#wg-status").render())


async def test_a_mouse_click_puts_the_cursor_on_the_hex_and_enter_selects_it():
    table = hot_seat()
    async with app_for(table).run_test(size=(120, 40)) as pilot:
        await auto_place(pilot, 2)
        screen = pilot.app.screen
        x, y = screen.hexmap.layout_of.origin(Hex.parse("N11"))
        await pilot.click("#wg-map", offset=(x + 1, y))
        assert screen.hexmap.cursor == Hex.parse("N11")
        assert "N11 Armory, fortified" in panel(screen)
        await pilot.press("enter")
        assert screen.plan.mode == "move" and screen.plan.origin == "N11"
        await pilot.press("escape")
        await pilot.pause()
        assert screen.plan.mode != "move"
        await pilot.click("#wg-map", offset=(x + 1, y))  # a second click on the cursor's hex is Enter there
        await pilot.pause()
        assert screen.plan.mode == "move" and screen.plan.origin == "N11"


async def test_the_compact_map_scrolls_to_keep_the_cursor_visible_on_a_small_terminal():
    table = hot_seat()
    async with app_for(table).run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.hexmap.compact
        await go_to(pilot, screen, "R13")
        await pilot.pause()
        x, y = screen.hexmap.layout_of.origin(Hex.parse("R13"))
        scroll_x, scroll_y = screen.hexmap.scroll_offset
        width, height = screen.hexmap.scrollable_content_region.size
        assert scroll_x > 0 and scroll_x <= x < scroll_x + width and scroll_y <= y < scroll_y + height


async def test_against_the_computer_the_screen_waits_then_acts_for_you():
    settings = quick_settings()
    table = wargame_table(WargameConfig(turn_limit=1), SEED, ("rule", "you"), settings)
    assert table.levels() == {0: "rule"}
    async with CoupApp(settings, table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.hexmap.compact
        await auto_place(pilot)  # the rebels' set-up; then the computer plays the government's turn
        for _ in range(30):
            await pilot.pause()
            await table.settled()
            await pilot.pause()
            view = table.view()
            if (view.phase, view.side) == ("reinforce", 1):
                break
            assert screen.acting == 1 and view.window in DECISIONS  # e.g. a rebel leader flees
            await pilot.press("c" if screen.picks is not None else "1")
        assert (view.phase, view.side, screen.acting) == ("reinforce", 1, 1)
        assert any(e.text == "Turn 1: government attack" for e in view.log)


async def test_tab_on_the_wargame_start_screen_goes_from_field_to_field():
    async with CoupApp(quick_settings()).run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "g", "g", "s")
        await pilot.pause()
        visited = []
        for _ in range(3):  # Start, Back, then round to the first field: no stop on nothing
            visited.append(pilot.app.focused.id if pilot.app.focused else None)
            await pilot.press("tab")
        assert visited == ["wg-start", "wg-back", "wg-scenario"]


async def test_the_menu_and_the_start_screen_open_on_the_wargame_as_last_started():
    async with CoupApp(Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "g", "g", "s")
        await pilot.pause()
        setup = pilot.app.screen
        assert isinstance(setup, WargameSetupScreen)
        setup.query_one("#wg-scenario", Select).value = "advanced"
        await pilot.pause()
        setup.query_one("#wg-surrender", Checkbox).value = False  # the rulebook's advice, declined
        setup.query_one("#wg-side-0", Select).value = "second"
        setup.query_one("#wg-turns", Input).value = "8"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, WargameScreen)
    async with CoupApp(Settings.saved(bot_delay=0, save_records=False)).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = pilot.app.screen
        assert isinstance(menu, MenuScreen) and menu.game == "wargame"
        await pilot.press("s")
        await pilot.pause()
        setup = pilot.app.screen
        assert isinstance(setup, WargameSetupScreen)
        config, _, players = setup.choices()
        assert config == WargameConfig(scenario="advanced", salvage=True, turn_limit=8) and players == ("second", "you")


async def test_the_menu_opens_the_start_screen_which_builds_the_table_and_help_opens_and_closes():
    app = CoupApp(quick_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3):  # Coup, Reformation, G54, the wargame
            await pilot.press("g")
        await pilot.press("s")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, WargameSetupScreen)
        setup.query_one("#wg-scenario", Select).value = "advanced"
        await pilot.pause()
        assert setup.choices()[0] == WargameConfig(scenario="advanced", salvage=True, surrender=True)
        told = [n.message for n in app._notifications]  # two options changed under the player's eyes: said
        assert told[-1].startswith("Salvage and surrender calls ticked: the rulebook recommends them")
        setup.query_one("#wg-scenario", Select).value = "basic"
        await pilot.pause()
        assert [n.message for n in app._notifications][-1].startswith("Salvage and surrender calls unticked")
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WargameScreen)
        assert screen.table.levels() == {0: "rule"} and screen.table.seat == 1
        assert screen.table.config == WargameConfig()
        await pilot.press("question_mark")
        assert isinstance(app.screen, WargameHelpScreen)
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("escape", "y")  # leave the game: back to the menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def start_screen(pilot) -> WargameSetupScreen:
    """From the menu: the wargame (the fourth game), then its start screen."""
    await pilot.press("g", "g", "g", "s")
    await pilot.pause()
    setup = pilot.app.screen
    assert isinstance(setup, WargameSetupScreen)
    return setup


async def test_the_start_screen_offers_every_computer_level_for_each_side():
    async with CoupApp(quick_settings()).run_test(size=(80, 24)) as pilot:
        setup = await start_screen(pilot)
        offered = [value for _, value in setup.query_one("#wg-side-1", Select)._options]
        assert [level for level in offered if level not in ("you", "second")] == ["rule", "greedy", "classic", "random"]
        setup.query_one("#wg-side-0", Select).value = "you"
        setup.query_one("#wg-side-1", Select).value = "greedy"
        await pilot.press("s")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, WargameScreen)
        assert screen.table.levels() == {1: "greedy"} and screen.table.seat == 0


def test_a_side_saved_as_the_computer_before_the_levels_were_offered_is_the_rule_bot():
    assert remembered({"players": ["computer", "you"]})[1] == ("rule", "you")
    assert remembered({"players": ["expert", "you"]})[1] == ("rule", "you")  # not a wargame level: the default


def counters(label: str, side: int, *kinds: str) -> tuple[Unit, ...]:
    """Units of one side on the map at label."""
    return tuple(Unit(f"{label}-{i}", side, kind, label, "map") for i, kind in enumerate(kinds))


def map_row(view: HexMapView, label: str) -> str:
    """The text line of the map holding the first line of label's hex."""
    return view.text()[view.layout_of.origin(Hex.parse(label))[1]]


def test_a_leader_in_a_stack_shows_even_in_three_characters():
    capitol = counters("I7", GOVERNMENT, GUARDS, POLICE, LEADER)
    band = counters("F6", REBELS, IRREGULAR, LEADER)
    assert [stack_label(capitol, width) for width in (3, 5, 40)] == ["G+L", "G3+ML", "G3P2ML"]
    assert [stack_label(band, width) for width in (3, 5)] == ["i2L", "i2L"]
    view = HexMapView(game_map())
    view.use_compact(True)
    view.show(Board({"I7": capitol, "F6": band}, {}))
    assert "G+L" in map_row(view, "I7")
    assert "i2L" in map_row(view, "F6")


def hex_cells(view: HexMapView, label: str) -> str:
    """The text of label's own cells (both lines when outlined) and, compact, of the gaps either side."""
    slots = view.layout_of.interior_slots(Hex.parse(label))
    if view.compact:
        x, y = slots[0]
        slots = [(x - 1, y), *slots, (x + view.layout_of.slot_width, y)]
    lines = view.text()
    return "".join(lines[y][x] for x, y in slots)


def test_lit_hexes_are_marked_in_the_text_not_only_in_colour():
    stacks = {"H8": counters("H8", GOVERNMENT, GUARDS, POLICE, LEADER)}  # fills its line at either size
    marks = {"E6": "reach", "F6": "reach", "H8": "selected"}  # clear, city, the full hex
    view = HexMapView(game_map())
    for compact in (False, True):
        view.use_compact(compact)
        view.show(Board(stacks, {}))
        assert not any(LIT_MARK in line for line in view.text())
        view.show(Board(stacks, marks))
        assert [LIT_MARK in hex_cells(view, label) for label in marks] == [True] * 3, compact
        assert "#" in hex_cells(view, "F6")  # the city under the marks


def test_counters_in_a_forest_or_city_leave_its_terrain_visible():
    view = HexMapView(game_map())
    view.show(Board({"C2": counters("C2", REBELS, IRREGULAR), "F6": counters("F6", REBELS, IRREGULAR)}, {}))
    assert "i2" in hex_cells(view, "C2") and "^^" in hex_cells(view, "C2")
    assert "i2" in hex_cells(view, "F6") and "##" in hex_cells(view, "F6")


async def test_replay_arrow_keys_keep_stepping_once_the_log_overflows():
    record = play_game(
        WARGAME, WargameConfig(turn_limit=2), 3, [make_bot("wargame", "rule", s) for s in range(2)]
    ).record
    async with ReplayApp(record).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        await pilot.press("end")
        await pilot.pause()
        assert screen.query_one("#log").max_scroll_y > 0  # the log overflows
        last = screen.position
        await pilot.press("left", "left", "right")
        assert screen.position == last - 1
        for _ in range(40):
            await pilot.press("left")
        assert screen.position == last - 41


async def test_a_finished_wargame_says_who_won_and_by_how_much_and_p_plays_it_again():
    settings = quick_settings()
    table = wargame_table(WargameConfig(turn_limit=1), SEED, ("rule", "rule"), settings)
    async with CoupApp(settings, table).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        for _ in range(200):
            await table.settled()
            await pilot.pause()
            if table.view().window == "over":
                break
        assert table.view().window == "over"
        await pilot.pause()
        info = str(screen.query_one("#wg-info").render())
        assert "The game is over" in info and "victory points: government" in info and "p plays again" in info
        keys = {key.description for key in screen.query(FooterKey)}
        assert "Play again" in keys and "Select" not in keys  # nothing left to select
        await pilot.press("p")
        await pilot.pause()
        again = pilot.app.screen
        assert isinstance(again, WargameScreen) and again is not screen
        assert again.table is not table and again.table.config == table.config  # a new game, set up the same
        assert again.table.levels() == {0: "rule", 1: "rule"}


def test_an_aim_refused_says_why_a_lone_leader_is_met_by_moving_in_and_a_unit_attacked_once_a_turn():
    def units_in_o7(*kinds_and_sides: tuple[str, int], defended: frozenset[str] = frozenset()) -> SimpleNamespace:
        units = [Unit(f"u{i}", side, kind, "O7", "map") for i, (kind, side) in enumerate(kinds_and_sides)]
        return SimpleNamespace(units=units, defended=defended)

    lone_rebel = units_in_o7((LEADER, REBELS))
    assert aim_refusal(lone_rebel, GOVERNMENT, "O7") == (
        "A leader alone cannot be attacked: end a combat unit's move in O7 to make him flee."
    )
    assert "string up the Maximum Leader" in aim_refusal(units_in_o7((LEADER, GOVERNMENT)), REBELS, "O7")
    guarded = units_in_o7((LEADER, REBELS), (IRREGULAR, REBELS))
    assert aim_refusal(guarded, GOVERNMENT, "N7") == "Aim at a hex of enemy units next to yours."
    attacked = units_in_o7((LEADER, REBELS), (IRREGULAR, REBELS), defended=frozenset({"u1"}))
    assert aim_refusal(attacked, GOVERNMENT, "O7").startswith("The units in O7 were attacked already this turn")


async def test_the_cursor_starts_on_one_of_the_players_own_stacks():
    state = board(phase="move", side=REB)
    put(state, GOV, "police", "G5")  # the government's stacks come first in the counters' order
    put(state, REB, "mob", "C3")
    local = wargame_table(state.config, 7, ("rule", "you"), quick_settings())
    local.table.state = state
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, WargameScreen) and screen.hexmap.cursor.label == "C3"


async def test_enter_in_the_seed_field_starts_the_wargame_with_that_seed():
    async with CoupApp(quick_settings()).run_test(size=(80, 24)) as pilot:
        setup = await start_screen(pilot)
        setup.query_one("#wg-seed", Input).focus()
        await pilot.press("1", "1", "enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, WargameScreen) and screen.table.table.seed == 11


async def test_a_surrender_call_the_odds_do_not_allow_is_refused_and_the_attack_still_rolls():
    state = board(phase="attack", side=GOV, surrender=True)
    put(state, GOV, "tank", "L4")
    put(state, REB, "irregular", "M4")  # 4 against 2: 2-1, and M4 is not surrounded
    local = table_at(state)
    async with app_for(local).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        await go_to(pilot, screen, "M4")
        await pilot.press("enter")
        assert screen.plan.mode == "attack" and screen.plan.targets == ["M4"]
        await pilot.press("s")
        await pilot.pause()
        assert not screen.plan.surrender
        assert any("only at 3-1" in str(note.message) for note in pilot.app._notifications)
        await pilot.press("r")
        await pilot.pause()
        assert any(e.kind == "combat" and "M4" in e.text for e in local.view().log)


@pytest.mark.parametrize("help_screen", [lambda: WargameHelpScreen(WargameConfig()), lambda: HelpScreen(card_rules())])
async def test_arrow_keys_faster_than_the_screen_is_drawn_each_scroll_the_help_a_line(help_screen):
    """A held Down key: fifteen presses before a refresh once moved the help a single line."""
    async with app_for(hot_seat()).run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(help_screen())
        await pilot.pause()
        scroll = pilot.app.screen.query_one("#rules")
        for _ in range(15):
            scroll.action_scroll_down()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        assert scroll.scroll_y == 15
        for _ in range(5):
            scroll.action_scroll_up()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        assert scroll.scroll_y == 10
