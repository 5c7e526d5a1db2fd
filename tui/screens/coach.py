"""The coach's panel (h at the table): from the player's own view only, each opponent's likely cards, the odds that
the claim in front of the player is a bluff, and the expert's move with why; worked out off the screen's thread."""

from __future__ import annotations

import logging
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState, get_current_worker

from core.cards.coach import Advice, advise, likely_cards
from core.cards.expert import SEARCHES
from core.registry import game_spec
from tui.widgets.key_scroll import KeyScroll

THINKING = "The coach is thinking…"
FAILED = "The coach could not work this out. Close the panel (h) and ask again."

log = logging.getLogger(__name__)


def coach_text(advice: Advice, view: Any, names: tuple[str, ...], label: Any) -> str:
    """The panel's lines: the expert's move and its reason and the bluff odds first (what the player came for),
    then one line per opponent."""
    lines = []
    if advice.move is None:
        lines.append("Nothing for you to decide now: ask again at your next decision for the expert's move.")
    else:
        move = label(advice.move, view)
        if advice.move.target is not None and advice.move.target != view.viewer:
            move += f" ({names[advice.move.target]})"
        lines.append(f"The expert plays: {move}: {advice.reason}.")
    if advice.bluff is not None:
        lines.append(f"The claim in front of you is a bluff {advice.bluff:.0%} of the time, by what you have seen.")
    lines.append("What each opponent may hold:")
    for seat, chances in advice.likely:
        likely = likely_cards(chances)
        words = ", ".join(f"{card} {chance:.0%}" for card, chance in chances[:3])
        lines.append(
            f"  {names[seat]}: {'likely ' + ' and '.join(likely) if likely else 'no card likelier than not'} ({words})"
        )
    return "\n".join(lines)


class CoachPanel(ModalScreen[None]):
    """Shows the coach's advice for view (the player's own seat's); h or Esc closes it."""

    BINDINGS = [  # (the arrows scroll a long panel too)
        ("h,escape", "dismiss", "Close"),
        Binding("pagedown", "page(1)", "More", priority=True),  # (over the box's own, which the footer hides)
        Binding("pageup", "page(-1)", "Back", priority=True),
    ]

    def __init__(self, game: str, view: Any, names: tuple[str, ...]) -> None:
        super().__init__(classes="dialog")
        self.game, self.view, self.names = game, view, names

    def compose(self) -> ComposeResult:
        with KeyScroll(classes="dialog-box", id="coach-box"):
            yield Static("Coach — from what you can see", classes="dialog-title")
            yield Static(THINKING, id="coach-text")
        yield Footer()

    def on_mount(self) -> None:
        if not (boxes := self.query("#coach-box")):
            return  # shut before it was shown (a loaded host): nothing to show, nothing to work out
        box = boxes.first()
        box.focus()
        self.watch(box, "virtual_size", lambda _size: self.refresh_bindings())  # the paging keys come and go with it
        self.think()

    def dismiss(self, result: None = None) -> AwaitComplete:
        """Close, the coach told to stop: its advice, come later, is not wanted (its thread runs on, unheard)."""
        self.workers.cancel_node(self)
        return super().dismiss(result)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """More and Back only while the advice is longer than the box (the footer offers nothing that does nothing)."""
        if action != "page":
            return True
        boxes = self.query("#coach-box")
        return bool(boxes) and boxes.first().max_scroll_y > 0

    def action_page(self, step: int) -> None:
        """Scroll a panel longer than the screen by a page (step 1 on, -1 back)."""
        box = self.query_one("#coach-box", KeyScroll)
        box.scroll_to(y=box.scroll_y + step * max(1, box.scrollable_content_region.height - 1), animate=False)

    @work(thread=True, exclusive=True, exit_on_error=False)  # a failure ends the panel's advice, not the session
    def think(self) -> None:
        """Work the advice out in a thread (a search takes a tenth of a second) and show it."""
        label = game_spec(self.game).text
        assert label is not None
        advice = advise(self.view, SEARCHES[self.game], label.move_label, seed=self.view.version)
        text = coach_text(advice, self.view, self.names, label.move_label)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show, text)

    def show(self, text: str) -> None:
        """Put text in the panel (names as typed: no markup); nothing if the panel has gone meanwhile."""
        for static in self.query("#coach-text").results(Static):
            static.update(Content(text))

    @on(Worker.StateChanged)
    def failed(self, event: Worker.StateChanged) -> None:
        """The coach failed: logged (with why) and said in the panel, which stays usable."""
        if event.state is WorkerState.ERROR:
            log.error("the coach failed", exc_info=event.worker.error)
            self.show(FAILED)
