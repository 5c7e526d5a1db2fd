"""The chat line and the join-by-code prompt through the keyboard, on a real host over 127.0.0.1: the lobby's chat,
a card table's and the wargame's, shown as plain text; private tables made and joined by code; none of it at a
local table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import RichLog, Static

from netplay.host import Host
from netplay.identity import shown_code
from tests.net_helpers import Message, RawPeer, eventually, running_host
from tests.test_tui_net import create_table, fill_and_start, wait_for
from tests.test_tui_wargame import app_for, hot_seat
from tests.tui_helpers import app_on, frozen_table, quick_settings
from tui.app import CoupApp
from tui.screens.confirm import ConfirmDialog
from tui.screens.join_code import JoinCodeDialog
from tui.screens.lobby import LobbyScreen
from tui.screens.wargame import WargameScreen
from tui.widgets.chat import LOCAL, ChatLine, ChatPane
from tui.widgets.row_list import RowList

PAINTED = "\x1b[31m[bold red]hello[/bold red]\x1b]0;pwned\x07 \u202eevil"
SHOWN = "[bold red]hello[/bold red] evil"


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[tuple[Host, int]]:
    """A host on 127.0.0.1 whose computer opponents answer at once."""
    async with running_host(tmp_path / "host") as served:
        yield served


def joining(port: int) -> CoupApp:
    """The app straight onto the host's lobby, as `coup join` opens it."""
    return CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)


def shown(log: RichLog) -> str:
    """The text a log shows, line by line."""
    return "\n".join(line.text for line in log.lines)


async def type_text(pilot: Any, text: str) -> None:
    """Type text key by key."""
    await pilot.press(*("space" if ch == " " else ch for ch in text))


