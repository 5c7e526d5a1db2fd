"""A log whose every entry wraps at the width the log has now, wrapped again whenever that width changes."""

from __future__ import annotations

from typing import Self

from rich.console import RenderableType
from textual.events import Resize
from textual.widgets import RichLog

Entry = tuple[RenderableType | object, int | None, bool, bool]  # what write was given: content, width, expand, shrink


class ReflowLog(RichLog):
    """A RichLog (wrapping plain text, following its end) that keeps what was written, to wrap it anew when its
    width changes or it shows again: RichLog wraps an entry once, at the width it has when written (its min_width
    while hidden), and keeps those lines."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=1)
        self._entries: list[Entry] = []
        self._wrapped_at = 0  # the width the lines shown were wrapped at (0: none yet)
        self._behind = False  # entries came while the width was unknown or another: all wait for the next wrap
        self._height = 0  # the height of the text as last resized

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        """Keep the entry, and show it now if the lines shown are wrapped at the log's width (else a resize will)."""
        self._entries.append((content, width, expand, shrink))
        if self._behind or not self._wrapped_at or self._wrapped_at != self.scrollable_content_region.width:
            self._behind = True
            return self
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        """Forget every entry."""
        self._entries.clear()
        self._behind = False
        return super().clear()

    def on_resize(self, event: Resize) -> None:
        at_end = self.scroll_y >= self.virtual_size.height - self._height  # at the end before the resize
        self._height = self.scrollable_content_region.height
        self.call_next(self._rewrap, at_end)  # once RichLog has taken note of its size

    def _rewrap(self, at_end: bool) -> None:
        """Wrap every entry at the log's width, unless the lines shown already are; the end stays in view if it
        was."""
        width = self.scrollable_content_region.width
        if width and (width != self._wrapped_at or self._behind):
            super().clear()
            self._wrapped_at, self._behind = width, False
            for content, entry_width, expand, shrink in self._entries:
                super().write(content, entry_width, expand, shrink, scroll_end=False)
        if at_end:
            self.scroll_end(animate=False)
