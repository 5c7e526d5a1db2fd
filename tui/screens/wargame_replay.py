"""Step through a saved wargame: the map as it stood after each move, the status line and the log so far."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Footer, RichLog, Static

from core.wargame.board import game_map
from core.wargame.views import WargameView
from tui.screens.replay import ReplayScreen
from tui.screens.wargame_help import WargameHelpScreen
from tui.widgets.hexmap import Board, HexMapView
from tui.widgets.reflow_log import ReflowLog
from tui.widgets.wargame_panels import status_text


class WargameReplayScreen(ReplayScreen):
    """The replay screen's keys (left/right, Home/End, PageUp/PageDown, ?, q) over the map instead of the card
    table."""

    CSS_PATH = "../wargame.tcss"

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        yield Static(id="wg-status")
        yield HexMapView(game_map(), id="wg-map")
        log = ReflowLog(id="log")  # (wrapped at the width it has, again at each new width)
        log.can_focus = False  # focused, a long log would take the arrow keys that step through the game
        yield log
        yield Footer(show_command_palette=False)

    def action_rules(self) -> None:
        """Keys and the rules in brief, for this game's options."""
        state, _, game = self.frames[self.position]
        self.app.push_screen(WargameHelpScreen(game.view(state, None).config))

    def on_resize(self) -> None:
        self.query_one(HexMapView).use_compact(self.size.width < 116 or self.size.height < 38)

    def show(self) -> None:
        """Draw the frame at self.position."""
        state, _, game = self.frames[self.position]
        view: WargameView = game.view(state, None)
        total = len(self.frames) - 1
        self.query_one("#status-bar", Static).update(
            f" Replay · wargame ({view.config.scenario}) · seed {self.record.seed} · move {self.position} of {total}"
        )
        self.query_one("#wg-status", Static).update(status_text(view, None, ("", ""), False, self.size.width))
        self.query_one(HexMapView).show(Board(view.stacks(), {}))
        log = self.query_one("#log", RichLog)
        log.clear()
        for _, events, _ in self.frames[: self.position + 1]:
            for event in events:
                log.write(Text(event.text, style="bold" if event.kind in ("phase", "over") else ""))
