"""The pace of play: which windows are passed for you at once, and how fast the computer opponents' moves show."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, RadioButton, RadioSet, Static

from tui.settings import AUTO_PASS, PACES, Settings

NEVER_MINE = "Never a claim aimed at you: a steal, an assassination, a coup or a block of your own action."
HOSTS_PACE = "At this network table the host sets the computer opponents' pace."


def pace_summary(settings: Settings) -> str:
    """'bots normal · auto-pass off', for the menu's button."""
    passes = ", ".join(kind + "s" for kind in AUTO_PASS if kind in settings.auto_pass) or "off"
    return f"bots {settings.pace} · auto-pass {passes}"


class PaceDialog(ModalScreen[None]):
    """Changes settings as the boxes are ticked (1-3 toggle, + and - the bot pace); Enter or Esc closes and saves."""

    BINDINGS = [
        Binding("escape,enter", "close", "Done", priority=True),
        Binding("plus", "pace(1)", "Faster bots"),
        Binding("minus", "pace(-1)", "Slower bots"),
    ]

    def __init__(self, settings: Settings, hosts_pace: bool = False) -> None:
        """hosts_pace: at a network table, where the bot pace is the host's."""
        super().__init__(classes="dialog")
        self.settings, self.hosts_pace = settings, hosts_pace

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="pace"):
            yield Static("Pace of play", classes="dialog-title")
            yield Static("Pass for me at once in…")
            for number, (kind, label) in enumerate(AUTO_PASS.items(), start=1):
                ticked = kind in self.settings.auto_pass
                yield Checkbox(f"{number} {label}", ticked, id=f"auto-{kind}", compact=True)
            yield Static(NEVER_MINE, classes="dialog-help")
            yield Static("Computer opponents' moves show (+ faster, - slower):", classes="pace-heading")
            with RadioSet(id="bot-pace"):
                for name, _ in PACES:
                    yield RadioButton(name, name == self.settings.pace, id=f"pace-{name}")
            if self.hosts_pace:
                yield Static(HOSTS_PACE, classes="dialog-help")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Done (Enter)", id="done", variant="primary", compact=True)
        yield Footer()

    def on_key(self, event: Key) -> None:
        character = event.character
        if character and character.isdigit() and 1 <= int(character) <= len(AUTO_PASS):
            event.stop()
            box = self.query_one(f"#auto-{list(AUTO_PASS)[int(character) - 1]}", Checkbox)
            box.value = not box.value

    @on(Checkbox.Changed)
    def _ticked(self, event: Checkbox.Changed) -> None:
        kind = (event.checkbox.id or "").removeprefix("auto-")
        self.settings.auto_pass = (self.settings.auto_pass - {kind}) | ({kind} if event.value else set())

    @on(RadioSet.Changed, "#bot-pace")
    def _paced(self, event: RadioSet.Changed) -> None:
        self.settings.bot_delay = dict(PACES)[(event.pressed.id or "").removeprefix("pace-")]

    def action_pace(self, step: int) -> None:
        """One pace faster (1) or slower (-1)."""
        self.query_one(f"#pace-{self.settings.step_pace(step)}", RadioButton).value = True

    def action_close(self) -> None:
        """Keep the choices and close."""
        self.settings.save()
        self.dismiss(None)

    @on(Button.Pressed, "#done")
    def _done(self) -> None:
        self.action_close()
