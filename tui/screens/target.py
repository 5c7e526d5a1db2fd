"""Choose whom an action is aimed at."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui.screens.numbered import NUMBER_BINDINGS, keys_hint, number_key, offers_key


class TargetDialog(ModalScreen[int | None]):
    """One button per possible target, keys 1-9 and 0 for a tenth; Esc cancels (None)."""

    BINDINGS = [*NUMBER_BINDINGS, ("escape", "cancel", "Cancel")]

    def __init__(self, title: str, targets: list[tuple[int, str]]) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.targets = title, targets

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Content(self.title_text), classes="dialog-title")  # names as typed, never markup
            for index, (seat, label) in enumerate(self.targets):
                yield Button(
                    Content(f"{number_key(index) or ' '}  {label}"), id=f"target-{seat}", compact=True, classes="choice"
                )
            yield Static(f"{keys_hint(len(self.targets))} to choose · Esc to cancel", classes="dialog-help")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(int(event.button.id.removeprefix("target-")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return offers_key(action, parameters, len(self.targets))

    def action_pick(self, index: int) -> None:
        """Aim at the target on line index."""
        self.dismiss(self.targets[index][0])

    def action_cancel(self) -> None:
        """Close without a target."""
        self.dismiss(None)
