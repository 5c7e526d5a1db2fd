"""The 1992 wargame's map screen: the map with a cursor, the selected stack, the attack planner, decisions, log."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Key, Resize
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from core.game import IllegalMove
from core.wargame.board import game_map
from core.wargame.events import Event
from core.wargame.moves import AutoPlace, Disembark, EndPhase, Place, WargameMove
from core.wargame.placement import RULES
from core.wargame.plan import (
    Plan,
    aim,
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
from core.wargame.views import WargameView
from hexgrid.coords import Hex
from tui.messages import GameFinished
from tui.screens.confirm import ConfirmDialog
from tui.screens.wargame_help import WargameHelpScreen
from tui.settings import Settings
from tui.widgets.hexmap import Board, HexMapView
from tui.widgets.wargame_panels import crt_table, hex_summary, status_text
from tui.widgets.wargame_text import choice_text, destination, side_title, unit_line

DECISIONS = ("flee", "bugout", "attacker_losses", "defender_losses", "retreat", "advance", "subvert", "disband")
COMBAT_STAGES = ("bugout", "attacker_losses", "defender_losses", "retreat", "advance")
PROMPTS = {
    "flee": "An enemy entered the hex of a lone rebel leader: where does he flee?",
    "bugout": "Your leader's hex is attacked: stay and lead the defence, or bug out?",
    "attacker_losses": "The attack failed: choose the attacking units you lose.",
    "defender_losses": "Choose the defending units you lose.",
    "retreat": "The defenders must retreat: choose where they go.",
    "advance": "The hex is clear: advance into it?",
    "subvert": "Subversion: turn a small government stack to your side?",
    "disband": "A hex is over-stacked and cannot be left: choose the units that go.",
}
PAGE = 9
OUTLINED_MIN = (116, 38)  # the whole outlined map with room for the panels below it
NARROW = 100  # below this width the CRT takes the log's place while an attack is planned or resolved
COMBAT_LINE = re.compile(r" at (\d-\d) \(die (\d)\): ([^,]+),")


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
        Binding("a", "auto_place", "Auto set-up"),
        Binding("r", "roll", "Roll"),
        Binding("s", "surrender", "Surrender call"),
        Binding("o", "off_map", "Leave map"),
        Binding("d", "disembark", "Disembark"),
        Binding("e", "end_phase", "End phase"),
        Binding("left_square_bracket", "page(-1)", "Page", show=False),
        Binding("right_square_bracket", "page(1)", "Page", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("escape", "cancel", "Back"),
    ]

    def __init__(self, table: Any, settings: Settings) -> None:
        super().__init__()
        self.table, self.settings = table, settings
        self.people = table.played_here()
        self.plan = Plan()
        self.page = 0
        self.view: WargameView = table.view()
        self.acting: int | None = None
        self._version = -1
        self._sent = -1  # the version a move was sent at: one move each (a host answers with its next update)
        self._error: str | None = None  # the table's complaint last shown
        self._recent_combat = False
        self.crt_lit: tuple[str, int, str] = ("", 0, "")  # the CRT column, die and result lit

    def compose(self) -> ComposeResult:
        yield Static(id="wg-status")
        yield HexMapView(game_map(), id="wg-map")
        with Horizontal(id="wg-bottom"):
            yield Static(id="wg-info")
            log = RichLog(id="wg-log", wrap=True, markup=False, auto_scroll=True, min_width=20)
            log.can_focus = False  # the arrow keys move the map's cursor
            yield log
            yield Static(id="wg-crt")
        yield Footer()

    @property
    def hexmap(self) -> HexMapView:
        """The map widget."""
        return self.query_one("#wg-map", HexMapView)

    def on_mount(self) -> None:
        self._unsubscribe = self.table.subscribe(self._on_events)
        self._write_log(list(self.table.view().log))
        first = next((u.hex for u in self.table.view().units if u.on_map), "I7")
        self.hexmap.move_cursor(Hex.parse(first))
        self.refresh_view()
        self.table.start()
        self.set_interval(0.5, self._tick_clock)

    def on_unmount(self) -> None:
        self._unsubscribe()

    def _tick_clock(self) -> None:
        """Count down while a host's response clock runs (tables without a timer never have one)."""
        if self.table.deadline is not None and self.acting is not None:
            self.query_one("#wg-info", Static).update(self._info())

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        self.hexmap.use_compact(width < OUTLINED_MIN[0] or height < OUTLINED_MIN[1])
        self.hexmap.styles.max_height = max(5, height - 9)
        self.set_class(height >= OUTLINED_MIN[1], "tall")
        self._show_panels()

    # -- the table ---------------------------------------------------------------------------

    def _on_events(self, events: list[Event]) -> None:
        self._write_log(events)
        if any(e.kind == "combat" for e in events):
            self._recent_combat = True
        error = self.table.error
        if error and error != self._error:
            self._sent = -1  # the move was refused: another may be sent
            self.notify(error, title="Not played", severity="error")
        self._error = error
        self.refresh_view()

    def _write_log(self, events: list[Event]) -> None:
        log = self.query_one("#wg-log", RichLog)
        for event in events:
            style = {"phase": "bold", "vp": "bold cyan", "over": "bold yellow", "combat": "bold"}.get(event.kind, "")
            log.write(Text(event.text, style=style))

    def _current(self) -> tuple[WargameView, int | None]:
        """The view to draw and the seat this keyboard acts for now (None: waiting for the computer)."""
        view = self.table.view()
        owed = view.owed[0] if view.owed else None
        if owed is None or owed not in self.people:
            return view, None
        return (view if owed == view.viewer else self.table.view_as(owed)), owed

    def refresh_view(self) -> None:
        """Redraw everything from the table."""
        self.view, self.acting = self._current()
        view = self.view
        if view.version != self._version:
            self._recent_combat = self._recent_combat and view.window in ("attack", *COMBAT_STAGES)
            self._version, self.plan, self.page = view.version, Plan(), 0
        self.hexmap.show(Board(view.stacks(), self._marks()))
        thinking = self.table.thinking is not None
        who = (self._who(0), self._who(1))
        self.query_one("#wg-status", Static).update(status_text(view, self.acting, who, thinking))
        self.query_one("#wg-info", Static).update(self._info())
        self._show_panels()
        self.refresh_bindings()

    def _who(self, seat: int) -> str:
        """Who plays seat, as the status line says it: nothing when both sides play here, "you", or the player's
        name on a host (a person or a computer opponent there), "computer" at a local table."""
        if len(self.people) == 2:
            return ""
        if seat in self.people:
            return "you"
        return self.table.names[seat] if self.table.remote else "computer"

    def _reach(self) -> dict[str, float]:
        return move_reach(self.view, self.plan)[0] if self.plan.mode == "move" else {}

    def _choices(self) -> list[WargameMove]:
        """The open decision's legal moves, one per different wording (identical counters give equal choices)."""
        if self.view.window not in DECISIONS or self.acting is None:
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
        for move in self._choices():
            if destination(move):
                marks[destination(move)] = "choice"
        return marks

    # -- panels ------------------------------------------------------------------------------

    def _info(self) -> Text:
        view, side = self.view, self.acting
        text = hex_summary(view, self.hexmap.cursor.label)
        text.append("\n")
        if view.window == "over":
            text.append(f"The game is over: {WINS[view.winner or 0]}. Esc leaves.", "bold")
            return text
        if side is None:
            seat = view.owed[0]
            watching = "" if self.people else "You are watching. "
            text.append(f"{watching}Waiting for the {side_title(seat).lower()} ({self._who(seat)}).", style="dim")
            return text
        if self.table.deadline is not None:
            left = max(0, round(self.table.deadline - asyncio.get_running_loop().time()))
            text.append(f"⏱ {left} s left, then a computer opponent answers for you.\n", "yellow")
        if view.window == "place":
            return self._place_info(text)
        if self.plan.mode == "move":
            return self._move_info(text)
        if self.plan.mode == "attack":
            return self._attack_info(text)
        if view.window in DECISIONS:
            return self._decision_info(text)
        if view.window == "move":
            text.append("Move: Enter on your stack selects it, then Enter on a lit hex moves it. e ends the phase.")
        elif view.window == "attack":
            text.append("Attack: Enter on an enemy hex next to your units aims at it. e ends the phase.")
        return text

    def _place_info(self, text: Text) -> Text:
        head, rest = self.view.queue[0], self.view.queue[1:]
        side = ("government", "rebel")[head.side]
        kind = f"a {side} {head.kind}" if head.count == 1 else f"{head.count} {side} {head.kind} units together"
        text.append(f"Place {kind} on {RULES[head.rule]} (lit).\n", "bold")
        text.append(f"{sum(p.count for p in rest)} more to place after it. Enter places; a: automatic set-up.")
        return text

    def _move_info(self, text: Text) -> Text:
        reach, error = move_reach(self.view, self.plan)
        self._unit_list(text)
        if error:
            text.append(error, "yellow")
        else:
            text.append(f"{len(reach)} hexes in reach (lit). Enter there moves; 1-9 tick; Esc drops.", "dim")
        return text

    def _unit_list(self, text: Text) -> None:
        for number, uid in enumerate(self.plan.units, start=1):
            tick = "x" if uid in self.plan.chosen else " "
            unit = self.view.unit(uid)
            where = f"{unit.hex} " if self.plan.mode == "attack" else ""
            text.append(f"{number}[{tick}] {where}{unit_line(unit, self.view)}\n")
        riders = [u for u in self.view.stack(self.plan.origin) if u.riding and self.plan.origin]
        for unit in riders:
            text.append(f"   {unit_line(unit, self.view)}\n", "dim")

    def _attack_info(self, text: Text) -> Text:
        assert self.acting is not None
        odds, error = assess(self.view, self.acting, self.plan)
        text.append(
            f"Attack {', '.join(self.plan.targets)}" + (" calling for surrender" if self.plan.surrender else "")
        )
        text.append(f": {odds.attack} against {odds.defence}, odds {odds.column or 'below 1-4'}\n", "bold")
        self._unit_list(text)
        if error:
            text.append(error, "yellow")
        else:
            text.append("r rolls the die. Enter on hexes adds/removes targets; 1-9 tick attackers.", "dim")
        return text

    def _decision_info(self, text: Text) -> Text:
        view = self.view
        combat = view.combat
        if combat is not None and combat.die:
            text.append(f"Rolled {combat.die} at {combat.odds}: {combat.result}. ", "bold yellow")
        text.append(PROMPTS[view.window] + "\n", "bold")
        choices = self._choices()
        shown = choices[self.page * PAGE : (self.page + 1) * PAGE]
        for number, move in enumerate(shown, start=1):
            text.append(f"{number} {choice_text(move, view)}\n")
        if len(choices) > PAGE:
            text.append(f"[ ] more choices ({self.page + 1}/{-(-len(choices) // PAGE)})", "dim")
        return text

    def _last_combat(self) -> tuple[str, int, str]:
        combat = self.view.combat
        if combat is not None and combat.die:
            return combat.odds, combat.die, combat.result
        for event in reversed(self.view.log):
            found = COMBAT_LINE.search(event.text) if event.kind == "combat" else None
            if found:
                return found.group(1), int(found.group(2)), found.group(3)
        return "", 0, ""

    def _show_panels(self) -> None:
        if not self.is_mounted:
            return
        planning = self.plan.mode == "attack" and self.acting is not None
        if planning:
            self.crt_lit = (assess(self.view, self.acting or 0, self.plan)[0].column, 0, "")
        else:
            self.crt_lit = self._last_combat()
        crt = self.query_one("#wg-crt", Static)
        crt.update(crt_table(*self.crt_lit))
        combat_now = planning or self.view.window in COMBAT_STAGES or self._recent_combat
        narrow = self.size.width < NARROW
        crt.display = not narrow or combat_now
        self.query_one("#wg-log", RichLog).display = not narrow or not combat_now

    # -- acting ------------------------------------------------------------------------------

    def _submit(self, move: WargameMove) -> None:
        if self.acting is None:
            self.notify("It is not your decision now.", timeout=3)
            return
        if self._sent == self.view.version:
            return  # this decision's move is on its way to the host
        self._sent = self.view.version
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
        self.refresh_view()

    def on_hex_map_view_clicked(self, message: HexMapView.Clicked) -> None:
        self.refresh_view()

    def action_cursor(self, dcol: int, drow: int) -> None:
        """Move the cursor one hex."""
        cursor = self.hexmap.cursor
        self.hexmap.move_cursor(Hex(cursor.col + dcol, cursor.row + drow))
        self.query_one("#wg-info", Static).update(self._info())

    def action_select(self) -> None:
        """Enter: place, select a stack, move it, aim an attack, or pick a decision's hex."""
        view, side, label = self.view, self.acting, self.hexmap.cursor.label
        if side is None:
            self.notify("You are watching this game." if not self.people else "Not your decision now.", timeout=2)
        elif view.window == "place":
            if Place(label) in view.legal:
                self._submit(Place(label))
            else:
                self.notify(f"{label} is not allowed: choose a lit hex (a places automatically).", timeout=3)
        elif view.window == "move":
            self._select_for_move(view, side, label)
        elif view.window == "attack":
            if label in self.plan.targets or is_target(view, side, label):
                self._replan(aim(view, side, self.plan, label))
            else:
                self.notify("Aim at a hex of enemy units next to yours.", timeout=3)
        elif view.window in DECISIONS:
            moves = [m for m in self._choices() if destination(m) == label]
            if moves:
                self._submit(moves[0])
            else:
                self.notify("Choose by number (1-9).", timeout=3)

    def _select_for_move(self, view: WargameView, side: int, label: str) -> None:
        if self.plan.mode == "move" and label == self.plan.origin:
            self._replan(Plan())
        elif self.plan.mode == "move" and label in self._reach():
            self._submit(move_to(self.plan, label))
        elif movable(view, side, label):
            self._replan(select_stack(view, side, label) or Plan())
        elif self.plan.mode == "move":
            self.notify(f"{label} is out of reach for the ticked units.", timeout=3)
        else:
            self.notify("None of your units here can move.", timeout=3)

    def on_key(self, event: Key) -> None:
        if event.character is None or not event.character.isdigit() or event.character == "0":
            return
        event.stop()
        number = int(event.character)
        if self.plan.mode in ("move", "attack"):
            if self.plan.toggle(number):
                self.refresh_view()
            return
        shown = self._choices()[self.page * PAGE : (self.page + 1) * PAGE]
        if 1 <= number <= len(shown):
            self._submit(shown[number - 1])

    def action_page(self, step: int) -> None:
        """Show more choices."""
        pages = max(1, -(-len(self._choices()) // PAGE))
        self.page = (self.page + step) % pages
        self.refresh_view()

    def action_auto_place(self) -> None:
        """Place the rest of the queue automatically."""
        self._submit(AutoPlace())

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
        """Call (or stop calling) on the defenders to surrender."""
        if self.plan.mode == "attack":
            self.plan.surrender = not self.plan.surrender
            self.refresh_view()

    def action_off_map(self) -> None:
        """Move the ticked units off the map."""
        move = off_map(self.view, self.plan) if self.plan.mode == "move" else None
        if move is None:
            self.notify("These units cannot leave the map from here.", timeout=3)
        else:
            self._submit(move)

    def action_disembark(self) -> None:
        """A leader under the cursor leaves his helicopter."""
        label = self.hexmap.cursor.label
        moves = [m for m in self.view.legal if isinstance(m, Disembark) and self.view.unit(m.leader).hex == label]
        if moves:
            self._submit(moves[0])
        else:
            self.notify("No leader here can leave a helicopter now.", timeout=3)

    def action_help(self) -> None:
        """Keys and a rules summary."""
        self.app.push_screen(WargameHelpScreen())

    def action_cancel(self) -> None:
        """Drop the selection or plan; with none, leave the game (after a confirm while it is on and played here)."""
        if self.plan.mode != "idle":
            self._replan(Plan())
            return
        if not self.game_on():
            self._leave(True)
            return
        self.app.push_screen(ConfirmDialog("Leave this game? It cannot be resumed."), self._leave)

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
            "roll": acting and mode == "attack",
            "surrender": acting and mode == "attack" and self.view.config.surrender,
            "off_map": acting and mode == "move" and off_map(self.view, self.plan) is not None,
            "disembark": acting and any(isinstance(m, Disembark) for m in self.view.legal),
            "end_phase": acting and window in ("move", "attack"),
        }
        return shown.get(action, True)
