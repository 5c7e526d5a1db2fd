"""The table: opponents, your cards, what is going on, the log, and your legal moves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Footer, RichLog, Static

from core.cards.events import Event
from core.cards.moves import Move
from core.cards.rules import ACTIONS
from core.cards.text import describe, move_label, situation, waiting_for
from core.cards.views import CoupView
from core.game import IllegalMove
from netplay.storage import count_game
from tui.screens.confirm import ConfirmDialog
from tui.screens.examine import ExamineDialog
from tui.screens.exchange import ExchangeDialog
from tui.screens.game_over import GameOverScreen
from tui.screens.pick_card import PickCardDialog
from tui.screens.rules import RulesScreen
from tui.screens.target import TargetDialog
from tui.settings import Settings, record_line
from tui.widgets.seat_panel import SeatList, SeatPanel, seat_line

ACTION_KEYS = {
    "income": "i",
    "foreign_aid": "f",
    "coup": "c",
    "tax": "t",
    "assassinate": "a",
    "steal": "s",
    "exchange": "e",
    "examine": "x",
    "convert": "v",
    "embezzle": "z",
}
ANSWER_KEYS = {"challenge": "c", "pass": "p", "prove": "y", "concede": "n"}
BLOCK_KEYS = ("b", "m")
CONFIRMED = {"coup", "assassinate", "challenge"}
DIALOG_WINDOWS = ("lose", "exchange", "setup", "allegiance", "show", "examine")
COMPACT_FROM = 7  # players: one line per opponent instead of a box
UNBOUND_LETTERS = set("abcdefghijlmnopqrstuvwxyz")  # k is a binding; answered with a hint when unused
CLOCK_SHOWN_FROM = 15  # seconds


class Choice:
    """One button of the choice bar: a key, a label, and the legal moves it stands for."""

    def __init__(self, key: str, label: str, moves: list[Move]) -> None:
        self.key, self.label, self.moves = key, label, moves


def choices_for(view: CoupView) -> list[Choice]:
    """Group the viewer's legal moves into buttons: one per action (targets are asked after),
    one per answer. Windows answered in a dialog (lose, exchange, set-up) give none."""
    if view.window in DIALOG_WINDOWS:
        return []
    grouped: dict[str, list[Move]] = {}
    for move in view.legal:
        grouped.setdefault(move.kind if move.kind != "block" else f"block:{move.card}", []).append(move)
    choices = []
    blocks = 0
    for group, moves in grouped.items():
        if group.startswith("block:"):
            key, blocks = BLOCK_KEYS[blocks], blocks + 1
        else:
            key = ACTION_KEYS.get(group) or ANSWER_KEYS[group]
        choices.append(Choice(key, move_label(moves[0], view), moves))
    return choices


class TableScreen(Screen[None]):
    """Plays one game through a table object (local now; remote tables give the same interface)."""

    BINDINGS = [
        ("question_mark,f1", "rules", "Rules"),
        ("k", "toggle_confirm", "Confirm on/off"),
        ("escape", "leave", "Leave game"),
    ]

    def __init__(self, table: Any, settings: Settings) -> None:
        super().__init__()
        self.table, self.settings = table, settings
        self.compact = len(table.names) >= COMPACT_FROM
        self.choices: list[Choice] = []
        self._choice_signature: tuple[Any, ...] | None = None
        self._dialog_version: int | None = None
        self._busy = False

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        if self.compact:
            yield SeatList(id="opponent-list")
        else:
            with Horizontal(id="opponents"):
                for seat in range(len(self.table.names)):
                    if seat != self.table.seat:
                        yield SeatPanel(id=f"seat-{seat}", classes="seat")
        yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
        yield Static(id="situation")
        if self.table.seat is not None:
            yield SeatPanel(id="me", classes="seat")
        yield Grid(id="choices")
        yield Footer()

    def on_mount(self) -> None:
        self._unsubscribe = self.table.subscribe(self._on_table_events)
        self._write_log(self.table.events)
        self.refresh_table()
        self.table.start()
        self.set_interval(0.5, self._tick_clock)

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _tick_clock(self) -> None:
        """Redraw the situation while a response clock runs (tables without timers never have one)."""
        if self.table.deadline is not None:
            self._show_situation(self.table.view(), self.table.thinking)

    # -- drawing ---------------------------------------------------------------------------

    def _on_table_events(self, events: list[Event]) -> None:
        self._write_log(events)
        self.refresh_table()

    def _write_log(self, events: list[Event]) -> None:
        log = self.query_one("#log", RichLog)
        for event in events:
            line = describe(event, self.table.names, self.table.seat)
            if line is None:
                continue
            style = "bold" if event.kind in ("turn", "win") else ("red" if event.kind == "eliminated" else "")
            log.write(Text(line, style=style))

    def refresh_table(self) -> None:
        """Redraw everything from the table's current view."""
        view: CoupView = self.table.view()
        thinking = self.table.thinking
        status = f" Coup · turn {view.turn} · deck {view.deck_count} · treasury {view.treasury}"
        status += f" · {self.table.label}" + ("" if view.viewer is not None else " · watching")
        status += f" · reserve {view.reserve}" if view.reformation else ""
        status += "" if self.settings.confirm else " · no confirm"
        self.query_one("#status-bar", Static).update(status)
        lines = []
        for seat in view.players:
            owes = seat.seat in view.owed and view.window != "over"
            active, busy = seat.seat == view.active, thinking == seat.seat
            if seat.seat == view.viewer:
                self.query_one("#me", SeatPanel).show(seat, active, owes, busy, show_hand=True)
            elif self.compact:
                lines.append(seat_line(seat, active, owes, busy))
            else:
                self.query_one(f"#seat-{seat.seat}", SeatPanel).show(seat, active, owes, busy)
        if self.compact:
            self.query_one("#opponent-list", SeatList).show(lines)
        self._show_situation(view, thinking)
        self._show_choices(view)
        self._open_dialogs(view)

    def _show_situation(self, view: CoupView, thinking: int | None) -> None:
        text = Text(situation(view), style="bold")
        waiting = waiting_for(view)
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

    def _show_choices(self, view: CoupView) -> None:
        choices = choices_for(view)
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

    def _open_dialogs(self, view: CoupView) -> None:
        """Open the dialog of a window the viewer answers in one (once per version)."""
        if self._dialog_version == view.version:
            return
        if view.window == "over":
            self._dialog_version = view.version
            note = f"Record saved: {self.table.record_path}" if self.table.record_path else ""
            if view.viewer is not None and self.settings.save_records:
                totals = count_game(self.settings.stats_key(), won=view.winner == view.viewer)
                note = f"{record_line(totals)}\n{note}".strip()
            self.app.push_screen(GameOverScreen(view, note), self._after_game)
            return
        me = view.me()
        if view.viewer not in view.owed or me is None or me.hand is None or view.window not in DIALOG_WINDOWS:
            return
        self._dialog_version = view.version
        pending = view.pending
        if view.window == "lose":
            reason = {"challenge": "you lost a challenge", "coup": "a coup", "assassinate": "an assassination"}
            title = f"You lose an influence ({reason.get(view.loss_reason, view.loss_reason)}): reveal which card?"
            self.app.push_screen(PickCardDialog(title, list(me.hand), "1-9 or click"), self._answer("reveal"))
        elif view.window == "exchange":
            self.app.push_screen(ExchangeDialog(me.hand, view.drawn), self._keep)
        elif view.window == "setup":
            title = "Two-player variant: keep which card of your set of five?"
            hint = "The other four are discarded face down."
            self.app.push_screen(PickCardDialog(title, list(view.choices), hint), self._answer("choose"))
        elif view.window == "allegiance":
            title = "You start: choose your allegiance. The others alternate clockwise from you."
            self.app.push_screen(PickCardDialog(title, ["Loyalist", "Reformist"]), self._answer("allegiance"))
        elif view.window == "show" and pending is not None:
            title = f"{view.players[pending.actor].name} examines you: which card do you show?"
            self.app.push_screen(PickCardDialog(title, list(me.hand), "Only they see it."), self._answer("show"))
        elif view.window == "examine" and pending is not None and pending.target is not None and view.examined:
            dialog = ExamineDialog(view.players[pending.target].name, view.examined)
            self.app.push_screen(dialog, lambda choice: self._submit(Move(choice)) if choice else None)

    def _answer(self, kind: str) -> Callable[[str | None], None]:
        """A dialog callback playing Move(kind, card=the chosen card)."""

        def answered(card: str | None) -> None:
            if card is not None:
                self._submit(Move(kind, card=card))

        return answered

    # -- acting ---------------------------------------------------------------------------

    def _submit(self, move: Move) -> None:
        try:
            self.table.submit(move)
        except IllegalMove as error:
            self.notify(str(error), title="Not allowed", severity="error")

    def _keep(self, cards: tuple[str, ...] | None) -> None:
        if cards is not None:
            self._submit(Move("keep", cards=cards))

    def _after_game(self, choice: str | None) -> None:
        self.table.close()
        self.app.post_message(self.app.GameFinished(choice or "menu", self.table))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.has_class("choice") and event.button.name:
            event.stop()
            self._pick(event.button.name)

    def on_key(self, event: Key) -> None:
        if any(c.key == event.key for c in self.choices):
            event.stop()
            self._pick(event.key)
        elif event.key in UNBOUND_LETTERS:
            event.stop()
            view = self.table.view()
            hint = waiting_for(view) or "Nothing to do right now."
            if self.choices:
                hint = "Your choices now: " + ", ".join(f"{c.key} {c.label}" for c in self.choices)
            self.notify(hint, title=f"{event.key!r} does nothing here", timeout=3)

    def _pick(self, key: str) -> None:
        choice = next((c for c in self.choices if c.key == key), None)
        if choice is None:
            return
        view: CoupView = self.table.view()
        moves = choice.moves
        if moves[0].target is None:
            self._confirm_then_submit(moves[0], view)
            return
        targets = [(m.target, self._target_label(view, m.target)) for m in moves if m.target is not None]
        title = f"{ACTIONS[moves[0].kind].label}: choose a target"

        def aimed(seat: int | None) -> None:
            if seat is not None:
                self._confirm_then_submit(Move(moves[0].kind, target=seat), self.table.view())

        self.app.push_screen(TargetDialog(title, targets), aimed)

    @staticmethod
    def _target_label(view: CoupView, seat: int) -> str:
        player = view.players[seat]
        if seat == view.viewer:
            return "yourself (1 coin)"
        side = f", {player.allegiance}" if player.allegiance else ""
        return f"{player.name} — {player.coins} coins, {player.influence} influence{side}"

    def _confirm_then_submit(self, move: Move, view: CoupView) -> None:
        if not self.settings.confirm or move.kind not in CONFIRMED:
            self._submit(move)
            return
        if move.kind == "challenge":
            claim = view.pending.block_card if view.window == "challenge_block" else view.pending.claim  # type: ignore[union-attr]
            question = f"Challenge the {claim}? If it is shown, you lose an influence."
        else:
            target = view.players[move.target].name if move.target is not None else ""
            what = "Launch a coup against" if move.kind == "coup" else "Assassinate"
            question = f"{what} {target} for {ACTIONS[move.kind].cost} coins?"

        def answered(yes: bool | None) -> None:
            if yes:
                self._submit(move)

        self.app.push_screen(ConfirmDialog(question), answered)

    # -- bindings --------------------------------------------------------------------------

    def action_rules(self) -> None:
        """Show the rules."""
        self.app.push_screen(RulesScreen())

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
