"""Pilot tests that the card tables fit 80x24 at every player count (every seat's words whole, the log at least 8
lines) and that no dialog runs off the screen: too much content scrolls."""

from __future__ import annotations

import pytest
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import RichLog

from tests.tui_g54_helpers import dealt_g54
from tests.tui_helpers import app_on, bot_moves, lived_in, played_out, quick_settings
from tui.screens.confirm import ConfirmDialog
from tui.screens.examine import ExamineDialog
from tui.screens.exchange import ExchangeDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.log_view import LogScreen
from tui.screens.pace import PaceDialog
from tui.screens.pick_card import PickCardDialog
from tui.screens.target import TargetDialog
from tui.widgets.seat_panel import SeatList, SeatPanel

LOG_LINES = 8
SIZES = [("coup", n) for n in (2, 4, 6)] + [("reformation", n) for n in (2, 6, 8, 10)] + [("g54", n) for n in (2, 4, 6)]


def crowded(game: str, players: int):
    """A lived-in table of game and players."""
    if game == "g54":
        return bot_moves(dealt_g54(53, selection="advanced", players=players), 6 * players, seed=53)
    return lived_in(game, players, 5, 4 * players)


def words_of(seat) -> list[str]:
    """What a seat's box or line must show whole: its lost cards, claims and tokens."""
    return [*seat.revealed, *seat.claims, *getattr(seat, "tokens", ())]


def shown(widget: Widget) -> str:
    """What widget shows, checking nothing of it falls below its bottom edge."""
    lines = widget.render().plain.split("\n")
    assert len(lines) <= widget.content_size.height, f"{widget} needs {len(lines)} lines"
    assert all(len(line) <= widget.content_size.width for line in lines)
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize(("game", "players"), SIZES, ids=lambda v: str(v))
async def test_every_table_fits_80x24(game, players):
    local = crowded(game, players)
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        screen = pilot.app.screen
        assert screen.query_one("#log").region.height >= LOG_LINES
        view = local.view()
        seat_list = screen.query_one(SeatList)
        listed = shown(seat_list) if seat_list.display else ""
        for seat in view.players:
            if seat.seat == view.viewer:
                text = shown(screen.query_one("#me", SeatPanel))
            else:
                panel = screen.query_one(f"#seat-{seat.seat}", SeatPanel)
                text = listed if seat_list.display else shown(panel)
            for word in [seat.name if seat.seat != view.viewer and seat_list.display else "", *words_of(seat)]:
                assert " ".join(word.split()) in text, f"{word!r} not whole in {text!r}"


def overflowing_dialogs():
    """A dialog of each kind with more than 80x24 can hold."""
    long = "A question far longer than any the game asks, to fill the dialog. " * 20
    return {
        "target": TargetDialog(long, [(seat, f"Player {seat} — 2 coins") for seat in range(20)]),
        "pick_card": PickCardDialog(long, ["Duke", "Captain", "Contessa", "Assassin", "Ambassador"], long),
        "confirm": ConfirmDialog(long),
        "examine": ExamineDialog(long, "Duke"),
        "exchange": ExchangeDialog(("Duke", "Captain"), ("Contessa", "Assassin", "Duke"), long),
        "game_over": GameOverScreen(played_out("reformation", 10, 5).view(), long),
        "pace": PaceDialog(quick_settings()),
    }


@pytest.mark.parametrize("kind", list(overflowing_dialogs()))
async def test_no_dialog_runs_off_the_screen_it_scrolls(kind):
    async with app_on().run_test(size=(80, 24)) as pilot:
        dialog = overflowing_dialogs()[kind]
        await pilot.app.push_screen(dialog)
        for _ in range(3):
            await pilot.pause()
        box = dialog.query_one(".dialog-box", Vertical)
        assert box.region.y >= 0 and box.region.bottom <= 23  # the footer keeps the last line
        if kind != "pace":
            assert box.max_scroll_y > 0
        box.scroll_end(animate=False)
        await pilot.pause()
        last = box.children[-1]  # the end of the dialog is in view
        assert box.region.y <= last.region.bottom <= box.region.bottom


async def test_the_game_over_marks_held_and_lost_cards_and_opens_the_whole_log():
    local = played_out("reformation", 10, 5)
    async with app_on(local).run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        over = pilot.app.screen
        assert isinstance(over, GameOverScreen)
        hands = over.query_one("#hands").render().plain
        winner = local.view().players[local.winner()]
        assert f"★ {winner.name}" in hands and "held: " in hands
        assert hands.count("lost: ") == sum(1 for seat in local.view().players if seat.revealed)
        await pilot.press("l")
        await pilot.pause()
        log = pilot.app.screen
        assert isinstance(log, LogScreen) and len(log.query_one(RichLog).lines) >= len(over.log_lines) > 40
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is over


async def test_the_table_log_wraps_again_when_the_terminal_grows_or_shrinks():
    local = bot_moves(dealt_g54(3), 12)  # G54's roles share the log's row: at 80 columns it is narrow
    async with app_on(local).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = pilot.app.screen.query_one("#log", RichLog)
        wide = len(log.lines)
        await pilot.resize_terminal(80, 24)
        for _ in range(3):
            await pilot.pause()
        narrow = len(log.lines)
        assert narrow > wide  # wrapped again at 80 columns: more lines
        assert all(line.cell_length <= log.scrollable_content_region.width for line in log.lines)
        await pilot.resize_terminal(120, 40)
        for _ in range(3):
            await pilot.pause()
        assert len(log.lines) == wide  # and back: old lines take the whole width again
