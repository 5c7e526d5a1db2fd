"""The whole log of a game, in a screen of its own (from the game-over dialog, which covers the table's log)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Footer, RichLog, Static

from tui.widgets.reflow_log import ReflowLog


class LogScreen(ModalScreen[None]):
    """The log's lines, scrolled to the end; arrows and Page Up/Down scroll it, Esc or l goes back."""

    BINDINGS = [("escape,l", "dismiss", "Back")]

    def __init__(self, lines: Sequence[Text]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Static(" The game's log · Esc: back", id="status-bar")
        yield ReflowLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()
