"""A vertical scroll whose arrow keys each move it a line, however fast they come (a held key included)."""

from __future__ import annotations

from textual.containers import VerticalScroll


class KeyScroll(VerticalScroll):
    """VerticalScroll whose Up and Down scroll at once. Textual's own step from the scroll's target after the next
    refresh, so keys that come faster than the screen is drawn (a held key) all aimed at the same line: fifteen
    presses moved the help four lines."""

    def action_scroll_down(self) -> None:
        """A line down."""
        if self.allow_vertical_scroll:
            self.scroll_down(immediate=True)

    def action_scroll_up(self) -> None:
        """A line up."""
        if self.allow_vertical_scroll:
            self.scroll_up(immediate=True)
