"""The Ambassador's exchange: keep as many cards as you have influence from your hand and the draw."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, SelectionList, Static
from textual.widgets.selection_list import Selection

from core.cards.phrases import plural
from tui.widgets.tick_box import TickList

DRAW_ANOTHER: tuple[str, ...] = ()
"""What the dialog returns when the player asks to draw one more card first (a G54 Writer)."""


class ExchangeDialog(ModalScreen[tuple[str, ...]]):
    """Tick exactly `keep` cards (1-9 or Space toggles, Enter keeps; a tick beyond them unticks the oldest, your own
    cards being ticked at first); the rest go back to the deck.
    sources names where each card came from (default: 'yours', then 'drawn'); draw_label offers a
    button (and the d key) returning DRAW_ANOTHER."""

    BINDINGS = [
        Binding("enter", "keep", "Keep", priority=True),  # not the list's own Enter (a toggle)
        Binding("d", "draw", "Draw another"),
    ]

    def __init__(
        self,
        hand: tuple[str, ...],
        drawn: tuple[str, ...],
        title: str = "",
        sources: tuple[str, ...] = (),
        draw_label: str = "",
        keep_count: int | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.cards = list(hand) + list(drawn)
        self.keep_count = len(hand) if keep_count is None else keep_count
        self.hand_size = len(hand)
        self.sources = sources or tuple("yours" if i < len(hand) else "drawn" for i in range(len(self.cards)))
        self.title_text = title or f"Exchange: keep {self.keep_count} of these cards"
        self.draw_label = draw_label
        self._ticked = list(range(min(self.keep_count, len(self.cards))))  # in the order they were ticked

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Content(self.title_text), classes="dialog-title")
            yield TickList[int](
                *(
                    Selection(f"{i + 1}  {card}  ({self.sources[i]})", i, i < self.keep_count)
                    for i, card in enumerate(self.cards)
                ),
                id="exchange-cards",
            )
            yield Static("", id="exchange-count", classes="dialog-help")
            yield Button("Keep these (Enter)", id="keep", variant="primary", compact=True)
            if self.draw_label:
                yield Button(f"{self.draw_label} (d)", id="draw", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()
        self._update_count()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Draw another only where it is offered (and out of the footer elsewhere)."""
        return bool(self.draw_label) if action == "draw" else True

    @property
    def chosen(self) -> list[int]:
        """Indexes of the ticked cards."""
        return sorted(self.query_one(SelectionList).selected)

    def _update_count(self) -> None:
        count = len(self.chosen)
        keys = f"1-{len(self.cards)} or Space ticks a card, Enter keeps"
        self.query_one("#exchange-count", Static).update(f"{count} of {self.keep_count} chosen · {keys}")
        self.query_one("#keep", Button).disabled = count != self.keep_count

    def on_selection_list_selected_changed(self) -> None:
        """A tick beyond the number kept unticks the card ticked longest ago: ticking a drawn card swaps it in (and
        the card swapped out is named, so a tick meant for another is seen at once)."""
        ticked = self.query_one(SelectionList).selected
        self._ticked = [i for i in self._ticked if i in ticked] + [i for i in ticked if i not in self._ticked]
        if len(self._ticked) > self.keep_count:
            out = self._ticked.pop(0)
            self.query_one(SelectionList).deselect(out)
            self.notify(f"{out + 1} {self.cards[out]} unticked: you keep {self.keep_count}.", markup=False, timeout=4)
        self._update_count()

    def on_key(self, event: Key) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.cards):
                event.stop()
                self.query_one(SelectionList).toggle(index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "draw":
            self.action_draw()
        else:
            self.action_keep()

    def action_keep(self) -> None:
        """Close with the ticked cards, if exactly the right number are ticked."""
        chosen = self.chosen
        if len(chosen) != self.keep_count:
            self.notify(f"Tick exactly {plural(self.keep_count, 'card')}.", severity="warning")
            return
        self.dismiss(tuple(self.cards[i] for i in chosen))

    def action_draw(self) -> None:
        """Ask to draw one more card before choosing."""
        if self.draw_label:
            self.dismiss(DRAW_ANOTHER)
