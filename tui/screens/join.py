"""Find a host: the ones advertising on the LAN, or a typed address; then connect to its lobby."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, ListItem, ListView, Static

from netplay.client import Client, HostError, parse_address
from netplay.discovery import FoundHost, browse
from tui.messages import Back
from tui.screens.lobby import LobbyScreen
from tui.settings import Settings


async def open_lobby(app: App[Any], host: str, port: int, settings: Settings) -> None:
    """Say hello to host:port as the settings' player and open its lobby, where a seat the player holds comes back;
    OSError, TimeoutError or HostError if the host cannot be reached or refuses."""
    client = Client()
    await client.connect(host, port, settings.player_name, settings.host_credentials())
    lobby = LobbyScreen(client, f"{host}:{port}", settings)
    queued: list[dict[str, Any]] = []
    client.on_message = queued.append
    await app.push_screen(lobby)
    for message in queued:
        lobby.on_host_message(message)


class JoinScreen(Screen[None]):
    """Lists hosts found on the LAN (refreshed every few seconds) and takes a typed HOST[:PORT]."""

    BINDINGS = [("escape", "back", "Back"), ("ctrl+r", "scan", "Scan again")]

    def __init__(self, settings: Settings, address: str = "", autoconnect: bool = False, scan: bool = True) -> None:
        super().__init__()
        self.settings, self.address, self.autoconnect, self.scan = settings, address, autoconnect, scan
        self.found: list[FoundHost] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="join"):
            yield Static("Play on a network", id="title")
            with Horizontal(classes="row"):
                yield Label("Your name", classes="field")
                yield Input(self.settings.player_name, id="join-name", max_length=16, compact=True)
            with Horizontal(classes="row"):
                yield Label("Host address", classes="field")
                yield Input(self.address, placeholder="HOST or HOST:PORT", id="address", compact=True)
            yield Button("Connect (Enter)", id="connect", variant="primary", compact=True)
            yield Static("Hosts on this network (Enter or click to connect):", classes="dialog-help")
            yield ListView(id="hosts")
            yield Static("Searching…" if self.scan else "", id="scan-status", classes="dialog-help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()
        if self.autoconnect and self.address:
            self.connect(self.address)
        elif self.scan:
            self.action_scan()

    @work(exclusive=True, group="scan")
    async def action_scan(self) -> None:
        """Look for hosts on the LAN."""
        self.query_one("#scan-status", Static).update("Searching…")
        self.found = await browse(2.0)
        hosts = self.query_one("#hosts", ListView)
        await hosts.clear()
        await hosts.extend(ListItem(Label(found.label())) for found in self.found)
        status = f"{len(self.found)} host(s) found · Ctrl+R scans again" if self.found else "No host found on the LAN."
        self.query_one("#scan-status", Static).update(status)

    @on(Input.Submitted)
    @on(Button.Pressed, "#connect")
    def _connect_typed(self) -> None:
        self.connect(self.query_one("#address", Input).value)

    @on(ListView.Selected)
    def _connect_found(self, event: ListView.Selected) -> None:
        index = self.query_one("#hosts", ListView).index
        if index is not None and index < len(self.found):
            found = self.found[index]
            self.connect(f"{found.address}:{found.port}")

    @work(exclusive=True, group="connect")
    async def connect(self, text: str) -> None:
        """Connect to text (HOST[:PORT]) and open its lobby, resuming a kept seat."""
        try:
            host, port = parse_address(text)
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        name = self.query_one("#join-name", Input).value.strip() or self.settings.player_name
        self.settings.player_name = name
        try:
            await open_lobby(self.app, host, port, self.settings)
        except (OSError, TimeoutError, HostError) as error:
            self.notify(f"Cannot connect to {host}:{port}: {error}", severity="error")

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.post_message(Back(self))
