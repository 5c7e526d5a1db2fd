"""Choose whom an action is aimed at."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class TargetDialog(ModalScreen[int | None]):
    """One button per possible target, keys 1-9; Esc cancels (None)."""

    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, title: str, targets: list[tuple[int, str]]) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.targets = title, targets

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.title_text, classes="dialog-title")
            for number, (seat, label) in enumerate(self.targets, start=1):
                yield Button(f"{number}  {label}", id=f"target-{seat}", compact=True, classes="choice")
            yield Static("1-9 or click to choose · Esc to cancel", classes="dialog-help")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(int(event.button.id.removeprefix("target-")))

    def on_key(self, event: Key) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.targets):
                event.stop()
                self.dismiss(self.targets[index][0])

    def action_cancel(self) -> None:
        """Close without a target."""
        self.dismiss(None)
