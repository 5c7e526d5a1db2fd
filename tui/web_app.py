"""The app each browser tab of the web door runs (`python -m tui.web_app`): a name and, to come back to a seat, the
resume code of an earlier visit; then the door's host and nowhere else, as over SSH."""

from __future__ import annotations

import json
import os

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from netplay.host import NAME_LIMIT
from netplay.identity import code_identity, new_resume_code, read_code, read_codes, shown_code
from netplay.ssh_server import Lobby
from netplay.web_door import TAB_SETUP
from tui.settings import Settings
from tui.ssh_apps import DoorApp, DoorScreen
from tui.widgets.text_field import TextField

WELCOME = " Play at this host's tables from your browser. Your name, and Enter:"
UNKNOWN_WEB_CODE = " No player at this host has that resume code: check it, or leave it blank to start afresh."
NOT_A_CODE = " That is not a resume code: 8 letters and digits, as the lobby showed it (e.g. K7QM-2XPA)."


def web_notice(code: str) -> str:
    """How a browser player gets back to their seat: the resume code to type next time."""
    return (
        f" Your resume code: {shown_code(code)} — keep it to get your seat back:\n"
        " open this page again and type it under your name."
    )


class WebDoorScreen(DoorScreen):
    """The door screen of a browser tab: the same, but nobody came in with a key."""

    ASK = " This host has a password:"


class WebEntryScreen(Screen[None]):
    """Where a browser tab starts: the player's name and, optionally, the resume code of an earlier visit (status: why
    it starts again)."""

    AUTO_FOCUS = "#web-name"

    def __init__(self, status: str = "") -> None:
        super().__init__()
        self.status = status

    def compose(self) -> ComposeResult:
        with Vertical(id="door"):
            yield Static("C O U P", id="title")
            yield Static(WELCOME, id="door-notice")
            yield TextField(placeholder="your name", max_length=NAME_LIMIT, id="web-name")
            resume = "resume code of an earlier visit (blank: a new one)"
            yield TextField(placeholder=resume, max_length=12, id="web-code")
            yield Static(self.status, id="door-status")
        yield Footer()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        name = "".join(ch for ch in self.query_one("#web-name", Input).value if ch.isprintable()).strip()
        if not name:
            self.query_one("#web-name", Input).focus()
            self.query_one("#door-status", Static).update(" Type your name first.")
            return
        typed = self.query_one("#web-code", Input).value.strip()
        code = read_code(typed) if typed else new_resume_code()
        if code is None:
            self.query_one("#web-code", Input).focus()
            self.query_one("#door-status", Static).update(NOT_A_CODE)
            return
        app = self.app
        assert isinstance(app, WebDoorApp)
        rest, in_name = read_codes(name)
        app.as_typed = name if not typed and in_name is not None else ""  # as over SSH without a '+': the code tried
        if app.as_typed:
            app.enter(rest or "player", in_name or "", resumed=True)
        else:
            app.enter(name, code, resumed=bool(typed))


class WebDoorApp(DoorApp):
    """A browser tab's app: after the entry screen, the same as an SSH session without a key (the resume code is who
    the player is), on the door's host alone."""

    def __init__(self, lobby: Lobby, peer: str) -> None:
        super().__init__(Settings(name_fixed=True, save_records=False), lobby)  # as an SSH session's (ssh_apps.py)
        self.peer = peer
        self.as_typed = ""  # the name whose code-shaped run is tried as the code typed, to come in under if none

    def first_screen(self) -> Screen[None]:
        """The entry screen: a name and a resume code come first."""
        return WebEntryScreen()

    def code_refused(self) -> None:
        """The host gave nobody the resume code typed: back to the entry screen, which says so. A code read out of the
        name ('hunter22', with the code's field blank) was only a name that looks like one: in afresh under it."""
        if self.as_typed:
            name, self.as_typed = self.as_typed, ""
            self.enter(name, new_resume_code(), resumed=False)
            return
        self.switch_screen(WebEntryScreen(UNKNOWN_WEB_CODE))

    def enter(self, name: str, code: str, resumed: bool) -> None:
        """Be the player of code (typed to come back, if resumed), under name, and go on to the door screen (and the
        lobby)."""
        identity = code_identity(code)
        self.settings.player_name, self.settings.identity = name, identity
        self.settings.credentials = {"door": self.lobby.secret, "identity": identity, "peer": self.peer}
        if resumed:  # the host lets it in only if it gave it
            self.settings.credentials["resumed"] = True
        self.settings.notice = web_notice(code)
        self.settings.way_back = f"open this page again and type your resume code {shown_code(code)}"
        self.settings.resume_hint = "Your seat from an earlier visit? Open this page again and type its code there."
        self.switch_screen(WebDoorScreen(self.settings, self.lobby))


def main() -> None:
    """A tab's app, on the lobby its web door put in the environment (taken out, so nothing it starts inherits it)."""
    setup = json.loads(os.environ.pop(TAB_SETUP))
    peer = str(setup.pop("peer"))
    WebDoorApp(Lobby(**setup), peer).run()


if __name__ == "__main__":
    main()
