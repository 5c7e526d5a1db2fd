"""The join screen: why a connection failed, in one line on the screen (never an exit: it runs inside SSH sessions
too); a password host's prompt; what a LAN search found, or why it could not search; and `coup join ADDR`'s
connection handed to the app."""

from __future__ import annotations

import pytest
from textual.widgets import Input, ListView, Static

from netplay.discovery import FoundHost, LanUnavailable
from netplay.host import Host
from netplay.identity import HostPolicy
from tests.net_helpers import LOCALHOST, free_port
from tests.test_net_connect import SSH_BANNER, greets, server
from tests.test_tui_net import wait_for
from tests.tui_helpers import quick_settings
from tui.app import CoupApp
from tui.screens import join
from tui.screens.join import JoinScreen, connect_to
from tui.screens.lobby import LobbyScreen
from tui.settings import Settings


def status(app: CoupApp, which: str = "#join-status") -> str:
    return str(app.screen.query_one(which, Static).content)


async def test_a_wrong_port_is_one_line_on_the_join_screen_which_stays():
    port = free_port()
    app = CoupApp(settings=quick_settings(), join=(LOCALHOST, port), scan_lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Nothing is listening" in status(app))
        assert (
            status(app) == f"Nothing is listening at 127.0.0.1:{port} — is the host running? The default port is 7654"
        )
        assert isinstance(app.screen, JoinScreen) and app.is_running
        assert not app.screen.query_one("#password-row").display


async def test_a_port_that_is_not_a_coup_host_is_one_line_on_the_join_screen():
    async with server(greets(SSH_BANNER)) as port:
        app = CoupApp(settings=quick_settings(), join=(LOCALHOST, port), scan_lan=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "SSH server" in status(app))
            assert isinstance(app.screen, JoinScreen) and app.is_running


async def test_a_password_host_gets_a_prompt_a_wrong_password_a_retry_and_the_right_one_the_lobby(tmp_path):
    host = Host(data_dir=tmp_path / "host", bot_delay=0, policy=HostPolicy(password="pw"))
    port = await host.start(LOCALHOST, 0)
    settings = quick_settings()
    app = CoupApp(settings=settings, join=(LOCALHOST, port), scan_lan=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "needs a password" in status(app))
            screen = app.screen
            field = screen.query_one("#password", Input)
            assert status(app) == "This host needs a password: type it in the Password field and press Enter"
            assert screen.query_one("#password-row").display and field.has_focus and field.password
            await pilot.press("n", "o", "p", "e", "enter")
            await wait_for(pilot, lambda: "Wrong password" in status(app))
            assert field.value == "" and field.has_focus
            await pilot.press("p", "w", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert settings.credentials["password"] == "pw" and settings.password_host == f"127.0.0.1:{port}"
    finally:
        await host.stop()


async def test_a_connection_made_before_the_app_opens_its_lobby(tmp_path):
    host = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await host.start(LOCALHOST, 0)
    settings = quick_settings()
    try:
        connected = await connect_to(LOCALHOST, port, "Ana", settings.host_credentials())
        app = CoupApp(settings=settings, join=connected)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.screen.client is connected.client and app.screen.address == f"127.0.0.1:{port}"
    finally:
        await host.stop()


@pytest.mark.parametrize(
    ("found", "says"),
    [
        ([FoundHost("den", "10.0.0.5", 7654, 2)], "1 host(s) found · Ctrl+R scans again"),
        ([], "No coup host answered on this network in 2 s. Hosts on other networks, or where multicast is blocked"),
        (LanUnavailable("no interface"), "Cannot search this network: no interface. Hosts need their address"),
    ],
    ids=["found", "none", "cannot"],
)
async def test_the_lan_search_says_what_it_found_or_why_not(monkeypatch, found, says):
    async def browse(seconds: float) -> list[FoundHost]:
        if isinstance(found, Exception):
            raise found
        return found

    monkeypatch.setattr(join, "browse", browse)
    app = CoupApp(settings=quick_settings(), join=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: status(app, "#scan-status") != "Searching…")
        assert says in status(app, "#scan-status")
        assert len(app.screen.query_one("#hosts", ListView).children) == (len(found) if isinstance(found, list) else 0)


def test_a_typed_password_goes_only_to_the_host_it_was_typed_for():
    settings = Settings(credentials={"profile": "p" * 20})
    settings.use_password("10.0.0.5:7654", "pw")
    settings.use_password("10.0.0.5:7654", None)  # a reconnect to the same host keeps it
    assert settings.host_credentials()["password"] == "pw"
    settings.use_password("10.0.0.9:7654", None)  # another host never sees it
    assert "password" not in settings.host_credentials()


async def test_the_name_typed_on_the_join_screen_is_the_next_runs_name(tmp_path, monkeypatch):
    monkeypatch.setenv("USER", "root")
    assert Settings.saved().player_name == "root"  # nothing typed yet: the login name
    host = Host(data_dir=tmp_path / "host", bot_delay=0)
    port = await host.start(LOCALHOST, 0)
    settings = Settings.saved(bot_delay=0, save_records=False)
    app = CoupApp(settings=settings, join=True, scan_lan=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            app.screen.query_one("#join-name", Input).value = "Ana"
            app.screen.query_one("#address", Input).value = f"127.0.0.1:{port}"
            app.screen.query_one("#address", Input).focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert Settings.saved().player_name == "Ana"  # `coup join HOST` again comes back as Ana, not as root
        assert Settings.saved(player_name="Bo").player_name == "Bo"  # --name wins
    finally:
        await host.stop()
