"""The pace of play: which windows are passed for you at once, and how fast the computer opponents' moves show."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, RadioSet, Static

from tui.settings import AUTO_PASS, PACES, Settings
from tui.widgets.tick_box import RadioMark, TickBox

NEVER_MINE = (
    "Never a claim aimed at you: a steal, an assassination, a coup or a block of your own action;"
    " nor anything once two players are left."
)
HOSTS_PACE = "At this network table the host sets the computer opponents' pace."


def pace_summary(settings: Settings, kinds: tuple[str, ...] = tuple(AUTO_PASS)) -> str:
    """'bots normal · auto-pass off', for the menu's button, naming only the kinds of window (AUTO_PASS) the game
    has; 'bots normal' for a game with nothing to pass."""
    if not kinds:
        return f"bots {settings.pace}"
    passes = ", ".join(kind + "s" for kind in kinds if kind in settings.auto_pass) or "off"
    return f"bots {settings.pace} · auto-pass {passes}"


class PaceDialog(ModalScreen[None]):
    """1, 2… tick the kinds of window the game has (in its order), + and - choose the bot pace (not at a network
    table, whose host sets it); Enter or Esc keeps them in settings and saves."""

    BINDINGS = [
        Binding("escape,enter", "close", "Done", priority=True),
        Binding("plus", "pace(1)", "Faster bots", priority=True),
        Binding("minus", "pace(-1)", "Slower bots", priority=True),
        *(Binding(str(n), f"tick({n})", show=False, priority=True) for n in range(1, len(AUTO_PASS) + 1)),
    ]  # priority, as Enter is: a burst of keys is taken in the order typed

    def __init__(self, settings: Settings, hosts_pace: bool = False, kinds: tuple[str, ...] = tuple(AUTO_PASS)) -> None:
        """hosts_pace: at a network table, where the bot pace is the host's; kinds: the kinds of window (AUTO_PASS)
        the game has, the only ones offered (none: no tick is offered); the others' settings are kept as they were."""
        super().__init__(classes="dialog")
        self.settings, self.hosts_pace, self.kinds = settings, hosts_pace, kinds
        self.pace = settings.pace
        self._echoes = 0  # RadioSet.Changed messages still to come from action_pace's own changes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="pace"):
            yield Static("Pace of play", classes="dialog-title")
            if self.kinds:
                yield Static("Pass for me at once in…")
                for number, kind in enumerate(self.kinds, start=1):
                    ticked = kind in self.settings.auto_pass
                    yield TickBox(f"{number} {AUTO_PASS[kind]}", ticked, id=f"auto-{kind}", compact=True)
                yield Static(NEVER_MINE, classes="dialog-help")
            if self.hosts_pace:
                yield Static(HOSTS_PACE, classes="pace-heading")
            else:
                yield Static("Computer opponents' moves show (+ faster, - slower):", classes="pace-heading")
                with RadioSet(id="bot-pace"):
                    for name, _ in PACES:
                        yield RadioMark(name, name == self.settings.pace, id=f"pace-{name}")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Done (Enter)", id="done", variant="primary", compact=True)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No bot pace where the host sets it, no tick beyond the kinds the game has."""
        if action == "tick":
            return isinstance(parameters[0], int) and parameters[0] <= len(self.kinds)
        return not (action == "pace" and self.hosts_pace)

    def action_tick(self, number: int) -> None:
        """Tick or untick the game's number-th kind of window."""
        box = self.query_one(f"#auto-{self.kinds[number - 1]}", Checkbox)
        box.value = not box.value

    @on(RadioSet.Changed, "#bot-pace")
    def _paced(self, event: RadioSet.Changed) -> None:
        if self._echoes:  # the change action_pace made: self.pace already says it, or a later press does
            self._echoes -= 1
            return
        self.pace = (event.pressed.id or "").removeprefix("pace-")

    def action_pace(self, step: int) -> None:
        """One pace faster (1) or slower (-1)."""
        names = [name for name, _ in PACES]
        pace = names[max(0, min(len(names) - 1, names.index(self.pace) + step))]
        if pace != self.pace:
            self.pace, self._echoes = pace, self._echoes + 1
            self.query_one(f"#pace-{pace}", RadioMark).value = True

    def action_close(self) -> None:
        """Keep what the boxes say (read now: keys pressed in a burst may close before their changes arrive)."""
        if self.kinds:
            ticked = {k for k in self.kinds if self.query_one(f"#auto-{k}", Checkbox).value}
            self.settings.auto_pass = (self.settings.auto_pass - set(self.kinds)) | ticked
        if not self.hosts_pace:
            self.settings.bot_delay = dict(PACES)[self.pace]
        self.settings.save()
        self.dismiss(None)

    @on(Button.Pressed, "#done")
    def _done(self) -> None:
        self.action_close()
