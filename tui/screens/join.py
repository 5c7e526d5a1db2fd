"""Find a host: the ones advertising on the LAN, or a typed address; then connect to its lobby."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on, work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, ListItem, ListView, Static

from netplay.client import DEFAULT_PORT, Client, HostError, address_text, parse_address
from netplay.discovery import FoundHost, LanUnavailable, browse
from tui.messages import Back
from tui.screens.lobby import LobbyScreen
from tui.settings import NAME_LENGTH, Settings
from tui.widgets.text_field import TextField

SCAN_SECONDS = 2.0
TYPE_IT = "type HOST:PORT above (the host prints it when it starts)"


@dataclass
class Connected:
    """A hello the host welcomed: the client, the address, and what the host sent before a lobby listened (a seat
    that came back: joined, started, update)."""

    client: Client
    address: str
    queued: list[dict[str, Any]]


async def connect_to(host: str, port: int, name: str, credentials: dict[str, str | bool]) -> Connected:
    """Connect and say hello, keeping what the host sends until a lobby takes over; HostError (one line) if no coup
    host at host:port lets us in."""
    queued: list[dict[str, Any]] = []
    client = Client(on_message=queued.append)
    await client.connect(host, port, name, credentials)
    return Connected(client, address_text(host, port), queued)


async def open_lobby(app: App[Any], host: str, port: int, settings: Settings) -> None:
    """Say hello to host:port as the settings' player and open its lobby, where a seat the player holds comes back;
    HostError (one line) if the host cannot be reached or refuses."""
    await show_lobby(app, await connect_to(host, port, settings.player_name, settings.host_credentials()), settings)


async def show_lobby(app: App[Any], connected: Connected, settings: Settings) -> None:
    """The lobby of the host we are connected to, given what the host has already sent. The lobby owns the connection
    (it closes it when it goes); if the app ends before the lobby is up, the connection is dropped here, or the host
    would keep the player's seat taken by an app that is gone."""
    lobby = LobbyScreen(connected.client, connected.address, settings)
    try:
        await app.push_screen(lobby)
    except BaseException:
        connected.client.drop()
        raise
    for message in connected.queued:
        lobby.on_host_message(message)


