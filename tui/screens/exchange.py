"""The Ambassador's exchange: keep as many cards as you have influence from your hand and the draw."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, SelectionList, Static
from textual.widgets.selection_list import Selection


class ExchangeDialog(ModalScreen[tuple[str, ...]]):
    """Tick exactly `keep` cards (1-4 or Space toggles, Enter keeps); the rest go back to the deck."""

    BINDINGS = [Binding("enter", "keep", "Keep", priority=True)]  # not the list's own Enter (a toggle)

    def __init__(self, hand: tuple[str, ...], drawn: tuple[str, ...]) -> None:
        super().__init__(classes="dialog")
        self.cards = list(hand) + list(drawn)
        self.keep_count = len(hand)
        self.hand_size = len(hand)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(f"Exchange: keep {self.keep_count} of these cards", classes="dialog-title")
            yield SelectionList[int](
                *(
                    Selection(f"{i + 1}  {card}  ({'yours' if i < self.hand_size else 'drawn'})", i, i < self.hand_size)
                    for i, card in enumerate(self.cards)
                ),
                id="exchange-cards",
            )
            yield Static("", id="exchange-count", classes="dialog-help")
            yield Button("Keep these (Enter)", id="keep", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()
        self._update_count()

    @property
    def chosen(self) -> list[int]:
        """Indexes of the ticked cards."""
        return sorted(self.query_one(SelectionList).selected)

    def _update_count(self) -> None:
        count = len(self.chosen)
        self.query_one("#exchange-count", Static).update(f"{count} of {self.keep_count} chosen")
        self.query_one("#keep", Button).disabled = count != self.keep_count

    def on_selection_list_selected_changed(self) -> None:
        self._update_count()

    def on_key(self, event: Key) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.cards):
                event.stop()
                self.query_one(SelectionList).toggle(index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_keep()

    def action_keep(self) -> None:
        """Close with the ticked cards, if exactly the right number are ticked."""
        chosen = self.chosen
        if len(chosen) != self.keep_count:
            self.notify(f"Tick exactly {self.keep_count} card(s).", severity="warning")
            return
        self.dismiss(tuple(self.cards[i] for i in chosen))
