"""A column that tells the screen above it when its size changes (Textual sends a widget's Resize to it alone)."""

from __future__ import annotations

from textual.containers import Vertical
from textual.events import Resize
from textual.message import Message


class ResizingColumn(Vertical):
    """A Vertical that posts Resized (which bubbles up to its screen) whenever its size changes."""

    class Resized(Message):
        """The column's size changed: what depends on its width (text wrapped in it) may need working out again."""

        def __init__(self, column: ResizingColumn) -> None:
            super().__init__()
            self.column = column

        @property
        def control(self) -> ResizingColumn:
            """The column (so @on can pick it by selector)."""
            return self.column

    def on_resize(self, event: Resize) -> None:
        self.post_message(self.Resized(self))
