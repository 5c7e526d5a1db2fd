"""The table: opponents, your cards, what is going on, the log, and your legal moves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Footer, RichLog, Static

from core.cards.events import Event
from core.cards.expert import SEARCHES
from core.cards.moves import Move
from core.game import IllegalMove
from netplay.storage import count_game
from tui.faces.base import Choice, Face
from tui.faces.decisions import Decision, Play
from tui.messages import GameFinished
from tui.screens.coach import CoachPanel
from tui.screens.confirm import ConfirmDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.table_dialogs import dialog_for
from tui.settings import Settings, record_line
from tui.widgets.seat_panel import SeatList, SeatPanel

COMPACT_FROM = 7  # players: one line per opponent instead of a box
UNBOUND_LETTERS = set("abcdefgijlmnopqrstuvwxyz")  # h and k are bindings; answered with a hint when unused
CLOCK_SHOWN_FROM = 15  # seconds
CLOCK_SLACK = 1.0  # seconds: a remote clock's end, as this machine sees it, may be a little late
TIMED_OUT = "Time ran out: the computer answered for you."
MOVED_ON = "The game moved on before you answered."


@dataclass
class Asking:
    """An open decision dialog: the window it answers (by the version at which it opened), the end of that window's
    clock as last seen (None: no clock), and whether the table took the question back."""

    dialog: Screen[Any]
    window: int
    deadline: float | None
    withdrawn: bool = False


class TableScreen(Screen[None]):
    """Plays one game through a table object (local now; remote tables give the same interface)."""

    BINDINGS = [
        ("question_mark,f1", "rules", "Rules"),
        ("r", "roles", "Roles"),
        ("k", "toggle_confirm", "Confirm on/off"),
        Binding("h", "coach", "Coach", show=False),  # off the footer: it is full at 80 columns
        ("escape", "leave", "Leave game"),
    ]

    def __init__(self, table: Any, settings: Settings, face: Face) -> None:
        """face: what the table's game says and asks (the TUI registry gives each game's)."""
        super().__init__()
        self.table, self.settings, self.face = table, settings, face
        self.compact = len(table.names) >= COMPACT_FROM
        self.choices: list[Choice] = []
        self._choice_signature: tuple[Any, ...] | None = None
        self._dialog_version: int | None = None
        self._asking: Asking | None = None
        self._record_note: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        if self.compact:
            yield SeatList(id="opponent-list")
        else:
            with Horizontal(id="opponents"):
                for seat in range(len(self.table.names)):
                    if seat != self.table.seat:
                        yield SeatPanel(id=f"seat-{seat}", classes="seat")
        panels = list(self.face.panels())
        if panels:
            with Horizontal(id="middle"):  # the log shares the row: let it wrap narrower than its usual 78
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                yield from panels
        else:
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
        yield Static(id="situation")
        if self.table.seat is not None:
            yield SeatPanel(id="me", classes="seat")
        yield Grid(id="choices")
        yield Footer()

    def on_mount(self) -> None:
        self._unsubscribe = self.table.subscribe(self._on_table_events)
        self._write_log(self.table.events)
        self._count_if_over()
        self.refresh_table()
        self.table.start()
        self.set_interval(0.5, self._tick_clock)

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _tick_clock(self) -> None:
        """Redraw the situation while a response clock runs (tables without timers never have one), and close a
        dialog whose closing something above it put off."""
        if self._asking is not None:
            self._close_stale_dialog(self.table.view())
        if self.table.deadline is not None:
            self._show_situation(self.table.view(), self.table.thinking)

    def _on_table_events(self, events: list[Event]) -> None:
        self._write_log(events)
        self._count_if_over()
        self.refresh_table()

    def _count_if_over(self) -> None:
        """Once the game is over, count it in the player's record (once per game) and note what was saved."""
        view = self.table.view()
        if view.window != "over" or self._record_note is not None:
            return
        note = f"Record saved: {self.table.record_path}" if self.table.record_path else ""
        remote = getattr(self.table, "remote", False)
        totals = self.table.totals if remote else None
        if not remote and view.viewer is not None and self.settings.save_records:
            totals = count_game(self.settings.stats_key(), won=view.winner == view.viewer)
        if totals:  # a network game is counted by its host, which sends the record with the final view
            note = f"{record_line(totals)}\n{note}".strip()
        self._record_note = note

    # -- drawing ---------------------------------------------------------------------------

    def _write_log(self, events: list[Event]) -> None:
        log = self.query_one("#log", RichLog)
        for event in events:
            line = self.face.describe(event, self.table.names, self.table.seat)
            if line is None:
                continue
            style = "bold" if event.kind in ("turn", "win") else ("red" if event.kind == "eliminated" else "")
            log.write(Text(line, style=style))

    def refresh_table(self) -> None:
        """Redraw everything from the table's current view."""
        view = self.table.view()
        thinking = self.table.thinking
        status = self.face.status(view)
        status += f" · {self.table.label}" + ("" if view.viewer is not None else " · watching")
        status += self.face.status_extra(view)
        status += "" if self.settings.confirm else " · no confirm"
        self.query_one("#status-bar", Static).update(status)
        lines = []
        for seat in view.players:
            owes = seat.seat in view.owed and view.window != "over"
            active, busy = seat.seat == view.active, thinking == seat.seat
            if seat.seat == view.viewer:
                body = self.face.seat_text(view, seat, show_hand=True)
                self.query_one("#me", SeatPanel).show(seat, active, owes, busy, body)
            elif self.compact:
                lines.append(self.face.seat_line(view, seat, active, owes, busy))
            else:
                body = self.face.seat_text(view, seat, show_hand=False)
                self.query_one(f"#seat-{seat.seat}", SeatPanel).show(seat, active, owes, busy, body)
        if self.compact:
            self.query_one("#opponent-list", SeatList).show(lines)
        self.face.show_panels(view)
        self._show_situation(view, thinking)
        self._show_choices(view)
        self._close_stale_dialog(view)
        self._open_dialogs(view)

    def _show_situation(self, view: Any, thinking: int | None) -> None:
        text = Text(self.face.situation(view), style="bold")
        waiting = self.face.waiting_for(view)
        if waiting:
            text.append(f"\n{waiting}", style="dim")
        if thinking is not None and thinking != view.viewer:
            text.append(f" {view.players[thinking].name} is thinking…", style="dim italic")
        if self.table.error:
            text.append(f"\n{self.table.error}", style="red")
        if self.table.deadline is not None and view.viewer in view.owed:
            left = self.table.deadline - asyncio.get_running_loop().time()
            if left <= CLOCK_SHOWN_FROM:
                text.append(
                    f"\n⏱ {max(0, round(left))} s left, then a computer opponent answers for you.", style="yellow"
                )
        self.query_one("#situation", Static).update(text)

    def _show_choices(self, view: Any) -> None:
        choices = self.face.choices(view)
        signature = (view.version, tuple(c.key for c in choices))
        if signature == self._choice_signature:
            return
        self._choice_signature = signature
        self.choices = choices
        grid = self.query_one("#choices", Grid)
        grid.remove_children()
        grid.mount_all(Button(self._button_label(c), name=c.key, compact=True, classes="choice") for c in choices)
        self._lay_out_choices()

    @staticmethod
    def _button_label(choice: Choice) -> str:
        return f"{choice.label} ({choice.key})"

    def _lay_out_choices(self) -> None:
        """As many equal columns as fit the widest label, so buttons stay readable at any width."""
        grid = self.query_one("#choices", Grid)
        widest = max((len(self._button_label(c)) for c in self.choices), default=10) + 2
        fit = max(1, (self.size.width - 2) // (widest + 1))
        grid.styles.grid_size_columns = max(1, min(len(self.choices), fit))
        grid.styles.grid_columns = str(widest)

    def on_resize(self) -> None:
        self._lay_out_choices()

    def _open_dialogs(self, view: Any) -> None:
        """Open the dialog of a window the viewer answers in one (once per version)."""
        if self._dialog_version == view.version:
            return
        if view.window == "over":
            self._dialog_version = view.version
            self.app.push_screen(GameOverScreen(view, self._record_note or ""), self._after_game)
            return
        me = view.me()
        if view.viewer not in view.owed or me is None or me.hand is None:
            return
        ask = self.face.dialog(view, me.hand)
        if ask is not None:
            self._dialog_version = view.version
            self._decide(ask)

    def _close_stale_dialog(self, view: Any) -> None:
        """Close the open decision dialog, unanswered, once this seat no longer owes the window it answers (the
        clock answered for it, another seat moved the game on, a resume brought a new view), and say why in the log.
        Something above the dialog (the command palette) puts it off to the next update or clock tick."""
        asking = self._asking
        if asking is None:
            return
        if view.viewer in view.owed and self.table.window_opened == asking.window:
            asking.deadline = self.table.deadline if self.table.deadline is not None else asking.deadline
            return
        if not asking.dialog.is_active:
            return
        asking.withdrawn, self._asking = True, None
        asking.dialog.dismiss(None)
        now = asyncio.get_running_loop().time()
        timed_out = asking.deadline is not None and now >= asking.deadline - CLOCK_SLACK
        self.query_one("#log", RichLog).write(Text(TIMED_OUT if timed_out else MOVED_ON, style="yellow"))

    # -- acting ---------------------------------------------------------------------------

    def submit(self, move: Move) -> None:
        """Play move; a refusal is a message, not a crash."""
        try:
            self.table.submit(move)
        except IllegalMove as error:
            self.notify(str(error), title="Not allowed", severity="error")

    def _decide(self, decision: Decision | None) -> None:
        """Carry out a face's decision: play its move, or ask its question and carry out what the answer decides."""
        if decision is None:
            return
        if isinstance(decision, Play):
            self._play(decision)
            return
        dialog, follow_up = dialog_for(decision)
        self._ask(dialog, lambda answer: self._decide(follow_up(answer)))

    def _ask(self, dialog: Screen[Any], then: Callable[[Any], None]) -> None:
        """Push a dialog answering the open window; then gets its answer, unless the window closed first."""
        asking = Asking(dialog, self.table.window_opened, self.table.deadline)
        self._asking = asking

        def answered(answer: Any) -> None:
            if asking.withdrawn:
                return
            if self._asking is asking:
                self._asking = None
            then(answer)

        self.app.push_screen(dialog, answered)

    def _play(self, play: Play) -> None:
        """Submit the move, first asking its question if it has one and confirmation is on."""
        if play.question is None or not self.settings.confirm:
            self.submit(play.move)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(play.move)

        self._ask(ConfirmDialog(play.question), answered)

    def _after_game(self, choice: str | None) -> None:
        self.table.close()
        self.app.post_message(GameFinished(choice or "menu", self.table))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.has_class("choice") and event.button.name:
            event.stop()
            self._pick(event.button.name)

    def on_key(self, event: Key) -> None:
        if any(c.key == event.key for c in self.choices):
            event.stop()
            self._pick(event.key)
        elif event.key in UNBOUND_LETTERS - self.face.bound_keys:
            event.stop()
            view = self.table.view()
            hint = self.face.waiting_for(view) or "Nothing to do right now."
            if self.choices:
                hint = "Your choices now: " + ", ".join(f"{c.key} {c.label}" for c in self.choices)
            self.notify(hint, title=f"{event.key!r} does nothing here", timeout=3)

    def _pick(self, key: str) -> None:
        choice = next((c for c in self.choices if c.key == key), None)
        if choice is not None:
            self._decide(self.face.pick(choice, self.table.view()))

    # -- bindings --------------------------------------------------------------------------

    def action_rules(self) -> None:
        """Show the rules."""
        self.app.push_screen(self.face.rules(self.table.view()))

    def action_roles(self) -> None:
        """Show the roles in play in full (games with roles: G54)."""
        self.action_rules()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The roles key only where the game has roles to show."""
        return "r" in self.face.bound_keys if action == "roles" else True

    def action_coach(self) -> None:
        """Open the coach's panel: for the player's own seat only, in a game the expert plays, where the table
        allows it (a network table only if its host's table was made so)."""
        view = self.table.view()
        if view is None or view.viewer is None or view.window == "over" or self.table.game.name not in SEARCHES:
            self.notify("The coach helps a player in a game under way.", timeout=3)
        elif not getattr(self.table, "coach", False):
            self.notify("This table does not allow the coach.", timeout=3)
        elif getattr(view, "two_player_variant", False):
            self.notify("The coach does not follow the two-player variant's chosen cards.", timeout=3)
        else:
            self.app.push_screen(CoachPanel(self.table.game.name, view, self.table.names))

    def action_toggle_confirm(self) -> None:
        """Turn the confirm step on irreversible moves on or off."""
        self.settings.confirm = not self.settings.confirm
        self.notify(f"Confirmation {'on' if self.settings.confirm else 'off'}.")
        self.refresh_table()

    def action_leave(self) -> None:
        """Back to the menu, after a confirm while the game is on."""
        if self.table.view().window == "over":
            self._after_game("menu")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._after_game("menu")

        self.app.push_screen(ConfirmDialog("Leave this game? It cannot be resumed."), answered)
