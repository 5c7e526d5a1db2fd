"""A small app around the replay screen, for `coup replay FILE`."""

from __future__ import annotations

from textual.app import App

from core.records import Record
from tui.games import tui_game


class ReplayApp(App[int]):
    """Shows one record."""

    CSS_PATH = "coup.tcss"
    TITLE = "Coup replay"

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record

    def on_mount(self) -> None:
        self.push_screen(tui_game(self.record.game).replay(self.record))
