"""The expert from the menu and the lobby: offered for the card games (not the wargame), seated when chosen."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Select, Static
from textual.widgets._footer import FooterKey

from core.cards.coach import Advice, advise
from core.cards.state import CoupConfig
from netplay.host import Host
from netplay.table import LocalTable, Table
from tests.net_helpers import running_host
from tests.test_tui_net import create_table, fill_and_start, wait_for
from tests.tui_helpers import app_on, frozen_table, quick_settings
from tui.app import CoupApp
from tui.screens import coach
from tui.screens.coach import FAILED, THINKING, CoachPanel
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.table import TableScreen
from tui.widgets.row_list import RowList


async def test_the_menu_offers_the_expert_for_card_games_and_seats_it():
    app = app_on()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        level = menu.query_one("#level-1", Select)
        level.value = "expert"  # refused (InvalidSelectValueError) were it not offered
        menu.query_one("#game", Select).value = "wargame"
        await pilot.pause()
        assert level.value == "rule"
        menu.query_one("#game", Select).value = "g54"
        await pilot.pause()
        level.value = "expert"
        menu.query_one("#game", Select).value = "reformation"
        await pilot.pause()
        assert level.value == "expert"
        await pilot.press("s")
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert screen.table.levels()[1] == "expert"


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[tuple[Host, int]]:
    """A host on 127.0.0.1 whose computer opponents answer at once."""
    async with running_host(tmp_path / "host") as served:
        yield served


async def test_the_lobby_fills_a_table_with_experts_that_the_host_runs(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = await create_table(pilot)
        await pilot.press("e")
        seats = server.tables[lobby.my_table].seats
        await wait_for(pilot, lambda: all(s.kind != "open" for s in seats))
        assert [s.level for s in seats[1:]] == ["expert"] * (len(seats) - 1)
        rows = lobby.query_one("#tables", RowList)
        await wait_for(pilot, lambda: rows.row_count == 1 and "(expert)" in rows.render_line(1).text)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = server.tables[lobby.my_table].table
        assert {bot.name for bot in table.bots.values()} == {"expert"}
        await wait_for(pilot, lambda: table.state.version > 0 or 0 in table.game.to_act(table.state), 30)


async def test_the_coach_reads_the_players_own_view_and_names_the_experts_move():
    app = app_on(frozen_table(4, []))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("h")
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, CoachPanel) and panel.view.viewer == 0 and panel.view == screen.table.view()
        await wait_for(pilot, lambda: str(panel.query_one("#coach-text", Static).render()) != THINKING, 30)
        text = str(panel.query_one("#coach-text", Static).render())
        assert "The expert plays:" in text and "games played out" in text
        await pilot.pause()
        assert panel.query_one("#coach-box").max_scroll_y == 0  # all of it in 40 rows: no paging keys that do nothing
        assert not {"More", "Back"} & {key.description for key in panel.query(FooterKey)}
        for seat in (1, 2, 3):
            assert screen.table.names[seat] in text
        await pilot.press("h")
        await pilot.pause()
        assert app.screen is screen


async def test_the_coach_reads_the_table_when_another_player_decides_and_its_panel_scrolls():
    app = app_on(frozen_table(4, [], first=1))  # Natasha's turn: nothing for the player to decide (it crashed)
    async with app.run_test(size=(80, 12)) as pilot:
        screen = app.screen
        assert not screen.table.view().legal
        await pilot.press("h")
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, CoachPanel)
        await wait_for(pilot, lambda: str(panel.query_one("#coach-text", Static).render()) != THINKING, 30)
        text = str(panel.query_one("#coach-text", Static).render())
        assert text.startswith("Nothing for you to decide now") and screen.table.names[3] in text
        box = panel.query_one("#coach-box")
        assert box.max_scroll_y > 0  # 12 rows cannot hold it all: the keys reach the rest, and the footer says so
        assert {"More", "Back"} <= {key.description for key in panel.query(FooterKey)}
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y


def footer_keys(screen) -> list[str]:
    return [key.description for key in screen.query(FooterKey)]


async def test_the_footer_shows_the_coach_key_where_the_coach_helps_after_the_others():
    app = app_on(frozen_table(4, []))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        keys = footer_keys(app.screen)
        assert keys[-1] == "Coach" and "Leave game" in keys  # last: at 80 columns the others show first


async def test_the_coach_is_off_at_a_network_table(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await fill_and_start(pilot, server, await create_table(pilot))
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.table.has_view())
        await pilot.pause()
        assert "Coach" not in footer_keys(app.screen)  # no key offered that only says no
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "This table does not allow the coach." in [n.message for n in app._notifications]


async def test_the_coach_helps_at_a_network_table_made_to_allow_it(host):
    server, port = host
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#new-coach", Checkbox).value = True
        await pilot.press("c")
        await wait_for(pilot, lambda: lobby.my_table is not None)
        assert server.tables[lobby.my_table].coach
        await fill_and_start(pilot, server, lobby)
        await wait_for(pilot, lambda: app.screen.table.has_view())
        await wait_for(pilot, lambda: "Coach" in footer_keys(app.screen))
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, CoachPanel))
        assert app.screen.view.viewer == 0


async def test_the_coach_stays_shut_in_the_two_player_variant():
    config = CoupConfig(players=2, two_player_variant=True)
    table = LocalTable(Table("coup", config, 3, bots={}, bot_delay=0, save_records=False))
    for seat in (0, 1):  # both choose their first card: the game is under way
        table.apply_move(seat, table.view_as(seat).legal[0])
    assert table.view().window == "action"
    app = app_on(table)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert not isinstance(app.screen, CoachPanel)


async def open_coach(pilot: Any) -> tuple[Any, CoachPanel]:
    """Press h at the table: (the table's screen, the coach panel it opened)."""
    screen = pilot.app.screen
    await pilot.press("h")
    panel = pilot.app.screen
    assert isinstance(panel, CoachPanel)
    return screen, panel


async def test_the_coachs_advice_after_its_panel_closed_is_dropped(monkeypatch):
    """It ended SSH sessions with NoMatches '#coach-text': the advice arrived once the panel had gone."""
    gate = threading.Event()

    def slow_advise(*args: Any, **kwargs: Any) -> Advice:
        gate.wait(10)
        return advise(*args, **kwargs)

    monkeypatch.setattr(coach, "advise", slow_advise)
    app = app_on(frozen_table(4, []))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, panel = await open_coach(pilot)
        (worker,) = panel.workers
        await pilot.press("h")
        await wait_for(pilot, lambda: app.screen is screen)
        gate.set()  # the advice comes now, the panel gone
        await pilot.pause(0.5)
        panel.show("late advice")  # and nothing to write it in: nothing is, nothing raised
        assert worker.is_cancelled
        assert app.return_code is None and app.screen is screen
        for _ in range(4):  # opened and shut at speed: no trace either
            await pilot.press("h", "h")
        await pilot.press("h")  # and the coach still answers
        await wait_for(pilot, lambda: str(app.screen.query_one("#coach-text", Static).render()) != THINKING, 30)


async def test_a_coach_that_fails_says_so_and_the_session_goes_on(monkeypatch):
    def broken(*args: Any, **kwargs: Any) -> Advice:
        raise RuntimeError("a bug in the analysis")

    monkeypatch.setattr(coach, "advise", broken)
    app = app_on(frozen_table(4, []))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, panel = await open_coach(pilot)
        await wait_for(pilot, lambda: str(panel.query_one("#coach-text", Static).render()) == FAILED)
        await pilot.press("h")
        await pilot.pause()
        assert app.return_code is None and app.screen is screen
