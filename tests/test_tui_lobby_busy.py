"""The lobby of a busy host: pages turn although broadcasts come faster than answers, and names show as typed."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Static

from netplay.client import Client
from tests.test_tui_net import host, wait_for  # noqa: F401  (host is a fixture)
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens.join import connect_to
from tui.screens.lobby import LobbyScreen
from tui.widgets.row_list import RowList

MARKUP_NAME = "[b]Eve[/b] [i]x"


async def make_tables(port: int, count: int, name: str = "Bo") -> list[Client]:
    """count unstarted tables, each with one player sitting (so they are kept and listed)."""
    clients = []
    for number in range(count):
        client = Client()
        await client.connect("127.0.0.1", port, name if number == 0 else f"{name}{number}")
        table = (await client.request({"type": "create", "players": 2}))["table"]["id"]
        await client.request({"type": "join", "table": table})
        clients.append(client)
    return clients


async def test_pages_turn_while_broadcasts_outpace_answers(host):  # noqa: F811
    _, port = host
    clients = await make_tables(port, 60)
    connected = await connect_to("127.0.0.1", port, "Ana", {"profile": "ana-profile-secret-0001"})
    app = CoupApp(settings=quick_settings(), join=connected, scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.pages == 2)
        lobby = app.screen
        slow_request = lobby.client.request

        async def slow(message: dict[str, Any], timeout: float = 10) -> dict[str, Any]:
            await asyncio.sleep(0.3)  # a busy host: answers take longer than broadcasts take to come
            return await slow_request(message, timeout)

        lobby.client.request = slow  # type: ignore[method-assign]
        broadcast = {"type": "tables", "tables": lobby.tables, "page": 0, "pages": 2}
        ticking = True

        async def broadcasts() -> None:
            while ticking:
                lobby.on_host_message(broadcast)
                await asyncio.sleep(0.1)

        task = asyncio.get_running_loop().create_task(broadcasts())
        try:
            await pilot.press("right_square_bracket")
            shown = lobby.query_one("#lobby-help", Static)
            await wait_for(pilot, lambda: "Page 2 of 2" in str(shown.render()), seconds=5)
            assert "Page 2 of 2 ([ and ] turn pages" in str(shown.render())
        finally:
            ticking = False
            await task
    for client in clients:
        await client.close()


async def test_a_name_in_the_lobby_is_shown_as_typed(host):  # noqa: F811
    _, port = host
    clients = await make_tables(port, 1, MARKUP_NAME)
    connected = await connect_to("127.0.0.1", port, "Ana", {"profile": "ana-profile-secret-0001"})
    app = CoupApp(settings=quick_settings(), join=connected, scan_lan=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
        rows = app.screen.query_one("#tables", RowList)
        await wait_for(pilot, lambda: rows.row_count == 1)
        assert MARKUP_NAME in rows.render_line(1).text
    for client in clients:
        await client.close()
