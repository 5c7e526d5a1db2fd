"""A screen's footer redrawn only when the keys it shows change: each redraw builds every key's widget anew."""

from __future__ import annotations

from typing import Any

from textual.binding import ActiveBinding
from textual.screen import Screen


class FooterKeys:
    """Asks screen's footer to show its keys again (refresh_bindings) only when they differ from those it shows: the
    footer then rebuilds every key's widget, and a screen that asked at every update or tick left a few hundred
    widgets a minute for the garbage collector (an SSH door's sessions share one)."""

    def __init__(self, screen: Screen[Any]) -> None:
        self.screen = screen
        self.shown: tuple[tuple[str, ActiveBinding], ...] | None = None

    def refresh(self) -> None:
        """Show the screen's keys again if any came, went or changed since they were last shown."""
        keys = tuple(self.screen.active_bindings.items())
        if keys != self.shown:
            self.shown = keys
            self.screen.refresh_bindings()
