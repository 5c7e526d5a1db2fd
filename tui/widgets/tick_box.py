"""A checkbox that says its state in characters, "[x]" or "[ ]", so it reads without colour."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


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
