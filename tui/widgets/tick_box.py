"""A checkbox and a radio button that say their state in characters ("[x]" or "[ ]", "(•)" or "( )"), so they read
without colour."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton

MARK_CSS = """
{name} > .toggle--button {{ color: $text; background: transparent; }}
{name}.-on > .toggle--button {{ color: $text-success; background: transparent; text-style: bold; }}
"""


def mark(button: Checkbox | RadioButton, on: str, off: str) -> Content:
    """The button's mark: on or off, in its button style (Textual draws the label beside it)."""
    return Content.styled(on if button.value else off, button.get_visual_style("toggle--button"))


class TickBox(Checkbox):
    """A Checkbox drawn as "[x] label" or "[ ] label"."""

    DEFAULT_CSS = MARK_CSS.format(name="TickBox")

    @property
    def _button(self) -> Content:
        return mark(self, "[x]", "[ ]")


class RadioMark(RadioButton):
    """A RadioButton drawn as "(•) label" or "( ) label"."""

    DEFAULT_CSS = MARK_CSS.format(name="RadioMark")

    @property
    def _button(self) -> Content:
        return mark(self, "(•)", "( )")
