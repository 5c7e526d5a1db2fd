"""Step through a saved game: every hand visible, the log up to the current move."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from core.cards import text as coup_text
from core.cards.g54 import text as g54_text
from core.records import Record, replay_states

TEXTS = {"g54": g54_text}
"""The sentences of each card game whose events and views are not base Coup's."""


class ReplayScreen(Screen[None]):
    """A card game's record: left/right (or p/n) step a move, Home/End jump, q leaves."""

    BINDINGS = [
        ("right,n", "step(1)", "Next"),
        ("left,p", "step(-1)", "Back"),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        ("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record
        self.frames: list[tuple[Any, list[Any], Any]] = list(replay_states(record))
        self.position = 0
        self.text = TEXTS.get(record.game, coup_text)

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        yield Static(id="replay-hands")
        yield Static(id="situation")
        yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the frame at self.position."""
        state, _, game = self.frames[self.position]
        names = [p.name for p in state.players]
        total = len(self.frames) - 1
        self.query_one("#status-bar", Static).update(
            f" Replay · {self.record.game} · seed {self.record.seed} · move {self.position} of {total}"
        )
        hands = Text()
        for seat, player in enumerate(state.players):
            marker = "▶ " if seat == state.active and state.window != "over" else "  "
            hands.append(f"{marker}{player.name:<12} {player.coins:>2} coins  ")
            hands.append("  ".join(player.hidden), style="bold")
            for card in player.revealed:
                hands.append(f"  {card}", style="red strike")
            for card in getattr(player, "aside", ()):  # G54: lost face down after a reactive claim
                hands.append(f"  {card} (face down)", style="red strike")
            hands.append("\n" if seat < len(state.players) - 1 else "")
        self.query_one("#replay-hands", Static).update(hands)
        self.query_one("#situation", Static).update(Text(self.text.situation(game.view(state, None)), style="bold"))
        log = self.query_one("#log", RichLog)
        log.clear()
        for _, events, _ in self.frames[1 : self.position + 1]:
            for event in events:
                line = self.text.describe(event, names, None) if event.to is None else None
                if line:
                    log.write(line)

    def action_step(self, delta: int) -> None:
        """Move delta moves forward or back."""
        self.position = max(0, min(len(self.frames) - 1, self.position + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        """Jump to the start (0) or the end (-1)."""
        self.position = 0 if where == 0 else len(self.frames) - 1
        self.show()
