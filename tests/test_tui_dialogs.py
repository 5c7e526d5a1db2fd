"""A decision dialog closes, unanswered, the moment its window is no longer this seat's to answer: the response
clock answered for it, or another seat moved the game on; keys then go to the table again. A window's dialog waits
for the player even with one answer (a pair to lose one of): answered at once, its timing would tell the table."""

from __future__ import annotations

from textual.screen import Screen

from core.cards.moves import Move
from core.cards.rules import DUKE
from core.cards.state import CoupConfig
from core.registry import make_bot
from netplay.host import Host
from netplay.table import LocalTable, Table
from tests.test_tui_net import create_table, fill_and_start, wait_for
from tests.tui_helpers import NAMES, app_on, find_seed, frozen_table, quick_settings
from tui.app import CoupApp
from tui.screens.confirm import ConfirmDialog
from tui.screens.listening import while_up
from tui.screens.pick_card import PickCardDialog
from tui.screens.table import MOVED_ON, TIMED_OUT, TableScreen
from tui.screens.target import TargetDialog


def log_text(screen: TableScreen) -> str:
    return "\n".join(str(line.text) for line in screen.query_one("#log").lines)


async def test_a_dialog_stays_while_others_pass_and_closes_when_another_seat_challenges():
    table = frozen_table(11, [(1, Move("tax"))], first=1)  # Natasha claims the Duke: everyone else may challenge
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("c")
        assert isinstance(app.screen, ConfirmDialog)
        table.submit_as(2, Move("pass"))  # the same window stays open: the question stands
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        table.submit_as(3, Move("challenge"))  # Haig challenges first: the window has moved on
        await pilot.pause()
        assert app.screen is screen
        assert MOVED_ON in log_text(screen) and table.view().window == "prove"
        assert not any(seat == 0 for seat, _ in table.record.moves)  # nothing was answered for us
        await pilot.press("k")  # keys go to the table again
        assert not app.settings.confirm


async def test_a_player_holding_a_pair_is_asked_which_to_lose_and_nothing_answers_for_them():
    seed = find_seed(1, lambda s: s.hands[0][0] == s.hands[0][1] and DUKE in s.hands[1])
    pair = frozen_table(seed, [(1, Move("tax")), (0, Move("challenge")), (1, Move("prove"))], first=1)
    card = pair.view().hands[0][0]
    app = app_on(pair)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickCardDialog) and app.screen.cards == [card]
        assert pair.view().window == "lose" and len(pair.record.moves) == 3  # the one answer waits for the player
        await pilot.press("1")
        await pilot.pause()
    assert pair.record.moves[-1] == (0, {"kind": "reveal", "card": card})


def local_table_with_a_clock(seconds: float) -> LocalTable:
    """Four players, the person first, computer opponents that answer at once, and a response clock."""
    config = CoupConfig(players=4, names=NAMES, first_player=0)
    bots = {seat: "rule" for seat in (1, 2, 3)}
    return LocalTable(Table("coup", config, 5, bots, bot_delay=0, save_records=False, response_timeout=seconds))


async def test_the_response_clock_closes_the_open_dialog_and_the_next_key_plays():
    table = local_table_with_a_clock(600)  # the dialog opens long before it runs out, however busy the machine
    app = app_on(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: table.view().window == "action" and table.view().active == 0)
        await pilot.press("s")  # steal: whom from?
        assert isinstance(app.screen, TargetDialog)
        assert table.table.deadline is not None
        table.table.pause()  # then the clock starts afresh, short
        table.table.response_timeout = 0.2
        table.table.resume()
        await wait_for(pilot, lambda: not isinstance(app.screen, TargetDialog), seconds=5)
        assert TIMED_OUT in log_text(screen)
        assert table.record.moves[0][0] == 0  # the clock answered for us
        table.table.response_timeout = None  # no more clocks: the rest of the test plays by hand
        table.table.close()
        bots = {seat: make_bot("coup", "rule", seat) for seat in range(4)}
        while not (table.view().window == "action" and table.view().active == 0):
            mover = table.game.to_act(table.state)[0]
            table.apply_move(mover, bots[mover].choose(table.table.view(mover)))
        await pilot.pause()
        assert app.screen is screen
        played = len(table.record.moves)
        await pilot.press("i")
        assert table.record.moves[played] == (0, {"kind": "income"})


async def test_a_remote_dialog_closes_when_the_hosts_clock_answers(tmp_path):
    server = Host(data_dir=tmp_path / "host", bot_delay=5)  # the game waits while the test looks
    port = await server.start("127.0.0.1", 0)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await create_table(pilot)
            waiting = server.tables[lobby.my_table]
            waiting.timer = 2.0  # below what a create may ask, to keep the test short
            waiting.options = {**waiting.options, "first_player": lobby.remote.seat}  # our turn comes first
            await fill_and_start(pilot, server, lobby)
            screen = app.screen
            remote = screen.table
            await wait_for(pilot, lambda: remote.view().window == "action" and remote.view().active == remote.seat)
            await pilot.press("s")
            assert isinstance(app.screen, TargetDialog)
            await wait_for(pilot, lambda: not isinstance(app.screen, TargetDialog), seconds=5)
            assert app.screen is screen
            notice = "Time ran out: the computer answers for you."  # (the others read "… for Player.")
            # the host's notice first, then the computer's answer, whatever it chose
            await wait_for(pilot, lambda: "\nYou " in log_text(screen).partition(notice)[2])
            assert log_text(screen).count("Time ran out") == 1
            await pilot.press("k")  # keys go to the table again
            assert not app.settings.confirm
    finally:
        await server.stop()


async def test_a_screen_taken_down_hears_no_more_from_its_table():
    app = app_on(frozen_table(11, []))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = Screen[None]()
        await app.push_screen(dialog)
        heard: list[int] = []
        listener = while_up(dialog, heard.append)
        listener(1)
        await app.pop_screen()  # Textual removes its widgets before its unmount drops the table's listener
        await pilot.pause()
        listener(2)
        assert heard == [1]
