"""Step through a saved card game: every hand visible (the engine's open view), the log up to the current move."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from core.cards.annotate import note, note_line
from core.cards.expert import SEARCHES
from core.cards.phrases import coins_text
from core.game import GameText
from core.records import Record, replay_states
from core.registry import game_spec
from tui.faces.base import Face
from tui.widgets.log_paging import page_log
from tui.widgets.reflow_log import ReflowLog

WEIGHING = "The expert is weighing the next move…"


class ReplayScreen(Screen[None]):
    """A card game's record: left/right (or p/n) step a move, Home/End jump, PageUp/PageDown scroll the log, a shows
    the expert's note on the next move, ? the rules (and r the roles in play, in G54), q leaves."""

    BINDINGS = [
        Binding("right,n", "step(1)", "Next", key_display="→"),
        Binding("left,p", "step(-1)", "Back", key_display="←"),
        Binding("down", "turn(1)", "Turn", key_display="↓"),
        Binding("up", "turn(-1)", "Turn back", show=False),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("pageup", "scroll_log(-1)", "Log up", show=False),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False),
        ("a", "annotate", "Notes"),
        ("question_mark,f1", "rules", "Rules"),
        ("r", "roles", "Roles"),
        ("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, record: Record, face: Face | None = None) -> None:
        """face: the card game's words and rules screen (None for the wargame, whose screen has its own)."""
        super().__init__()
        self.record, self.face = record, face
        self.frames: list[tuple[Any, list[Any], Any]] = list(replay_states(record))
        self.position = 0
        self.text: GameText | None = game_spec(record.game).text  # None for the wargame, whose screen has its own
        self.annotating = False

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        yield Static(id="replay-hands")
        yield Static(id="situation")
        yield Static(id="annotation")
        log = ReflowLog(id="log")  # (wrapped at the width it has, again at each new width)
        log.can_focus = False  # focused, a long log would take the arrow keys that step through the game
        yield log
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the frame at self.position."""
        state, _, game = self.frames[self.position]
        text = self.text
        assert text is not None, f"{self.record.game} has no sentences to replay it in"
        view = game.open_view(state)
        names = tuple(seat.name for seat in view.players)
        total = len(self.frames) - 1
        title = game_spec(self.record.game).title
        self.query_one("#status-bar", Static).update(
            Content(f" Replay · {title} · seed {self.record.seed} · move {self.position} of {total}")
        )
        hands = Text()
        for seat in view.players:
            marker = "▶ " if seat.seat == view.active and view.window != "over" else "  "
            hands.append(f"{marker}{seat.name:<12} {coins_text(seat.coins) if seat.alive else 'out':>8}  ")
            hands.append("  ".join(view.hands[seat.seat] or ()), style="bold")
            for card in seat.revealed:  # lost: marked as at the table, not by colour alone
                hands.append(f"  ✗{card}", style="red")
            for card in view.lost_face_down(seat.seat):  # G54: lost face down after a reactive claim
                hands.append(f"  ✗{card} (face down)", style="red")
            hands.append("\n" if seat.seat < len(view.players) - 1 else "")
        self.query_one("#replay-hands", Static).update(hands)
        self.query_one("#situation", Static).update(Text(text.situation(view), style="bold"))
        self.query_one("#annotation", Static).update(WEIGHING if self.annotating and self.position < total else "")
        if self.annotating and self.position < total:
            self.annotate(self.position)
        log = self.query_one("#log", RichLog)
        log.clear()
        for _, events, _ in self.frames[: self.position + 1]:
            for event in events:
                line = text.describe(event, names, None)  # private events too: every hand is open in a replay
                if line:
                    log.write(line)

    def action_annotate(self) -> None:
        """Show, or stop showing, the expert's note on the next move (annotated replays, core.cards.annotate)."""
        self.annotating = not self.annotating
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Notes only for the games the expert plays; the roles only for a game of roles."""
        if action == "annotate":
            return self.record.game in SEARCHES
        if action == "roles":
            return self.face is not None and "r" in self.face.bound_keys
        return True

    def action_rules(self) -> None:
        """The game's rules (G54's with the roles in play)."""
        if self.face is not None:
            state, _, game = self.frames[self.position]
            self.app.push_screen(self.face.rules(game.open_view(state)))

    def action_roles(self) -> None:
        """The roles in play, in full (G54's rules screen begins with them)."""
        self.action_rules()

    def action_scroll_log(self, step: int) -> None:
        """Scroll the log a page."""
        page_log(self.query_one("#log", RichLog), step)

    @work(thread=True, exclusive=True)
    def annotate(self, position: int) -> None:
        """Work out the note on the move after frame position (a search: off the screen's thread), then show it."""
        (before, _, game), (after, _, _) = self.frames[position], self.frames[position + 1]
        found, view = note(self.record, game, before, after)
        assert self.text is not None
        line = "Next: " + note_line(found, view, game.names(view), self.text.move_label)
        self.app.call_from_thread(self._show_note, position, line)

    def _show_note(self, position: int, line: str) -> None:
        if self.annotating and position == self.position:
            self.query_one("#annotation", Static).update(Text(line, style="italic"))

    def action_step(self, delta: int) -> None:
        """Move delta moves forward or back."""
        self.position = max(0, min(len(self.frames) - 1, self.position + delta))
        self.show()

    def action_turn(self, step: int) -> None:
        """To the next turn's start (1), or back to this turn's start, or the last one's from there (-1)."""
        turn_of = [state.turn for state, _, _ in self.frames]
        here = self.position
        if step > 0:
            ahead = [i for i in range(here + 1, len(turn_of)) if turn_of[i] != turn_of[here]]
            self.position = ahead[0] if ahead else len(turn_of) - 1
        else:
            start = here
            while start > 0 and turn_of[start - 1] == turn_of[start]:
                start -= 1
            if start == here and start > 0:  # at a turn's start already: the one before
                start -= 1
                while start > 0 and turn_of[start - 1] == turn_of[start]:
                    start -= 1
            self.position = start
        self.show()

    def action_jump(self, where: int) -> None:
        """Jump to the start (0) or the end (-1)."""
        self.position = 0 if where == 0 else len(self.frames) - 1
        self.show()
