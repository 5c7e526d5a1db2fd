"""A checkbox, a radio button and a list of ticks that say their state in characters ("[x]" or "[ ]", "(•)" or "( )"),
so they read without colour."""

from __future__ import annotations

from typing import Generic, TypeVar

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.widgets import Checkbox, RadioButton, SelectionList

ValueT = TypeVar("ValueT")

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


class TickList(SelectionList[ValueT], Generic[ValueT]):
    """A SelectionList whose boxes read "[x]" or "[ ]" (its own draw the same X either way, ticked only by colour)."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        button = (Checkbox.BUTTON_LEFT, Checkbox.BUTTON_INNER, Checkbox.BUTTON_RIGHT)  # as SelectionList draws it
        if tuple(segment.text for segment in segments[:3]) != button:
            return strip  # a line past the options
        selection = self.get_option_at_index(self.scroll_offset.y + y)
        inner = "x" if selection.value in self.selected else " "
        marks = [Segment(text, style) for text, (_, style, _) in zip(("[", inner, "]"), segments[:3], strict=True)]
        return Strip([*marks, *segments[3:]], strip.cell_length)
