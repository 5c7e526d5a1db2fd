"""Choose one of your cards: the one to lose, or the one to keep from a set of five."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui.screens.numbered import NUMBER_BINDINGS, keys_hint, number_key, offers_key


class PickCardDialog(ModalScreen[str | None]):
    """A button per distinct card, keys 1-9 (0 for a tenth); the choice is required (a loss): Esc says so."""

    BINDINGS = [*NUMBER_BINDINGS, Binding("escape", "escape", "Cancel", show=False)]
    ESCAPE_HINT = ""

    def __init__(self, title: str, cards: list[str], help_text: str = "") -> None:
        super().__init__(classes="dialog")
        self.title_text, self.help_text = title, help_text
        self.cards = list(dict.fromkeys(cards))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Content(self.title_text), classes="dialog-title")
            for index, card in enumerate(self.cards):
                yield Button(f"{number_key(index) or ' '}  {card}", id=f"card-{index}", compact=True, classes="choice")
            if self.help_text:
                yield Static(Content(self.help_text), classes="dialog-help")
            yield Static(f"{keys_hint(len(self.cards))} to choose{self.ESCAPE_HINT}.", classes="dialog-help")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(self.cards[int(event.button.id.removeprefix("card-"))])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return offers_key(action, parameters, len(self.cards))

    def action_pick(self, index: int) -> None:
        """Choose the card on line index."""
        self.dismiss(self.cards[index])

    def action_escape(self) -> None:
        """Say why there is no way out: the game waits for this choice."""
        self.notify("The game waits for this choice: pick one of the lines to go on.", title="This choice is owed")


class OptionalPickDialog(PickCardDialog):
    """A card to choose that may be left unchosen (which role to tax: the action itself is still to choose): Esc
    cancels (None), as in the target dialog."""

    BINDINGS = [Binding("escape", "escape", "Cancel")]
    ESCAPE_HINT = " · Esc to cancel"

    def action_escape(self) -> None:
        """Leave the choice unmade."""
        self.dismiss(None)
