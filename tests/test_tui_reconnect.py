"""A client that loses its host reconnects by itself, as the same identity, and its seat comes back in place."""

from __future__ import annotations

from netplay.host import Host
from tests.test_tui_net import create_table, fill_and_start, wait_for
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
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

            await first.stop()
            await wait_for(pilot, lambda: remote.error is not None and "host" in remote.error)
            second = Host(data_dir=tmp_path / "host", bot_delay=0)
            await second.start("127.0.0.1", port)
            await wait_for(pilot, lambda: remote.error is None and remote.client is lobby.client, seconds=15)

            assert app.screen is screen and remote.view() == before  # the same screen, the same full view
            assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1
            assert second.tables[lobby.my_table].seats[0].conn is not None
    finally:
        if second is not None:
            await second.stop()
