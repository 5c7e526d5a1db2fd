"""The lobby of a busy host: pages turn although broadcasts come faster than answers, names show as typed, and long
game labels and seat lists wrap to fit 80 columns, as the footer's keys do."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from netplay.client import Client
from tests.test_tui_net import host, wait_for  # noqa: F401  (host is a fixture)
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens.join import connect_to
from tui.screens.lobby import LobbyScreen
from tui.widgets.row_list import GAP, RowList, wrapped

MARKUP_NAME = "[b]Eve[/b] [i]x"
LONG = [  # tables whose labels or seats are long: (game, players, options, as the lobby labels the game)
    ("wargame", 2, {"scenario": "advanced", "turn_limit": 6}, "wargame (advanced; salvage; surrender; 6 turns)"),
    ("g54", 6, {"selection": "pick", "roles": ["Banker", "Writer", "Crime Boss", "Lawyer", "Missionary"]}, ""),
    ("coup", 6, {}, ""),
]


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


async def test_at_80_columns_long_tables_wrap_in_their_rows_and_the_footer_fits(host):  # noqa: F811
    _, port = host
    clients = []
    for game, players, options, _label in LONG:
        client = Client()
        await client.connect("127.0.0.1", port, "Cyrano de Bergerac")  # a name of 16 characters, cut by the host
        table = await client.request({"type": "create", "game": game, "players": players, "options": options})
        await client.request({"type": "join", "table": table["table"]["id"]})
        clients.append(client)
    connected = await connect_to("127.0.0.1", port, "Ana", {"profile": "ana-profile-secret-0001"})
    app = CoupApp(settings=quick_settings(), join=connected, scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == len(LONG))
        rows = app.screen.query_one("#tables", RowList)
        await pilot.pause()
        assert rows.virtual_size.width <= rows.scrollable_content_region.width  # nothing to scroll sideways to
        assert rows.render_line(0).text.split() == ["Table", "Game", "State", "Timer", "Seats"]
        assert LONG[0][3] in {row[1] for row in rows.rows}
        lefts = [1 + sum(rows.fitted[:k]) + GAP * k for k in range(len(rows.fitted))]
        for index, row in enumerate(rows.rows):  # each cell whole, on its row's lines, in its column
            lines = [rows.render_line(1 + y).text for y in range(rows.starts[index], rows.starts[index + 1])]
            for left, width, cell in zip(lefts, rows.fitted, row, strict=True):
                assert " ".join(line[left : left + width] for line in lines).split() == cell.split(), row
        footer = app.screen.query_one(Footer)
        keys = [key for key in footer.query(FooterKey) if not key.has_class("-command-palette")]
        palette = footer.query_one(".-command-palette").region
        assert keys and all(key.region.right <= palette.x for key in keys)
    for client in clients:
        await client.close()


def test_a_seat_list_wraps_between_seats_not_inside_one() -> None:
    seats = "dee, Natasha (rule), Sacha (rule), Haig (rule), open"
    assert wrapped(seats, 20) == ("dee, Natasha (rule),", "Sacha (rule),", "Haig (rule), open")
    assert wrapped("Someone With A Very Long Name (rule), open", 12)[-1] == "open"  # a seat wider than the column
    assert wrapped("wargame (advanced; salvage)", 12) == ("wargame", "(advanced;", "salvage)")  # no list: by words
