"""The app each SSH session gets: the door's host and nowhere else, under the login's name and identity."""

from __future__ import annotations

from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from netplay.client import HostError
from netplay.identity import shown_code
from netplay.ssh_server import AppFactory, Lobby, SessionInfo, afresh, login_command
from tui.app import CoupApp
from tui.messages import OpenJoin
from tui.screens.join import open_lobby
from tui.screens.menu import MenuScreen
from tui.settings import Settings
from tui.widgets.text_field import TextField

KEY_NOTICE = " You came in with your SSH key: it brings you back to your seat."
UNKNOWN_CODE = (
    " No player at this host has the resume code you gave. Check it (your last session showed it, like K7QM-2XPA)"
    " and log in again with it, or log in without one (no +CODE after your name) to start afresh."
)
ASK_PASSWORD = " This host has a password; your key shows who you are, not that you know it:"


def resume_notice(info: SessionInfo) -> str:
    """How a player without a key gets back in: the resume code and the ssh command that carries it ("" after a
    key login, for the key does that)."""
    if not info.code:
        return ""
    code = shown_code(info.code)
    return f" Your resume code: {code} — keep it to get your seat back. Come back with:\n {login_command(info)}"


def way_back(info: SessionInfo) -> str:
    """How the player comes back to a seat the host keeps, as the quit dialog says it."""
    return f"log in again with {login_command(info)}" + ("" if info.code else " and the same key")


def resume_hint(info: SessionInfo) -> str:
    """Where a keyless player's resume code of an earlier session goes: in the login, not in the lobby's code box
    ("" after a key login: the key brings its seats back by itself)."""
    if not info.code:
        return ""
    return f"Your seat from an earlier session? Its resume code goes in your login: {login_command(info, 'CODE')}"


def lobby_app_factory(lobby: Lobby) -> AppFactory:
    """A factory of apps that open straight onto the lobby of the door's host, vouched for by the door."""

    def make(info: SessionInfo) -> DoorApp:
        # (save_records: a file on the door's machine, which its player cannot reach, and disk for any login)
        settings = Settings(name_fixed=True, save_records=False)
        return DoorApp(settings, lobby, info)

    return make


def enter_as(settings: Settings, info: SessionInfo, lobby: Lobby) -> None:
    """Make settings those of the player the login proved (info), vouched for by the door."""
    credentials: dict[str, str | bool] = {"door": lobby.secret, "identity": info.identity, "peer": info.peer}
    if info.resumed:  # a code the player typed: the host lets it in only if it gave it
        credentials["resumed"] = True
    if info.password:  # the login gave the host's password: the player is not asked again
        credentials["password"] = info.password
    settings.player_name, settings.identity, settings.credentials = info.username, info.identity, credentials
    settings.notice, settings.way_back, settings.resume_hint = resume_notice(info), way_back(info), resume_hint(info)


