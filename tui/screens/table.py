"""The table: opponents, your cards, what is going on, the log, and your legal moves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal
from textual.events import Key
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, RichLog, Static

from core.cards.events import Event
from core.cards.g54.views import G54View
from core.cards.moves import Move
from core.cards.rules import ACTIONS
from core.cards.text import describe, move_label, situation, waiting_for
from core.cards.views import CoupView, SeatView
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
from tui.widgets.seat_panel import SeatList, SeatPanel, seat_line, seat_text

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


class CoupFace:
    """What the table screen says and asks in Coup and Reformation: sentences, buttons, seats and
    dialogs. Games with other views bring their own face (see face_for)."""

    dialog_windows = DIALOG_WINDOWS
    bound_keys: frozenset[str] = frozenset()
    """Letters the face binds itself (r: G54's roles), so the screen does not answer them with a hint."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def describe(self, event: Event, names: tuple[str, ...], viewer: int | None) -> str | None:
        """One log line for event."""
        return describe(event, names, viewer)

    def situation(self, view: Any) -> str:
        """What is going on now."""
        return situation(view)

    def waiting_for(self, view: Any) -> str:
        """Whom the table waits for."""
        return waiting_for(view)

    def status(self, view: CoupView) -> str:
        """The status bar up to the table's label."""
        return f" Coup · turn {view.turn} · deck {view.deck_count} · treasury {view.treasury}"

    def status_extra(self, view: CoupView) -> str:
        """The status bar after the table's label."""
        return f" · reserve {view.reserve}" if view.reformation else ""

    def choices(self, view: Any) -> list[Choice]:
        """The choice bar's buttons."""
        return choices_for(view)

    def seat_text(self, view: Any, seat: SeatView, show_hand: bool) -> Text:
        """A seat box's lines."""
        return seat_text(seat, show_hand)

    def seat_line(self, view: Any, seat: SeatView, active: bool, owes: bool, thinking: bool) -> Text:
        """A seat's line on crowded tables."""
        return seat_line(seat, active, owes, thinking)

    def panels(self) -> Iterable[Widget]:
        """Widgets shown beside the log (none in Coup)."""
        return ()

    def show_panels(self, view: Any) -> None:
        """Redraw the panels beside the log."""

    def rules(self) -> RulesScreen:
        """The rules screen of this game."""
        return RulesScreen()

    def open_dialog(self, view: CoupView, hand: tuple[str, ...]) -> None:
        """Open the dialog of view's window (the viewer owes it and it is one of dialog_windows)."""
        screen, pending = self.screen, view.pending
        if view.window == "lose":
            reason = {"challenge": "you lost a challenge", "coup": "a coup", "assassinate": "an assassination"}
            title = f"You lose an influence ({reason.get(view.loss_reason, view.loss_reason)}): reveal which card?"
            screen.app.push_screen(PickCardDialog(title, list(hand), "1-9 or click"), screen.answer("reveal"))
        elif view.window == "exchange":
            screen.app.push_screen(ExchangeDialog(hand, view.drawn), screen.keep)
        elif view.window == "setup":
            title = "Two-player variant: keep which card of your set of five?"
            hint = "The other four are discarded face down."
            screen.app.push_screen(PickCardDialog(title, list(view.choices), hint), screen.answer("choose"))
        elif view.window == "allegiance":
            title = "You start: choose your allegiance. The others alternate clockwise from you."
            screen.app.push_screen(PickCardDialog(title, ["Loyalist", "Reformist"]), screen.answer("allegiance"))
        elif view.window == "show" and pending is not None:
            title = f"{view.players[pending.actor].name} examines you: which card do you show?"
            screen.app.push_screen(PickCardDialog(title, list(hand), "Only they see it."), screen.answer("show"))
        elif view.window == "examine" and pending is not None and pending.target is not None and view.examined:
            dialog = ExamineDialog(view.players[pending.target].name, view.examined)
            screen.app.push_screen(dialog, lambda choice: screen.submit(Move(choice)) if choice else None)

    def pick(self, choice: Choice, view: CoupView) -> None:
        """Play a choice bar button: ask for a target first when the action has one."""
        moves = choice.moves
        if moves[0].target is None:
            self.screen.confirm_then_submit(moves[0], view)
            return
        targets = [(m.target, self.target_label(view, m.target)) for m in moves if m.target is not None]
        self.screen.ask_target(f"{ACTIONS[moves[0].kind].label}: choose a target", targets, moves[0].kind)

    @staticmethod
    def target_label(view: CoupView, seat: int) -> str:
        """A target dialog's line for seat."""
        player = view.players[seat]
        if seat == view.viewer:
            return "yourself (1 coin)"
        side = f", {player.allegiance}" if player.allegiance else ""
        return f"{player.name} — {player.coins} coins, {player.influence} influence{side}"

    def confirm_question(self, move: Move, view: CoupView) -> str | None:
        """The question asked before move, or None to play it at once."""
        if move.kind not in CONFIRMED:
            return None
        if move.kind == "challenge":
            claim = view.pending.block_card if view.window == "challenge_block" else view.pending.claim  # type: ignore[union-attr]
            return f"Challenge the {claim}? If it is shown, you lose an influence."
        target = view.players[move.target].name if move.target is not None else ""
        what = "Launch a coup against" if move.kind == "coup" else "Assassinate"
        return f"{what} {target} for {ACTIONS[move.kind].cost} coins?"


def face_for(screen: TableScreen, view: Any) -> CoupFace:
    """The face of the game whose view this is."""
    if isinstance(view, G54View):
        from tui.screens.g54_table import G54Face  # G54's face builds on this module's

        return G54Face(screen)
    return CoupFace(screen)


class TableScreen(Screen[None]):
    """Plays one game through a table object (local now; remote tables give the same interface)."""

    BINDINGS = [
        ("question_mark,f1", "rules", "Rules"),
        ("r", "roles", "Roles"),
        ("k", "toggle_confirm", "Confirm on/off"),
        ("escape", "leave", "Leave game"),
    ]

    def __init__(self, table: Any, settings: Settings) -> None:
        super().__init__()
        self.table, self.settings = table, settings
        self.face = face_for(self, table.view())
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
            note = f"Record saved: {self.table.record_path}" if self.table.record_path else ""
            if view.viewer is not None and self.settings.save_records:
                totals = count_game(self.settings.stats_key(), won=view.winner == view.viewer)
                note = f"{record_line(totals)}\n{note}".strip()
            self.app.push_screen(GameOverScreen(view, note), self._after_game)
            return
        me = view.me()
        if view.viewer not in view.owed or me is None or me.hand is None or view.window not in self.face.dialog_windows:
            return
        self._dialog_version = view.version
        self.face.open_dialog(view, me.hand)

    def answer(self, kind: str) -> Callable[[str | None], None]:
        """A dialog callback playing Move(kind, card=the chosen card)."""

        def answered(card: str | None) -> None:
            if card is not None:
                self.submit(Move(kind, card=card))

        return answered

    # -- acting ---------------------------------------------------------------------------

    def submit(self, move: Move) -> None:
        """Play move; a refusal is a message, not a crash."""
        try:
            self.table.submit(move)
        except IllegalMove as error:
            self.notify(str(error), title="Not allowed", severity="error")

    _submit = submit  # the name the older tests use

    def keep(self, cards: tuple[str, ...] | None) -> None:
        """The exchange dialog's callback: keep cards."""
        if cards is not None:
            self.submit(Move("keep", cards=cards))

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
            self.face.pick(choice, self.table.view())

    def ask_target(self, title: str, targets: list[tuple[int, str]], kind: str) -> None:
        """Ask whom the action kind is aimed at, then play it (after a confirm if it needs one)."""

        def aimed(seat: int | None) -> None:
            if seat is not None:
                self.confirm_then_submit(Move(kind, target=seat), self.table.view())

        self.app.push_screen(TargetDialog(title, targets), aimed)

    def confirm_then_submit(self, move: Move, view: Any) -> None:
        """Play move, first asking to confirm it if it is risky and confirmation is on."""
        question = self.face.confirm_question(move, view) if self.settings.confirm else None
        if question is None:
            self.submit(move)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(move)

        self.app.push_screen(ConfirmDialog(question), answered)

    # -- bindings --------------------------------------------------------------------------

    def action_rules(self) -> None:
        """Show the rules."""
        self.app.push_screen(self.face.rules())

    def action_roles(self) -> None:
        """Show the roles in play in full (games with roles: G54)."""
        self.app.push_screen(self.face.rules())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The roles key only where the game has roles to show."""
        return "r" in self.face.bound_keys if action == "roles" else True

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
