"""A client that loses its host reconnects by itself, as the same identity, and its seat comes back in place; a player
who quits at a host's table is told the seat is kept, and how to come back to it."""

from __future__ import annotations

import pytest

from netplay.host import Host
from netplay.remote import Note
from tests.net_helpers import RawPeer, running_host
from tests.test_tui_net import create_table, fill_and_start, wait_for
from tests.test_tui_rematch import app_at_table
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens.confirm import ConfirmDialog
from tui.screens.lobby import LobbyScreen
from tui.screens.table import TableScreen


async def test_the_table_screen_comes_back_by_itself_after_the_host_restarts(tmp_path):
    first = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await first.start("127.0.0.1", 0)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    second: Host | None = None
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = await create_table(pilot)
            screen = await fill_and_start(pilot, first, lobby)
            remote = screen.table
            await wait_for(pilot, lambda: remote.view().legal)
            before = remote.view()
            seen = [e for e in remote.events if not isinstance(e, Note)]

            await first.stop()
            await wait_for(pilot, lambda: remote.error is not None and "attempt 2" in remote.error, seconds=5)
            await wait_for(pilot, lambda: bool(app._notifications), seconds=5)  # the screen hears the news after it:
            # the notice before it cleared, then the new one shown (a full run on two cores caught it in between)
            titles = [n.title for n in app._notifications]
            assert titles == ["Connection"], titles  # one word on the connection, replaced, never "Not played"
            second = Host(data_dir=tmp_path / "host", bot_delay=0)
            await second.start("127.0.0.1", port)
            await wait_for(pilot, lambda: remote.error is None and remote.client is lobby.client, seconds=15)

            assert app.screen is screen and remote.view() == before  # the same screen, the same full view
            assert [e for e in remote.events if not isinstance(e, Note)] == seen  # no line shown twice
            assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1
            assert second.tables[lobby.my_table].seats[0].conn is not None
    finally:
        if second is not None:
            await second.stop()


async def test_a_watcher_watches_again_after_the_host_restarts(tmp_path):
    first = Host(data_dir=tmp_path / "host", bot_delay=30)  # nothing moves: the view stays the same
    port = await first.start("127.0.0.1", 0)
    app = CoupApp(settings=quick_settings(), join=("127.0.0.1", port), scan_lan=False)
    second: Host | None = None
    try:
        bob = await RawPeer.greeted(port, "Bob")
        created = await bob.request({"type": "create", "game": "coup", "players": 2, "options": {}})
        table_id = created["table"]["id"]
        await bob.request({"type": "join", "table": table_id, "seat": 0})
        await bob.request({"type": "fill", "table": table_id})
        assert (await bob.request({"type": "start", "table": table_id}))["type"] == "ok"
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
            lobby = app.screen
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen, remote = app.screen, app.screen.table
            seen = [e for e in remote.events if not isinstance(e, Note)]

            await bob.close()
            await first.stop()
            await wait_for(pilot, lambda: remote.error is not None and "host" in remote.error)
            second = Host(data_dir=tmp_path / "host", bot_delay=30)
            await second.start("127.0.0.1", port)
            await wait_for(pilot, lambda: remote.client is lobby.client and remote.error is None, seconds=15)

            assert app.screen is screen and remote.seat is None
            assert [e for e in remote.events if not isinstance(e, Note)] == seen
            assert second.tables[table_id].spectators
    finally:
        if second is not None:
            await second.stop()


@pytest.mark.parametrize(
    ("game", "way_back"),
    [("coup", ""), ("wargame", "log in again with ssh -p 2222 bo+K7QM2XPA@example.org")],  # coup join; an SSH login
)
async def test_ctrl_q_at_a_hosts_table_says_the_seat_is_kept_and_how_to_come_back(tmp_path, game, way_back):
    async with running_host(tmp_path, bot_delay=30, grace=90) as (_host, port):  # nothing moves meanwhile
        settings = quick_settings()
        settings.way_back = way_back
        app = CoupApp(settings=settings, join=("127.0.0.1", port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            bob = await app_at_table(pilot, port, game)
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            back = way_back or f"run coup join 127.0.0.1:{port} again"
            assert app.screen.question == f"Quit coup? The host keeps your seat for 90 s: {back} to take it back."
            await bob.close()  # (kept until here, as a peer collected earlier would leave the table)
