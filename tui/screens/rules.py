"""The rules screen (? or F1), over whatever screen is open."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown


class RulesScreen(ModalScreen[None]):
    """The rules and our decisions on their gaps, then the keys every card table shares; Esc, q or ? closes."""

    BINDINGS = [("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, text: str = "") -> None:
        """text: the rules in Markdown (default: Coup's and Reformation's)."""
        super().__init__()
        rules = text or files("tui").joinpath("rules.md").read_text()
        self.text = rules + files("tui").joinpath("table_keys.md").read_text()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Markdown(self.text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss()