class JoinScreen(Screen[None]):
    """Lists hosts found on the LAN and takes a typed HOST[:PORT]; says in one line why a connection failed, and asks
    for the password of a host that needs one."""

    BINDINGS = [("escape", "back", "Back"), ("ctrl+r", "scan", "Scan again")]

    def __init__(
        self,
        settings: Settings,
        address: str = "",
        autoconnect: bool = False,
        scan: bool = True,
        connected: Connected | None = None,
    ) -> None:
        """autoconnect: connect to address at once; connected: a connection already made (`coup join ADDR`)."""
        super().__init__()
        self.settings, self.address, self.autoconnect, self.scan = settings, address, autoconnect, scan
        self.connected = connected
        self.found: list[FoundHost] = []
        self.asking_password: str = ""  # the address of the host that asked for a password

    def compose(self) -> ComposeResult:
        with Vertical(id="join"):
            yield Static("Play on a network", id="title")
            with Horizontal(classes="row"):
                yield Label("Your name", classes="field")
                yield TextField(self.settings.player_name, id="join-name", max_length=NAME_LENGTH, compact=True)
            with Horizontal(classes="row"):
                yield Label("Host address", classes="field")
                yield TextField(self.address, placeholder="HOST or HOST:PORT", id="address", compact=True)
            with Horizontal(classes="row", id="password-row"):
                yield Label("Password", classes="field")
                yield TextField(placeholder="the host's password", password=True, id="password", compact=True)
            yield Button("Connect (Enter)", id="connect", variant="primary", compact=True)
            yield Static("", id="join-status", markup=False)
            yield Static("Hosts on this network (Enter or click to connect):", classes="dialog-help")
            yield ListView(id="hosts")
            yield Static("Searching…" if self.scan else "", id="scan-status", classes="dialog-help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()
        if self.connected is not None:
            self.call_later(self.open_lobby, self.connected)
        elif self.autoconnect and self.address:
            self.connect(self.address)
        elif self.scan:
            self.action_scan()

    def say(self, text: str, trouble: bool = False) -> None:
        """One line under the Connect button: what is happening, or why it failed."""
        status = self.query_one("#join-status", Static)
        status.update(text)
        status.set_class(trouble, "trouble")

    @work(exclusive=True, group="scan")
    async def action_scan(self) -> None:
        """Look for hosts on the LAN."""
        status = self.query_one("#scan-status", Static)
        status.update("Searching…")
        try:
            self.found = await browse(SCAN_SECONDS)
        except LanUnavailable as error:
            self.found = []
            status.update(f"Cannot search this network: {error}. Hosts need their address: {TYPE_IT}.")
        else:
            if self.found:
                status.update(f"{len(self.found)} host(s) found · Ctrl+R scans again")
            else:
                status.update(
                    f"No coup host answered on this network in {SCAN_SECONDS:g} s. Hosts on other networks, or where "
                    f"multicast is blocked, need their address: {TYPE_IT}. Ctrl+R scans again."
                )
        hosts = self.query_one("#hosts", ListView)
        await hosts.clear()
        await hosts.extend(ListItem(Label(found.label(), markup=False)) for found in self.found)

    @on(Input.Submitted, "#join-name, #address")
    @on(Button.Pressed, "#connect")
    def _connect_typed(self) -> None:
        self.connect(self.query_one("#address", Input).value)

    @on(Input.Submitted, "#password")
    def _connect_with_password(self) -> None:
        self.connect(
            self.asking_password or self.query_one("#address", Input).value, self.query_one("#password", Input).value
        )

    @on(ListView.Selected)
    def _connect_found(self, event: ListView.Selected) -> None:
        index = self.query_one("#hosts", ListView).index
        if index is not None and index < len(self.found):
            found = self.found[index]
            self.connect(f"{found.address}:{found.port}")

    @work(exclusive=True, group="connect")
    async def connect(self, text: str, password: str | None = None) -> None:
        """Connect to text (HOST[:PORT]) and open its lobby, where a seat held for us comes back; password: the one
        the player typed for that host."""
        try:
            host, port = parse_address(text)
        except ValueError as error:
            problem = f"{error}. " if text.strip() else ""
            self.say(f"{problem}Type the host's address: HOST or HOST:PORT (the default port is {DEFAULT_PORT})", True)
            return
        name = self.query_one("#join-name", Input).value.strip() or self.settings.player_name
        self.settings.player_name = name
        self.settings.save()  # the next `coup join` comes back under the same name
        address = address_text(host, port)
        self.settings.use_password(address, None)  # the one typed for another host stays out of this hello
        credentials = self.settings.host_credentials()
        if password is not None:
            credentials = {**credentials, "password": password}
        self.say(f"Connecting to {address}…")
        try:
            connected = await connect_to(host, port, name, credentials)
        except (HostError, OSError) as error:
            needs_password = isinstance(error, HostError) and error.code == "password"
            self._ask_password(address if needs_password else "")
            self.say(
                f"{error}: type it in the Password field and press Enter" if needs_password else str(error),
                trouble=True,
            )
            return
        if password is not None:
            self.settings.use_password(address, password)  # for reconnects in this run, in memory only
        self._ask_password("")
        self.say("")
        await self.open_lobby(connected)

    def _ask_password(self, address: str) -> None:
        """Show the password field for the host at address (empty: hide it)."""
        self.asking_password = address
        self.query_one("#password-row").display = bool(address)
        if address:
            field = self.query_one("#password", Input)
            field.value = ""
            field.focus()

    async def open_lobby(self, connected: Connected) -> None:
        """The lobby of the host we are connected to, given what the host has already sent."""
        await show_lobby(self.app, connected, self.settings)

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.post_message(Back(self))
