"""The table: opponents, your cards, what is going on, the log, and your legal moves."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
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
from netplay.remote import Note
from netplay.storage import count_game
from tui.faces.base import Choice, Face
from tui.faces.decisions import AskCard, AskTarget, Decision, Play, only_choice
from tui.messages import GameFinished
from tui.screens.coach import CoachPanel
from tui.screens.confirm import ConfirmDialog, leave_question
from tui.screens.game_over import GameOverScreen
from tui.screens.handover import away_note, can_give, give_seat, handed_over, seat_note
from tui.screens.listening import tell_trouble, while_up
from tui.screens.pace import HOSTS_PACE, PaceDialog
from tui.screens.rematch import offer_rematch, play_again
from tui.screens.table_dialogs import dialog_for
from tui.settings import Settings, record_line, saved_where
from tui.widgets.chat import CHAT_KEY, LOCAL, WATCHERS_HEAR, ChatLine, chat_text, follow_chat
from tui.widgets.log_paging import log_to_end, page_log
from tui.widgets.reflow_log import ReflowLog
from tui.widgets.seat_panel import SeatClicked, SeatList, SeatPanel, SeatRow

BOX_WIDTH = 22  # columns: narrower boxes give way to a line per opponent
BOX_LINES = 4  # lines inside a box: a seat needing more gives way to a line per opponent
ROOMY_HEIGHT = 32  # rows: from here your own seat keeps its box under a line per opponent
UNBOUND_LETTERS = set("abcdefijlmnpqrstuvwxyz")  # g, h, k and o are bindings; answered with a hint when unused
WIDE_FROM = 110  # columns: from here the log has room beside it for Coup's reference card
CLOCK_SHOWN_FROM = 15  # seconds
CLOCK_SLACK = 1.0  # seconds: a remote clock's end, as this machine sees it, may be a little late
TIMED_OUT = "Time ran out: the computer answered for you."
MOVED_ON = "The game moved on before you answered."
AUTO_PASSED = "You pass (auto-pass; o changes it)."


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

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE_FROM, "-wide")]  # Coup's reference card shows on a wide screen

    BINDINGS = [
        ("question_mark,f1", "rules", "Rules"),
        ("r", "roles", "Roles"),
        ("k", "toggle_confirm", "Confirm on/off"),
        ("o", "pace", "Pace"),
        Binding("plus", "bot_pace(1)", "Faster bots", show=False),
        Binding("minus", "bot_pace(-1)", "Slower bots", show=False),
        (CHAT_KEY, "chat", "Chat"),
        Binding("g", "give_seat", "Seat to computer", show=False),  # off the footer (full at 80 columns): see ?
        Binding("pageup", "scroll_log(-1)", "Log up", show=False, priority=True),  # (the log's own would not
        Binding("pagedown", "scroll_log(1)", "Log down", show=False, priority=True),  # stop it following the game)
        Binding("end", "log_end", "Log's end", show=False, priority=True),
        ("escape", "leave", "Leave game"),
        ("escape", "stop_watching", "Stop watching"),  # the same key, as a watcher reads it
        ("h", "coach", "Coach"),  # last: where 80 columns cut the footer short, the keys above show first
        Binding("h", "coach_refused", "Coach", show=False),  # the same key where the coach cannot help: says why
    ]

    def __init__(self, table: Any, settings: Settings, face: Face) -> None:
        """face: what the table's game says and asks (the TUI registry gives each game's)."""
        super().__init__()
        self.table, self.settings, self.face = table, settings, face
        self.choices: list[Choice] = []
        self._choice_signature: tuple[Any, ...] | None = None
        self._dialog_version: int | None = None
        self._asking: Asking | None = None
        self._record_note: str | None = None
        self._error: str | None = None  # the trouble last shown (a refusal from the host)
        self._log_lines: list[Text] = []
        self._auto_passed: int | None = None  # the version of the last window passed for the player
        self._coach_helps = False  # whether h opens the coach (and the footer shows it), as of the last view

    def compose(self) -> ComposeResult:
        yield Static(id="status-bar")
        with Horizontal(id="opponents"):
            for seat in range(len(self.table.names)):
                if seat != self.table.seat:
                    yield SeatPanel(id=f"seat-{seat}", classes="seat", seat=seat)
        yield SeatList(id="opponent-list")
        panels = list(self.face.panels())
        if panels:
            with Horizontal(id="middle"):  # the log shares the row (G54's roles)
                yield ReflowLog(id="log")
                yield from panels
        else:
            yield ReflowLog(id="log")  # wrapped again at each width the screen is given
        yield Static(id="situation")
        if self.table.seat is not None:
            yield SeatPanel(id="me", classes="seat")
        yield Grid(id="choices")
        yield ChatLine(WATCHERS_HEAR) if self._watching() else ChatLine()
        yield Footer(show_command_palette=False)  # its keys need the whole line at 80 columns (Ctrl+P still works)

    def on_mount(self) -> None:
        self._unsubscribe = self.table.subscribe(while_up(self, self._on_table_events))
        self._write_log(self.table.events)
        self._unfollow_chat = follow_chat(self.table, self.query_one("#log", RichLog))
        self._count_if_over()
        self.refresh_table()
        self.table.start()
        self.set_interval(0.5, self._tick_clock)

    def on_unmount(self) -> None:
        self._unsubscribe()
        self._unfollow_chat()

    def _tick_clock(self) -> None:
        """Redraw the situation while a response clock runs (tables without timers never have one), and close a
        dialog whose closing something above it put off."""
        if self._asking is not None:
            self._close_stale_dialog(self.table.view())
        if self.table.deadline is not None:
            self._show_situation(self.table.view(), self.table.thinking)

    def _on_table_events(self, events: list[Event]) -> None:
        self._error = tell_trouble(self, self.table, self._error)
        self._write_log(events)
        self._count_if_over()
        self.refresh_table()
        offer_rematch(self, self.table, lambda: self._after_game("menu"))

    def _count_if_over(self) -> None:
        """Once the game is over, count it in the player's record (once per game) and note what was saved."""
        view = self.table.view()
        if view.window != "over" or self._record_note is not None:
            return
        note = saved_where(self.table)
        remote = getattr(self.table, "remote", False)
        totals = self.table.totals if remote else None
        if not remote and view.viewer is not None and self.settings.counts_games():
            totals = count_game(self.settings.stats_key(), won=view.winner == view.viewer)
        if totals:  # a network game is counted by its host, which sends the record with the final view
            note = f"{record_line(totals)}\n{note}".strip()
        self._record_note = note

    # -- drawing ---------------------------------------------------------------------------

    def _write_log(self, events: list[Event]) -> None:
        log = self.query_one("#log", RichLog)
        for event in events:
            if isinstance(event, Note):  # the host's word about the table (or a past chat line), not the game's
                log.write(Text(event.text, style="italic cyan") if event.said is None else chat_text(event.said))
                continue
            line = self.face.describe(event, self.table.names, self.table.seat)
            if line is None:
                continue
            style = "bold" if event.kind in ("turn", "win") else ("red" if event.kind == "eliminated" else "")
            self._log_lines.append(Text(line, style=style))
            log.write(self._log_lines[-1])

    def refresh_table(self) -> None:
        """Redraw everything from the table's current view."""
        view = self.table.view()
        thinking = self.table.thinking
        self._show_status(view)
        rows = []
        for seat in view.players:
            owes = seat.seat in view.owed and view.window != "over"
            active, busy = seat.seat == view.active and view.window != "over", thinking == seat.seat  # none at the end
            if seat.seat == view.viewer:
                parts = self.face.seat_parts(view, seat, show_hand=True)
                self.query_one("#me", SeatPanel).show(seat, active, owes, busy, parts)
            else:
                parts = self.face.seat_parts(view, seat, show_hand=False)
                note = seat_note(self.table, seat.seat) if view.window != "over" else ""
                rows.append(SeatRow(seat.name, seat.alive, active, owes, busy, parts, note, seat.seat))
                self.query_one(f"#seat-{seat.seat}", SeatPanel).show(seat, active, owes, busy, parts, note)
        self.query_one("#opponent-list", SeatList).show(rows)
        self._arrange()
        self.face.show_panels(view)
        self._show_situation(view, thinking)
        self._show_choices(view)
        self._close_stale_dialog(view)
        self._open_dialogs(view)
        self._auto_pass(view)
        if self._coach_helps != (self._coach_refusal(view) is None):
            self._coach_helps = not self._coach_helps
            self.refresh_bindings()

    def _show_status(self, view: Any) -> None:
        """The status bar: the game's figures, then what this player set, then the table's label; whole parts only,
        as many as the width holds."""
        parts = (self.face.status(view) + self.face.status_extra(view)).split(" · ")
        parts += [] if view.viewer is not None else ["watching"]
        parts += ["computer plays for you (g)"] if self._computer_plays_me(view) else []
        parts += [] if self.settings.confirm else ["no confirm"]
        passing = self.settings.auto_pass.intersection(self._pass_kinds())
        parts += ["auto-pass"] if passing and self._passes_for_me(view) else []
        parts += self.table.label.split(" · ")  # the table's number shown even where its code has no room
        status = parts[0]
        for part in parts[1:]:
            if len(status) + 3 + len(part) <= self.size.width:
                status += f" · {part}"
        self.query_one("#status-bar", Static).update(status)

    def _arrange(self) -> None:
        """A box per opponent while each box gets BOX_WIDTH columns and its parts fit BOX_LINES lines, else a line per
        opponent (and, on a short screen, your own seat bare on a line or two, to leave the log its room)."""
        panels = list(self.query("#opponents SeatPanel").results(SeatPanel))
        width = self.size.width
        if not panels or not width:
            return
        box = width // len(panels)
        need = max(len(panel.lines(box - 4)) for panel in panels)
        boxes = box >= BOX_WIDTH and need <= BOX_LINES
        opponents = self.query_one("#opponents")
        opponents.display = boxes
        opponents.styles.height = max(need, 2) + 2
        self.query_one("#opponent-list").display = not boxes
        if self.table.seat is not None:
            self.query_one("#me").set_class(not boxes and self.size.height < ROOMY_HEIGHT, "bare")

    def _show_situation(self, view: Any, thinking: int | None) -> None:
        text = Text(self.face.situation(view), style="bold")
        waiting = self.face.waiting_for(view)
        if waiting:
            text.append(f"\n{waiting}", style="dim")
        text.append(away_note(self.table, view.owed, self.table.names), style="yellow")
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

    def _computer_plays_me(self, view: Any) -> bool:
        """Whether the computer answers for this player now (they handed it their seat): no choice is theirs."""
        return handed_over(self.table) and view.window != "over"

    def _show_choices(self, view: Any) -> None:
        choices = [] if self._computer_plays_me(view) else self.face.choices(view)
        signature = tuple((c.key, self._button_label(c)) for c in choices)  # the same buttons stay: no widgets anew
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
        """As many columns as fit, each as wide as its widest label, so buttons stay whole in as few rows as can be."""
        grid = self.query_one("#choices", Grid)
        labels = [len(self._button_label(c)) + 2 for c in self.choices] or [10]
        for columns in range(len(labels), 0, -1):
            widths = [max(labels[i::columns]) for i in range(columns)]
            if sum(widths) + columns - 1 <= self.size.width - 2:
                break
        grid.styles.grid_size_columns = columns
        grid.styles.grid_columns = " ".join(map(str, widths))

    def on_resize(self) -> None:
        self._lay_out_choices()
        self._arrange()
        self._show_status(self.table.view())

    def _open_dialogs(self, view: Any) -> None:
        """Open the dialog of a window the viewer answers in one (once per version)."""
        if self._dialog_version == view.version:
            return
        if view.window == "over":
            self._dialog_version = view.version
            remote = getattr(self.table, "remote", False)
            again = not self._watching()  # a watcher is offered no rematch
            back = "Lobby" if remote else "Menu"
            left = frozenset(getattr(self.table, "left", ()))  # seats whose players left: the computer played them
            over = GameOverScreen(view, self._record_note or "", self._log_lines, again, back, left)
            self.app.push_screen(over, self._after_game)
            return
        hand = view.own_hand()
        if view.viewer not in view.owed or hand is None or self._computer_plays_me(view):
            return
        if self._asking is not None and self._asking.window == self.table.window_opened:
            return  # already asked: another seat answered the same window (the 2-player variant's set of five)
        ask = self.face.dialog(view, hand)
        if ask is not None:
            self._dialog_version = view.version
            self._decide(ask, first=False)  # shown even with one answer (see _decide)

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
        if timed_out and getattr(self.table, "remote", False):
            return  # the host's notice already said so, before the computer's answer
        self.query_one("#log", RichLog).write(Text(TIMED_OUT if timed_out else MOVED_ON, style="yellow"))

    def _auto_pass(self, view: Any) -> None:
        """Pass for this player, once the screen is drawn, in a window of a kind they chose to have passed (the
        face never names a claim aimed at them); at a network table this client answers for its own seat."""
        kind = self.face.pass_kind(view)
        if kind is None or kind not in self.settings.auto_pass or self._auto_passed == view.version:
            return
        if not self._passes_for_me(view):
            return
        self._auto_passed = view.version
        self.call_later(self._pass_now, view.version)

    def _passes_for_me(self, view: Any) -> bool:
        """Whether auto-pass may answer for this player: not while the computer plays for them, nor with one opponent
        left (every claim is then at the player's expense: they answer it themselves)."""
        return not self._computer_plays_me(view) and sum(p.alive for p in view.players) > 2

    def _pass_now(self, version: int) -> None:
        view = self.table.view()
        if view.version != version or self.face.pass_kind(view) not in self.settings.auto_pass:
            return
        self._log_lines.append(Text(AUTO_PASSED, style="dim italic"))
        self.query_one("#log", RichLog).write(self._log_lines[-1])
        self.submit(Move("pass"))

    # -- acting ---------------------------------------------------------------------------

    def submit(self, move: Move) -> None:
        """Play move; a refusal is a message, not a crash."""
        self._error = None  # a refusal of this move is news, even in the words of the last one
        try:
            self.table.submit(move)
        except IllegalMove as error:
            self.notify(str(error), title="Not allowed", severity="error")

    def _decide(self, decision: Decision | None, first: bool = True) -> None:
        """Carry out a face's decision: play its move, or ask its question and carry out what the answer decides. The
        first question a button asks is answered at once when it has one answer; a later one is shown (it tells what
        the answer before led to), and so is a window's own dialog: answering that at once would tell the table, by
        how soon the answer came, that there was nothing to choose (a pair to lose one of)."""
        if decision is None:
            return
        if isinstance(decision, Play):
            self._play(decision)
            return
        forced = only_choice(decision) if first else None
        if forced is not None:
            label, then = forced
            self.query_one("#log", RichLog).write(Text(f"The only choice: {label}.", style="dim"))
            self._decide(then, first=False)
            return
        dialog, follow_up = dialog_for(decision)
        self._ask(dialog, lambda answer: self._decide(follow_up(answer), first=False))

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
        if choice == "again" and getattr(self.table, "remote", False) and self.table.seat is not None:  # a rematch
            play_again(self, self.table, lambda: self._after_game("menu"), propose=True)
            return
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
        elif event.key == CHAT_KEY and not getattr(self.table, "remote", False):
            self.notify(LOCAL, timeout=3)

    @on(SeatClicked)
    def _aim_at(self, message: SeatClicked) -> None:
        """A click on another seat: the actions the player may aim at it now, asked for even when there is one (a
        click is easily made; Esc takes it back); the one chosen is played as its button and target would play it,
        its question first."""
        view = self.table.view()
        options: dict[str, Decision] = {}
        for choice in self.choices:
            for move in choice.moves:
                if move.target == message.seat and choice.label not in options:
                    decision = self.face.pick(Choice(choice.key, choice.label, (move,)), view)
                    if isinstance(decision, AskTarget) and len(decision.targets) == 1:
                        decision = decision.targets[0].then  # the target is the seat clicked
                    options[choice.label] = decision
        if options:
            name = view.players[message.seat].name
            self._decide(AskCard(f"Aim at {name}: which action?", options, cancellable=True), first=False)

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
        """The roles key only where the game has roles to show; chat and handing a seat over only at a network
        table; confirmation, the pace and the coach only for a player; Esc leaves a game, or stops watching one."""
        remote = bool(getattr(self.table, "remote", False))
        if action == "chat":
            return remote
        if action == "give_seat":
            return can_give(self.table)
        if action in ("toggle_confirm", "pace", "leave"):  # a player's own keys: nothing for a watcher
            return not self._watching()
        if action in ("coach", "coach_refused"):  # h opens the coach where it helps the player, else says why not
            return not self._watching() and self._coach_helps == (action == "coach")
        if action == "stop_watching":
            return self._watching()
        return "r" in self.face.bound_keys if action == "roles" else True

    def _watching(self) -> bool:
        """Whether this screen watches a network table (its viewer holds no seat there)."""
        return bool(getattr(self.table, "remote", False)) and self.table.seat is None

    def action_chat(self) -> None:
        """Open the chat line."""
        self.query_one(ChatLine).open()

    def action_scroll_log(self, step: int) -> None:
        """Scroll the log a page back (-1) or on (1): it stays where the player reads, new lines or not, until they
        scroll back to its end."""
        page_log(self.query_one("#log", RichLog), step)

    def action_log_end(self) -> None:
        """Back to the log's last lines: it follows the game again."""
        log_to_end(self.query_one("#log", RichLog))

    @on(ChatLine.Said)
    def _said(self, event: ChatLine.Said) -> None:
        self.table.say(event.text)

    def action_give_seat(self) -> None:
        """At a network game: hand a seat to the computer, or take ours back."""
        give_seat(self, self.table)

    def _coach_refusal(self, view: Any) -> str | None:
        """Why the coach cannot help the player now; None where it can: for the player's own seat only, in a game
        the expert plays, where the table allows it (a network table only if its host's table was made so)."""
        if view is None or view.viewer is None or view.window == "over" or self.table.game.name not in SEARCHES:
            return "The coach helps a player in a game under way."
        if not getattr(self.table, "coach", False):
            return "This table does not allow the coach."
        if getattr(view, "two_player_variant", False):
            return "The coach does not follow the two-player variant's chosen cards."
        return None

    def action_coach(self) -> None:
        """Open the coach's panel, or say why it cannot help."""
        view = self.table.view()
        refusal = self._coach_refusal(view)
        if refusal is not None:
            self.notify(refusal, timeout=3)
        else:
            self.app.push_screen(CoachPanel(self.table.game.name, view, self.table.names))

    def action_coach_refused(self) -> None:
        """h where the coach cannot help (off the footer): say why."""
        self.action_coach()

    def action_toggle_confirm(self) -> None:
        """Turn the confirm step on irreversible moves on or off."""
        self.settings.confirm = not self.settings.confirm
        self.notify(f"Confirmation {'on' if self.settings.confirm else 'off'}.")
        self.refresh_table()

    def _pass_kinds(self) -> tuple[str, ...]:
        """The kinds of window (settings.AUTO_PASS) this table's game has."""
        from tui.games import tui_game  # the registry imports this screen

        return tui_game(self.table.game.name).auto_pass

    def action_pace(self) -> None:
        """Auto-pass of the kinds of window this game has, and the bot pace, in a dialog."""
        remote = getattr(self.table, "remote", False)
        dialog = PaceDialog(self.settings, hosts_pace=remote, kinds=self._pass_kinds())
        self.app.push_screen(dialog, lambda _: self._paced())

    def _paced(self) -> None:
        if not getattr(self.table, "remote", False):
            self.table.set_bot_delay(self.settings.bot_delay)
        self.refresh_table()

    def action_bot_pace(self, step: int) -> None:
        """The computer opponents' moves one pace faster (1) or slower (-1); the host's pace at a network table."""
        if getattr(self.table, "remote", False):
            self.notify(HOSTS_PACE)
            return
        pace = self.settings.step_pace(step)
        self.settings.save()
        self.table.set_bot_delay(self.settings.bot_delay)
        self.notify(f"Computer opponents' pace: {pace} (+ faster, - slower).", timeout=2)

    def game_on(self) -> bool:
        """Whether leaving now gives up a game being played (the app asks before ctrl+q quits it); a watcher gives
        up nothing."""
        window: str = self.table.view().window
        return window != "over" and self.table.seat is not None

    def action_stop_watching(self) -> None:
        """Leave a table watched (nothing is given up)."""
        self.action_leave()

    def action_leave(self) -> None:
        """Back to the menu, after a confirm while the game is on."""
        if not self.game_on():
            self._after_game("menu")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._after_game("menu")

        self.app.push_screen(ConfirmDialog(leave_question(self.table)), answered)