async def say(pilot: Any, text: str) -> None:
    """Open the chat line with its key, type text and send it."""
    await pilot.press("apostrophe")
    await pilot.pause()
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def new_table(pilot: Any, choices: dict[str, Any]) -> LobbyScreen:
    """From the lobby, make a table in the new-table dialog with its fields set to choices (by id) and sit at it."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    lobby = app.screen
    await pilot.press("n")
    await pilot.pause()
    for field, value in choices.items():
        app.screen.query_one(f"#{field}").value = value
        await pilot.pause()
    await pilot.press("c")
    await wait_for(pilot, lambda: lobby.my_table is not None)
    return lobby


async def heard(peer: RawPeer, text: str) -> Message:
    """The chat line saying text that reaches peer."""
    return await peer.expect(lambda m: m.get("type") == "chat" and m.get("text") == text)


async def test_the_lobby_chat_line_speaks_and_shows_what_others_say_as_plain_text(host):
    _, port = host
    bo = await RawPeer.greeted(port, "Bo")
    app = joining(port)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        pane = app.screen.query_one(ChatPane)
        assert not pane.display  # nothing said yet: the tables have the room
        await say(pilot, "hi all")
        line = await heard(bo, "hi all")
        assert (line["scope"], line["name"]) == ("lobby", "Player")
        await wait_for(pilot, lambda: "» Player: hi all" in shown(pane))
        assert not app.screen.query_one(ChatLine).display  # closed once sent

        assert (await bo.request({"type": "chat", "text": PAINTED}))["type"] == "ok"
        await wait_for(pilot, lambda: f"» Bo: {SHOWN}" in shown(pane))
        await pilot.press("apostrophe", "x", "escape")  # Esc closes the line unsaid, and no key is lost after it
        await pilot.pause()
        assert not app.screen.query_one(ChatLine).display
        await pilot.press("n")
        await wait_for(pilot, lambda: not isinstance(app.screen, LobbyScreen))


async def test_a_card_table_shows_chat_apart_from_the_game_and_its_line_speaks(host):
    server, port = host
    app = joining(port)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await create_table(pilot)
        table_id = lobby.my_table
        bo = await RawPeer.greeted(port, "Bo")
        assert (await bo.request({"type": "join", "table": table_id}))["type"] == "joined"
        screen = await fill_and_start(pilot, server, lobby)
        assert screen.check_action("chat", ()) is True
        await say(pilot, "good luck")
        line = await heard(bo, "good luck")
        assert (line["scope"], line["name"], line["seat"]) == ("table", "Player", 0)

        assert (await bo.request({"type": "chat", "text": PAINTED}))["type"] == "ok"
        log = screen.query_one("#log", RichLog)
        await wait_for(pilot, lambda: f"» Bo: {SHOWN}" in shown(log))
        assert "» Player: good luck" in shown(log)
        assert app.focused is None or not isinstance(app.focused, ChatLine)


async def test_the_wargame_screen_chats_at_a_network_table(host):
    server, port = host
    app = joining(port)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await new_table(pilot, {"new-game": "wargame"})
        watcher = await RawPeer.greeted(port, "Wat")
        assert (await watcher.request({"type": "spectate", "table": lobby.my_table}))["type"] == "spectating"
        await pilot.press("f")
        await wait_for(pilot, lambda: all(s.kind != "open" for s in server.tables[lobby.my_table].seats))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, WargameScreen))
        await say(pilot, "for the junta")
        line = await heard(watcher, "for the junta")  # a spectator hears the players
        assert (line["scope"], line["name"]) == ("table", "Player")
        log = app.screen.query_one("#wg-log", RichLog)
        await wait_for(pilot, lambda: "» Player: for the junta" in shown(log))
        assert app.screen.query_one(ChatLine).placeholder.startswith("Say something (")  # a player: all hear it


async def test_a_private_table_is_made_in_the_dialog_and_joined_with_the_code_prompt(host):
    server, port = host
    app = joining(port)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await new_table(pilot, {"new-private": True, "new-no-watchers": True})
        table = server.tables[lobby.my_table]
        assert table.code is not None and not table.watchers and lobby.my_code == table.code
        help_line = str(lobby.query_one("#lobby-help", Static).render())
        assert shown_code(table.code) in help_line
        grid = lobby.query_one("#tables", RowList)
        await wait_for(pilot, lambda: grid.row_count and "private · no watchers" in grid.rows[0][2])
        await pilot.press("escape")  # asks first: the seat is given up with the connection
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert table.seats[0].conn
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "Your seat at table" in app.screen.question and "is given up" in app.screen.question
        await pilot.press("y")
        await wait_for(pilot, lambda: not table.seats[0].conn)

    ana = await RawPeer.greeted(port, "Ana")
    created = await ana.request({"type": "create", "players": 2, "private": True})
    code, table_id = created["code"], created["table"]["id"]
    assert (await ana.request({"type": "join", "table": table_id, "seat": 0, "code": code}))["type"] == "joined"
    bo = await RawPeer.greeted(port, "Bo")
    public = (await bo.request({"type": "create", "players": 2}))["table"]["id"]
    app = joining(port)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        await wait_for(pilot, lambda: public in [t["id"] for t in lobby.tables])
        assert table_id not in [t["id"] for t in lobby.tables]
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinCodeDialog))
        dialog = app.screen
        assert not dialog.query("#code-resume")  # coup join comes back by itself: no resume code to misplace
        await type_text(pilot, "nope")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # not a code: said so here, and nothing sent to be counted as a wrong guess
        assert "8 letters and digits" in str(dialog.query_one(".dialog-help", Static).render())
        assert not server.codes.by_identity._overall
        await pilot.press(*["backspace"] * 4)
        await type_text(pilot, shown_code(code).lower())
        await pilot.press("enter")
        await wait_for(pilot, lambda: lobby.my_table == table_id)
        assert server.tables[table_id].seats[1].name == "Player"
        await eventually(lambda: lobby.my_code == code)
        help_line = str(lobby.query_one("#lobby-help", Static).render())
        assert shown_code(code) in help_line and "Ana, who created it, starts it" in help_line  # not "s starts"
        assert lobby.check_action("start", ()) is None and lobby.check_action("fill", ("rule",)) is None  # greyed out
        assert lobby.check_action("chat", ()) is True


async def test_at_a_local_table_the_chat_key_says_chat_is_for_network_tables():
    said: list[str] = []
    for app in (app_on(frozen_table(seed=11, script=[], first=0)), app_for(hot_seat())):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            said.clear()
            app.screen.notify = lambda text, **_: said.append(text)  # type: ignore[method-assign]
            assert app.screen.check_action("chat", ()) is False  # not in the footer
            await pilot.press("apostrophe")
            await pilot.pause()
            assert said == [LOCAL]
            assert not app.screen.query_one(ChatLine).display
