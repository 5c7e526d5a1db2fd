"""The 1992 wargame's map screen: the map with a cursor, the selected stack, the attack planner, decisions, log."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Key, Resize
from textual.screen import Screen
from textual.widgets import Footer, Static

from core.game import IllegalMove
from core.wargame.board import game_map
from core.wargame.bot import WargameBot
from core.wargame.engine import WARGAME
from core.wargame.events import Event
from core.wargame.moves import Disembark, EndPhase, Place, WargameMove
from core.wargame.picks import PICKED, Picks, picked_move, retreat_targets, send_to, start_picks
from core.wargame.placement import RULES
from core.wargame.plan import (
    Plan,
    aim,
    aim_refusal,
    assess,
    attack_of,
    is_target,
    movable,
    move_reach,
    move_to,
    off_map,
    select_stack,
)
from core.wargame.units import WINS
from core.wargame.views import WargameView, state_of
from hexgrid.coords import Hex
from netplay.remote import Note
from tui.messages import GameFinished
from tui.screens.confirm import ConfirmDialog, leave_question
from tui.screens.footer_keys import FooterKeys
from tui.screens.handover import away_note, can_give, give_seat, handed_over
from tui.screens.listening import tell_trouble, while_up
from tui.screens.rematch import offer_rematch, play_again
from tui.screens.wargame_help import WargameHelpScreen
from tui.settings import Settings, record_line, saved_where
from tui.widgets.chat import CHAT_KEY, LOCAL, WATCHERS_HEAR, ChatLine, chat_text, follow_chat
from tui.widgets.hexmap import Board, HexMapView
from tui.widgets.log_paging import log_to_end, page_log
from tui.widgets.pick_list import MAX_NUMBERED, PickList
from tui.widgets.reflow_log import ReflowLog
from tui.widgets.resizing import ResizingColumn
from tui.widgets.wargame_info import (
    choice_rows,
    combat_odds,
    last_attack,
    leave_map_question,
    over_stacked_note,
    pick_outcome,
    pick_rows,
    plan_rows,
    prompt,
)
from tui.widgets.wargame_panels import combat_summary, crt_table, hex_summary, status_text
from tui.widgets.wargame_text import choice_text, destination, side_title, unit_names

DECISIONS = ("flee", "bugout", "attacker_losses", "defender_losses", "retreat", "advance", "subvert", "disband")
COMBAT_STAGES = ("bugout", "attacker_losses", "defender_losses", "retreat", "advance")
OUTLINED_MIN = (116, 38)  # the whole outlined map with room for the panels below it
CRT_WIDTH = {False: 44, True: 34}  # the CRT's columns (wargame.tcss), and compact, below NARROW
MAP_LEAST, BOTTOM_LEAST = 5, 6  # lines the map and the panels below it keep, whatever the other needs
NARROW = 100  # below this width a compact CRT takes the log's place while an attack is planned or resolved
LOG_STYLES = {"phase": "bold", "vp": "bold cyan", "over": "bold yellow", "combat": "bold", "note": "italic cyan"}
PLACING_PAUSE = 0.05  # s at least between key a's placements (unless the settings want no pauses): each is seen, and
# an Esc gets in between
COMBAT_LINE = re.compile(r" at (\d-\d) \(die (\d)\): ([^,]+),")


def opening_log(log: Sequence[Event], history: Sequence[Event | Note]) -> list[Event | Note]:
    """What the log opens on: the view's log (the game's latest events), with the host's notes and the chat from
    before we came in their places where the table's history (a network table's, which may start after the log)
    ends with the same events; else the notes after the log."""
    notes = [e for e in history if isinstance(e, Note)]
    shared = min(len(log), len(history) - len(notes))
    if not notes or not shared:
        return [*log, *notes]
    seen, start = 0, len(history)
    while seen < shared:
        start -= 1
        seen += not isinstance(history[start], Note)
    window = [e.text for e in history[start:] if not isinstance(e, Note)]
    if window != [e.text for e in log[len(log) - shared :]]:
        return [*log, *notes]
    earlier = [e for e in history[:start] if isinstance(e, Note)]
    return [*log[: len(log) - shared], *earlier, *history[start:]]


def refusal_of(view: WargameView, seat: int, move: WargameMove) -> str:
    """Why the rules refuse seat's move in view, as the engine says it ("" if they take it): a network table's
    client checks a move on the board its view shows, as a local table does on its state."""
    try:
        WARGAME.apply(state_of(view), seat, move)
    except IllegalMove as error:
        return str(error)
    return ""


class WargameScreen(Screen[None]):
    """Plays the wargame through a table, local (one person against the computer, or two at one keyboard) or on a
    host (RemoteTable: our side, or none when watching): acts for whichever seat played here owes the decision."""

    CSS_PATH = "../wargame.tcss"
    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", "Cursor", show=False),
        Binding("down,j", "cursor(0,1)", "Cursor", show=False),
        Binding("left,h", "cursor(-1,0)", "Cursor", show=False),
        Binding("right,l", "cursor(1,0)", "Cursor", show=False),
        Binding("enter,space", "select", "Select"),
        Binding("c", "confirm", "Confirm"),
        Binding("a", "auto_place", "Auto place"),
        Binding("r", "roll", "Roll"),
        Binding("s", "surrender", "Surrender"),
        Binding("o", "off_map", "Leave map"),
        Binding("d", "disembark", "Disembark"),
        Binding("e", "end_phase", "End phase"),
        Binding("left_square_bracket", "page(-1)", "Page", show=False),
        Binding("right_square_bracket", "page(1)", "Page", show=False),
        Binding("pageup", "scroll_log(-1)", "Log up", show=False),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False),
        Binding("end", "log_end", "Log's end", show=False),
        Binding("L", "big_log", "Log"),
        Binding("p", "play_again", "Play again"),
        Binding("g", "give_seat", "Seat to computer", show=False),  # off the footer, as on the card table: see ?
        Binding("question_mark,f1", "help", "Help"),
        Binding(CHAT_KEY, "chat", "Chat"),
        Binding("escape", "cancel", "Back", show=False),  # off the footer for room: see ?
    ]

    def __init__(self, table: Any, settings: Settings) -> None:
        super().__init__()
        self.table, self.settings = table, settings
        self.people = table.played_here()
        self.plan = Plan()
        self.picks: Picks | None = None  # the ticks of a decision made by ticking counters
        self.view: WargameView = table.view()
        self.acting: int | None = None
        self._version = -1
        self._sent = -1  # the version a move was sent at: one move each (a host answers with its next update)
        self._error: str | None = None  # the table's complaint last shown
        self._out_of_reach = ""  # the hex Enter was refused on for the selected stack (said while the cursor is there)
        self._recent_combat = False
        self.crt_lit: tuple[str, int, str] = ("", 0, "")  # the CRT column, die and result lit
        self.footer_keys = FooterKeys(self)
        self._panel_texts = (Text(), Text())  # the panel's text above its list and below it, as last shown
        self._crt_height = 0  # the lines the CRT takes while it shows
        self.auto_placing: int | None = None  # the seat whose counters the computer is placing (key a)
        self._placer = WargameBot(settings.new_seed())  # its judgement (seeded: a set-up differs from game to game)

    def compose(self) -> ComposeResult:
        yield Static(id="wg-status")
        yield HexMapView(game_map(), id="wg-map")
        with Horizontal(id="wg-bottom"):
            with ResizingColumn(id="wg-panel"):
                yield Static(id="wg-info")
                yield PickList(id="wg-list")
                yield Static(id="wg-foot")
            log = ReflowLog(id="wg-log")
            log.can_focus = False  # the arrow keys move the map's cursor; PageUp/PageDown scroll the log
            yield log
            yield Static(id="wg-crt")
        yield ChatLine(WATCHERS_HEAR) if self.table.remote and not self.people else ChatLine()
        yield Footer(show_command_palette=False)  # its keys need the whole line at 80 columns (Ctrl+P still works)

    @property
    def hexmap(self) -> HexMapView:
        """The map widget."""
        return self.query_one("#wg-map", HexMapView)

    @property
    def pick_list(self) -> PickList:
        """The numbered list of the panel (units to tick, choices)."""
        return self.query_one("#wg-list", PickList)

    def on_mount(self) -> None:
        self._unsubscribe = self.table.subscribe(while_up(self, self._on_events))
        self._write_log(opening_log(self.table.view().log, getattr(self.table, "events", [])))
        self._unfollow_chat = follow_chat(self.table, self.query_one("#wg-log", ReflowLog))
        view = self.table.view()
        on_map = [u for u in view.units if u.on_map]  # the cursor starts on one of the player's own stacks
        first = next((u.hex for u in on_map if u.side == view.viewer), on_map[0].hex if on_map else "I7")
        self.hexmap.move_cursor(Hex.parse(first))
        self.refresh_view()
        self.table.start()
        self.set_interval(0.5, self._tick_clock)

    def on_unmount(self) -> None:
        self._unsubscribe()
        self._unfollow_chat()

    def _tick_clock(self) -> None:
        """Count down while a host's response clock runs (tables without a timer never have one)."""
        if self.table.deadline is not None and self.acting is not None:
            self._show_info()

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        self.hexmap.use_compact(width < OUTLINED_MIN[0] or height < OUTLINED_MIN[1])
        self.set_class(height >= OUTLINED_MIN[1], "tall")
        self.refresh_view()

    @on(ResizingColumn.Resized, "#wg-panel")
    def _panel_resized(self) -> None:
        """The panel's width decides how many lines its text wraps to: fit the map again (a screen opened straight
        onto a table, as on coming back to a seat, is first laid out with a narrower panel, and may hear no update
        after it while the game waits for the player)."""
        self._fit_map()

    def _fit_map(self) -> None:
        """Give the map every line the panels below it do not need: the panel's text and its list (a page at most),
        or the CRT when it is taller; the list is as tall as its rows, so no gap opens between it and the text after
        it."""
        panel_width = self.query_one("#wg-panel").content_region.width
        info, foot = self._panel_texts
        rows = len(self.pick_list.rows)
        listed = rows if rows <= MAX_NUMBERED else MAX_NUMBERED + 1  # (a page, and the mark of what follows)
        self.pick_list.styles.max_height = max(2, listed)
        if panel_width <= 0:  # not laid out yet: the next refresh fits it
            return
        console = self.app.console
        wanted = len(info.wrap(console, panel_width)) + listed + len(foot.wrap(console, panel_width))
        below = max(BOTTOM_LEAST, wanted, self._crt_height) + (1 if self.has_class("tall") else 0)  # (tall: a border)
        chat = self.query_one(ChatLine)
        taken = 2 + below + (1 if chat.display else 0)  # the status line and the footer
        self.hexmap.styles.max_height = max(MAP_LEAST, self.size.height - taken)

    # -- the table ---------------------------------------------------------------------------

    def _on_events(self, events: list[Event]) -> None:
        self._write_log(events)
        if any(e.kind == "combat" for e in events):
            self._recent_combat = True
        if self.table.error and self.table.error != self._error:
            self._sent = -1  # the move was refused (or the host is being reached again): another may be sent
        self._error = tell_trouble(self, self.table, self._error)
        self.refresh_view()
        offer_rematch(self, self.table, lambda: self._leave(True))

    def _write_log(self, events: Sequence[Event | Note]) -> None:
        log = self.query_one("#wg-log", ReflowLog)
        for event in events:
            if isinstance(event, Note) and event.said is not None:  # a chat line from before we came back
                log.write(chat_text(event.said))
            else:
                log.write_counted(event.text, LOG_STYLES.get(event.kind, ""))

    def _current(self) -> tuple[WargameView, int | None]:
        """The view to draw and the seat this keyboard acts for now (None: waiting for the computer)."""
        view = self.table.view()
        owed = view.owed[0] if view.owed else None
        if owed is None or owed not in self.people or handed_over(self.table):
            return view, None  # (the computer plays a seat its player handed it)
        return (view if owed == view.viewer else self.table.view_as(owed)), owed

    def refresh_view(self) -> None:
        """Redraw everything from the table."""
        if not self.is_mounted:
            return
        self.view, self.acting = self._current()
        view = self.view
        if view.version != self._version:
            self._recent_combat = self._recent_combat and view.window in ("attack", *COMBAT_STAGES)
            self._version, self.plan = view.version, Plan()
            self.picks = start_picks(view) if view.window in PICKED and self.acting is not None else None
            self.pick_list.first = 0
            self._look_at_combat()
            self._place_next()
        self.hexmap.show(Board(view.stacks(), self._marks()))
        thinking = self.table.thinking is not None
        who = (self._who(0), self._who(1))
        status = status_text(view, self.acting, who, thinking, self.size.width)
        self.query_one("#wg-status", Static).update(status)
        self._show_info()
        self._show_panels()
        self._fit_map()
        self.footer_keys.refresh()

    def _look_at_combat(self) -> None:
        """Put the cursor on the hex a combat decision is about (the map scrolls to it)."""
        combat = self.view.combat
        if combat is not None and self.acting is not None and self.view.window in COMBAT_STAGES:
            label = combat.pending[0] if self.view.window in ("retreat", "advance") else combat.targets[0]
            if self.view.window == "bugout":
                label = self.view.unit(combat.pending[0]).hex
            self.hexmap.move_cursor(Hex.parse(label))

    def _who(self, seat: int) -> str:
        """Who plays seat, as the status line says it: nothing when both sides play here, "you", or the player's
        name on a host (a person or a computer opponent there), "computer" at a local table."""
        if len(self.people) == 2:
            return ""
        if seat in self.people:
            return "computer, for you" if handed_over(self.table) else "you"
        return self.table.names[seat] if self.table.remote else "computer"

    def _reach(self) -> dict[str, float]:
        return move_reach(self.view, self.plan)[0] if self.plan.mode == "move" else {}

    def _choices(self) -> list[WargameMove]:
        """The open decision's legal moves when it is a choice among a few (a flight, a bug-out), one per wording."""
        if self.view.window not in DECISIONS or self.acting is None or self.picks is not None:
            return []
        by_text = {choice_text(move, self.view): move for move in reversed(self.view.legal)}
        return list(reversed(by_text.values()))

    def _marks(self) -> dict[str, str]:
        view, marks = self.view, {}
        combat = view.combat
        if combat is not None:
            marks.update({view.unit(uid).hex: "attacker" for uid in combat.attackers if view.unit(uid).on_map})
            marks.update({label: "target" for label in combat.targets})
        if self.acting is None:
            return marks
        if view.window == "place":
            marks.update({m.hex: "place" for m in view.legal if isinstance(m, Place)})
        elif self.plan.mode == "move":
            marks.update({label: "reach" for label in self._reach()})
            marks[self.plan.origin] = "selected"
        elif self.plan.mode == "attack":
            marks.update({view.unit(uid).hex: "attacker" for uid in self.plan.chosen})
            marks.update({label: "target" for label in self.plan.targets})
        elif self.picks is not None:
            marks.update({view.unit(uid).hex: "selected" for uid in self.picks.chosen})
            marks.update({label: "choice" for label in self._retreat_hexes()})
        for move in self._choices():
            if destination(move):
                marks[destination(move)] = "choice"
        return marks

    def _retreat_hexes(self) -> list[str]:
        """Where every ticked retreating counter may go (lit)."""
        picks = self.picks
        if picks is None or self.view.window != "retreat" or not picks.chosen:
            return []
        options = [retreat_targets(self.view, picks, uid) for uid in picks.chosen_in_order()]
        return [label for label in options[0] if all(label in other for other in options[1:])]

    # -- panels ------------------------------------------------------------------------------

    def _show_info(self) -> None:
        rows: list[Text] = []
        foot = Text()
        info = self._info(rows, foot)
        self._panel_texts = (info, foot)
        self.query_one("#wg-info", Static).update(info)
        self.pick_list.show_rows(rows, self.pick_list.first)
        self.query_one("#wg-foot", Static).update(foot)

    def _info(self, rows: list[Text], foot: Text) -> Text:
        """The panel's text above its list; the list's numbered rows are added to rows, what follows it to foot."""
        view, side = self.view, self.acting
        deciding = side is not None and view.window in DECISIONS
        short = self.size.height < OUTLINED_MIN[1]
        text = Text() if deciding and short else hex_summary(view, self.hexmap.cursor.label) + "\n"
        if view.window == "over":
            text.append(f"The game is over: {WINS[view.winner or 0]}", "bold")
            text.append(f" (victory points: government {view.vp[0]}, rebels {view.vp[1]}).\n")
            totals = self.table.totals if self.table.remote else None  # (a host counts its games)
            if totals:
                text.append(f"{record_line(totals)}\n")
            where = saved_where(self.table)
            text.append(f"{where}\n" if where else "", "dim")
            again = self.check_action("play_again", ())
            text.append(("p plays again · " if not self.table.remote else "p asks for a rematch · ") if again else "")
            text.append("Esc leaves.")
            return text
        if view.combat is not None and view.window in COMBAT_STAGES:
            text.append_text(combat_summary(view))
            text.append("\n")
        if side is None:
            seat = view.owed[0]
            watching = "" if self.people else "You are watching. "
            text.append(f"{watching}Waiting for the {side_title(seat).lower()} ({self._who(seat)}).", style="dim")
            text.append(away_note(self.table, view.owed, self.table.names), style="yellow")
            if handed_over(self.table) and view.winner is None:
                text.append("\nThe computer plays your seat: g takes it back.", style="yellow")
            return text
        if self.table.deadline is not None:
            left = max(0, round(self.table.deadline - asyncio.get_running_loop().time()))
            text.append(f"⏱ {left} s left, then a computer opponent answers for you.\n", "yellow")
        if view.window == "place":
            return self._place_info(text)
        if self.plan.mode in ("move", "attack"):
            rows.extend(plan_rows(view, self.plan))
            return self._move_info(text, foot) if self.plan.mode == "move" else self._attack_info(text, foot)
        if deciding:
            text.append(prompt(view), "bold")
            if self.picks is not None:
                rows.extend(pick_rows(view, self.picks))
                foot.append_text(pick_outcome(view, side, self.picks))
            else:
                rows.extend(choice_rows(view, self._choices()))
                foot.append("A number (or Enter on a lit hex) chooses.", "dim")
            return text
        if view.window == "move":
            text.append("Move: Enter on your stack selects it, then Enter on a lit hex moves it. e ends the phase.")
            foot.append(over_stacked_note(view, view.side), "yellow")
        elif view.window == "attack":
            last = last_attack(view)
            if last:
                text.append(f"Last attack: {last}\n", "bold yellow")
            text.append("Attack: Enter on an enemy hex next to your units aims at it. e ends the phase.")
        return text

    def _place_info(self, text: Text) -> Text:
        head, rest = self.view.queue[0], self.view.queue[1:]
        side = ("government", "rebel")[head.side]
        kind = f"a {side} {head.kind}" if head.count == 1 else f"{head.count} {side} {head.kind} units together"
        text.append(f"Place {kind} on {RULES[head.rule]} (lit).\n", "bold")
        more = sum(p.count for p in rest)
        after = f"{more} more to place after it. " if more else "The last to place. "
        text.append(f"{after}Enter places; a: the computer places {'them' if more else 'it'} for you.")
        return text

    def _move_info(self, text: Text, foot: Text) -> Text:
        reach, error = move_reach(self.view, self.plan)
        riders = [u for u in self.view.stack(self.plan.origin) if u.riding]
        text.append(f"Move from {self.plan.origin}", "bold")
        if riders:
            text.append(f" (riding: {unit_names(self.view, tuple(u.uid for u in riders))})", "dim")
        if error:
            foot.append(error, "yellow")
            return text
        cursor = self.hexmap.cursor.label
        if cursor == self._out_of_reach and cursor not in reach:  # (said until the cursor or the ticks change it)
            who = "this stack" if len(self.plan.chosen) == len(self.plan.units) else "the ticked units"
            foot.append(f"Not allowed: {cursor} is out of reach of {who}. ", "yellow")
        foot.append(f"{len(reach)} hexes in reach (lit). Enter there moves; 1-9 tick; Esc drops.", "dim")
        return text

    def _attack_info(self, text: Text, foot: Text) -> Text:
        assert self.acting is not None
        odds, error = assess(self.view, self.acting, self.plan)
        text.append(
            f"Attack {', '.join(self.plan.targets)}" + (" calling for surrender" if self.plan.surrender else "")
        )
        text.append(f": {odds.attack} against {odds.defence}, odds {odds.column or 'below 1-4'}", "bold")
        if error:
            foot.append(error, "yellow")
        else:
            foot.append("r rolls the die. Enter on hexes adds/removes targets; 1-9 tick attackers.", "dim")
        return text

    def _crt_now(self) -> tuple[str, int, str, str]:
        """The CRT's lit column, die and result, and its caption: the attack planned or being resolved, else the
        last one rolled."""
        combat = self.view.combat
        if self.plan.mode == "attack" and self.acting is not None:
            odds = assess(self.view, self.acting, self.plan)[0]
            return odds.column, 0, "", f"planned: {odds.attack} against {odds.defence}"
        if combat is not None:
            if combat.die:
                return combat.odds, combat.die, combat.result, ""
            if self.view.last_result == "surrender" and combat.stage == "advance":
                return "", 0, "", "the defenders surrendered"
            odds = combat_odds(self.view)
            return odds.column, 0, "", f"this attack: {odds.attack} against {odds.defence}, not rolled yet"
        for event in reversed(self.view.log):
            if event.kind == "surrender":  # no combat line after it: the defenders gave up (a failed roll has one)
                return "", 0, "", "last attack: the defenders surrendered"
            found = COMBAT_LINE.search(event.text) if event.kind == "combat" else None
            if found:
                column, die, result = found.group(1), int(found.group(2)), found.group(3)
                return column, die, result, f"last attack, die {die}: {result}"
        return "", 0, "", ""

    def _show_panels(self) -> None:
        if not self.is_mounted:
            return
        column, die, result, caption = self._crt_now()
        self.crt_lit = (column, die, result)
        planning = self.plan.mode == "attack" and self.acting is not None
        combat_now = planning or self.view.window in COMBAT_STAGES or self._recent_combat
        narrow = self.size.width < NARROW
        big_log = self.has_class("big-log")
        crt = self.query_one("#wg-crt", Static)
        table = crt_table(column, die, result, caption, compact=narrow)
        crt.update(table)
        crt.set_class(narrow, "compact")
        crt.display = not big_log and (not narrow or combat_now)
        console = self.app.console
        width = CRT_WIDTH[narrow] - 2  # (its padding)
        self._crt_height = len(console.render_lines(table, console.options.update_width(width))) if crt.display else 0
        self.query_one("#wg-log", ReflowLog).display = big_log or not narrow or not combat_now

    # -- acting ------------------------------------------------------------------------------

    def _submit(self, move: WargameMove) -> None:
        if self.acting is None:
            self.notify("It is not your decision now.", timeout=3)
            return
        if self._sent == self.view.version:
            return  # this decision's move is on its way to the host
        if getattr(self.table, "remote", False) and move not in self.view.legal:
            refusal = refusal_of(self.view, self.acting, move)
            if refusal:  # the host would refuse it: said here, as the local table says it
                self.notify(refusal, title="Not allowed", severity="error")
                return
        self._sent = self.view.version
        self._error = None  # a refusal of this move is news (and frees the next), even in the words of the last one
        try:
            if self.acting == self.table.seat:
                self.table.submit(move)
            else:
                self.table.submit_as(self.acting, move)
        except IllegalMove as error:
            self._sent = -1
            self.notify(str(error), title="Not allowed", severity="error")

    def _replan(self, plan: Plan) -> None:
        self.plan = plan
        self.pick_list.first = 0
        self.refresh_view()

    def on_hex_map_view_clicked(self, message: HexMapView.Clicked) -> None:
        if message.again:  # a click on the cursor's hex does what Enter there does
            self.action_select()
            return
        self.refresh_view()

    def action_cursor(self, dcol: int, drow: int) -> None:
        """Move the cursor one hex."""
        cursor = self.hexmap.cursor
        self.hexmap.move_cursor(Hex(cursor.col + dcol, cursor.row + drow))
        self._show_info()

    def action_select(self) -> None:
        """Enter: place, select a stack, move it, aim an attack, send retreating counters, or pick a hex."""
        view, side, label = self.view, self.acting, self.hexmap.cursor.label
        if side is None:
            self.notify("You are watching this game." if not self.people else "Not your decision now.", timeout=2)
        elif view.window == "place":
            if Place(label) in view.legal:
                self._submit(Place(label))
            else:
                self.notify(f"{label} is not allowed: choose a lit hex (or a: the computer places for you).", timeout=3)
        elif view.window == "move":
            self._select_for_move(view, side, label)
        elif view.window == "attack":
            if label in self.plan.targets or is_target(view, side, label):
                self._replan(aim(view, side, self.plan, label))
            else:
                self.notify(aim_refusal(view, side, label), timeout=4)
        elif self.picks is not None:
            self._select_for_picks(self.picks, label)
        elif view.window in DECISIONS:
            moves = [m for m in self._choices() if destination(m) == label]
            if moves:
                self._submit(moves[0])
            else:
                self.notify("Choose by number (1-9).", timeout=3)

    def _select_for_picks(self, picks: Picks, label: str) -> None:
        if self.view.window != "retreat":
            here = [index for index, uid in enumerate(picks.units) if self.view.unit(uid).hex == label]
            if here:
                self.pick_list.first = here[0]  # the list scrolls to the counters of the hex
                self._show_info()
            else:
                self.notify("Nothing to tick there: tick units with the number keys, then c confirms.", timeout=3)
        elif not picks.chosen:
            self.notify("Tick the counters to send first (number keys).", timeout=3)
        elif send_to(self.view, picks, label):
            self.refresh_view()
        else:
            self.notify(f"The ticked counters cannot all retreat to {label}: choose a lit hex.", timeout=3)

    def _select_for_move(self, view: WargameView, side: int, label: str) -> None:
        if self.plan.mode == "move" and label == self.plan.origin:
            self._replan(Plan())
        elif self.plan.mode == "move" and label in self._reach():
            self._submit(move_to(self.plan, label))
        elif movable(view, side, label):
            self._replan(select_stack(view, side, label) or Plan())
        elif self.plan.mode == "move":
            self._out_of_reach = label
            self._show_info()
        else:
            self.notify("None of your units here can move.", timeout=3)

    def on_key(self, event: Key) -> None:
        if event.key == CHAT_KEY and not self.table.remote:
            self.notify(LOCAL, timeout=3)
        if event.character is None or not event.character.isdigit() or event.character == "0":
            return
        event.stop()
        index = self.pick_list.index(int(event.character))
        if index is None:
            return
        if self.plan.mode in ("move", "attack"):
            if self.plan.toggle(index + 1):
                self.refresh_view()
        elif self.picks is not None:
            if self.picks.toggle(index):
                self.refresh_view()
        else:
            choices = self._choices()
            if index < len(choices):
                self._submit(choices[index])

    def action_page(self, step: int) -> None:
        """Show the list's next or previous rows."""
        if not self.pick_list.turn_page(step):
            self.notify("No more rows that way.", timeout=2)

    def action_scroll_log(self, step: int) -> None:
        """Scroll the log a page up or down."""
        log = self.query_one("#wg-log", ReflowLog)
        if not log.display:
            self.action_big_log()
        page_log(log, step)

    def action_log_end(self) -> None:
        """Back to the log's last lines: it follows the game again."""
        log_to_end(self.query_one("#wg-log", ReflowLog))

    def action_big_log(self) -> None:
        """Show the log in the map's place (or the map again, the log back at its last lines to follow the game: a
        place read in the big log means little in the small one)."""
        self.toggle_class("big-log")
        self._show_panels()
        if not self.has_class("big-log"):
            log_to_end(self.query_one("#wg-log", ReflowLog))

    def action_confirm(self) -> None:
        """Make the decision the ticks describe."""
        if self.picks is None or self.acting is None:
            self.notify("Nothing to confirm: tick units in a decision first.", timeout=3)
            return
        self._submit(picked_move(self.view, self.picks))

    def action_auto_place(self) -> None:
        """Place the rest of the queue as the computer would place it for this side (spread over the start stacks and
        the bands, the strategic hexes guarded), one counter a decision, each shown as it lands."""
        if self.acting is None or self.view.window != "place":
            return
        self.auto_placing = self.acting
        self._place_next()

    def _place_next(self) -> None:
        """While key a's placing goes on: the next counter, or the end of it once the decision is no longer this
        seat's placement (the queue placed, or the other side's turn)."""
        if self.auto_placing is None:
            return
        if self.acting != self.auto_placing or self.view.window != "place":
            self.auto_placing = None
        elif self._sent != self.view.version:
            self._choose_placement(self.view)

    @work(thread=True, group="auto-place")
    def _choose_placement(self, view: WargameView) -> None:
        """The computer's placement, worked out off the event loop (a few milliseconds: the host serves others)."""
        started = time.monotonic()
        move = self._placer.choose(view)
        if self.settings.bot_delay:
            time.sleep(max(0.0, PLACING_PAUSE - (time.monotonic() - started)))
        self.app.call_from_thread(self._placed, view.version, move)

    def _placed(self, version: int, move: WargameMove) -> None:
        if not self.is_mounted:  # the player left the game meanwhile
            return
        if self.auto_placing is not None and self.view.version == version and self.acting == self.auto_placing:
            self._submit(move)

    def action_end_phase(self) -> None:
        """End the move or attack phase."""
        self._submit(EndPhase())

    def action_roll(self) -> None:
        """Make the planned attack: the die is rolled."""
        if self.plan.mode != "attack" or self.acting is None:
            return
        _, error = assess(self.view, self.acting, self.plan)
        if error:
            self.notify(error, title="Not allowed", severity="error")
            return
        self._submit(attack_of(self.view, self.plan))

    def action_surrender(self) -> None:
        """Call (or stop calling) on the defenders to surrender; a call the attack as planned may not make is said
        and not made (the plan stays as it was, ready to roll)."""
        if self.plan.mode != "attack" or self.acting is None:
            return
        if not self.plan.surrender:
            _, before = assess(self.view, self.acting, self.plan)
            self.plan.surrender = True
            _, error = assess(self.view, self.acting, self.plan)
            if error and error != before:
                self.plan.surrender = False
                self.notify(f"No surrender call: {error}.", title="Not allowed", severity="warning", timeout=4)
        else:
            self.plan.surrender = False
        self.refresh_view()

    def action_off_map(self) -> None:
        """Move the ticked units off the map, after saying what it costs."""
        move = off_map(self.view, self.plan) if self.plan.mode == "move" else None
        if move is None:
            self.notify("These units cannot leave the map from here.", timeout=3)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._submit(move)

        self.app.push_screen(ConfirmDialog(leave_map_question(self.view, move)), answer)

    def action_disembark(self) -> None:
        """A leader under the cursor leaves his helicopter."""
        label = self.hexmap.cursor.label
        moves = [m for m in self.view.legal if isinstance(m, Disembark) and self.view.unit(m.leader).hex == label]
        if moves:
            self._submit(moves[0])
        else:
            self.notify("No leader here can leave a helicopter now.", timeout=3)

    def action_play_again(self) -> None:
        """Once the game is over: the same game again, newly set up (at a network game: ask the others for a
        rematch)."""
        if not self.check_action("play_again", ()):
            return
        if self.table.remote:
            play_again(self, self.table, lambda: self._leave(True), propose=True)
            return
        self.table.close()
        self.app.switch_screen(WargameScreen(self.table.again(self.settings.new_seed()), self.settings))

    def action_give_seat(self) -> None:
        """At a network game: hand a seat to the computer, or take ours back."""
        give_seat(self, self.table)

    def action_help(self) -> None:
        """Keys and a rules summary."""
        self.app.push_screen(WargameHelpScreen(self.view.config))

    def action_cancel(self) -> None:
        """Drop the selection or plan; with none, leave the game (after a confirm while it is on and played here)."""
        if self.has_class("big-log"):
            self.action_big_log()
            return
        if self.auto_placing is not None:
            self.auto_placing = None
            self.notify("Automatic placing stopped: place the rest yourself, or a to go on.", timeout=4)
            return
        if self.plan.mode != "idle":
            self._replan(Plan())
            return
        if not self.game_on():
            self._leave(True)
            return
        self.app.push_screen(ConfirmDialog(leave_question(self.table)), self._leave)

    def game_on(self) -> bool:
        """Whether leaving now gives up a game played here (the app asks before ctrl+q quits it)."""
        return self.view.window != "over" and bool(self.people)

    def _leave(self, yes: bool | None) -> None:
        if not yes:
            return
        self.table.close()
        self.app.post_message(GameFinished("menu", self.table))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something in the open decision."""
        window, acting, mode = self.view.window, self.acting is not None, self.plan.mode
        shown = {
            "auto_place": acting and window == "place",
            "confirm": acting and self.picks is not None,
            "roll": acting and mode == "attack",
            "surrender": acting and mode == "attack" and self.view.config.surrender,
            "off_map": acting and mode == "move" and off_map(self.view, self.plan) is not None,
            "disembark": acting and any(isinstance(m, Disembark) for m in self.view.legal),
            "end_phase": acting and window in ("move", "attack"),
            "chat": bool(self.table.remote),
            "play_again": window == "over" and (not self.table.remote or self.table.seat is not None),
            "select": window != "over",
            "give_seat": can_give(self.table),
        }
        return shown.get(action, True)

    def action_chat(self) -> None:
        """Open the chat line."""
        self.query_one(ChatLine).open()

    @on(ChatLine.Said)
    def _said(self, event: ChatLine.Said) -> None:
        self.table.say(event.text)
