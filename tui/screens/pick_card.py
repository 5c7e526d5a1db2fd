"""Choose one of your cards: the one to lose, or the one to keep from a set of five."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class PickCardDialog(ModalScreen[str]):
    """A button per distinct card, keys 1-9; the choice is required (no cancel)."""

    def __init__(self, title: str, cards: list[str], help_text: str = "") -> None:
        super().__init__(classes="dialog")
        self.title_text, self.help_text = title, help_text
        self.cards = list(dict.fromkeys(cards))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.title_text, classes="dialog-title")
            for number, card in enumerate(self.cards, start=1):
                yield Button(f"{number}  {card}", id=f"card-{number}", compact=True, classes="choice")
            if self.help_text:
                yield Static(self.help_text, classes="dialog-help")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(self.cards[int(event.button.id.removeprefix("card-")) - 1])

    def on_key(self, event: Key) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.cards):
                event.stop()
                self.dismiss(self.cards[index])
