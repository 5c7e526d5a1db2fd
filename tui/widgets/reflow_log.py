"""A log whose every entry wraps at the width the log has now, wrapped again whenever that width changes, and which
counts a line repeated at once on the line itself."""

from __future__ import annotations

from typing import Self

from rich.console import RenderableType
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
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
        self._last_start: int | None = None  # where the last entry's lines begin, while they are shown
        self._repeated: tuple[str, str, int] | None = None  # the last entry, if written counted: text, style, times

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
        self._repeated = None
        self._entries.append((content, width, expand, shrink))
        if self._behind or not self._wrapped_at or self._wrapped_at != self.scrollable_content_region.width:
            self._behind, self._last_start = True, None
            return self
        self._last_start = len(self.lines)
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def write_counted(self, text: str, style: str = "") -> Self:
        """Write text as a line; the same text again right after it is counted on that line ("… (×3)"), so a run
        of the same step (three counters placed one by one on one hex) takes one line."""
        last = self._repeated
        if last is None or last[:2] != (text, style):
            self.write(Text(text, style=style))
            self._repeated = (text, style, 1)
            return self
        times = last[2] + 1
        self._entries.pop()
        if self._last_start is not None:  # else it waits, like every entry, for the next wrap
            del self.lines[self._last_start :]  # the line as it was shown, rewritten below
            self._line_cache.clear()
            self.virtual_size = Size(self.virtual_size.width, len(self.lines))
        self.write(Text(f"{text} (×{times})", style=style))
        self._repeated = (text, style, times)
        return self

    def clear(self) -> Self:
        """Forget every entry."""
        self._entries.clear()
        self._behind, self._last_start, self._repeated = False, None, None
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
                self._last_start = len(self.lines)
                super().write(content, entry_width, expand, shrink, scroll_end=False)
        if at_end:
            self.scroll_end(animate=False)
