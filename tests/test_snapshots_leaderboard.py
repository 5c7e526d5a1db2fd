"""Snapshot of the leaderboard screen at 80x24: a page of Coup's board with the player's own row highlighted."""

from __future__ import annotations

from typing import Any

from tests.test_snapshots import settle
from tests.tui_helpers import app_on
from tui.screens.leaderboard import LeaderboardScreen

ROWS = [
    ("Ana", 31, 14, 1588),
    ("Computer (rule)", 120, 38, 1561),
    ("Bo", 12, 5, 1534),
    ("Player", 9, 3, 1507),
    ("Computer (random)", 64, 6, 1302),
]


async def canned(request: dict[str, Any]) -> dict[str, Any]:
    """What a host would answer: Coup's board by rating, the asker (Player) fourth."""
    rows = [
        {"rank": rank, "name": name, "games": games, "wins": wins, "rating": rating, "bot": "(" in name}
        | {"you": name == "Player"}
        for rank, (name, games, wins, rating) in enumerate(ROWS, 1)
    ]
    return {"type": "leaderboard", "game": request["game"], "sort": "rating", "page": 0, "pages": 1, "rows": rows}


def test_leaderboard(snap_compare):
    async def open_board(pilot) -> None:
        pilot.app.push_screen(LeaderboardScreen(canned, "coup"))
        await settle(pilot)

    assert snap_compare(app_on(), terminal_size=(80, 24), run_before=open_board)
