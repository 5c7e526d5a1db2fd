"""A checkbox and a radio button that say their state in characters ("[x]" or "[ ]", "(•)" or "( )"), so they read
without colour."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class TickBox(Checkbox):
    """A Checkbox drawn as "[x] label" or "[ ] label"."""

    DEFAULT_CSS = """
    TickBox > .toggle--button {
        color: $text;
        background: transparent;
    }
    TickBox.-on > .toggle--button {
        color: $text-success;
        background: transparent;
        text-style: bold;
    }
    """

    @property
    def _button(self) -> Content:
        """The box, ticked or not (Textual draws the label beside it)."""
        return Content.styled("[x]" if self.value else "[ ]", self.get_visual_style("toggle--button"))


class RadioMark(RadioButton):
    """A RadioButton drawn as "(•) label" or "( ) label"."""

    DEFAULT_CSS = """
    RadioMark > .toggle--button {
        color: $text;
        background: transparent;
    }
    RadioMark.-on > .toggle--button {
        color: $text-success;
        background: transparent;
        text-style: bold;
    }
    """

    @property
    def _button(self) -> Content:
        """The mark, chosen or not (Textual draws the label beside it)."""
        return Content.styled("(•)" if self.value else "( )", self.get_visual_style("toggle--button"))
