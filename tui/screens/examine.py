"""The Inquisitor's decision after an Examine: give the shown card back, or force an exchange."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from core.cards.phrases import article


class ExamineDialog(ModalScreen[str]):
    """Returns "return" (g) or "force" (f); the choice is required."""

    BINDINGS = [("g", "choose('return')", "Give it back"), ("f", "choose('force')", "Force an exchange")]

    def __init__(self, target: str, card: str) -> None:
        super().__init__(classes="dialog")
        self.target, self.card = target, card

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Content(f"Examine: {self.target} shows you {article(self.card)}."), classes="dialog-title")
            yield Static(
                "Give it back (they keep it), or force an exchange: they draw a new card from the deck "
                "and this one goes back into it.",
                classes="dialog-help",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Give it back (g)", id="return", compact=True)
                yield Button("Force an exchange (f)", id="force", variant="primary", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        """Close with choice."""
        self.dismiss(choice)
