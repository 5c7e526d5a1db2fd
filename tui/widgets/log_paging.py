"""Paging a log from the keyboard (PageUp, PageDown, End): the log keeps the reader's place as new lines come, until
they page back to its end (or press End), where it follows the game again."""

from __future__ import annotations

from textual.widgets import RichLog


def page_log(log: RichLog, step: int) -> None:
    """Scroll log a page back (step -1) or on (1); it follows the game again once the page shown is its last."""
    log.auto_scroll = False
    log.scroll_page_up(animate=False) if step < 0 else log.scroll_page_down(animate=False)
    log.call_after_refresh(_follow_at_the_end, log)  # where the scroll landed is known once it is drawn


def log_to_end(log: RichLog) -> None:
    """Show log's last lines and follow the game again."""
    log.auto_scroll = True
    log.scroll_end(animate=False)


def _follow_at_the_end(log: RichLog) -> None:
    log.auto_scroll = log.is_vertical_scroll_end
