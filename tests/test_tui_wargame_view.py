"""Pilot tests of what the wargame's map screen keeps in view: the selected stack and its reach on a short map, the
column letters and row numbers while the map scrolls, a log wrapped at its width, and cut stacks marked "+"."""

from __future__ import annotations

from itertools import combinations_with_replacement

from rich.console import Console
from rich.text import Text
from textual.widgets import RichLog

from core.wargame.board import game_map
from core.wargame.units import ARMY, GOVERNMENT, GUARDS, HELICOPTER, IRREGULAR, LEADER, MOB, POLICE, REBELS, TANK
from hexgrid.coords import Hex, column_letters
from tests.test_tui_wargame import ATTACK_TARGET, app_for, auto_place, counters, go_to, hex_cells, hot_seat, panel
from tests.wargame_helpers import REB, board, put
from tests.wargame_screens import table_at
from tui.screens.wargame import DECISIONS, WargameScreen
from tui.widgets.hexmap import HEADER_ROWS, SIDE_STYLE, Board, HexMapView
from tui.widgets.wargame_text import stack_label

BAND = (IRREGULAR, IRREGULAR, MOB, LEADER)  # "i2x2m1L": 2 irregulars, a mob and a rebel leader


def shown_rows(view: HexMapView) -> range:
    """The map's text rows on screen below the column letters (which do not scroll)."""
    top = view.scroll_offset.y
    return range(top + HEADER_ROWS, top + view.scrollable_content_region.height)


def in_view(view: HexMapView, label: str) -> bool:
    """Whether the first line of label's hex is on screen, right of the row numbers (which do not scroll)."""
    x, y = view.layout_of.origin(Hex.parse(label))
    scroll_x = view.scroll_offset.x
    shown = range(scroll_x + view.layout_of.left, scroll_x + view.scrollable_content_region.width)
    return y in shown_rows(view) and x in shown and x + view.layout_of.slot_width - 1 in shown


async def test_a_stack_selected_low_on_a_short_map_stays_in_view_with_its_reach():
    async with app_for(hot_seat()).run_test(size=(80, 24)) as pilot:
        await auto_place(pilot, 2)
        screen = pilot.app.screen
        assert isinstance(screen, WargameScreen)
        for label in ("N11", "D10"):
            await go_to(pilot, screen, label)
            await pilot.press("enter")  # the unit list takes rows from the map (as many as its units)
            await pilot.pause()
            await pilot.pause()
            view = screen.hexmap
            assert screen.plan.origin == label
            assert len(shown_rows(view)) < game_map().rows or len(screen.pick_list.rows) <= 3  # (a short list fits)
            assert in_view(view, label)
            reach = [hex for hex, mark in view.board.marks.items() if mark == "reach"]
            assert reach and all(in_view(view, hex) for hex in reach)  # the reach fits: it is all shown
            assert view.render_line(0).text.split() == [column_letters(col) for col in range(game_map().cols)]
            await pilot.press("escape")


async def test_the_column_letters_and_row_numbers_stay_while_the_map_scrolls():
    async with app_for(hot_seat()).run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        await go_to(pilot, screen, "R13")
        await pilot.pause()
        view = screen.hexmap
        scroll_x, scroll_y = view.scroll_offset
        assert scroll_x > 0 and scroll_y > 0 and in_view(view, "R13")
        assert view.render_line(0).text.split()[-1] == "R"
        rows = [view.render_line(y).text[: view.layout_of.left].strip() for y in range(1, len(shown_rows(view)) + 1)]
        assert rows == [str(y) for y in shown_rows(view)]  # compact: a row of text per row of hexes
        x, y = view.layout_of.origin(Hex.parse("P12"))  # a click lands on the hex drawn there
        await pilot.click("#wg-map", offset=(x - scroll_x, y - scroll_y))
        assert view.cursor == Hex.parse("P12")


def log_text(log: RichLog) -> list[str]:
    """The log's lines as they are drawn."""
    return [strip.text.rstrip() for strip in log.lines]


def wrapped(texts: list[str], width: int) -> list[str]:
    """texts wrapped at width, as a log of that width shows them (a text repeated at once counted on its line)."""
    console = Console(width=width)
    runs: list[list] = []
    for text in texts:
        if runs and runs[-1][0] == text:
            runs[-1][1] += 1
        else:
            runs.append([text, 1])
    lines = [text if times == 1 else f"{text} (×{times})" for text, times in runs]
    return [line.plain.rstrip() for text in lines for line in Text(text).wrap(console, width)]


async def test_the_log_wraps_every_entry_at_its_width_even_those_written_while_it_was_hidden():
    table = hot_seat(script_to_attack=True)
    async with app_for(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        log = screen.query_one("#wg-log", RichLog)
        await go_to(pilot, screen, ATTACK_TARGET)
        await pilot.press("enter", "r")  # the compact CRT takes the log's place until the attacks are over
        await pilot.pause()
        assert not log.display
        for _ in range(10):
            if table.view().window not in DECISIONS:
                break
            await pilot.press("c" if screen.picks is not None else "1")
            await pilot.pause()
        await pilot.press("e")  # the attacks are over: the log is back
        await pilot.pause()
        await pilot.pause()
        assert log.display
        texts = [event.text for event in table.view().log]  # the latest events, the attack's among them
        assert any(ATTACK_TARGET in text for text in texts)
        width = log.scrollable_content_region.width
        expected = wrapped(texts, width)
        assert log_text(log)[-len(expected) :] == expected
        await pilot.press("L")  # the big log is wider: every entry wraps again
        await pilot.pause()
        await pilot.pause()
        assert log.scrollable_content_region.width > width
        expected = wrapped(texts, log.scrollable_content_region.width)
        assert log_text(log)[-len(expected) :] == expected
        await pilot.press("L")  # back beside the panel, shorter and narrower: wrapped again, the end in view
        await pilot.pause()
        await pilot.pause()
        expected = wrapped(texts, width)
        assert log_text(log)[-len(expected) :] == expected and log.is_vertical_scroll_end


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


def test_a_hex_both_sides_stand_in_shows_both_each_in_its_colour():
    shared = (*counters("P7", GOVERNMENT, ARMY), *counters("P7", REBELS, ARMY, ARMY))
    assert [stack_label(shared, width) for width in (3, 5, None)] == ["A/a", "A3/a3", "A3/a3x2"]
    view = HexMapView(game_map())
    for compact in (False, True):
        view.use_compact(compact)
        view.show(Board({"P7": shared}, {}))
        y = view.layout_of.interior_slots(Hex.parse("P7"))[0][1]
        line = view._lines[y]  # the map's own strips, unscrolled
        text = "".join(segment.text for segment in line)
        colours = [segment.style.color if segment.style else None for segment in line for _ in segment.text]
        label = "A3/a3" if "A3/a3" in text else "A/a"
        start = text.index(label)
        assert colours[start] == SIDE_STYLE[GOVERNMENT].color, compact
        assert colours[text.index("a", start)] == SIDE_STYLE[REBELS].color, compact


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
