"""Join a private table by the code its creator passed on: to take a seat, or to watch."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from netplay.identity import CODE_LENGTH, read_code
from tui.widgets.text_field import TextField

EXAMPLE = "K7QM-2XPA"


class JoinCodeDialog(ModalScreen[tuple[str, bool] | None]):
    """Returns (the code, whether to watch rather than sit), or None (Esc). A code that cannot be one is pointed out
    here, not sent: the host counts wrong codes."""

    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, resume_hint: str = "") -> None:
        super().__init__(classes="dialog")
        self.resume_hint = resume_hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static("Join a private table", classes="dialog-title")
            yield TextField(placeholder=f"its code, like {EXAMPLE}", max_length=20, id="code")
            yield Static("Private tables are not listed: ask whoever made one for its code.", classes="dialog-help")
            if self.resume_hint:  # a resume code looks like a table's: say where it goes before it is typed here
                yield Static(self.resume_hint, id="code-resume", classes="dialog-help", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Join (Enter)", id="code-join", variant="primary", compact=True)
                yield Button("Watch", id="code-watch", compact=True)
                yield Button("Cancel (Esc)", id="code-cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()

    @on(Input.Submitted, "#code")
    @on(Button.Pressed, "#code-join")
    def _join(self) -> None:
        self._answer(watch=False)

    @on(Button.Pressed, "#code-watch")
    def _watch(self) -> None:
        self._answer(watch=True)

    def _answer(self, watch: bool) -> None:
        typed = self.query_one("#code", Input).value.strip().replace(" ", "")
        code = read_code(typed)
        if code is None:
            self.query_one(".dialog-help", Static).update(
                f"A table's code is {CODE_LENGTH} letters and digits, like {EXAMPLE}."
            )
            return
        self.dismiss((code, watch))

    @on(Button.Pressed, "#code-cancel")
    def action_cancel(self) -> None:
        """Close without joining."""
        self.dismiss(None)