class DoorScreen(Screen[None]):
    """Where an SSH session starts and comes back to: enters the lobby (asking for the host's password first when the
    login did not give it), says how to come back, and leads to games against the computer."""

    BINDINGS = [("l", "lobby", "Lobby"), ("escape", "menu", "Play the computer"), ("q", "app.quit", "Quit")]
    AUTO_FOCUS = ""  # the password field only when it is asked for: a focused field blinks, and costs, for ever
    ASK = ASK_PASSWORD  # how it asks for the host's password

    def __init__(self, settings: Settings, lobby: Lobby) -> None:
        super().__init__()
        self.settings, self.lobby = settings, lobby
        self.refused = False  # the host gave nobody the resume code of this login: the lobby stays shut to it

    def compose(self) -> ComposeResult:
        with Vertical(id="door"):
            yield Static("C O U P", id="title")
            yield Static(self.settings.notice or KEY_NOTICE, id="door-notice")
            yield Static(id="door-status")
            yield TextField(password=True, placeholder="the host's password", id="door-password", compact=True)
            yield Static("l: the lobby · Esc: a game against the computer · q: quit", classes="dialog-help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#door-password").display = False
        self.action_lobby()

    def _say(self, text: str) -> None:
        """text under the notice; nothing once the screen is gone (a session closing as its lobby ends)."""
        for status in self.query("#door-status").results(Static):
            status.update(text)

    def _ask_password(self, text: str) -> None:
        self._say(text)
        field = self.query_one("#door-password", Input)
        field.value, field.display = "", True
        field.focus()

    @on(Input.Submitted, "#door-password")
    def _password_given(self, event: Input.Submitted) -> None:
        self.settings.credentials["password"] = event.value
        event.input.display = False
        self.set_focus(None)
        self.action_lobby()

    @work(exclusive=True, group="door")
    async def action_lobby(self) -> None:
        """Enter the host's lobby (a seat this player holds comes back there)."""
        if self.refused:
            return
        if self.lobby.password and "password" not in self.settings.credentials:
            self._ask_password(self.ASK)
            return
        self._say(" Entering the lobby…")
        try:
            await open_lobby(self.app, self.lobby.host, self.lobby.port, self.settings)
        except HostError as error:
            if error.code == "password":
                self.settings.credentials.pop("password", None)
                self._ask_password(" Wrong password. Try again:")
            elif error.code == "unknown_code" and isinstance(self.app, DoorApp):
                self.app.code_refused()
            else:
                self._say(f" The host refused: {error}")
            return
        except (OSError, TimeoutError) as error:
            self._say(f" The host cannot be reached ({error}); l tries again.")
            return
        self._say(" You left the lobby.")  # shown once the lobby closes

    def code_refused(self, text: str) -> None:
        """The resume code typed is not one the host gave: say so, no longer offer it as the way back, and never
        try it again (it will not be one in a moment either): q, and a new login."""
        self.refused = True
        self.query_one("#door-notice", Static).update(text)
        self._say("")
        self.query_one(".dialog-help", Static).update("Esc: a game against the computer · q: quit")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No lobby (l) for a login whose resume code the host refused."""
        return not (action == "lobby" and self.refused)

    def action_menu(self) -> None:
        """Games against the computer, in this session."""
        self.app.push_screen(MenuScreen(self.settings))


class DoorApp(CoupApp):
    """An SSH session's app: the lobby of the door's host and no other (no address to type, no LAN to browse),
    under the login's name; from the door screen, games against the computer."""

    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #door { padding: 1 1; }
    #door-notice, #lobby-notice { height: auto; color: $warning; }
    #door-status { height: auto; margin: 1 0; }
    """

    def __init__(self, settings: Settings, lobby: Lobby, info: SessionInfo | None = None) -> None:
        """info: who the SSH login proved (settings made theirs); None for a browser tab, whose entry screen says."""
        if info is not None:
            enter_as(settings, info, lobby)
        super().__init__(settings=settings, join=(lobby.host, lobby.port), scan_lan=False)
        self.lobby, self.session_info = lobby, info  # (the session's goodbye names session_info's way back)

    @on(events.Mount)
    def _open_door(self, event: events.Mount) -> None:
        event.prevent_default()  # instead of the join screen, where any address could be typed
        self.push_screen(self.first_screen())

    def first_screen(self) -> Screen[None]:
        """Where the session starts: the door screen (a browser tab asks for a name first)."""
        return DoorScreen(self.settings, self.lobby)

    def code_refused(self) -> None:
        """The host gave nobody the resume code this login typed: say how to come in (the door screen shows). A code
        read out of a user name without a '+' ('hunter22') was only a name that looks like one: the player comes in
        afresh under the whole user name, with a resume code of their own."""
        info = self.session_info
        if info is not None and info.as_typed:
            self.session_info = afresh(info)
            enter_as(self.settings, self.session_info, self.lobby)
            self.switch_screen(self.first_screen())  # (which enters the lobby)
            return
        screen = self.screen
        if isinstance(screen, DoorScreen):
            screen.code_refused(UNKNOWN_CODE)

    def on_open_join(self, message: OpenJoin) -> None:
        """A network game, from the menu: this host's lobby, never another address."""
        message.prevent_default()
        while not isinstance(self.screen, DoorScreen):
            self.pop_screen()
        self.screen.action_lobby()
