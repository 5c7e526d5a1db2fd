"""A small app around the replay screen, for `coup replay FILE`."""

from __future__ import annotations

from textual.app import App

from core.records import Record
from tui.screens.replay import ReplayScreen
from tui.screens.wargame_replay import WargameReplayScreen


class ReplayApp(App[int]):
    """Shows one record."""

    CSS_PATH = "coup.tcss"
    TITLE = "Coup replay"

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record

    def on_mount(self) -> None:
        wargame = self.record.game == "wargame"
        self.push_screen(WargameReplayScreen(self.record) if wargame else ReplayScreen(self.record))
