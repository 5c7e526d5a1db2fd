"""A yes/no dialog in front of irreversible moves."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


def leave_question(table: Any) -> str:
    """What leaving a game under way gives up, asked before it: a network seat goes to a computer for good."""
    if getattr(table, "remote", False):
        return "Leave this game? It counts as lost for you, and a computer takes your seat."
    return "Leave this game? It cannot be resumed."


class ConfirmDialog(ModalScreen[bool]):
    """Ask question; y/Enter confirms, n/Esc cancels."""

    BINDINGS = [("y", "answer(True)", "Yes"), ("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog")
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Content(self.question), classes="dialog-title")  # names as typed, never markup
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes (y)", id="yes", variant="primary", compact=True)
                yield Button("No (n)", id="no", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)
