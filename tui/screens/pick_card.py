"""Choose one of your cards: the one to lose, or the one to keep from a set of five."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui.screens.numbered import index_of, keys_hint, number_key


class PickCardDialog(ModalScreen[str]):
    """A button per distinct card, keys 1-9 (0 for a tenth); the choice is required (no cancel)."""

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
            yield Static(f"{keys_hint(len(self.cards))} to choose.", classes="dialog-help")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.dismiss(self.cards[int(event.button.id.removeprefix("card-"))])

    def on_key(self, event: Key) -> None:
        index = index_of(event.character, len(self.cards))
        if index is not None:
            event.stop()
            self.dismiss(self.cards[index])
