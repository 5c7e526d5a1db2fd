"""The rules screen (? or F1) over whatever screen is open, and the lobby's help."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from tui.widgets.key_scroll import KeyScroll


class HelpScreen(ModalScreen[None]):
    """Help in Markdown, scrolled from the keyboard; Esc, q, ? or F1 closes."""

    BINDINGS = [("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with KeyScroll(id="rules"):
            yield Markdown(self.text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        """Back to where it was opened."""
        self.dismiss()


COUP_TITLE = "# Coup — the rules"
REFORMATION_OPENING = (
    "# Coup: Reformation — the rules\n\n"
    "Reformation plays by every rule of Coup below, and adds allegiances, Conversion, Embezzlement and the "
    "Treasury Reserve: see **Coup: Reformation**."
)


def card_rules(reformation: bool = False) -> str:
    """Coup's rules in Markdown (with Reformation's, Inquisitor's and our decisions), titled for the game played."""
    rules = files("tui").joinpath("rules.md").read_text()
    return rules.replace(COUP_TITLE, REFORMATION_OPENING, 1) if reformation else rules


class RulesScreen(HelpScreen):
    """The rules and our decisions on their gaps, then the keys every card table shares."""

    def __init__(self, text: str = "") -> None:
        """text: the rules in Markdown (default: Coup's, Reformation's among them)."""
        super().__init__((text or card_rules()) + files("tui").joinpath("table_keys.md").read_text())


def lobby_help() -> HelpScreen:
    """What the lobby's rows and keys mean, and how play goes on a host."""
    return HelpScreen(files("tui").joinpath("lobby_keys.md").read_text())
