"""Paging a log from the keyboard (PageUp, PageDown): the log keeps the reader's place as new lines come, until they
page back to its end, where it follows the game again."""

from __future__ import annotations

from textual.widgets import RichLog


def page_log(log: RichLog, step: int) -> None:
    """Scroll log a page back (step -1) or on (1)."""
    log.auto_scroll = step > 0 and log.scroll_y + log.scrollable_content_region.height >= log.max_scroll_y
    log.scroll_page_up(animate=False) if step < 0 else log.scroll_page_down(animate=False)
